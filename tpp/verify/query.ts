import type { OperationSpec, RequirementId } from '../../spec/index.js';
import { appliesTo, finding } from './finding.js';
import type { Finding } from '../types.js';

const INT32 = /^-?\d+$/;
const isInt32 = (v: string) => INT32.test(v) && Number(v) >= -(2 ** 31) && Number(v) <= 2 ** 31 - 1;
/** A calendar date YYYY-MM-DD that exists (no 30 February). */
function isDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
}

interface QueryRule {
  names: string[];
  requirementId: RequirementId;
  ok: (value: string) => boolean;
  expected: string;
  cause?: (value: string) => string;
}

/** The query parameters interface.md types: allowLogicalDuplicate (payments) and the transaction list's. */
const QUERY_RULES: readonly QueryRule[] = [
  {
    names: ['allowLogicalDuplicate'],
    requirementId: 'Payment.allowLogicalDuplicate.query',
    ok: (v) => v === 'true' || v === 'false',
    expected: 'true or false',
    cause: (v) =>
      /^(true|false)$/i.test(v)
        ? 'booleans are lower case in a query'
        : /^[01]$/.test(v)
          ? 'write true or false, not 1 or 0'
          : '',
  },
  { names: ['limit', 'offset'], requirementId: 'Sandbox.transactions.limit.int32', ok: isInt32, expected: 'an int32' },
  {
    names: ['limit'],
    requirementId: 'Sandbox.transactions.limit.min1',
    ok: (v) => !isInt32(v) || Number(v) >= 1,
    expected: 'at least 1',
  },
  {
    names: ['fromDate', 'toDate'],
    requirementId: 'Sandbox.transactions.fromDate.date',
    ok: isDate,
    expected: 'a date (YYYY-MM-DD)',
    cause: (v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? 'a date-time was sent where a date is expected' : ''),
  },
];

/** Each typed query parameter where its rule applies (an empty cause is none). */
export function judgeQuery(query: URLSearchParams, op: OperationSpec | undefined): Finding[] {
  return QUERY_RULES.filter((rule) => appliesTo(rule.requirementId, op)).flatMap((rule) =>
    rule.names.flatMap((name) =>
      query
        .getAll(name)
        .filter((value) => !rule.ok(value))
        .map((value) =>
          finding(rule.requirementId, `query ${name}=${value} is not ${rule.expected}`, rule.cause?.(value)),
        ),
    ),
  );
}
