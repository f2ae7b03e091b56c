import { LIMITS } from '../spec/index.js';
import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { type BankState, type Created, type Transaction } from './state.js';

type Body = Record<string, unknown>;
const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isDate = (v: string) =>
  DATE.test(v) && !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().slice(0, 10) === v;
const TEXT_MEMBERS = [
  'remittanceInformationUnstructured',
  'creditorName',
  'debtorName',
  'ultimateDebtor',
  'ultimateCreditor',
  'purposeCode',
] as const;

/**
 * Transactions of a card account live under its card-accounts path, the others under accounts (every one answers GET).
 */
export function transactionPath(state: BankState, accountId: string, transactionId: string): string {
  const kind = state.cardAccounts.has(accountId) ? 'card-accounts' : 'accounts';
  return `/v1/sandbox/${kind}/${encodeURIComponent(accountId)}/transactions/${encodeURIComponent(transactionId)}`;
}

/**
 * One added transaction as interface.md › Sandbox transaction has it: every member present and of its type.
 * Omitted members get defaults: text "", accounts { iban: "", bban: "" }, dates the other date or today, the
 * account's currency, and an ISO 20022 code for a domestic credit transfer, issued (amount < 0) or received.
 * amount has no sensible default and is required. Members interface.md does not name pass through as sent.
 */
function sandboxTransaction(raw: unknown, i: number, currency: string, today: string): Body & { bookingDate: string } {
  const fail = (message: string): never => {
    throw new Rejection(400, 'FORMAT_ERROR', `transaction ${i}: ${message}`);
  };
  if (!isObject(raw)) return fail('must be a JSON object');
  const { amount } = raw;
  if (amount === undefined) fail('amount is required (an int32)');
  if (!Number.isInteger(amount) || (amount as number) < LIMITS.int32.min || (amount as number) > LIMITS.int32.max)
    fail('amount must be an int32');
  const text = (name: string, fallback: string): string => {
    const v = raw[name];
    if (v === undefined) return fallback;
    return typeof v === 'string' ? v : fail(`${name} must be a string`);
  };
  const account = (name: string) => {
    const v = raw[name] ?? {};
    if (!isObject(v) || [v.iban, v.bban].some((m) => m !== undefined && typeof m !== 'string'))
      return fail(`${name} must be an object with string iban and bban`);
    return { iban: (v.iban as string | undefined) ?? '', bban: (v.bban as string | undefined) ?? '' };
  };
  const dates = ['valueDate', 'bookingDate'].map((name) => {
    const v = raw[name];
    if (v !== undefined && (typeof v !== 'string' || !isDate(v))) fail(`${name} must be a date (YYYY-MM-DD)`);
    return v as string | undefined;
  });
  const [valueDate = dates[1] ?? today, bookingDate = dates[0] ?? today] = dates;
  const { min, max } = LIMITS.bankTransactionCode;
  const code = text('bankTransactionCode', (amount as number) < 0 ? 'PMNT-ICDT-DMCT' : 'PMNT-RCDT-DMCT');
  if (code.length < min || code.length > max)
    fail(`bankTransactionCode must be a string of ${min} to ${max} characters`);
  return {
    ...raw,
    amount,
    currency: text('currency', currency),
    valueDate,
    bookingDate,
    ...Object.fromEntries(TEXT_MEMBERS.map((name) => [name, text(name, '')])),
    creditorAccount: account('creditorAccount'),
    debtorAccount: account('debtorAccount'),
    bankTransactionCode: code,
  };
}

/** POST …/transactions: all of the batch or none of it (a rejected item adds nothing). */
export function addTransactions(state: BankState, accountId: string, body: unknown, today: string): Created {
  const list = state.transactions.get(accountId);
  if (!list) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no sandbox account ${accountId}`);
  const card = state.cardAccounts.get(accountId);
  const currency = (card ? card.currency : state.accounts.get(accountId)?.currency) ?? 'NOK';
  const checked = (Array.isArray(body) ? body : [body]).map((t, i) =>
    sandboxTransaction(t, i, typeof currency === 'string' && currency ? currency : 'NOK', today),
  );
  const added = checked.map((t) => {
    const id = state.newId('T');
    const tx: Transaction = {
      ...t,
      id,
      _links: { self: { href: transactionPath(state, accountId, id), verbs: ['GET'] } },
    };
    list.push(tx);
    return tx;
  });
  return { status: 201, body: added as unknown as Body };
}

/** The target of a transaction's self link. */
export function getTransaction(state: BankState, accountId: string, transactionId: string): Created {
  const list = state.transactions.get(accountId);
  if (!list) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no sandbox account ${accountId}`);
  const tx = list.find((t) => t.id === transactionId);
  if (!tx) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no transaction ${transactionId} on ${accountId}`);
  return { status: 200, body: tx };
}

/**
 * An int32 query parameter, written as decimal digits; the fault lenient-paging reads it as JavaScript would (1.5,
 * 1e2, 0x10), truncated.
 */
function int(name: string, value: string | undefined, { min, lenient }: { min: number; lenient: boolean }) {
  if (value === undefined) return undefined;
  const read = lenient && Number.isFinite(Number(value)) ? Math.trunc(Number(value)) : undefined;
  if (read === undefined && (!/^\d+$/.test(value) || Number(value) > LIMITS.int32.max))
    throw new Rejection(400, 'FORMAT_ERROR', `${name} must be an int32, got "${value}"`);
  const number = read ?? Number(value);
  if (number < min) throw new Rejection(400, 'FORMAT_ERROR', `${name} must be at least ${min}`);
  return number;
}

/** A date query parameter (YYYY-MM-DD, a real day); the fault dates-by-pattern takes any of that pattern. */
function date(name: string, value: string | undefined, byPattern = false): string | undefined {
  if (value === undefined) return undefined;
  if (!isDate(value) && !(byPattern && /^\d{4}-\d{2}-\d{2}$/.test(value)))
    throw new Rejection(400, 'FORMAT_ERROR', `${name} must be a date (YYYY-MM-DD), got "${value}"`);
  return value;
}

/**
 * Endpoint 9: filtered by booking date (ends inclusive, or exclusive by policy), ordered by it (oldest first, ties
 * in the order added; or newest first by policy), `offset` skipped before `limit` counts (a policy may page
 * without a limit).
 */
export function listTransactions(
  state: BankState,
  faults: Faults,
  accountId: string,
  query: Record<string, string | undefined>,
): Created {
  const list = state.transactions.get(accountId);
  if (!list) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no sandbox account ${accountId}`);
  const { policy } = state;
  const lenient = faults.has('lenient-paging');
  const limit =
    int('limit', query.limit, { min: faults.has('accept-limit-zero') ? 0 : 1, lenient }) ??
    policy.transactionDefaultLimit;
  const offset = int('offset', query.offset, { min: 0, lenient }) ?? 0;
  const byPattern = faults.has('transaction-dates-by-pattern');
  const from = date('fromDate', query.fromDate, byPattern);
  const to = date('toDate', query.toDate, byPattern);
  let found = [...list].sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
  if (policy.transactionOrder === 'newest-first') found.reverse();
  const exclusive = policy.transactionDateRange === 'exclusive';
  const after = (d: string) => (exclusive ? d > (from as string) : d >= (from as string));
  const before = (d: string) => (exclusive ? d < (to as string) : d <= (to as string));
  if (!faults.has('ignore-date-range'))
    found = found.filter((t) => (!from || after(t.bookingDate)) && (!to || before(t.bookingDate)));
  const start = offset + (faults.has('offset-off-by-one') && offset > 0 ? 1 : 0);
  found = found.slice(start, limit === null || faults.has('ignore-limit') ? undefined : start + limit);
  if (policy.transactionDateForm === 'date-time')
    found = found.map((t) => ({
      ...t,
      bookingDate: `${t.bookingDate}T00:00:00Z`,
      valueDate: `${t.valueDate}T00:00:00Z`,
    }));
  return { status: 200, body: found as unknown as Body };
}
