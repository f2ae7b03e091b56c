import { randomUUID } from 'node:crypto';
import { Pool, request } from 'undici';
import { startBank, type BankOptions, type RunningBank } from '../../bank/index.js';
import { loadConfig } from '../../config/index.js';
import { signRequest, testIdentity, type SigningIdentity } from '../../signing/index.js';
import { makeIban, mod11CheckDigit, type OperationId } from '../../spec/index.js';
import type { RunContext } from '../../suites/support/context.js';
import { baseHeaders, operation, pathFor } from '../../suites/support/request.js';

/** The suites' valid header set and paths, from the default configuration (no .env, no environment). */
const ctx = { config: loadConfig({ env: {}, envFile: false }) } as RunContext;
export const DEFAULTS = ctx.config;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
  json: any;
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** Merged over the valid base headers before signing; `undefined` removes one. */
  headers?: Record<string, string | undefined>;
  body?: unknown;
  /** Bytes sent as the body instead of JSON.stringify(body). */
  raw?: string | Buffer;
  unsigned?: boolean;
  /** Changes the signed request before it is sent (tampering). */
  afterSign?: (signed: { headers: Record<string, string>; body?: Buffer }) => {
    headers: Record<string, string>;
    body?: Buffer;
  };
}

export interface TestBank extends RunningBank {
  identity: SigningIdentity;
  call(id: OperationId, options?: CallOptions): Promise<Answer>;
  /** A signed request to any path (the bank's own routes beside interface.md's operations). */
  signed(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Answer>;
  /** Headers and bytes of a signed request, for tests that send it by other means. */
  prepare(
    id: OperationId,
    options?: CallOptions,
  ): { method: string; path: string; headers: Record<string, string>; body?: Buffer };
}

export async function answer(res: Awaited<ReturnType<typeof request>>): Promise<Answer> {
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** The reference bank on a free loopback port, with the project's signer and the suites' header set. */
export async function openBank(options: BankOptions = {}): Promise<TestBank> {
  const bank = await startBank(options);
  const identity = await testIdentity();
  // A variant may put the API under a base path (`/api-sandbox`): requests go to the origin, paths carry the prefix.
  const { origin, pathname } = new URL(bank.url);
  const prefix = pathname === '/' ? '' : pathname;
  const pool = new Pool(origin, { connections: 8 });
  // Signed at the bank's own time: the bank judges Date by its clock.
  const signOptions = options.now ? { now: options.now } : {};
  const prepare: TestBank['prepare'] = (id, o = {}) => {
    const op = operation(id);
    const text = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
    const body = text === undefined ? undefined : Buffer.from(text);
    const headers: Record<string, string | undefined> = { ...baseHeaders(ctx, id, body !== undefined) };
    for (const [name, value] of Object.entries(o.headers ?? {})) {
      for (const existing of Object.keys(headers))
        if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
      if (value !== undefined) headers[name] = value;
    }
    const plain = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
    const path = `${prefix}${pathFor(ctx, id, o.params, o.query)}`;
    let signed: { headers: Record<string, string>; body?: Buffer } = o.unsigned
      ? { headers: plain, ...(body ? { body } : {}) }
      : {
          headers: signRequest(
            { method: op.method, target: path, headers: plain, ...(body ? { body } : {}) },
            identity,
            signOptions,
          ),
          ...(body ? { body } : {}),
        };
    if (o.afterSign) signed = o.afterSign(signed);
    return { method: op.method, path, ...signed };
  };
  return {
    ...bank,
    identity,
    prepare,
    async call(id, o = {}) {
      const r = prepare(id, o);
      return answer(
        await pool.request({
          method: r.method as 'GET',
          path: r.path,
          headers: r.headers,
          ...(r.body ? { body: r.body } : {}),
        }),
      );
    },
    async signed(method, relative, extra, body) {
      const path = `${prefix}${relative}`;
      const bytes = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const headers = signRequest(
        {
          method,
          target: path,
          headers: {
            Accept: 'application/json',
            'X-Request-ID': randomUUID(),
            'PSU-ID': DEFAULTS.psu.id,
            'PSU-IP-Address': DEFAULTS.psu.ipAddress,
            ...(bytes ? { 'Content-Type': 'application/json' } : {}),
            ...extra,
          },
          ...(bytes ? { body: bytes } : {}),
        },
        identity,
        signOptions,
      );
      return answer(await pool.request({ method, path, headers, ...(bytes ? { body: bytes } : {}) }));
    },
    async close() {
      await pool.close();
      await bank.close();
    },
  };
}

/** A Norwegian account number with a valid MOD11 check digit, derived from n. */
export function bban(n: number): string {
  for (let i = n; ; i++) {
    const payload = `9${String(i).padStart(9, '0')}`;
    const check = mod11CheckDigit(payload, [2, 3, 4, 5, 6, 7]);
    if (check !== undefined) return `${payload}${check}`;
  }
}

export interface Funded {
  id: string;
  bban: string;
  iban: string;
  customerNumber: string;
}

/** A sandbox account request (Endpoint 4) of `customerNumber`'s: a NOK current account of `bban`. */
export const accountRequest = (customerNumber: string, bban: string, balance = 10000) => ({
  customerNumber,
  accountName: 'Brukskonto',
  bban,
  iban: makeIban('NO', bban),
  currency: 'NOK',
  product: 'Brukskonto',
  cashAccountType: 'CACC',
  creditLine: 0,
  balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: balance, currency: 'NOK' } }],
});

/** A sandbox transaction (Endpoint 9) with every member interface.md requires; `changes` replace members. */
export const transactionRequest = (changes: Record<string, unknown> = {}) => ({
  amount: -7,
  currency: 'NOK',
  valueDate: '2026-03-01',
  bookingDate: '2026-03-01',
  remittanceInformationUnstructured: 'r',
  creditorName: 'Butikk',
  creditorAccount: { iban: '', bban: '12345678903' },
  debtorName: 'Kari',
  debtorAccount: { iban: '', bban: '90412263056' },
  bankTransactionCode: 'PMNT-ICDT-DMCT',
  ultimateDebtor: '',
  ultimateCreditor: '',
  purposeCode: 'OTHR',
  ...changes,
});

/** A private customer with a NOK account holding `balance`, made through the sandbox set-up operations. */
export async function fundedAccount(bank: TestBank, n: number, balance = 1_000_000): Promise<Funded> {
  const customerNumber = String(10_000_000_000 + n);
  const number = bban(n * 1000);
  const customer = await bank.call('sandbox.customer.create', {
    body: { customerNumber, name: `Kari ${n}`, type: 'private' },
  });
  if (customer.status !== 201) throw new Error(`customer: ${customer.status} ${customer.text}`);
  const account = await bank.call('sandbox.account.create', { body: accountRequest(customerNumber, number, balance) });
  if (account.status !== 201) throw new Error(`account: ${account.status} ${account.text}`);
  return { id: account.json.id, bban: number, iban: makeIban('NO', number), customerNumber };
}

/** A sandbox card account request with every field interface.md requires. */
export const cardAccount = (customerNumber: string, accountNumber: string) => ({
  customerNumber,
  maskedPan: '4925 55** **** 5883',
  currency: 'NOK',
  creditLimit: { currency: 'NOK', amount: 50000 },
  balances: [{ balanceAmount: { currency: 'NOK', amount: 1200 }, balanceType: 'expected' }],
  cardId: 'card-1',
  cardIdVNo: '1',
  accountNumber,
  expiry: '2030-11',
  name: 'Kredittkort',
  product: 'Kredittkort',
  status: 'enabled',
});

/** An engagement of a private member on an account the member does not own (interface.md › Sandbox engagement). */
export const ENGAGEMENT = {
  customer: '01010100001',
  account: { iban: 'NO9386011117947' },
  roles: ['REGISTER', 'VIEW'],
  registerLimit: 100000,
  approvalLimit: 50000,
};

/**
 * Starts the authorisation of a payment its creation answered with (its startAuthorisation link), and follows
 * scaRedirect as the PSU's browser would, with ?result=ok: the payment approved.
 */
export async function approvedThroughRedirect(bank: TestBank, created: Answer): Promise<void> {
  const started = await bank.signed('POST', created.json._links.startAuthorisation.href, {
    'TPP-Redirect-URI': 'https://tpp.example/cb',
    'TPP-Session-ID': 'session-1',
    'x-accept-fix': 'amount-as-string',
  });
  const sca = new URL(started.json._links.scaRedirect.href);
  sca.searchParams.set('result', 'ok');
  await (await request(sca)).body.text();
}
