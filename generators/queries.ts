import fc from 'fast-check';
import { LIMITS, type OperationId, type RequirementId } from '../spec/index.js';
import { breakOne, type CaseLabel } from './cases.js';
import { type Breaker } from './invalid.js';

/** Query parameters by name; numbers and booleans are written out as they are when the URL is built. */
export type Query = Record<string, string | number | boolean>;

const INT32_MAX = LIMITS.int32.max;
const isoDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/**
 * Endpoint 9's query, every parameter optional: dates in order (a reversed range is left open by
 * interface.md and not generated), offset from 0, limit from its minimum 1, both up to the int32 maximum.
 */
export function transactionListQuery(): fc.Arbitrary<Query> {
  return fc
    .record(
      {
        dates: fc.tuple(isoDate, isoDate).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
        bounds: fc.constantFrom('both', 'fromDate', 'toDate'),
        offset: fc.oneof(
          fc.constantFrom(0, 1, INT32_MAX),
          fc.integer({ min: 0, max: 1000 }),
          fc.integer({ min: 0, max: INT32_MAX }),
        ),
        limit: fc.oneof(
          fc.constantFrom(LIMITS.transactionListLimit.min, 2, INT32_MAX),
          fc.integer({ min: 1, max: 1000 }),
          fc.integer({ min: 1, max: INT32_MAX }),
        ),
      },
      { requiredKeys: [] },
    )
    .map((r) => {
      const query: Query = {};
      if (r.dates && r.bounds !== 'toDate') query.fromDate = r.dates[0] as string;
      if (r.dates && r.bounds !== 'fromDate') query.toDate = r.dates[1] as string;
      if (r.offset !== undefined) query.offset = r.offset;
      if (r.limit !== undefined) query.limit = r.limit;
      return query;
    });
}

/** Endpoints 3 to 5: allowLogicalDuplicate on, off or absent. */
export const paymentQuery = (): fc.Arbitrary<Query> =>
  fc.record({ allowLogicalDuplicate: fc.boolean() }, { requiredKeys: [], noNullPrototype: true });

/** Not an int32 as a query value: words, fractions, exponents, and one past either end of the range. */
const notInt32 = fc.constantFrom<unknown>(
  'ten',
  '1.5',
  '1e2',
  '0x10',
  String(INT32_MAX + 1),
  String(LIMITS.int32.min - 1),
);
/** Not a date: impossible days and months, other notations, a timestamp. */
const notDate = fc.constantFrom(
  '2026-13-01',
  '2026-02-30',
  '2026-1-5',
  '01.02.2026',
  '20260201',
  'yesterday',
  '2026-02-01T00:00:00Z',
);

// A negative offset is not generated: interface.md says int32 and what offset means, but states no minimum.
export const TRANSACTION_QUERY_BREAKERS: Breaker[] = [
  // The boundary on its own case: a default run sends each case once (issue 25), and a bank that takes only 0 wrong
  // (accept-limit-zero) must meet 0 in every run, not only when a random run draws it.
  { requirementId: 'Sandbox.transactions.limit.min1', label: 'limit 0', at: '/limit', value: fc.constant(0) },
  {
    requirementId: 'Sandbox.transactions.limit.min1',
    label: 'limit below 0',
    at: '/limit',
    value: fc.integer({ min: LIMITS.int32.min, max: -1 }),
  },
  { requirementId: 'Sandbox.transactions.limit.int32', label: 'limit not an int32', at: '/limit', value: notInt32 },
  { requirementId: 'Sandbox.transactions.limit.int32', label: 'offset not an int32', at: '/offset', value: notInt32 },
  {
    requirementId: 'Sandbox.transactions.fromDate.date',
    label: 'fromDate not a date',
    at: '/fromDate',
    value: notDate,
  },
  { requirementId: 'Sandbox.transactions.fromDate.date', label: 'toDate not a date', at: '/toDate', value: notDate },
];

export const PAYMENT_QUERY_BREAKERS: Breaker[] = [
  // '1' and '0' are left out: some frameworks read them as booleans, so the expected answer would be moot.
  {
    requirementId: 'Payment.allowLogicalDuplicate.query',
    label: 'allowLogicalDuplicate neither true nor false',
    at: '/allowLogicalDuplicate',
    value: fc.constantFrom('yes', 'no', 'maybe', 'truee'),
  },
];

export type QueryKind = 'transactions' | 'payment';

export const QUERY_KINDS: Record<
  QueryKind,
  { operations: OperationId[]; valid: () => fc.Arbitrary<Query>; breakers: Breaker[] }
> = {
  transactions: {
    operations: ['sandbox.transactions.list'],
    valid: transactionListQuery,
    breakers: TRANSACTION_QUERY_BREAKERS,
  },
  payment: {
    operations: ['ncbct.create', 'sct.create', 'bulk.create'],
    valid: paymentQuery,
    breakers: PAYMENT_QUERY_BREAKERS,
  },
};

export interface InvalidQueryCase extends CaseLabel {
  query: Query;
}

/** Queries that break one rule each; with a requirement id, only that rule. */
export function invalidQuery(kind: QueryKind, requirementId?: RequirementId): fc.Arbitrary<InvalidQueryCase> {
  const { valid, breakers } = QUERY_KINDS[kind];
  return breakOne(valid(), breakers, `${kind} query`, requirementId).map(({ value, ...label }) => ({
    ...label,
    query: value as Query,
  }));
}
