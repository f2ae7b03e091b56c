import fc from 'fast-check';
import { DATE_CLASS, LIMITS, NOT_INT32, SANDBOX_CLASS, type OperationId, type RequirementId } from '../spec/index.js';
import { breakOne, type CaseLabel } from './cases.js';
import { type Breaker } from './invalid.js';
import { classBreakers } from './rule-breakers.js';

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

/** Values that are no int32 as a query value, by class (spec NOT_INT32): words, fractions, notations, the range. */
const NOT_INT32_QUERY: Record<string, readonly string[]> = {
  [NOT_INT32.word]: ['ten', 'all'],
  [NOT_INT32.fraction]: ['1.5', '2.0'],
  [NOT_INT32.notation]: ['1e2', '0x10'],
  [NOT_INT32.outOfRange]: [String(INT32_MAX + 1), String(LIMITS.int32.min - 1)],
};

/** Dates of the query in other notations, impossible, or with a time (the table's date classes, in 2026). */
const NOT_DATE: Record<string, readonly string[]> = {
  [DATE_CLASS.wrongPattern]: ['2026-1-5', '01.02.2026', '20260201', 'yesterday'],
  [DATE_CLASS.impossible]: ['2026-13-01', '2026-02-30', '2026-04-31'],
  [DATE_CLASS.dateTime]: ['2026-02-01T00:00:00Z'],
};

// A negative offset is not generated: interface.md says int32 and what offset means, but states no minimum.
export const TRANSACTION_QUERY_BREAKERS: Breaker[] = [
  {
    requirementId: 'Sandbox.transactions.limit.min1',
    cls: SANDBOX_CLASS.limitZero,
    label: 'limit: 0',
    at: '/limit',
    value: fc.constant(0),
  },
  {
    requirementId: 'Sandbox.transactions.limit.min1',
    cls: SANDBOX_CLASS.limitNegative,
    label: 'limit: a negative number',
    at: '/limit',
    value: fc.integer({ min: LIMITS.int32.min, max: -1 }),
  },
  ...classBreakers('Sandbox.transactions.limit.int32', '/limit', NOT_INT32_QUERY),
  ...classBreakers('Sandbox.transactions.limit.int32', '/offset', NOT_INT32_QUERY),
  ...classBreakers('Sandbox.transactions.fromDate.date', '/fromDate', NOT_DATE),
  ...classBreakers('Sandbox.transactions.fromDate.date', '/toDate', NOT_DATE),
];

export const PAYMENT_QUERY_BREAKERS: Breaker[] = [
  // '1' and '0' are left out: some frameworks read them as booleans, so the expected answer would be moot.
  {
    requirementId: 'Payment.allowLogicalDuplicate.query',
    cls: 'neither true nor false',
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
