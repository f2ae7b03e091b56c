import type { OptionValues } from '@commander-js/extra-typings';
import type { Selection, ShardSpec } from '../run-model/index.js';
import { InvalidArgumentError, Option, choiceOption, repeatableOption, type Command } from './command.js';
import { UserError, didYouMean } from '../core/index.js';
import { checkSelectionIds, checkSelectionMatches } from './selection-check.js';

const LEVELS = ['MUST', 'SHOULD'] as const;

function shard(raw: string): ShardSpec {
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2]))
    throw new InvalidArgumentError(`must look like i/n with 1 ≤ i ≤ n, got "${raw}"`);
  return { index: Number(m[1]), count: Number(m[2]) };
}

/**
 * The options that pick which tests run, shared by every command that selects tests (`run`, and a command
 * that lists them) so that the same words select the same tests.
 */
export function addSelectionOptions<A extends unknown[], O extends OptionValues>(command: Command<A, O>) {
  return command
    .addOption(
      repeatableOption(
        '--operation <id>',
        'only the tests of this operation (ids: `psd2-conformance list --operations`); repeatable',
        'every operation',
      ),
    )
    .addOption(
      repeatableOption('--exclude-operation <id>', 'leave out the tests of this operation; repeatable', 'none'),
    )
    .addOption(
      repeatableOption(
        '--requirement <id>',
        'only the tests that cite this requirement id; repeatable',
        'every requirement',
      ),
    )
    .addOption(choiceOption('--level <level>', 'only the tests of this level', LEVELS, 'both'))
    .addOption(
      new Option('--grep <regexp>', "only the tests whose name matches (vitest's test name pattern)").default(
        undefined,
        'every test',
      ),
    )
    .addOption(
      new Option(
        '--shard <i/n>',
        'only the i-th of n parts of the selected tests, split by test and balanced by an ' +
          "earlier run's durations when known (one CI machine of n; `report` merges all n)",
      )
        .argParser(shard)
        .default(undefined, 'all of them'),
    )
    .hook('preAction', (_, action) => {
      // First of all, before the configuration is read and anything loads: a selection mistake ends in milliseconds.
      selectionFrom(action.opts() as unknown as SelectionOptions);
    });
}

/** The selection options as commander parsed them (--level and --shard are checked by their parsers). */
interface SelectionOptions {
  operation: string[];
  excludeOperation: string[];
  requirement: string[];
  level?: (typeof LEVELS)[number] | undefined;
  grep?: string | undefined;
  shard?: ShardSpec | undefined;
}

/**
 * The one check of the selection options of every command that selects tests (`run`, `list`), and the selection
 * as the runner takes it. Names that select nothing are typos: said in one line with the nearest ids (exit 2),
 * judged against the test manifest before vitest starts, instead of reporting an empty run as conformant.
 */
export function selectionFrom(options: SelectionOptions): { selection: Selection; grep?: string; shard?: ShardSpec } {
  if (options.grep !== undefined) {
    try {
      new RegExp(options.grep);
    } catch (err) {
      throw new UserError(`--grep is not a regular expression: ${(err as Error).message}`);
    }
  }
  const selection: Selection = {
    operations: options.operation,
    excludeOperations: options.excludeOperation,
    requirements: options.requirement,
    ...(options.level ? { level: options.level } : {}),
  };
  checkSelectionIds(selection);
  checkSelectionMatches(selection, options.grep);
  return {
    selection,
    ...(options.grep ? { grep: options.grep } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
  };
}

/**
 * The selection options given, as `run` takes them again: for a command that judges through whole `run`s in child
 * processes (each side of `compare`, each bank of `fleet run`), so that they select the same tests.
 */
export function selectionArgs(options: SelectionOptions & { numRuns?: number | undefined }): string[] {
  return [
    ...options.operation.flatMap((o) => ['--operation', o]),
    ...options.excludeOperation.flatMap((o) => ['--exclude-operation', o]),
    ...options.requirement.flatMap((r) => ['--requirement', r]),
    ...(options.level ? ['--level', options.level] : []),
    ...(options.grep ? ['--grep', options.grep] : []),
    ...(options.shard ? ['--shard', `${options.shard.index}/${options.shard.count}`] : []),
    ...(options.numRuns !== undefined ? ['--num-runs', String(options.numRuns)] : []),
  ];
}

/** `--checks a,b --checks c`: every name given, commas and repeats alike. */
const names = (raw: string, previous: string[]): string[] => [
  ...previous,
  ...raw
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean),
];

/** `run --checks NAME,…` and `--exclude-checks NAME,…`: which registered checks judge the run. */
export function addCheckOptions<A extends unknown[], O extends OptionValues>(command: Command<A, O>) {
  return command
    .addOption(
      repeatableOption(
        '--checks <names>',
        'only these checks judge (comma-separated, repeatable; the names: `psd2-conformance list --checks`)',
        'every check',
        names,
      ),
    )
    .addOption(
      repeatableOption(
        '--exclude-checks <names>',
        'these checks judge nothing (comma-separated, repeatable)',
        'none',
        names,
      ),
    );
}

/**
 * The check selection, every name checked against the registry: a name it does not hold is a typo, said in one
 * line with the nearest names (exit 2) rather than a run that silently judges by nothing.
 */
export async function checkSelectionFrom(options: {
  checks: string[];
  excludeChecks: string[];
}): Promise<{ checks?: string[]; excludeChecks?: string[] }> {
  const { CHECKS } = await import('../checks/index.js');
  const known = CHECKS.names();
  for (const [flag, given] of [
    ['--checks', options.checks],
    ['--exclude-checks', options.excludeChecks],
  ] as const) {
    const bad = given.find((g) => !known.includes(g));
    if (bad === undefined) continue;
    throw new UserError(
      `unknown check in ${flag}: ${bad}${didYouMean(bad, known)}; the checks: \`psd2-conformance list --checks\``,
    );
  }
  return {
    ...(options.checks.length ? { checks: options.checks } : {}),
    ...(options.excludeChecks.length ? { excludeChecks: options.excludeChecks } : {}),
  };
}
