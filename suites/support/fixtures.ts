import { createHash } from 'node:crypto';
import type { Exchange } from '../../client/index.js';
import { makeIban, mod11CheckDigit, type RequirementId } from '../../spec/index.js';
import { currentScope, inTest, type Session } from './session.js';

/**
 * Test data made through the sandbox operations, named after the run tag so that runs against a shared
 * sandbox never meet. Values are derived from the tag, the scope that makes them (file, test, property run)
 * and a counter within that scope: the same seed gives the same data, test by test, whatever runs beside it.
 * All files and tests share one bank, so the scope's label is part of every value: two tests never make the
 * same account number, and a test meant for a poor account is never judged against a rich one.
 */
const scopeTag = (): string => createHash('sha256').update(currentScope().label).digest('hex').slice(0, 6);
const next = (s: Session, what: string) =>
  createHash('sha256').update(`${s.ctx.runTag}/${currentScope().label}/${what}/${currentScope().made++}`).digest();

/** A Norwegian account number unique to the run, with a valid MOD11 check digit. */
export function uniqueBban(s: Session): string {
  for (;;) {
    const digits = [...next(s, 'bban').subarray(0, 10)].map((b) => String(b % 10)).join('');
    const payload = `9${digits.slice(1)}`;
    const check = mod11CheckDigit(payload, [2, 3, 4, 5, 6, 7]);
    if (check !== undefined) return `${payload}${check}`;
  }
}

export const uniqueNumber = (s: Session, length = 11): string =>
  [...next(s, 'n').subarray(0, length)].map((b) => String(b % 10)).join('');

export const uniqueName = (s: Session, what: string): string =>
  `${what} ${s.ctx.runTag}-${scopeTag()}-${currentScope().made++}`;

/** What the suite creates and finds again by id, with the names a body may give that id (its path's name too). */
const OWN_ID_NAMES = {
  customer: ['customerId'],
  agreement: ['agreementId', 'mockAgreementId'],
  account: ['accountId', 'mockAccountId'],
  engagement: ['engagementId', 'mockEngagementId'],
  basket: ['basketId'],
} as const;
export type Created = keyof typeof OWN_ID_NAMES;

/**
 * The id a creating response carries: interface.md shows none for these platform operations, so the usual names are
 * accepted, the resource's own first (an agreement's `agreementId`, or `mockAgreementId` as its path calls it), then
 * `resourceId` and `id`, then where it lives (Location, the self link). Another resource's id in the same body (the
 * owner's `customerId` beside an account, the agreement's beside an engagement) is never taken for it.
 */
export function createdId(exchange: Exchange, what?: Created): string | undefined {
  // An error body's `id` names the error, not a resource.
  const status = exchange.response?.status ?? 0;
  if (status < 200 || status >= 300) return undefined;
  const body = exchange.response?.json as Record<string, unknown> | undefined;
  for (const key of [...(what ? OWN_ID_NAMES[what] : []), 'resourceId', 'id']) {
    const value = body?.[key];
    if (typeof value === 'string' && value) return value;
  }
  // Otherwise the last path segment of where the resource lives: Location, or the self link (an absolute URL or
  // a path, perhaps behind a base path prefix; interface.md shows neither form).
  const location = exchange.response?.headers.location;
  const self = (body?._links as { self?: { href?: unknown } } | undefined)?.self?.href;
  const where = typeof location === 'string' ? location : typeof self === 'string' ? self : undefined;
  return where ? lastSegment(where) : undefined;
}

/** The last path segment of a URL or path, decoded, without query or fragment. */
export function lastSegment(href: string): string | undefined {
  const path = href.split(/[?#]/)[0] ?? '';
  const segment = path.replace(/\/+$/, '').split('/').pop();
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A resource was made (a 2xx) but its answer does not say where it lives, and interface.md does not show how the
 * bank gives its id (an engagement's: "Response 201: sandbox engagement", whose table has no id). A test that needs
 * the resource cannot observe its rule; that is no failure of the bank's. The test is skipped with this reason.
 */
export class NotObservable extends Error {}

/**
 * The run's configuration cannot do what a test needs (an SCA driver whose template matches nothing on the bank's
 * page): a configuration error of the run, never a failure of the bank. The test records it and the run stops, exit 2.
 */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** The ConfigurationError behind an error (a journey's failure, or a property's, wraps it as its cause). */
export function configurationErrorIn(err: unknown): ConfigurationError | undefined {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof ConfigurationError) return e;
  return undefined;
}

/** The id of what `exchange` made, from its body, Location or self link; NotObservable when a 2xx names none. */
export function idOrNotObservable(what: Created, exchange: Exchange, section: string): string | undefined {
  const id = createdId(exchange, what);
  const status = exchange.response?.status ?? 0;
  if (id === undefined && status >= 200 && status < 300)
    throw new NotObservable(
      `the ${what} was created (${status}) but its answer names no id (body, Location or self link), and ` +
        `interface.md does not show how it is given (${section})`,
    );
  return id;
}

export class FixtureError extends Error {
  constructor(
    what: string,
    exchange: Exchange,
    /**
     * The rule the failed creation breaks, when interface.md specifies the operation (a payment: Payment.create.201).
     */
    readonly requirementId?: RequirementId,
  ) {
    const status = exchange.response?.status ?? exchange.error?.kind;
    // A 2xx whose body does not parse is the usual reason a created id is missing: name it.
    const notJson =
      exchange.response && exchange.response.text && exchange.response.json === undefined
        ? 'response body is not valid JSON: '
        : '';
    super(
      `fixture: could not ${what} through the sandbox (${status}): ` +
        `${notJson}${exchange.response?.text.slice(0, 300) ?? exchange.error?.message ?? ''}`,
    );
  }
}

function ok(what: string, exchange: Exchange): Exchange {
  const status = exchange.response?.status ?? 0;
  if (status < 200 || status >= 300) throw new FixtureError(what, exchange);
  return exchange;
}

export interface Customer {
  customerNumber: string;
  type: 'private' | 'corporate';
}

export async function customer(s: Session, type: Customer['type'] = 'private'): Promise<Customer> {
  const customerNumber = uniqueNumber(s);
  ok(
    `create a ${type} customer`,
    await s.call('sandbox.customer.create', {
      body: { customerNumber, name: uniqueName(s, type === 'private' ? 'Kari' : 'Bedrift AS'), type },
    }),
  );
  return { customerNumber, type };
}

export interface Account {
  id: string;
  bban: string;
  iban: string;
  customerNumber: string;
}

/**
 * A NOK account with an EXPECTED balance, shaped as the real client in platform-notes.md sends it. The default
 * (int32 like the client's) covers a bulk of five entries just under 1 000 000 each, so valid bodies never meet
 * insufficient funds.
 */
export async function account(s: Session, owner: Customer, balance = 1_000_000_000): Promise<Account> {
  const bban = uniqueBban(s);
  const iban = makeIban('NO', bban);
  const exchange = ok(
    'create an account',
    await s.call('sandbox.account.create', {
      body: {
        customerNumber: owner.customerNumber,
        accountName: uniqueName(s, 'Brukskonto'),
        bban,
        iban,
        currency: 'NOK',
        product: 'Brukskonto',
        cashAccountType: 'CACC',
        creditLine: 0,
        balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: balance, currency: 'NOK' } }],
      },
    }),
  );
  return { id: createdId(exchange, 'account') ?? bban, bban, iban, customerNumber: owner.customerNumber };
}

/** A corporate agreement, optionally with engagements (which, as the real client sends them, lack the limits). */
export async function agreement(s: Session, owner: Customer, engagements: unknown[] = []): Promise<string> {
  const exchange = ok(
    'create an agreement',
    await s.call('sandbox.agreement.create', {
      body: { owner: owner.customerNumber, name: uniqueName(s, 'Avtale'), engagements },
    }),
  );
  // "Fields of the sandbox agreement: not shown": an agreement made without an id the suite can read is no failure.
  // ok() let only a 2xx through, and a 2xx without an id is not observable: an id is here.
  return idOrNotObservable('agreement', exchange, 'Resources: fields of the sandbox agreement are not shown') as string;
}

/**
 * Made once per suite file, in a scope of its own: whichever concurrent test asks first, the data and the
 * requests that make it are the same, and they are not counted as that test's. Kept by file, not by module:
 * a worker may run several files with one module graph.
 */
export function perFile<T>(label: string, make: () => Promise<T>): () => Promise<T> {
  const made = new Map<string, Promise<T>>();
  return () => {
    const file = currentScope().label.split(' > ')[0] ?? '';
    let value = made.get(file);
    if (!value) made.set(file, (value = inTest(`${file} > (${label})`, make)));
    return value;
  };
}

const sharedAccounts = new Map<string, () => Promise<Account>>();
const perFileAccount = (label: string, s: Session, type: Customer['type']): Promise<Account> => {
  let make = sharedAccounts.get(label);
  if (!make) sharedAccounts.set(label, (make = perFile(label, async () => account(s, await customer(s, type)))));
  return make();
};

const sharedCustomers = new Map<Customer['type'], () => Promise<Customer>>();

/**
 * One customer per suite file, for tests whose subject is not the customer and that change nothing a test reads of
 * it (card accounts made for it, each with numbers of its own): one request per file instead of one per test.
 */
export const sharedCustomer = (s: Session, type: Customer['type'] = 'private'): Promise<Customer> => {
  let make = sharedCustomers.get(type);
  if (!make) sharedCustomers.set(type, (make = perFile(`shared ${type} customer`, () => customer(s, type))));
  return make();
};

/** One funded account per suite file, for tests whose subject is not the account. */
export const sharedDebtor = (s: Session): Promise<Account> => perFileAccount('shared debtor', s, 'private');

/**
 * An account the bank need not know (a unique number with a valid MOD11 digit, never created): a creditor at
 * another bank, or the debtor of a request that must be refused whatever its account (no sandbox data).
 */
export function unregisteredAccount(s: Session): Account {
  const bban = uniqueBban(s);
  return { id: bban, bban, iban: makeIban('NO', bban), customerNumber: '' };
}

/**
 * An account of a corporate sandbox customer, for the corporate test PSU: a bank may decide who is a corporate
 * user from the debtor account's owner rather than from PSU-Context, so a corporate request pays from one.
 */
export const corporateDebtor = (s: Session): Promise<Account> => perFileAccount('corporate debtor', s, 'corporate');

/** The headers that make a request the corporate test PSU's (never the private PSU's: a bank may remember). */
export const corporatePsuHeaders = (s: Session, withCorporateId = true): Record<string, string | undefined> => {
  const { id, corporateId } = s.ctx.config.corporatePsu;
  return { 'PSU-ID': id, 'PSU-Context': 'CORPORATE', 'PSU-Corporate-ID': withCorporateId ? corporateId : undefined };
};
