import { cellKey, matrixCells, unreachableReason, type Cell } from '../spec/index.js';
import { brokenRequirements, type TestOutcome } from './outcome.js';

/**
 * What became of each cell of the test plan (spec/matrix: rule × operation × class) in one run, or in shards merged:
 * - passed / failed / inconclusive: a test that sends it ran (inconclusive: it failed first on another rule);
 * - not observed: the rule binds what the bank answers, and no answer of the run showed it (an observed cell), or its
 *   test found the situation never arose;
 * - skipped: the tests that send it did not run here (another profile's, not selected, interrupted);
 * - not reachable: the catalogue says why no request can reach it;
 * - not judged: reachable, and no test of the run sends it. A default run has none: a project test holds the suites to
 *   every reachable cell (test/spec/matrix.test.ts).
 */
export const CELL_STATES = [
  'passed',
  'failed',
  'inconclusive',
  'not observed',
  'skipped',
  'not reachable',
  'not judged',
] as const;
export type CellState = (typeof CELL_STATES)[number];

/** The states of a cell a test ran on: `judged` counts them, and the reports list every other state apart. */
export const JUDGED_CELL_STATES: readonly CellState[] = ['passed', 'failed', 'inconclusive'];

export interface CellRow extends Pick<Cell, 'requirementId' | 'operation' | 'label' | 'side'> {
  state: CellState;
  /** The tests that send it (or, observed, that judged it). */
  tests: string[];
  note?: string;
}

/** How many cells are in each state; `judged` is what a test ran on (JUDGED_CELL_STATES). */
export type CellCounts = Record<CellState, number> & { cells: number; judged: number };

const NOT_SENT = 'no test of this run sends it';
const NOT_SHOWN = 'no answer of this run showed it';

/** The state of one cell from the tests that send (or observed) it. */
function stateOf(cell: Cell, tests: TestOutcome[]): { state: CellState; note?: string } {
  const broke = (o: TestOutcome) => brokenRequirements(o).includes(cell.requirementId);
  if (tests.some(broke)) return { state: 'failed' };
  if (tests.some((o) => o.state === 'passed')) return { state: 'passed' };
  if (tests.some((o) => o.state === 'failed'))
    return { state: 'inconclusive', note: `its tests failed first on ${tests.flatMap(brokenRequirements).join(', ')}` };
  const skipped = tests.find((o) => o.state === 'skipped');
  const why = skipped?.note ?? skipped?.meta.notTestable;
  return { state: 'skipped', ...(why ? { note: why } : {}) };
}

/** Every cell of the catalogue, with what this run made of it. */
export function cellCoverage(outcomes: readonly TestOutcome[]): CellRow[] {
  const sending = new Map<string, TestOutcome[]>();
  const seeing = new Map<string, TestOutcome[]>();
  for (const o of outcomes) {
    for (const key of o.meta.cells ?? []) sending.set(key, [...(sending.get(key) ?? []), o]);
    for (const key of o.meta.observed ?? []) seeing.set(key, [...(seeing.get(key) ?? []), o]);
  }
  const anyRan = outcomes.some((o) => o.state !== 'skipped');
  return matrixCells().map((cell) => {
    const key = cellKey(cell);
    const { requirementId, operation, label, side } = cell;
    const base = { requirementId, operation, label, side };
    const reason = unreachableReason(cell);
    if (reason) return { ...base, state: 'not reachable', tests: [], note: reason };
    const tests = (side === 'observed' ? seeing : sending).get(key) ?? [];
    const names = tests.map((o) => o.name);
    if (tests.length === 0) {
      if (side === 'observed')
        return { ...base, state: anyRan ? 'not observed' : 'skipped', tests: [], note: NOT_SHOWN };
      return { ...base, state: 'not judged', tests: [], note: NOT_SENT };
    }
    return { ...base, ...stateOf(cell, tests), tests: names };
  });
}

/** The cells in each state. */
export function countCells(rows: readonly CellRow[]): CellCounts {
  const counts = Object.fromEntries(CELL_STATES.map((s) => [s, 0])) as Record<CellState, number>;
  for (const row of rows) counts[row.state]++;
  const judged = JUDGED_CELL_STATES.reduce((sum, s) => sum + counts[s], 0);
  return { ...counts, cells: rows.length, judged };
}
