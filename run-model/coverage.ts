import { REQUIREMENTS, type Level } from '../spec/index.js';
import { brokenRequirements, type TestOutcome } from './outcome.js';

/** inconclusive: its tests failed on another rule before they could judge this one. */
export type CoverageState = 'passed' | 'failed' | 'inconclusive' | 'skipped' | 'not testable' | 'no test';

export interface CoverageRow {
  id: string;
  level: Level;
  section: string;
  state: CoverageState;
  tests: { name: string; state: TestOutcome['state'] }[];
  /** Why it is not testable: from the catalogue, or the reason the run skipped its tests. */
  note?: string;
}

/**
 * The requirement coverage matrix: every catalogue requirement with the tests that cite it and their
 * outcome, so a reader sees which rules a release breaks. A requirement fails when any of its tests fails.
 */
export function coverage(outcomes: TestOutcome[]): CoverageRow[] {
  return REQUIREMENTS.map((r) => {
    // A test covers a requirement it cites, or one its uniform checks judged on its exchanges.
    const covering = outcomes.filter((o) => o.meta.requirementIds.includes(r.id) || o.meta.judged?.includes(r.id));
    const tests = covering.map((o) => ({ name: o.name, state: o.state }));
    const skippedBecause = covering.find((o) => o.meta.notTestable)?.meta.notTestable;
    const broke = covering.some((o) => brokenRequirements(o).includes(r.id));
    let state: CoverageState;
    if (broke) state = 'failed';
    else if (tests.some((t) => t.state === 'passed')) state = 'passed';
    else if (tests.some((t) => t.state === 'failed')) state = 'inconclusive';
    else if (r.notTestable) state = 'not testable';
    else if (tests.length) state = 'skipped';
    else state = 'no test';
    const otherRules = [...new Set(covering.flatMap(brokenRequirements))].join(', ');
    const note =
      r.notTestable ??
      (state === 'skipped'
        ? skippedBecause
        : state === 'inconclusive'
          ? `its tests failed first on ${otherRules}`
          : undefined);
    return { id: r.id, level: r.level, section: r.section, state, tests, ...(note ? { note } : {}) };
  });
}
