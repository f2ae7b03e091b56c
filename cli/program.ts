import { readFileSync } from 'node:fs';
import { Command, type CommandUnknownOpts, type Option } from '@commander-js/extra-typings';
import { examples } from './command.js';

type Define = () => Command<unknown[], Record<string, unknown>>;

/**
 * Every command, each loaded only when asked for, so that `requirements` does not pay for the bank or the HTTP
 * client. Adding a command is a line here and a module whose default export defines it (see cli/command.ts).
 */
const COMMANDS: Record<string, () => Promise<{ default: Define }>> = {
  run: () => import('./commands/run.js'),
  list: () => import('./commands/list.js'),
  report: () => import('./commands/report.js'),
  doctor: () => import('./commands/doctor.js'),
  requirements: () => import('./commands/requirements.js'),
  sign: () => import('./commands/sign.js'),
  verify: () => import('./commands/verify.js'),
  proxy: () => import('./commands/proxy.js'),
  replay: () => import('./commands/replay.js'),
  generate: () => import('./commands/generate.js'),
  serve: () => import('./commands/serve.js'),
  mutation: () => import('./commands/mutation.js'),
  diff: () => import('./commands/diff.js'),
  compare: () => import('./commands/compare.js'),
  evidence: () => import('./commands/evidence.js'),
  fleet: () => import('./commands/fleet.js'),
};

export const COMMAND_NAMES = Object.keys(COMMANDS);

/**
 * An option's help line: its description, its choices and its default. Unlike commander's own, it shows a
 * default given only in words (`.default(undefined, 'every test')`), which most options here have: their
 * default is "all", or a variable of the configuration.
 */
function optionDescription(option: Option): string {
  const extra: string[] = [];
  if (option.argChoices) extra.push(`choices: ${option.argChoices.join(', ')}`);
  const shown =
    option.defaultValueDescription ??
    (option.defaultValue !== undefined && !option.negate ? String(option.defaultValue) : undefined);
  if (shown !== undefined) extra.push(`default: ${shown}`);
  return extra.length ? `${option.description} (${extra.join('; ')})` : option.description;
}

/** A command and its subcommands (`fleet run`) take the program's settings: errors thrown, help as configured. */
function inherit(command: CommandUnknownOpts, from: CommandUnknownOpts): void {
  command.copyInheritedSettings(from);
  for (const sub of command.commands) inherit(sub, command);
}

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/**
 * The `psd2-conformance` program with the commands `argv` needs: the one it names, or all of them for the
 * overview, `help COMMAND` and an unknown name (whose error suggests the nearest). Mistakes throw a
 * CommanderError instead of exiting, and print nothing: main() says them in one line.
 */
export async function buildProgram(argv: readonly string[], names = COMMAND_NAMES): Promise<Command> {
  const program = new Command('psd2-conformance')
    .description(
      'Conformance and contract tests for the Norwegian bank-side PSD2 interface (interface.md): judge ' +
        'a bank, check a configuration, sign and verify requests, run the reference bank.',
    )
    .version(VERSION, '-v, --version', 'print the version of psd2-conformance')
    .helpOption('-h, --help', 'show this help')
    .helpCommand('help [command]', "show a command's options and examples (the same as COMMAND --help)")
    .exitOverride()
    .showSuggestionAfterError()
    .configureHelp({ optionDescription, sortSubcommands: false })
    .configureOutput({ outputError: () => {} })
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance run                         # every suite against the embedded reference bank',
          'psd2-conformance doctor --profile sandbox    # is BASE_URL reachable, signed for, on time?',
          'psd2-conformance help run                    # every option of run, with its default',
        ],
        {
          0: 'the command did what was asked (run: every MUST test passed)',
          1: 'it found a failure (a MUST test, a broken rule, something to fix)',
          2: 'a usage, configuration or connection error, said in one line',
        },
      ),
    );
  const first = argv[0];
  const wanted = first !== undefined && names.includes(first) ? [first] : names;
  for (const name of wanted) {
    const define = (await (COMMANDS[name] as () => Promise<{ default: Define }>)()).default;
    const command = define();
    inherit(command, program);
    program.addCommand(command);
  }
  return program;
}

/** Every command's definition, for the README's command table check and the help tests. */
export async function allCommands(): Promise<Command[]> {
  return (await buildProgram([])).commands as Command[];
}

/**
 * Every command that does something, each with the words typed to start it: the commands, and a group's subcommands
 * in its place (`fleet run`, `fleet matrix` …, not `fleet`), for the tests that hold each one's options and help.
 */
export async function leafCommands(): Promise<{ path: string; command: Command }[]> {
  const walk = (command: Command, path: string): { path: string; command: Command }[] =>
    command.commands.length
      ? command.commands.flatMap((sub) => walk(sub as Command, `${path} ${sub.name()}`))
      : [{ path, command }];
  return (await allCommands()).flatMap((c) => walk(c, c.name()));
}
