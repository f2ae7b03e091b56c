import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { link, links, type Created } from './payments.js';
import { opaqueId, type BankState, type Customer, type Transaction } from './state.js';

type Body = Record<string, unknown>;
const text = (v: unknown, what: string): string => {
  if (typeof v !== 'string' || !v) throw new Rejection(400, 'FORMAT_ERROR', `${what} is required`);
  return v;
};
/** Set-up bodies have no schema in interface.md: any JSON may come, and none of it may reach a 500. */
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);
function object(v: unknown, what: string): Body {
  if (!isObject(v)) throw new Rejection(400, 'FORMAT_ERROR', `${what} must be a JSON object`);
  return v;
}
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const CONSENT_ROLES = ['REGISTER', 'VIEW'];

export function createCustomer(state: BankState, raw: unknown): Created {
  const body = object(raw, 'the customer');
  const customerNumber = text(body.customerNumber, 'customerNumber');
  if (body.type !== undefined && body.type !== 'private' && body.type !== 'corporate') throw new Rejection(400, 'FORMAT_ERROR', 'type must be private or corporate');
  const id = opaqueId('C');
  const type = body.type === 'corporate' ? 'corporate' : 'private';
  const customer: Customer = { id, customerNumber, name: str(body.name), type };
  if (type === 'private') {
    // The agreement a private customer's card accounts join by themselves (interface.md › Sandbox card account).
    const agreementId = opaqueId('G');
    state.agreements.set(agreementId, { id: agreementId, owner: customerNumber, name: customer.name, engagements: new Map() });
    customer.agreementId = agreementId;
  }
  state.customers.set(customerNumber, customer);
  return { status: 201, body: { customerId: id, customerNumber, customerType: type, customerName: customer.name, _links: { self: link(`/v1/sandbox/customers/${encodeURIComponent(id)}`, 'GET') } } };
}

/** Set-up calls are lenient on purpose (platform-notes.md): no MOD11 check, EXPECTED in any case. */
export function createAccount(state: BankState, raw: unknown): Created {
  const body = object(raw, 'the account');
  const customerNumber = text(body.customerNumber, 'customerNumber');
  const balances = Array.isArray(body.balances) ? body.balances.filter(isObject) : [];
  const expected = balances.find((b) => str(b.balanceType).toLowerCase() === 'expected') ?? balances[0];
  const amount = isObject(expected?.balanceAmount) ? expected.balanceAmount.amount : undefined;
  const id = opaqueId('A');
  const account = {
    id,
    customerNumber,
    ...(typeof body.bban === 'string' ? { bban: body.bban } : {}),
    ...(typeof body.iban === 'string' ? { iban: body.iban } : {}),
    currency: str(body.currency) || 'NOK',
    balance: typeof amount === 'number' || typeof amount === 'string' ? Number(amount) : 0,
    body,
  };
  state.accounts.set(id, account);
  state.transactions.set(id, []);
  return { status: 201, body: { ...body, id, customerNumber } };
}

/** platform-notes.md: the real client's engagements here lack registerLimit and approvalLimit, and that is accepted. */
export function createAgreement(state: BankState, raw: unknown): Created {
  const body = object(raw, 'the agreement');
  const owner = text(body.owner, 'owner');
  if (body.engagements !== undefined && !Array.isArray(body.engagements)) throw new Rejection(400, 'FORMAT_ERROR', 'engagements must be an array');
  const id = opaqueId('G');
  const engagements = new Map<string, Body>();
  for (const [i, e] of ((body.engagements as unknown[] | undefined) ?? []).entries()) engagements.set(opaqueId('E'), object(e, `engagements[${i}]`));
  state.agreements.set(id, { id, owner, name: str(body.name), engagements });
  return { status: 201, body: { id, owner, name: str(body.name), engagements: [...engagements.entries()].map(([eid, e]) => ({ ...e, id: eid })) } };
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
  const owner = state.customers.get(str(body.customerNumber));
  const agreement = owner?.type === 'private' && owner.agreementId ? state.agreements.get(owner.agreementId) : undefined;
  agreement?.engagements.set(opaqueId('E'), { customer: owner?.customerNumber, account: { resourceId, accountNumber: str(body.accountNumber) }, roles: ['OWNER', 'VIEW', 'REGISTER'] });
  const base = `/v1/card-accounts/${encodeURIComponent(resourceId)}`;
  const response: Body = { ...body, resourceId, _links: links(faults, { self: link(base, 'GET'), transactions: link(`${base}/transactions`, 'GET') }) };
  if (faults.has('card-account-without-resource-id')) delete response.resourceId;
  return { status: 201, body: response };
}

export function addTransactions(state: BankState, accountId: string, body: unknown): Created {
  const list = state.transactions.get(accountId);
  if (!list) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no sandbox account ${accountId}`);
  const items = Array.isArray(body) ? body : [body];
  const checked = items.map((t, i) => object(t, `transaction ${i}`));
  const added = checked.map((t) => {
    const id = opaqueId('T');
    const tx = { ...t, id, bookingDate: str(t.bookingDate) || str(t.valueDate), _links: { self: link(`/v1/sandbox/accounts/${encodeURIComponent(accountId)}/transactions/${encodeURIComponent(id)}`, 'GET') } } as Transaction;
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

/** How an engagement's account names a card account: by resourceId, or by its accountNumber as iban or bban. */
function cardAccountOf(state: BankState, account: unknown): string | undefined {
  if (!isObject(account)) return undefined;
  for (const [resourceId, card] of state.cardAccounts) {
    const number = str(card.accountNumber);
    if (account.resourceId === resourceId || (number && (account.iban === number || account.bban === number || account.accountNumber === number))) return resourceId;
  }
  return undefined;
}

/**
 * Bank-only (interface.md does not show account information): the accounts a PSU can pick when granting
 * consent in this sandbox. An engagement counts only with both REGISTER and VIEW (interface.md › Sandbox
 * engagement); a card account appears once an agreement holds it.
 */
export function consentAccounts(state: BankState, faults: Faults, customerNumber: string): Created {
  const accounts: Body[] = [];
  for (const agreement of state.agreements.values()) {
    for (const [engagementId, e] of agreement.engagements) {
      if (e.customer !== customerNumber) continue;
      const roles = Array.isArray(e.roles) ? e.roles : [];
      if (!faults.has('engagement-visible-without-register-view') && !CONSENT_ROLES.every((r) => roles.includes(r))) continue;
      const cardAccountId = cardAccountOf(state, e.account);
      accounts.push({ agreementId: agreement.id, engagementId, account: e.account, roles, ...(cardAccountId ? { cardAccountId } : {}) });
    }
  }
  return { status: 200, body: { accounts } };
}
