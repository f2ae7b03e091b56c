import { describe, expect, it } from 'vitest';
import { readTestManifest } from '../../run-model/test-manifest.js';
import { cellKey, matrixCells, unreachableReason } from '../../spec/index.js';

/**
 * Issue 34: a default run judges every cell of the test plan a request can reach. The manifest (every test the suites
 * declare, with the cells it sends) must declare each reachable cell that a request or a journey brings about; the
 * observed ones (a response rule on an operation's answers) are the run's to judge, and coverage.md says which it saw.
 */
describe('the rule × operation × class matrix', () => {
  const manifest = readTestManifest() ?? [];
  const declared = new Set(manifest.flatMap((t) => t.cells ?? []));

  it('every cell a request can reach is sent by a test of the suites', () => {
    const unjudged = matrixCells()
      .filter((c) => c.side !== 'observed' && !unreachableReason(c))
      .map(cellKey)
      .filter((key) => !declared.has(key));
    expect(unjudged).toEqual([]);
  });

  it('every cell a test declares is one the catalogue derives', () => {
    const known = new Set(matrixCells().map(cellKey));
    expect([...declared].filter((key) => !known.has(key))).toEqual([]);
  });
});
