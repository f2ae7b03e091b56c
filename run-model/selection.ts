import type { Level, OperationId, RequirementId } from '../spec/index.js';

/** Which tests a run includes: by operation, requirement id (prefix) or level. Empty lists include all. */
export interface Selection {
  operations: string[];
  excludeOperations: string[];
  /** Ids or id prefixes (`NCBCT` selects NCBCT.*), as given on the command line. */
  requirements: string[];
  level?: Level;
  /** Only these checks judge (`run --checks`); a result of another check is dropped. Empty: every check. */
  checks?: string[];
  /** These checks judge nothing (`run --exclude-checks`). */
  excludeChecks?: string[];
  /**
   * Only these tests, by full name (a shard's, or a mutation run focused on the tests that detected its fault): the
   * others are not registered at all (they are another run's, not skipped). Describe blocks and name joined by ' > '
   * as vitest gives them, or by spaces as the test manifest and detection.json do.
   */
  tests?: string[];
  /**
   * `run --max-requests N`: the tests the budget left out, by full name. They are registered and skipped as unjudged
   * (run-model/budget.ts), so their rules show as untested and the verdict says the run was budgeted.
   */
  budget?: { maxRequests: number; leftOut: string[]; unjudgedRules: string[] };
}

/** A full name as the manifest spells it: describe blocks and name joined by spaces (vitest joins them by ' > '). */
const manifestName = (fullName: string): string => fullName.replaceAll(' > ', ' ');

const budgetSets = new WeakMap<string[], Set<string>>();

/**
 * Why a test is skipped by the run's request budget, or undefined when the budget keeps it (or there is none).
 * `fullName` as vitest gives it (describe blocks and name joined by ' > ').
 */
export function leftOutByBudget(selection: Selection | undefined, fullName: string): string | undefined {
  const budget = selection?.budget;
  if (!budget) return undefined;
  let set = budgetSets.get(budget.leftOut);
  if (!set) budgetSets.set(budget.leftOut, (set = new Set(budget.leftOut)));
  return set.has(manifestName(fullName))
    ? `left out by --max-requests ${budget.maxRequests}: unjudged (its measured detection value did not fit the budget)`
    : undefined;
}

const shardSets = new WeakMap<string[], Set<string>>();

/** Whether a test (by full name: describe blocks, then title) is among the run's tests; true when it names none. */
export function inShard(selection: Selection | undefined, fullName: string): boolean {
  const tests = selection?.tests;
  if (!tests) return true;
  let set = shardSets.get(tests);
  if (!set) shardSets.set(tests, (set = new Set(tests.map(manifestName))));
  return set.has(manifestName(fullName));
}

export function selected(
  selection: Selection | undefined,
  ids: readonly RequirementId[],
  operation: OperationId | 'cross-cutting',
  level: Level,
): string | undefined {
  if (!selection) return undefined;
  if (selection.level && level !== selection.level) return `excluded by --level ${selection.level}`;
  if (selection.operations.length && !selection.operations.includes(operation)) return 'excluded by --operation';
  if (selection.excludeOperations.includes(operation)) return 'excluded by --exclude-operation';
  if (
    selection.requirements.length &&
    !ids.some((id) => selection.requirements.some((p) => id === p || id.startsWith(`${p}.`)))
  )
    return 'excluded by --requirement';
  return undefined;
}

/**
 * The options that narrowed a run to some of its tests, as a person types them (`--grep "Basket"`, `--operation
 * ncbct.create` …): the verdict of such a run is on those tests only, and names them. A shard, a request budget and a
 * mutation run's focus say so in their own words, so they are not listed here.
 */
export function narrowedBy(selection: Selection, more: { grep?: string; suiteFiles?: string[] } = {}): string[] {
  return [
    ...selection.operations.map((id) => `--operation ${id}`),
    ...selection.excludeOperations.map((id) => `--exclude-operation ${id}`),
    ...selection.requirements.map((id) => `--requirement ${id}`),
    ...(selection.level ? [`--level ${selection.level}`] : []),
    ...(selection.checks?.length ? [`--checks ${selection.checks.join(',')}`] : []),
    ...(selection.excludeChecks?.length ? [`--exclude-checks ${selection.excludeChecks.join(',')}`] : []),
    ...(more.grep ? [`--grep ${JSON.stringify(more.grep)}`] : []),
    ...(more.suiteFiles ?? []).map((name) => `--suite-file ${name}`),
  ];
}
