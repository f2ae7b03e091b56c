import { describe, expect, it } from 'vitest';
import { cellCoverage, countCells, type CellRow } from '../../run-model/index.js';
import { matrixCells } from '../../spec/index.js';
import { outcome } from '../support/outcomes.js';

/** What a run makes of each cell of the test plan (run-model/cells.ts), from its outcomes' declared cells. */
const KEY = 'Currency.enum × sct.create × a real code the list does not hold';
const OBSERVED = 'PaymentResponse.transactionStatus.enum × sct.create × every answer that shows it';
const meta = (cells: string[], observed: string[] = []) => ({
  requirementIds: ['Currency.enum' as const],
  level: 'MUST' as const,
  operation: 'sct.create' as const,
  cells,
  observed,
});
const rowOf = (rows: CellRow[], key: string) =>
  rows.find((r) => `${r.requirementId} × ${r.operation} × ${r.label}` === key);

describe('cell coverage', () => {
  it('passed when a passed test sends it; not judged when none does; not observed when no answer showed it', () => {
    const rows = cellCoverage([outcome('sends it', 'passed', meta([KEY]))]);
    expect(rowOf(rows, KEY)).toMatchObject({ state: 'passed', tests: ['sends it'] });
    expect(rowOf(rows, 'Currency.enum × sct.create × a listed member')).toMatchObject({
      state: 'not judged',
      note: 'no test of this run sends it',
    });
    expect(rowOf(rows, OBSERVED)).toMatchObject({ state: 'not observed', note: 'no answer of this run showed it' });
    expect(rows).toHaveLength(matrixCells().length);
  });

  it('a test that broke the rule fails the cell; one that failed on another rule leaves it inconclusive', () => {
    const broke = { ...outcome('broke it', 'failed', meta([KEY])) };
    expect(rowOf(cellCoverage([broke]), KEY)?.state).toBe('failed');
    const other = outcome('other', 'failed', { ...meta([KEY]), failedChecks: ['Errors.body.shape'] });
    expect(rowOf(cellCoverage([other]), KEY)).toMatchObject({ state: 'inconclusive' });
  });

  it('an observed cell a check judged is passed; a skipped test leaves its cells skipped with its reason', () => {
    const seen = cellCoverage([outcome('saw it', 'passed', meta([], [OBSERVED]))]);
    expect(rowOf(seen, OBSERVED)?.state).toBe('passed');
    const skipped = { ...outcome('later', 'skipped', meta([KEY])), note: 'not selected' };
    expect(rowOf(cellCoverage([skipped]), KEY)).toMatchObject({ state: 'skipped', note: 'not selected' });
  });

  it('a cell no request reaches is not reachable, with the catalogue reason', () => {
    const row = cellCoverage([]).find((r) => r.requirementId === 'Body.json');
    expect(row).toMatchObject({ state: 'not reachable' });
    expect(row?.note).toMatch(/TPP's side of "Bodies are JSON"/);
  });

  it('counts: judged is passed, failed and inconclusive', () => {
    const counts = countCells(cellCoverage([outcome('sends it', 'passed', meta([KEY]))]));
    expect([counts.passed, counts.judged, counts.cells]).toEqual([1, 1, matrixCells().length]);
  });
});
