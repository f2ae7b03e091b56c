import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { link, links, type Created } from './payments.js';
import { type BankState, type Customer } from './state.js';

type Body = Record<string, unknown>;
const text = (v: unknown, what: string): string => {
  if (typeof v !== 'string' || !v) throw new Rejection(400, 'FORMAT_ERROR', `${what} is required`);
  return v;
};
/** Set-up bodies have no schema in interface.md: any JSON may come, and none of it may reach a 500. */
const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);
function object(v: unknown, what: string): Body {
  if (!isObject(v)) throw new Rejection(400, 'FORMAT_ERROR', `${what} must be a JSON object`);
  return v;
}
const CONSENT_ROLES = ['REGISTER', 'VIEW'];

export function createCustomer(state: BankState, raw: unknown): Created {
  const body = object(raw, 'the customer');
  const customerNumber = text(body.customerNumber, 'customerNumber');
  if (body.type !== undefined && body.type !== 'private' && body.type !== 'corporate')
    throw new Rejection(400, 'FORMAT_ERROR', 'type must be private or corporate');
  const id = state.newId('C');
  const type = body.type === 'corporate' ? 'corporate' : 'private';
  const customer: Customer = { id, customerNumber, name: str(body.name), type };
  if (type === 'private') {
    // The agreement a private customer's card accounts join by themselves (interface.md › Sandbox card account).
    const agreementId = state.newId('G');
    state.agreements.set(agreementId, {
      id: agreementId,
      owner: customerNumber,
      name: customer.name,
      engagements: new Map(),
    });
    customer.agreementId = agreementId;
  }
  state.customers.set(customerNumber, customer);
  return { status: 201, body: customerBody(customer) };
}

const customerBody = (c: Customer): Body => ({
  customerId: c.id,
  customerNumber: c.customerNumber,
  customerType: c.type,
  customerName: c.name,
  _links: { self: link(`/v1/sandbox/customers/${encodeURIComponent(c.id)}`, 'GET') },
});

/** The target of a customer's self link. */
export function getCustomer(state: BankState, customerId: string): Created {
  const customer = [...state.customers.values()].find((c) => c.id === customerId);
  if (!customer) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no sandbox customer ${customerId}`);
  return { status: 200, body: customerBody(customer) };
}

/** Set-up calls are lenient on purpose (platform-notes.md): no MOD11 check, EXPECTED in any case. */
export function createAccount(state: BankState, raw: unknown): Created {
  const body = object(raw, 'the account');
  const customerNumber = text(body.customerNumber, 'customerNumber');
  const balances = Array.isArray(body.balances) ? body.balances.filter(isObject) : [];
  const expected = balances.find((b) => str(b.balanceType).toLowerCase() === 'expected') ?? balances[0];
  const amount = isObject(expected?.balanceAmount) ? expected.balanceAmount.amount : undefined;
  const id = state.newId('A');
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
  if (state.policy.sandboxIds === 'named')
    return { status: 201, body: { customerId: customerNumber, ...body, accountId: id, customerNumber } };
  return { status: 201, body: { ...body, id, customerNumber } };
}

/** platform-notes.md: the real client's engagements here lack registerLimit and approvalLimit, and that is accepted. */
export function createAgreement(state: BankState, raw: unknown): Created {
  const body = object(raw, 'the agreement');
  const owner = text(body.owner, 'owner');
  if (body.engagements !== undefined && !Array.isArray(body.engagements))
    throw new Rejection(400, 'FORMAT_ERROR', 'engagements must be an array');
  const id = state.newId('G');
  const engagements = new Map<string, Body>();
  for (const [i, e] of ((body.engagements as unknown[] | undefined) ?? []).entries())
    engagements.set(state.newId('E'), object(e, `engagements[${i}]`));
  state.agreements.set(id, { id, owner, name: str(body.name), engagements });
  const named = state.policy.sandboxIds === 'named';
  return {
    status: 201,
    body: {
      ...(named ? { customerId: owner, agreementId: id } : { id }),
      owner,
      name: str(body.name),
      engagements: [...engagements.entries()].map(([eid, e]) => ({ ...e, id: eid })),
    },
  };
}
export function createEngagement(state: BankState, faults: Faults, agreementId: string, body: Body): Created {
  const agreement = state.agreements.get(agreementId);
  if (!agreement) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no agreement ${agreementId}`);
  const account = state.accountByNumber(undefined, (body.account as { iban?: string } | undefined)?.iban);
  if (account && account.customerNumber === body.customer && !faults.has('accept-customer-owned-engagement-account'))
    throw new Rejection(400, 'FORMAT_ERROR', 'the engagement account must not be owned by the PSU in customer');
  const id = state.newId('E');
  agreement.engagements.set(id, body);
  if (state.policy.sandboxIds === 'named') return { status: 201, body: { agreementId, ...body, engagementId: id } };
  return { status: 201, body: { ...body, id } };
}

export function getEngagement(state: BankState, faults: Faults, agreementId: string, engagementId: string): Created {
  const engagement = state.agreements.get(agreementId)?.engagements.get(engagementId);
  if (!engagement)
    throw new Rejection(404, 'RESOURCE_UNKNOWN', `no engagement ${engagementId} on agreement ${agreementId}`);
  const { roles, ...rest } = engagement;
  return {
    status: 200,
    body: faults.has('engagement-loses-roles') ? { ...rest, id: engagementId } : { ...engagement, id: engagementId },
  };
}

export function createCardAccount(state: BankState, faults: Faults, body: Body): Created {
  const resourceId = state.newId('K');
  state.cardAccounts.set(resourceId, body);
  state.transactions.set(resourceId, []);
  const owner = state.customers.get(str(body.customerNumber));
  const agreement =
    owner?.type === 'private' && owner.agreementId ? state.agreements.get(owner.agreementId) : undefined;
  agreement?.engagements.set(state.newId('E'), {
    customer: owner?.customerNumber,
    account: { resourceId, accountNumber: str(body.accountNumber) },
    roles: ['OWNER', 'VIEW', 'REGISTER'],
  });
  return { status: 201, body: cardAccountBody(faults, resourceId, body) };
}

/** Links to the bank's own routes: GET /v1/sandbox/card-accounts/{id} and its transaction list. */
function cardAccountBody(faults: Faults, resourceId: string, body: Body): Body {
  // The fault card-account-links-nowhere points them at a path no route serves (card-account, singular).
  const where = faults.has('card-account-links-nowhere') ? 'card-account' : 'card-accounts';
  const base = `/v1/sandbox/${where}/${encodeURIComponent(resourceId)}`;
  const response: Body = {
    ...body,
    resourceId,
    _links: links(faults, { self: link(base, 'GET'), transactions: link(`${base}/transactions`, 'GET') }),
  };
  if (faults.has('card-account-without-resource-id')) delete response.resourceId;
  return response;
}

/** The target of a card account's self link. */
export function getCardAccount(state: BankState, faults: Faults, resourceId: string): Created {
  const body = state.cardAccounts.get(resourceId);
  if (!body) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no sandbox card account ${resourceId}`);
  return { status: 200, body: cardAccountBody(faults, resourceId, body) };
}

/** How an engagement's account names a card account: by resourceId, or by its accountNumber as iban or bban. */
function cardAccountOf(state: BankState, account: unknown): string | undefined {
  if (!isObject(account)) return undefined;
  for (const [resourceId, card] of state.cardAccounts) {
    const number = str(card.accountNumber);
    if (
      account.resourceId === resourceId ||
      (number && (account.iban === number || account.bban === number || account.accountNumber === number))
    )
      return resourceId;
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
      if (!faults.has('engagement-visible-without-register-view') && !CONSENT_ROLES.every((r) => roles.includes(r)))
        continue;
      const cardAccountId = cardAccountOf(state, e.account);
      accounts.push({
        agreementId: agreement.id,
        engagementId,
        account: e.account,
        roles,
        ...(cardAccountId ? { cardAccountId } : {}),
      });
    }
  }
  return { status: 200, body: { accounts } };
}
