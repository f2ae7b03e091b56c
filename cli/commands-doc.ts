import type { Command, Option } from '@commander-js/extra-typings';
import { buildProgram } from './program.js';

/** What `examples()` (cli/command.ts) put after a command's help: its example lines and its exit codes. */
interface Closing {
  examples: { line: string; comment?: string }[];
  exitCodes: { code: string; meaning: string }[];
}

/** The help a command prints, as text: its closing part is written by commander on output, not kept as data. */
function helpText(command: Command<unknown[], Record<string, unknown>>): string {
  let text = '';
  command.configureOutput({ writeOut: (chunk) => (text += chunk), writeErr: (chunk) => (text += chunk) });
  command.outputHelp();
  return text;
}

/** The Examples and Exit codes sections of a help text, in the form `examples()` writes them. */
export function closingOf(help: string): Closing {
  const section = (title: string) => help.split(`\n${title}:\n`)[1]?.split('\n\n')[0]?.split('\n') ?? [];
  return {
    examples: section('Examples')
      .filter((l) => l.startsWith('  $ '))
      .map((l) => {
        const [line = '', comment] = l.slice(4).split(/\s+#\s+/, 2);
        return { line: line.trim(), ...(comment ? { comment: comment.trim() } : {}) };
      }),
    exitCodes: section('Exit codes')
      .map((l) => /^\s+(\d+)\s+(.*)$/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ code: m[1] as string, meaning: m[2] as string })),
  };
}

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** An option's default as --help shows it: given in words, or its value. */
function defaultOf(option: Option): string {
  const shown =
    option.defaultValueDescription ??
    (option.defaultValue !== undefined && !option.negate ? JSON.stringify(option.defaultValue) : undefined);
  return shown === undefined || shown === '[]' ? '' : shown;
}

function optionRow(option: Option): string {
  const choices = option.argChoices ? ` (one of: ${option.argChoices.join(', ')})` : '';
  return `| \`${option.flags}\` | ${cell(option.description + choices)} | ${cell(defaultOf(option))} |`;
}

function closingMarkdown({ examples, exitCodes }: Closing): string[] {
  return [
    ...(examples.length
      ? [
          '',
          'Examples:',
          '',
          '```sh',
          ...examples.map((e) => (e.comment ? `${e.line}  # ${e.comment}` : e.line)),
          '```',
        ]
      : []),
    ...(exitCodes.length
      ? ['', '| exit code | meaning |', '|---|---|', ...exitCodes.map((e) => `| ${e.code} | ${cell(e.meaning)} |`)]
      : []),
  ];
}

type AnyCommand = Command<unknown[], Record<string, unknown>>;

/** `fleet run` for a subcommand: the words typed after `psd2-conformance`. */
const pathOf = (command: AnyCommand): string =>
  command.parent?.parent ? `${pathOf(command.parent as AnyCommand)} ${command.name()}` : command.name();

/** GitHub's anchor of a command's heading: `fleet run` → `fleet-run`. */
export const anchorOf = (path: string): string => path.replaceAll(' ', '-');

/** A command with subcommands (`fleet`): what it is, its subcommands, its examples; then each subcommand's section. */
function groupMarkdown(command: AnyCommand): string[] {
  const subs = command.commands as AnyCommand[];
  return [
    `## ${pathOf(command)}`,
    '',
    command.description(),
    '',
    '| command | what it does |',
    '|---|---|',
    ...subs.map((c) => `| [\`${pathOf(c)}\`](#${anchorOf(pathOf(c))}) | ${cell(c.summary())} |`),
    ...closingMarkdown(closingOf(helpText(command))),
    '',
    ...subs.flatMap(commandMarkdown),
  ];
}

function commandMarkdown(command: AnyCommand): string[] {
  if (command.commands.length) return groupMarkdown(command);
  const args = command.registeredArguments
    .map((a) => `${a.name()}${a.variadic ? '…' : ''}`)
    .map((name, i) => (command.registeredArguments[i]?.required ? `<${name}>` : `[${name}]`))
    .join(' ');
  const options = command.options.filter((o) => !o.hidden);
  return [
    `## ${pathOf(command)}`,
    '',
    command.description(),
    '',
    '```sh',
    `psd2-conformance ${pathOf(command)}${options.length ? ' [options]' : ''}${args ? ` ${args}` : ''}`,
    '```',
    ...(command.registeredArguments.length
      ? [
          '',
          '| argument | what it is |',
          '|---|---|',
          ...command.registeredArguments.map((a) => {
            const choices = a.argChoices ? ` (one of: ${a.argChoices.join(', ')})` : '';
            return `| \`${a.name()}\` | ${cell(a.description + choices)} |`;
          }),
        ]
      : []),
    ...(options.length ? ['', '| option | what it does | default |', '|---|---|---|', ...options.map(optionRow)] : []),
    ...closingMarkdown(closingOf(helpText(command))),
    '',
  ];
}

/**
 * docs/commands.md: every command with its options (flags, description, choices, default), examples and exit
 * codes, from the commander declarations themselves, so the reference cannot drift from what the CLI parses.
 * `npm run generate` writes it; test/cli/commands-doc.test.ts fails while the file differs.
 */
export async function commandsMarkdown(): Promise<string> {
  const program = await buildProgram([]);
  const commands = program.commands as Command<unknown[], Record<string, unknown>>[];
  return [
    '# psd2-conformance commands',
    '',
    "<!-- Generated by `npm run generate` (scripts/generate-cli-files.ts) from the CLI's own declarations " +
      '(cli/commands/*.ts): do not edit by hand. test/cli/commands-doc.test.ts fails while it differs. -->',
    '',
    program.description(),
    '`psd2-conformance help COMMAND` (or `COMMAND --help`) prints the same as a section below; ' +
      '`psd2-conformance --version` prints the version.',
    '',
    '| command | what it does |',
    '|---|---|',
    ...commands.map((c) => `| [\`${c.name()}\`](#${c.name()}) | ${cell(c.summary())} |`),
    ...closingMarkdown(closingOf(helpText(program as unknown as Command<unknown[], Record<string, unknown>>))),
    '',
    ...commands.flatMap(commandMarkdown),
  ].join('\n');
}
