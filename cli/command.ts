import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Argument, Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { PROFILES } from '../config/index.js';
import { SEED_MAX, SEED_RANGE_WHY } from '../config/seed.js';
import { outputFolderProblem } from '../core/index.js';
import { selectableReporterNames } from '../reporters/registry.js';

export { Argument, Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';

/**
 * A command of `psd2-conformance`: its options, arguments and examples, declared with commander so that
 * `--help` lists every one of them with its default. Its action answers with the process exit code (`exits`).
 */
export function newCommand(name: string, summary: string, description = summary): Command {
  return new Command(name).summary(summary).description(description).allowExcessArguments(false);
}

const whenMissing = new WeakMap<object, string>();

/** A required argument that says, when it is missing, what to give (`give a file to verify, or - to read stdin`). */
export function requiredArgument(name: string, description: string, missing: string) {
  const argument = new Argument(`<${name}>`, description);
  whenMissing.set(argument, missing);
  return argument;
}

/** What `requiredArgument` said to give, for the one-line error. */
export const missingMessage = (argument: object): string | undefined => whenMissing.get(argument);

/** The help's closing part: examples, one command line each, and what each exit code means. */
export function examples(lines: readonly string[], exitCodes?: Record<number, string>): string {
  const codes = Object.entries(exitCodes ?? {}).map(([code, meaning]) => `  ${code}  ${meaning}`);
  return [
    '',
    'Examples:',
    ...lines.map((l) => `  $ ${l}`),
    ...(codes.length ? ['', 'Exit codes:', ...codes] : []),
  ].join('\n');
}

/**
 * An action that answers with an exit code. Commander ignores what an action returns, so the code goes where
 * Node looks for it, and `main` returns it from there.
 */
export function exits<A extends unknown[]>(action: (...args: A) => Promise<number>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    process.exitCode = await action(...args);
  };
}

/*
 * Parsers of option values. Their messages say what is wrong after the option's name, which the CLI puts in
 * front: `--count must be an integer from 1 to 100000, got "0"`.
 */

/**
 * A whole number (no sign, no exponent), at least `min` and at most `max` when given; `why` says why the range is
 * what it is. A number beyond Number.MAX_SAFE_INTEGER is refused too: it would be silently rounded.
 */
export function integer(bounds: { min?: number; max?: number; why?: string } = {}): (raw: string) => number {
  const { min, max, why } = bounds;
  const top = Math.min(max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  return (raw) => {
    const value = Number(raw);
    const whole = (min !== undefined && min >= 0 ? /^\d+$/ : /^-?\d+$/).test(raw.trim());
    if (!whole || (min !== undefined && value < min) || value > top || value < -Number.MAX_SAFE_INTEGER) {
      const range = max !== undefined ? ` from ${min ?? 0} to ${max}` : min !== undefined ? ` ≥ ${min}` : '';
      throw new InvalidArgumentError(`must be an integer${range}${why ? ` (${why})` : ''}, got "${raw}"`);
    }
    return value;
  };
}

/** `--seed N` of every command that generates: a seed fast-check tells apart from every other (config/seed.ts). */
export const seed = integer({ min: 0, max: SEED_MAX, why: SEED_RANGE_WHY });

/**
 * A folder a command writes its output to (`--reports`, `--out`): one that cannot hold files is a mistake on the
 * command line, said before anything starts (within milliseconds, also under /proc), and nothing is left behind.
 */
export function outputFolder(raw: string): string {
  const problem = outputFolderProblem(raw);
  if (problem) throw new InvalidArgumentError(`cannot hold files at ${resolve(raw)}: ${problem}`);
  return raw;
}

/** A file a command writes (`run --exchanges FILE`): its folder must be able to hold it, as for outputFolder. */
export function outputFile(raw: string): string {
  const problem = outputFolderProblem(dirname(resolve(raw)));
  if (problem) throw new InvalidArgumentError(`cannot be written at ${resolve(raw)}: ${problem}`);
  return raw;
}

/** `a, b or c`. */
export const orList = (values: readonly string[]): string =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : (values[0] ?? '');

/** One of a closed list of words. */
export function oneOf<const T extends string>(values: readonly T[]): (raw: string) => T {
  return (raw) => {
    if (!values.includes(raw as T)) throw new InvalidArgumentError(`must be ${orList(values)}, not "${raw}"`);
    return raw as T;
  };
}

/** A repeatable option: every value, in order (`--fault a --fault b`). */
export function collect(raw: string, previous: string[]): string[] {
  return [...previous, raw];
}

/** An option given any number of times, gathered by `parse` (each value in order); `whenNone` says what none means. */
export function repeatableOption<const Flags extends string>(
  flags: Flags,
  description: string,
  whenNone: string,
  parse: (raw: string, previous: string[]) => string[] = collect,
) {
  return new Option(flags, description).argParser(parse).default([] as string[], whenNone);
}

/** An option that takes one of `choices` (`--help` lists them); `whenNone` says what leaving it out means. */
export function choiceOption<const Flags extends string, const T extends string>(
  flags: Flags,
  description: string,
  choices: readonly T[],
  whenNone: string,
) {
  return new Option(flags, description).choices(choices).argParser(oneOf(choices)).default(undefined, whenNone);
}

/**
 * `--report NAMES`: comma-separated reporter names (`run`, `report`, `proxy`), checked against the registry of
 * reporters when the command starts (reporters/index.ts, pickReporters), so one list and one message serve them all.
 */
export const reportNamesOption = (what: string) =>
  new Option(
    '--report <names>',
    `write only these reports${what}, comma-separated (${selectableReporterNames().join(', ')}); ` +
      'the console is always on',
  )
    .argParser((raw: string) =>
      raw
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    )
    .default(undefined, 'all of them');

/** `--profile NAME` of every command that judges or lists against a bank; `description` says what it changes there. */
export const profileOption = (description: string) =>
  choiceOption(
    '--profile <profile>',
    description,
    PROFILES,
    "PROFILE; unset: the bank profile's environment, else sandbox when BASE_URL is set, else embedded",
  );

/**
 * `--bank-profile FILE`: a bank's declared choices in interface.md's gaps (docs/bank-profiles.md). Not `--profile`,
 * which names the target (embedded, sandbox, production).
 */
export const bankProfileOption = (description = BANK_PROFILE_HELP) =>
  new Option('--bank-profile <file>', description).default(undefined, 'none: every gap at SHOULD');

export const BANK_PROFILE_HELP =
  "the bank's own choices where interface.md leaves a gap (YAML: errors, statuses, links, languages …): each " +
  "judged at MUST, a failure naming the profile's line; not --profile, which names the target";

/**
 * `--config-file FILE` of every command that reads the configuration (NAME=value lines, as in .env). A file that is
 * not there is a mistake on the command line, said before anything starts; without the option, ./.env is read when
 * there is one. Not `--env-file`: Node 20 takes a `--env-file` anywhere on its own command line for its own flag
 * (nodejs/node#54232), and `npx psd2-conformance … --env-file F` starts Node with it (npx is a Node script), which
 * then stops with exit 9 before psd2-conformance runs; no shebang can prevent that.
 */
export function configFileOption() {
  return new Option('--config-file <file>', 'read the configuration from this file of NAME=value lines, as .env')
    .argParser((raw: string) => {
      if (!existsSync(raw))
        throw new InvalidArgumentError(
          `${raw}: no such file (leave --config-file out to read ./.env, if there is one)`,
        );
      return raw;
    })
    .default(undefined, '.env in the current folder, when there is one');
}

/**
 * The old spelling, `--env-file FILE`, where it still reaches psd2-conformance (`node -- bin/…`, Node 22 and later):
 * one line that names the new one. Hidden from --help.
 */
export function oldEnvFileOption() {
  return new Option('--env-file <file>').hideHelp().argParser((): never => {
    throw new InvalidArgumentError(
      'is now --config-file (Node 20 takes --env-file for its own flag when npx starts psd2-conformance)',
    );
  });
}
