import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUERY_KINDS, invalidQuery, transactionListQuery, type QueryKind } from '../../generators/index.js';
import { requirement } from '../../spec/index.js';
import { queryViolations } from './oracles.js';

const KINDS = Object.keys(QUERY_KINDS) as QueryKind[];
const LIST = 'sandbox.transactions.list';

describe('queries (Endpoint 9; Endpoints 3 to 5)', () => {
  it.each(KINDS)('every valid %s query breaks no rule of its operations', (kind) => {
    fc.assert(
      fc.property(QUERY_KINDS[kind].valid(), (query) => {
        for (const op of QUERY_KINDS[kind].operations) expect(queryViolations(op, query)).toEqual([]);
      }),
      { numRuns: 500, seed: 21 },
    );
  });

  it(
    'transaction list queries reach their edges: limit 1 and the int32 ' +
      'maximum, offset 0, each parameter absent, a single-day range',
    () => {
      const queries = fc.sample(transactionListQuery(), { numRuns: 1000, seed: 22 });
      expect(queries.some((q) => q.limit === 1)).toBe(true);
      expect(queries.some((q) => q.limit === 2147483647)).toBe(true);
      expect(queries.some((q) => q.offset === 0)).toBe(true);
      for (const name of ['fromDate', 'toDate', 'offset', 'limit'])
        expect(
          queries.some((q) => !(name in q)),
          name,
        ).toBe(true);
      expect(queries.some((q) => q.fromDate !== undefined && q.fromDate === q.toDate)).toBe(true);
      for (const q of queries) if (q.fromDate && q.toDate) expect(q.fromDate <= q.toDate).toBe(true);
    },
  );

  it.each(KINDS)('every invalid %s query breaks its labelled rule and no other MUST rule', (kind) => {
    fc.assert(
      fc.property(invalidQuery(kind), (c) => {
        for (const op of QUERY_KINDS[kind].operations) {
          const ids = queryViolations(op, c.query);
          expect(ids, c.label).toContain(c.requirementId);
          expect(
            ids.filter((id) => id !== c.requirementId && requirement(id).level === 'MUST'),
            c.label,
          ).toEqual([]);
        }
        expect(c.expected).toEqual(requirement(c.requirementId).expected);
      }),
      { numRuns: 400, seed: 23 },
    );
  });

  it('Sandbox.transactions.limit.min1: limit 0 comes often, and every case has a limit below 1', () => {
    const cases = fc.sample(invalidQuery('transactions', 'Sandbox.transactions.limit.min1'), {
      numRuns: 200,
      seed: 24,
    });
    expect(cases.filter((c) => c.query.limit === 0).length).toBeGreaterThan(50);
    for (const c of cases) expect(Number(c.query.limit)).toBeLessThan(1);
  });

  it('a fixed seed gives identical queries; another seed gives others', () => {
    const a = JSON.stringify(fc.sample(invalidQuery('transactions'), { numRuns: 50, seed: 7 }));
    expect(JSON.stringify(fc.sample(invalidQuery('transactions'), { numRuns: 50, seed: 7 }))).toBe(a);
    expect(JSON.stringify(fc.sample(invalidQuery('transactions'), { numRuns: 50, seed: 8 }))).not.toBe(a);
  });

  it('an unknown rule is a clear error', () => {
    expect(() => invalidQuery('payment', 'Sandbox.transactions.limit.min1')).toThrow(
      'no invalid payment query generator breaks Sandbox.transactions.limit.min1',
    );
    expect(queryViolations(LIST, { limit: 0 })).toEqual(['Sandbox.transactions.limit.min1']);
  });
});
