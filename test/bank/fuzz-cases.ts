import fc from 'fast-check';
import {
  bulkRequest,
  ncbctRequest,
  sandboxCardAccount,
  sandboxEngagement,
  sctRequest,
} from '../../generators/index.js';
import { signRequest, type SigningIdentity } from '../../signing/index.js';
import { loadConfig } from '../../config/index.js';
import { OPERATIONS, type OperationId } from '../../spec/index.js';
import type { RunContext } from '../../suites/support/context.js';
import { baseHeaders } from '../../suites/support/request.js';

/**
 * The fuzz test's random and malformed requests (test/bank/fuzz.integration.test.ts), kept apart so a script can replay
 * them.
 */
export const NOW = new Date('2026-11-22T12:00:00Z');

export interface Fuzzed {
  method: string;
  path: string;
  headers: [string, string][];
  body?: Buffer;
  sign: 'none' | 'valid' | 'garbage' | 'tampered';
}

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});
const pathChar = fc.constantFrom(..."abcxyz019-_.~!$&'()*+,;=:@%/".split(''));
const segment = fc.oneof(
  fc.constantFrom(
    'v1',
    'payments',
    'bulk-payments',
    'signing-baskets',
    'sandbox',
    'accounts',
    'card-accounts',
    'agreements',
    'engagements',
    'customers',
    'transactions',
    'authorisations',
    'status',
    'initialize',
    'sca',
    'consent-accounts',
  ),
  fc.constantFrom(
    'norwegian-cross-border-credit-transfers',
    'sepa-credit-transfers',
    'norwegian-domestic-credit-transfers',
    'instant-norwegian-domestic-credit-transfers-straks',
    'x',
  ),
  fc.constantFrom('enc!!abc==', 'enc%21%21abc%3D%3D', '%', '%zz', '%E0%A4%A', '..', '', '%00', '%2F', 'a'.repeat(300)),
  fc.string({ unit: pathChar, maxLength: 20 }),
);
const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?limit=0',
    '?limit=-1',
    '?limit=99999999999',
    '?offset=x',
    '?fromDate=2026-13-45',
    '?allowLogicalDuplicate=maybe',
    '?limit=1&limit=2',
    '?a[b]=c',
    '?%',
    '?result=ok',
    '?allowLogicalDuplicate=true',
  ),
  fc.string({ unit: pathChar, maxLength: 30 }).map((q) => `?${q}`),
);
const operationPath = fc.constantFrom(...OPERATIONS.map((o) => o.path)).chain((template) =>
  fc.array(segment, { minLength: 4, maxLength: 4 }).map((values) => {
    let i = 0;
    return template.replace(/\{[^}]+\}/g, () => values[i++] || 'x');
  }),
);
const path = fc
  .tuple(
    fc.oneof(
      operationPath,
      fc.array(segment, { maxLength: 7 }).map((s) => `/${s.join('/')}`),
    ),
    query,
  )
  .map(([p, q]) => p + q);

const headerName = fc.oneof(
  fc.constantFrom(
    'X-Request-ID',
    'PSU-ID',
    'PSU-IP-Address',
    'PSU-Context',
    'PSU-Corporate-ID',
    'PSU-Device-ID',
    'PSU-HTTP-Method',
    'TPP-Redirect-URI',
    'TPP-Redirect-Preferred',
    'TPP-Session-ID',
    'x-accept-fix',
    'X-PSU-IDENTITY',
    'Digest',
    'Signature',
    'TPP-Signature-Certificate',
    'Date',
    'Accept',
    'Accept-Language',
    'Content-Type',
    'Host',
    'Expect',
  ),
  fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9-]{0,20}$/),
);
const headerValue = fc.oneof(
  printable,
  fc.constantFrom(
    '2d3e4f50-0000-4000-8000-000000000001',
    '192.0.2.10',
    '::1',
    'CORPORATE',
    'PRIVATE',
    'amount-as-string',
    'https://tpp.example/cb',
    'SHA-256=abc',
    'SHA-512=',
    'keyId="SN=1,CA=x",algorithm="rsa-sha256",headers="date",signature="AAAA"',
    '=?utf-8?B?a2V5SWQ9?=',
    '=?x?Q?=ZZ?=',
    'application/json',
    'text/html',
    'nb;q=abc, en;q=2',
    '*/*',
  ),
  fc.constantFrom('x'.repeat(8000), 'é'.repeat(50)),
);
const bodyBytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  fc
    .oneof(ncbctRequest(), sctRequest(), bulkRequest(), sandboxCardAccount(), sandboxEngagement())
    .map((b) => Buffer.from(JSON.stringify(b))),
  fc
    .oneof(ncbctRequest(), bulkRequest(), sandboxCardAccount())
    .chain((b) =>
      fc
        .tuple(fc.constantFrom(...Object.keys(b)), fc.jsonValue({ maxDepth: 3 }))
        .map(([key, value]) => Buffer.from(JSON.stringify({ ...b, [key]: value }))),
    ),
  fc
    .constantFrom(
      '{"instructedAmount":{"amount":"1e400","currency":"NOK"}}',
      '{"paymentIds":[null,{},[],1e308]}',
      '{"customerNumber":"1","balances":[null,{"balanceType":{"toString":1},"balanceAmount":{"amount":{}}}]}',
      '{"owner":"1","engagements":[{"customer":{"toString":1},"account":null}]}',
      '[{"bookingDate":{"toString":1}},{"valueDate":[]}]',
      '{"__proto__":{"x":1},"constructor":{"prototype":{}}}',
      `{"creditorName":"${'x'.repeat(200_000)}"}`,
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `{"a":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`,
      '\uFEFF{"a":1}',
      'null',
      '',
    )
    .map((s) => Buffer.from(s)),
);

const anything = fc.record(
  {
    method: fc.constantFrom('GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
    path,
    headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 12 }),
    body: bodyBytes,
    sign: fc.constantFrom('none', 'none', 'valid', 'garbage', 'tampered'),
  },
  { requiredKeys: ['method', 'path', 'headers', 'sign'] },
);

const ctx = { config: loadConfig({ env: {}, envFile: false }) } as RunContext;
const BODIES: Partial<Record<OperationId, fc.Arbitrary<unknown>>> = {
  'ncbct.create': ncbctRequest(),
  'sct.create': sctRequest(),
  'bulk.create': bulkRequest(),
  'sandbox.engagement.create': sandboxEngagement(),
  'sandbox.cardAccount.create': sandboxCardAccount(),
  'basket.create': fc.record({ paymentIds: fc.array(fc.constantFrom('enc!!abc==', 'x', ''), { maxLength: 3 }) }),
  // The set-up bodies a real client sends (platform-notes.md).
  'sandbox.customer.create': fc.constant({ customerNumber: '01078900497', name: 'Kari', type: 'private' }),
  'sandbox.account.create': fc.constant({
    customerNumber: '01078900497',
    accountName: 'Brukskonto',
    bban: '43427943323',
    iban: 'NO6243427943323',
    currency: 'NOK',
    product: 'Brukskonto',
    cashAccountType: 'CACC',
    creditLine: 0,
    balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 10000, currency: 'NOK' } }],
  }),
  'sandbox.agreement.create': fc.constant({
    owner: '998877665',
    name: 'Avtale',
    engagements: [{ customer: '01078900497', account: { iban: 'NO6243427943323' }, roles: ['REGISTER', 'VIEW'] }],
  }),
  'sandbox.transactions.create': fc.constant([
    { amount: -5, currency: 'NOK', bookingDate: '2026-01-01', valueDate: '2026-01-01' },
  ]),
};

/** Bodies that once reached a 500 somewhere: each has a shape only a hostile client sends. */
const HOSTILE = [
  { customerNumber: '1', balances: [null, { balanceType: { toString: 1 }, balanceAmount: { amount: {} } }] },
  { owner: '1', engagements: [{ customer: { toString: 1 }, account: null }] },
  [{ bookingDate: { toString: 1 } }, { valueDate: [] }],
  { customerNumber: '1', name: { toString: 1 }, type: 'private' },
];

/** One change to a JSON object: a member replaced by random JSON, or removed. */
const mutate = (body: unknown): fc.Arbitrary<unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length
    ? fc
        .tuple(fc.constantFrom(...Object.keys(body)), fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }))
        .map(([key, value]) => ({ ...body, [key]: value }))
    : fc.constant(body);

/** A real operation with its valid header set and a valid or once-mutated body, signed: reaches the business rules. */
const nearValid: fc.Arbitrary<Fuzzed> = fc.constantFrom(...OPERATIONS).chain((op) =>
  fc.record({
    method: fc.constant(op.method),
    path: fc
      .array(fc.constantFrom('enc!!abc==', 'x', 'norwegian-cross-border-credit-transfers'), {
        minLength: 4,
        maxLength: 4,
      })
      .chain((values) => {
        let i = 0;
        return query.map((q) => op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++] ?? 'x')) + q);
      }),
    headers: fc
      .array(fc.tuple(headerName, headerValue), { maxLength: 3 })
      .map(
        (extra) =>
          [...Object.entries({ ...baseHeaders(ctx, op.id, true), 'X-Request-ID': 'near-valid' }), ...extra] as [
            string,
            string,
          ][],
      ),
    body: fc
      .oneof(
        {
          arbitrary: (BODIES[op.id] ?? fc.jsonValue({ maxDepth: 3 })).chain((b) => fc.oneof(fc.constant(b), mutate(b))),
          weight: 4,
        },
        { arbitrary: fc.constantFrom(...HOSTILE), weight: 1 },
      )
      .map((b) => Buffer.from(JSON.stringify(b) ?? 'null')),
    sign: fc.constantFrom('valid', 'valid', 'valid', 'tampered'),
  }),
);

export const fuzzed: fc.Arbitrary<Fuzzed> = fc.oneof(
  { arbitrary: anything, weight: 3 },
  { arbitrary: nearValid, weight: 2 },
);

/**
 * Headers undici refuses to send, that would frame the message differently, or (a random Host) that wedge its pool: the
 * raw-socket part covers those.
 */
const UNSENDABLE = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'host',
]);

export function prepare(
  f: Fuzzed,
  identity: SigningIdentity,
  n: number,
): { method: string; path: string; headers: string[]; body?: Buffer } {
  const headers: Record<string, string> = {};
  const flat: string[] = [];
  for (const [name, value] of f.headers) {
    if (UNSENDABLE.has(name.toLowerCase())) continue;
    if (name.toLowerCase() in headers) flat.push(name, value);
    else headers[name.toLowerCase()] = value;
  }
  const body = f.method === 'GET' || f.method === 'HEAD' ? undefined : f.body;
  let signed = headers;
  if (f.sign !== 'none') {
    signed = signRequest({ method: f.method, target: f.path, headers, ...(body ? { body } : {}) }, identity, {
      now: () => NOW,
      requestId: () => `fuzz-${n}`,
    });
    if (f.sign === 'garbage') signed = { ...signed, Signature: 'keyId="nope",signature="!!!"' };
  }
  const send = f.sign === 'tampered' && body ? Buffer.concat([body, Buffer.from(' ')]) : body;
  for (const [name, value] of Object.entries(signed)) flat.push(name, value);
  return { method: f.method, path: f.path, headers: flat, ...(send ? { body: send } : {}) };
}

export const rawRequest = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 400 }).map((b) => Buffer.from(b)),
  fc
    .tuple(
      fc.constantFrom('GET', 'POST', 'BREW', 'G ET', ''),
      fc.constantFrom('/v1/signing-baskets/x', '*', 'http://evil/', '/%%%', ' '),
      fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTP/1.1 extra', ''),
      fc.array(fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 })), { maxLength: 6 }),
      fc.constantFrom(
        '',
        'Content-Length: 5\r\n',
        'Content-Length: -1\r\n',
        'Content-Length: 1\r\nContent-Length: 2\r\n',
        'Transfer-Encoding: chunked\r\n',
        'Transfer-Encoding: chunked\r\nContent-Length: 3\r\n',
        'Host: a\r\nHost: b\r\n',
      ),
    )
    .map(([method, target, version, headers, framing]) =>
      Buffer.from(
        `${method} ${target} ` +
          `${version}\r\n${headers.map(([n, v]) => `${n}: ${v}`).join('\r\n')}\r\n${framing}\r\nzz\r\n0\r\n\r\n`,
        'latin1',
      ),
    ),
);
