import { CHECKS } from '../checks/index.js';
import { SCHEMAS, schemaRules, type AnySchemaName } from '../schemas/index.js';
import { REQUIREMENTS, requirement, type Level, type RequirementId } from '../spec/index.js';
import { brokenRequirements, type TestOutcome } from './outcome.js';

/**
 * What a rule's verdict stands on, from the outcomes of one run (or of shards merged):
 * - passed: a test that cites it passed, or a check judged it (and found it holding) in a test that passed;
 * - failed: a test broke it;
 * - inconclusive: its tests failed first on another rule, before they could judge this one;
 * - not observed: its tests ran, or the checks that judge it ran on every answer, but no answer showed the situation
 *   it judges (a bank that never answers 500 never shows what its 500s carry): not a pass;
 * - skipped: its tests did not run here (another profile's, not selected, interrupted);
 * - not observable: the catalogue says why no request can provoke it (`notTestable`);
 * - untested: no test cites it and no check declares it (the note says why).
 */
export const COVERAGE_STATES = [
  'passed',
  'failed',
  'inconclusive',
  'not observed',
  'skipped',
  'not observable',
  'untested',
] as const;
export type CoverageState = (typeof COVERAGE_STATES)[number];

export interface CoverageRow {
  id: string;
  level: Level;
  section: string;
  state: CoverageState;
  tests: { name: string; state: TestOutcome['state'] }[];
  /** Why it is not judged here: the catalogue's reason, the reason its tests were skipped, what was not observed. */
  note?: string;
  /** Where the bank profile declares the choice the rule is about: the rule was judged at MUST (its `level`). */
  declaredBy?: string;
}

let declared: Map<RequirementId, string[]> | undefined;

/**
 * The registered checks that declare each rule: the ids a check says it may report, and for the schema check every
 * rule annotated in a schema. A rule so declared is judged on every answer those checks see.
 */
export function checksDeclaring(): Map<RequirementId, string[]> {
  if (declared) return declared;
  declared = new Map();
  const add = (id: RequirementId, check: string) => {
    const list = declared?.get(id) ?? [];
    if (!list.includes(check)) declared?.set(id, [...list, check]);
  };
  for (const check of CHECKS.all()) {
    for (const id of check.reports) add(id, check.name);
    // The schema check judges answers: the rules annotated in the schemas of what a bank answers.
    if (check.reportsSchemaRules)
      for (const name of Object.keys(SCHEMAS) as AnySchemaName[])
        for (const id of schemaRules(name)) if (requirement(id).kind === 'response') add(id, check.name);
  }
  return declared;
}

function notObserved(checks: string[]): string {
  return (
    `judged by ${checks.join(', ')} on every answer its tests saw, but no answer of this run showed the ` +
    'situation it judges'
  );
}

/**
 * The requirement coverage matrix: every catalogue requirement with the tests that cite or judged it and what its
 * verdict stands on, so a reader sees which rules a release breaks and which it was never seen to hold.
 */
export function coverage(outcomes: TestOutcome[]): CoverageRow[] {
  const anyRan = outcomes.some((o) => o.state !== 'skipped');
  const declaredBy = new Map(outcomes.flatMap((o) => o.meta.declared ?? []).map((d) => [d.requirementId, d.by]));
  return REQUIREMENTS.map((r) => {
    const cites = (o: TestOutcome) => o.meta.requirementIds.includes(r.id);
    const judged = (o: TestOutcome) => Boolean(o.meta.judged?.includes(r.id));
    const covering = outcomes.filter((o) => cites(o) || judged(o));
    const tests = covering.map((o) => ({ name: o.name, state: o.state }));
    const checks = checksDeclaring().get(r.id) ?? [];
    const otherRules = () => [...new Set(covering.flatMap(brokenRequirements))].join(', ');
    const skippedBecause = covering.find((o) => o.state === 'skipped')?.note ?? covering[0]?.meta.notTestable;
    let state: CoverageState;
    let note: string | undefined;
    if (covering.some((o) => brokenRequirements(o).includes(r.id))) state = 'failed';
    else if (covering.some((o) => o.state === 'passed')) state = 'passed';
    else if (covering.some((o) => o.state === 'failed'))
      [state, note] = ['inconclusive', `its tests failed first on ${otherRules()}`];
    else if (r.notTestable) [state, note] = ['not observable', r.notTestable];
    else if (tests.length) [state, note] = ['skipped', skippedBecause];
    else if (checks.length && anyRan) [state, note] = ['not observed', notObserved(checks)];
    else if (checks.length) [state, note] = ['skipped', 'no test of this run reached the checks that judge it'];
    else [state, note] = ['untested', 'no test cites it and no registered check declares it'];
    const by = declaredBy.get(r.id);
    const level = by ? 'MUST' : r.level;
    return {
      id: r.id,
      level,
      section: r.section,
      state,
      tests,
      ...(note ? { note } : {}),
      ...(by ? { declaredBy: by } : {}),
    };
  });
}

/** How many rules of a level are in each state. */
export function countStates(rows: readonly CoverageRow[], level?: Level): Record<CoverageState, number> {
  const counts = Object.fromEntries(COVERAGE_STATES.map((s) => [s, 0])) as Record<CoverageState, number>;
  for (const row of rows) if (!level || row.level === level) counts[row.state]++;
  return counts;
}

/**
 * The rules with neither a test nor a reason: no suite test cites them, no registered check declares them, and the
 * catalogue gives no reason why no request can provoke them. Every rule needs one of the three.
 */
export function rulesWithoutStanding(
  rules: readonly { id: string; level: Level; notTestable?: string }[],
  cited: ReadonlySet<string>,
  declared: ReadonlyMap<string, readonly string[]> = checksDeclaring() as ReadonlyMap<string, string[]>,
): string[] {
  return rules
    .filter((r) => !cited.has(r.id) && !declared.get(r.id)?.length && !r.notTestable)
    .map((r) => `${r.id} (${r.level})`);
}
