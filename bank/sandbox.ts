import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { link, links, type Created } from './payments.js';
import { opaqueId, type BankState, type Transaction } from './state.js';

type Body = Record<string, unknown>;
const text = (v: unknown, what: string): string => {
  if (typeof v !== 'string' || !v) throw new Rejection(400, 'FORMAT_ERROR', `${what} is required`);
  return v;
};
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function createCustomer(state: BankState, body: Body): Created {
  const customerNumber = text(body.customerNumber, 'customerNumber');
  const id = opaqueId('C');
  const customer = { id, customerNumber, name: String(body.name ?? ''), type: body.type === 'corporate' ? 'corporate' : 'private' };
  state.customers.set(customerNumber, customer);
  return { status: 201, body: { customerId: id, customerNumber, customerType: customer.type, customerName: customer.name, _links: { self: link(`/v1/sandbox/customers/${encodeURIComponent(id)}`, 'GET') } } };
}

/** Set-up calls are lenient on purpose (platform-notes.md): no MOD11 check, EXPECTED in any case. */
export function createAccount(state: BankState, body: Body): Created {
  const customerNumber = text(body.customerNumber, 'customerNumber');
  const balances = Array.isArray(body.balances) ? (body.balances as { balanceType?: string; balanceAmount?: { amount?: unknown } }[]) : [];
  const expected = balances.find((b) => String(b.balanceType).toLowerCase() === 'expected') ?? balances[0];
  const id = opaqueId('A');
  const account = {
    id,
    customerNumber,
    ...(typeof body.bban === 'string' ? { bban: body.bban } : {}),
    ...(typeof body.iban === 'string' ? { iban: body.iban } : {}),
    currency: String(body.currency ?? 'NOK'),
    balance: Number(expected?.balanceAmount?.amount ?? 0),
    body,
  };
  state.accounts.set(id, account);
  state.transactions.set(id, []);
  return { status: 201, body: { ...body, id, customerNumber } };
}

export function createAgreement(state: BankState, body: Body): Created {
  const owner = text(body.owner, 'owner');
  const id = opaqueId('G');
  const engagements = new Map<string, Body>();
  for (const e of Array.isArray(body.engagements) ? (body.engagements as Body[]) : []) engagements.set(opaqueId('E'), e);
  state.agreements.set(id, { id, owner, name: String(body.name ?? ''), engagements });
  return { status: 201, body: { id, owner, name: body.name ?? '', engagements: [...engagements.entries()].map(([eid, e]) => ({ ...e, id: eid })) } };
}

export function createEngagement(state: BankState, agreementId: string, body: Body): Created {
  const agreement = state.agreements.get(agreementId);
  if (!agreement) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no agreement ${agreementId}`);
  const account = state.accountByNumber(undefined, (body.account as { iban?: string } | undefined)?.iban);
  if (account && account.customerNumber === body.customer) throw new Rejection(400, 'FORMAT_ERROR', 'the engagement account must not be owned by the PSU in customer');
  const id = opaqueId('E');
  agreement.engagements.set(id, body);
  return { status: 201, body: { ...body, id } };
}

export function getEngagement(state: BankState, faults: Faults, agreementId: string, engagementId: string): Created {
  const engagement = state.agreements.get(agreementId)?.engagements.get(engagementId);
  if (!engagement) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no engagement ${engagementId} on agreement ${agreementId}`);
  const { roles, ...rest } = engagement;
  return { status: 200, body: faults.has('engagement-loses-roles') ? { ...rest, id: engagementId } : { ...engagement, id: engagementId } };
}

export function createCardAccount(state: BankState, faults: Faults, body: Body): Created {
  const resourceId = opaqueId('K');
  state.cardAccounts.set(resourceId, body);
  state.transactions.set(resourceId, []);
  const base = `/v1/card-accounts/${encodeURIComponent(resourceId)}`;
  const response: Body = { ...body, resourceId, _links: links(faults, { self: link(base, 'GET'), transactions: link(`${base}/transactions`, 'GET') }) };
  if (faults.has('card-account-without-resource-id')) delete response.resourceId;
  return { status: 201, body: response };
}

export function addTransactions(state: BankState, accountId: string, body: unknown): Created {
  const list = state.transactions.get(accountId);
  if (!list) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no sandbox account ${accountId}`);
  const items = Array.isArray(body) ? body : [body];
  const added = items.map((t) => {
    if (!t || typeof t !== 'object') throw new Rejection(400, 'FORMAT_ERROR', 'each transaction is an object');
    const id = opaqueId('T');
    const tx = { ...(t as Body), id, bookingDate: String((t as Body).bookingDate ?? (t as Body).valueDate ?? ''), _links: { self: link(`/v1/sandbox/accounts/${encodeURIComponent(accountId)}/transactions/${encodeURIComponent(id)}`, 'GET') } } as Transaction;
    list.push(tx);
    return tx;
  });
  return { status: 201, body: added as unknown as Body };
}

function int(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 2147483647) throw new Rejection(400, 'FORMAT_ERROR', `${name} must be an int32, got "${value}"`);
  if (Number(value) < min) throw new Rejection(400, 'FORMAT_ERROR', `${name} must be at least ${min}`);
  return Number(value);
}

function date(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!DATE.test(value) || Number.isNaN(Date.parse(value)) || new Date(value).toISOString().slice(0, 10) !== value) throw new Rejection(400, 'FORMAT_ERROR', `${name} must be a date (YYYY-MM-DD), got "${value}"`);
  return value;
}

/** Endpoint 9: filtered by booking date, ordered by it, `offset` skipped before `limit` counts. */
export function listTransactions(state: BankState, faults: Faults, accountId: string, query: Record<string, string | undefined>): Created {
  const list = state.transactions.get(accountId);
  if (!list) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no sandbox account ${accountId}`);
  const limit = int('limit', query.limit, faults.has('accept-limit-zero') ? 0 : 1);
  const offset = int('offset', query.offset, 0) ?? 0;
  const from = date('fromDate', query.fromDate);
  const to = date('toDate', query.toDate);
  let found = [...list].sort((a, b) => a.bookingDate.localeCompare(b.bookingDate) || a.id.localeCompare(b.id));
  if (!faults.has('ignore-date-range')) found = found.filter((t) => (!from || t.bookingDate >= from) && (!to || t.bookingDate <= to));
  const start = offset + (faults.has('offset-off-by-one') && offset > 0 ? 1 : 0);
  found = found.slice(start, limit === undefined || faults.has('ignore-limit') ? undefined : start + limit);
  return { status: 200, body: found as unknown as Body };
}
