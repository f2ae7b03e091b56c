import type { OperationSpec } from '../spec/index.js';
import { appliesTo, finding } from './finding.js';
import type { Finding } from './types.js';

const INT32 = /^-?\d+$/;
const isInt32 = (v: string) => INT32.test(v) && Number(v) >= -(2 ** 31) && Number(v) <= 2 ** 31 - 1;
/** A calendar date YYYY-MM-DD that exists (no 30 February). */
function isDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
}

/** The query parameters interface.md types: allowLogicalDuplicate (payments) and the transaction list's. An empty cause is none. */
export function judgeQuery(query: URLSearchParams, op: OperationSpec | undefined): Finding[] {
  const out: Finding[] = [];
  const each = (name: string, id: string, ok: (v: string) => boolean, what: string, cause?: (v: string) => string) => {
    if (!appliesTo(id, op)) return;
    for (const value of query.getAll(name))
      if (!ok(value)) out.push(finding(id, `query ${name}=${value} is not ${what}`, cause?.(value)));
  };
  each(
    'allowLogicalDuplicate',
    'Payment.allowLogicalDuplicate.query',
    (v) => v === 'true' || v === 'false',
    'true or false',
    (v) =>
      /^(true|false)$/i.test(v)
        ? 'booleans are lower case in a query'
        : /^[01]$/.test(v)
          ? 'write true or false, not 1 or 0'
          : '',
  );
  for (const name of ['limit', 'offset']) each(name, 'Sandbox.transactions.limit.int32', isInt32, 'an int32');
  each('limit', 'Sandbox.transactions.limit.min1', (v) => !isInt32(v) || Number(v) >= 1, 'at least 1');
  for (const name of ['fromDate', 'toDate'])
    each(name, 'Sandbox.transactions.fromDate.date', isDate, 'a date (YYYY-MM-DD)', (v) =>
      /^\d{4}-\d{2}-\d{2}T/.test(v) ? 'a date-time was sent where a date is expected' : '',
    );
  return out;
}
