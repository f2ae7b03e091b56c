import { Agent as NodeAgent, get, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import type { VariantId } from '../../bank/index.js';
import { secondTppTestIdentity, signRequest } from '../../signing/index.js';
import { makeIban, type OperationId } from '../../spec/index.js';
import { bulkBody, ncbctBody, sctBody } from '../../suites/support/bodies.js';
import {
  ENGAGEMENT,
  answer,
  approvedThroughRedirect,
  bban,
  cardAccount,
  fundedAccount,
  openBank,
  type CallOptions,
  type Funded,
  type TestBank,
} from './support.js';

/** Each conformant variant's observable choice (bank/variants.ts), against a bank started with it. */
const NOW = new Date('2026-06-01T10:00:00Z');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NCBCT = '/v1/payments/norwegian-cross-border-credit-transfers';

interface Opened {
  bank: TestBank;
  debtor: Funded;
  creditor: Funded;
}

/** A bank with the variants switched on, at a fixed time, with two funded private accounts. */
async function open(variants: VariantId[], now: () => Date = () => NOW): Promise<Opened> {
  const bank = await openBank({ variants, now });
  return { bank, debtor: await fundedAccount(bank, 1), creditor: await fundedAccount(bank, 2) };
}

/** Runs `body` against a bank with the variants, and closes the bank after it. */
function withBank(variants: VariantId[], body: (o: Opened) => Promise<void>, now?: () => Date) {
  return async () => {
    const o = await open(variants, now);
    try {
      await body(o);
    } finally {
      await o.bank.close();
    }
  };
}

const tamperBody = (signed: { headers: Record<string, string>; body?: Buffer }) => ({
  ...signed,
  body: Buffer.from(JSON.stringify({ tampered: true })),
});

/** A bulk entry whose KID has a wrong check digit (1234567890: neither MOD10 nor MOD11). */
const badKid = (o: Opened) => {
  const body = bulkBody(o.debtor, o.creditor);
  const { remittanceInformationUnstructured: _, ...entry } = body.payments[0] as Record<string, unknown>;
  return {
    ...body,
    payments: [{ ...entry, remittanceInformationStructured: { reference: '1234567890', referenceType: 'KID' } }],
  };
};

/** A corporate sandbox customer with a funded NOK account, made as platform-notes.md shows it. */
async function corporateAccount(bank: TestBank): Promise<Funded> {
  const customerNumber = '91000000001';
  const number = bban(77_000);
  const customer = await bank.call('sandbox.customer.create', {
    body: { customerNumber, name: 'Bedrift AS', type: 'corporate' },
  });
  expect(customer.status).toBe(201);
  const account = await bank.call('sandbox.account.create', {
    body: {
      customerNumber,
      bban: number,
      iban: makeIban('NO', number),
      currency: 'NOK',
      balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 1_000_000, currency: 'NOK' } }],
    },
  });
  expect(account.status).toBe(201);
  return { id: account.json.id, bban: number, iban: makeIban('NO', number), customerNumber };
}

describe('who is a corporate user (Authentication 4)', () => {
  it(
    'corporate-remembered: after one request with PSU-Context CORPORATE, the ' +
      'same PSU without PSU-Corporate-ID gets 400; another PSU does not',
    withBank(['corporate-remembered'], async ({ bank, debtor }) => {
      const corporate = await bank.call('ncbct.create', {
        body: ncbctBody(debtor, '10.00', 'first'),
        headers: { 'PSU-Context': 'CORPORATE' },
      });
      expect([corporate.status, corporate.json.code]).toEqual([400, 'FORMAT_ERROR']);
      const later = await bank.call('ncbct.create', { body: ncbctBody(debtor, '11.00', 'later') });
      expect([later.status, later.json.code]).toEqual([400, 'FORMAT_ERROR']);
      expect(later.json.message).toContain('needs PSU-Corporate-ID');
      const withId = await bank.call('ncbct.create', {
        body: ncbctBody(debtor, '12.00', 'with id'),
        headers: { 'PSU-Corporate-ID': 'ACME-1' },
      });
      expect(withId.status).toBe(201);
      const other = await bank.call('ncbct.create', {
        body: ncbctBody(debtor, '13.00', 'other psu'),
        headers: { 'PSU-ID': '2d3e4f50-0000-4000-8000-0000000000ff' },
      });
      expect(other.status).toBe(201);
    }),
  );

  it(
    'default: the same sequence forgets the corporate context after the request that carried it',
    withBank([], async ({ bank, debtor }) => {
      const corporate = await bank.call('ncbct.create', {
        body: ncbctBody(debtor, '10.00', 'first'),
        headers: { 'PSU-Context': 'CORPORATE' },
      });
      expect(corporate.status).toBe(400);
      expect((await bank.call('ncbct.create', { body: ncbctBody(debtor, '11.00', 'later') })).status).toBe(201);
    }),
  );

  it(
    'corporate-by-customer-type: a payment from a corporate customer’s account needs ' +
      'PSU-Corporate-ID; PSU-Context CORPORATE on a private account does not',
    withBank(['corporate-by-customer-type'], async ({ bank, debtor }) => {
      const company = await corporateAccount(bank);
      const without = await bank.call('ncbct.create', { body: ncbctBody(company, '10.00', 'corp') });
      expect([without.status, without.json.code]).toEqual([400, 'FORMAT_ERROR']);
      const withId = await bank.call('ncbct.create', {
        body: ncbctBody(company, '10.00', 'corp'),
        headers: { 'PSU-Corporate-ID': 'ACME-1' },
      });
      expect(withId.status).toBe(201);
      const privateAccount = await bank.call('ncbct.create', {
        body: ncbctBody(debtor, '10.00', 'private'),
        headers: { 'PSU-Context': 'CORPORATE' },
      });
      expect(privateAccount.status).toBe(201);
    }),
  );
});

describe('identifiers and links', () => {
  it(
    'ids-uuid: paymentId is a UUID',
    withBank(['ids-uuid'], async ({ bank, debtor }) => {
      const res = await bank.call('ncbct.create', { body: ncbctBody(debtor) });
      expect(res.json.paymentId).toMatch(UUID);
    }),
  );

  it(
    'ids-numeric: paymentId is 18 decimal digits, and its status can be read by it',
    withBank(['ids-numeric'], async ({ bank, debtor }) => {
      const res = await bank.call('ncbct.create', { body: ncbctBody(debtor) });
      expect(res.json.paymentId).toMatch(/^[1-9][0-9]{17}$/);
      const status = await bank.call('payment.status', {
        params: { 'payment-product': 'norwegian-cross-border-credit-transfers', paymentId: res.json.paymentId },
      });
      expect(status.json.transactionStatus).toBe('RCVD');
    }),
  );

  it(
    'links-absolute: hrefs are absolute URLs at the bank',
    withBank(['links-absolute'], async ({ bank, debtor }) => {
      const res = await bank.call('ncbct.create', { body: ncbctBody(debtor) });
      const base = `${bank.url}${NCBCT}/${encodeURIComponent(res.json.paymentId)}`;
      expect(res.json._links).toEqual({
        self: { href: base, verbs: ['GET', 'DELETE'] },
        status: { href: `${base}/status`, verbs: ['GET'] },
        startAuthorisation: { href: `${base}/authorisations`, verbs: ['POST'] },
      });
    }),
  );

  it(
    'links-extra: payment and status carry links beyond the usual set',
    withBank(['links-extra'], async ({ bank, debtor }) => {
      const res = await bank.call('ncbct.create', { body: ncbctBody(debtor) });
      expect(Object.keys(res.json._links).sort()).toEqual([
        'self',
        'startAuthorisation',
        'startAuthorisationWithPsuIdentification',
        'status',
      ]);
      const status = await bank.signed('GET', res.json._links.status.href, {});
      expect(Object.keys(status.json._links).sort()).toEqual(['payment', 'self']);
    }),
  );

  it(
    'links-required-only: no _links on the initiation response or the ' +
      'status; an authorisation carries scaRedirect alone',
    withBank(['links-required-only'], async ({ bank, debtor }) => {
      const res = await bank.call('ncbct.create', { body: ncbctBody(debtor) });
      expect(Object.keys(res.json).sort()).toEqual([
        'paymentId',
        'transactionFeeIndicator',
        'transactionFees',
        'transactionStatus',
      ]);
      const base = `${NCBCT}/${encodeURIComponent(res.json.paymentId)}`;
      expect((await bank.signed('GET', `${base}/status`, {})).json).toEqual({ transactionStatus: 'RCVD' });
      const auth = await bank.signed('POST', `${base}/authorisations`, {
        'TPP-Redirect-URI': 'https://tpp.example/cb',
        'TPP-Session-ID': '0b6a2c1e-0000-4000-8000-000000000001',
        'x-accept-fix': 'amount-as-string',
      });
      expect(auth.status).toBe(201);
      expect(Object.keys(auth.json._links)).toEqual(['scaRedirect']);
    }),
  );

  it(
    'base-path: the API answers under /api-sandbox only, and links carry the prefix',
    withBank(['base-path'], async ({ bank, debtor }) => {
      expect(new URL(bank.url).pathname).toBe('/api-sandbox');
      const res = await bank.call('ncbct.create', { body: ncbctBody(debtor) });
      expect(res.status).toBe(201);
      expect(res.json._links.self.href).toBe(`/api-sandbox${NCBCT}/${encodeURIComponent(res.json.paymentId)}`);
      const unprefixed = await request(`${new URL(bank.url).origin}/v1/signing-baskets/x`);
      expect([unprefixed.statusCode, ((await unprefixed.body.json()) as { code: string }).code]).toEqual([
        404,
        'RESOURCE_UNKNOWN',
      ]);
    }),
  );

  it(
    'base-path-relative-links: the API is under /api-sandbox, links are relative to base_url',
    withBank(['base-path-relative-links'], async ({ bank, debtor }) => {
      const res = await bank.call('ncbct.create', { body: ncbctBody(debtor) });
      expect(res.json._links.self.href).toBe(`${NCBCT}/${encodeURIComponent(res.json.paymentId)}`);
    }),
  );
});

describe('signature, Digest and certificate failures', () => {
  const tampered = (o: Opened) => o.bank.call('ncbct.create', { body: ncbctBody(o.debtor), afterSign: tamperBody });
  const ERROR_KEYS = ['code', 'id', 'message', 'status', 'system'];

  it(
    'default: 401 with the Error body',
    withBank([], async (o) => {
      const res = await tampered(o);
      expect([res.status, Object.keys(res.json).sort()]).toEqual([401, ERROR_KEYS]);
    }),
  );

  it(
    'auth-failure-400: 400 with the Error body',
    withBank(['auth-failure-400'], async (o) => {
      const res = await tampered(o);
      expect([res.status, res.json.status, res.json.code]).toEqual([400, 400, 'FORMAT_ERROR']);
      expect(Object.keys(res.json).sort()).toEqual(ERROR_KEYS);
    }),
  );

  it(
    'auth-failure-challenge: 401 with only the Challenge body, no code',
    withBank(['auth-failure-challenge'], async (o) => {
      const res = await tampered(o);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        _links: { scaRedirect: { href: `${o.bank.url}/sca/authenticate`, verbs: ['GET'] } },
      });
      expect(res.json.code).toBeUndefined();
    }),
  );

  it(
    'auth-failure-tpp-messages: 401 with Berlin Group tppMessages only',
    withBank(['auth-failure-tpp-messages'], async (o) => {
      const res = await tampered(o);
      expect(res.status).toBe(401);
      expect(Object.keys(res.json)).toEqual(['tppMessages']);
      expect(res.json.tppMessages).toEqual([
        { category: 'ERROR', code: 'FORMAT_ERROR', text: expect.stringMatching(/^digest-mismatch: /) },
      ]);
    }),
  );

  it(
    'auth-failure-both-forms: 401 with the Error body and tppMessages',
    withBank(['auth-failure-both-forms'], async (o) => {
      const res = await tampered(o);
      expect([res.status, Object.keys(res.json).sort()]).toEqual([401, [...ERROR_KEYS, 'tppMessages']]);
      expect(res.json.tppMessages[0].code).toBe(res.json.code);
    }),
  );

  it(
    'auth-failure-error-with-challenge: 401 with the Error body and _links.scaRedirect',
    withBank(['auth-failure-error-with-challenge'], async (o) => {
      const res = await tampered(o);
      expect([res.status, Object.keys(res.json).sort()]).toEqual([401, ['_links', ...ERROR_KEYS]]);
      expect(res.json._links.scaRedirect.verbs).toEqual(['GET']);
    }),
  );
});

describe('letter case, whitespace and check digits', () => {
  const lowerBic = (o: Opened) =>
    o.bank.call('ncbct.create', { body: { ...ncbctBody(o.debtor), creditorAgent: 'deutdeff' } });
  const paddedBic = (o: Opened) =>
    o.bank.call('ncbct.create', { body: { ...ncbctBody(o.debtor, '7.00'), creditorAgent: ' DEUTDEFF ' } });
  const upperEnums = (o: Opened) =>
    o.bank.call('sandbox.cardAccount.create', {
      body: {
        ...cardAccount(o.debtor.customerNumber, '12345678901'),
        status: 'ENABLED',
        balances: [{ balanceAmount: { currency: 'NOK', amount: 1200 }, balanceType: 'EXPECTED' }],
      },
    });
  const badIban = (o: Opened) =>
    o.bank.call('sct.create', {
      body: { ...sctBody(o.debtor), creditorAccount: { iban: 'FR1520041010050500013M02606', currency: 'EUR' } },
    });

  it(
    'default: deutdeff, a padded BIC, EXPECTED, a wrong MOD 97 and a wrong KID are 400',
    withBank([], async (o) => {
      expect((await lowerBic(o)).status).toBe(400);
      expect((await paddedBic(o)).status).toBe(400);
      expect((await upperEnums(o)).status).toBe(400);
      expect((await badIban(o)).status).toBe(400);
      expect((await o.bank.call('bulk.create', { body: badKid(o) })).json.code).toBe('KID_INVALID');
    }),
  );

  it(
    'bic-case-insensitive: deutdeff is accepted as DEUTDEFF',
    withBank(['bic-case-insensitive'], async (o) => {
      expect((await lowerBic(o)).status).toBe(201);
      expect((await paddedBic(o)).status).toBe(400);
    }),
  );

  it(
    'trim-whitespace: " DEUTDEFF " is accepted',
    withBank(['trim-whitespace'], async (o) => {
      expect((await paddedBic(o)).status).toBe(201);
      expect((await lowerBic(o)).status).toBe(400);
    }),
  );

  it(
    'platform-upper-case-enums: a card account with EXPECTED and ENABLED is created and echoed as sent',
    withBank(['platform-upper-case-enums'], async (o) => {
      const res = await upperEnums(o);
      expect(res.status).toBe(201);
      expect([res.json.status, res.json.balances[0].balanceType]).toEqual(['ENABLED', 'EXPECTED']);
    }),
  );

  it(
    'check-digits-unverified: a wrong MOD 97 and a wrong KID check digit are accepted; a malformed IBAN is not',
    withBank(['check-digits-unverified'], async (o) => {
      expect((await badIban(o)).status).toBe(201);
      expect((await o.bank.call('bulk.create', { body: badKid(o) })).status).toBe(201);
      const malformed = await o.bank.call('sct.create', {
        body: { ...sctBody(o.debtor, '3.00'), creditorAccount: { iban: 'FR15-2004', currency: 'EUR' } },
      });
      expect(malformed.status).toBe(400);
    }),
  );
});

describe('error codes', () => {
  it(
    'kid-format-error: a wrong KID is 400 FORMAT_ERROR',
    withBank(['kid-format-error'], async (o) => {
      const res = await o.bank.call('bulk.create', { body: badKid(o) });
      expect([res.status, res.json.code]).toEqual([400, 'FORMAT_ERROR']);
    }),
  );

  it(
    'errors-berlin-group: every error body is tppMessages only, a signature failure and an unknown route too',
    withBank(['errors-berlin-group'], async (o) => {
      const res = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor), afterSign: tamperBody });
      expect([res.status, res.json]).toEqual([
        401,
        {
          tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: expect.stringMatching(/^digest-mismatch: /) }],
        },
      ]);
      const missing = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor),
        headers: { 'x-accept-fix': undefined },
      });
      expect([missing.status, Object.keys(missing.json), missing.json.tppMessages[0].code]).toEqual([
        400,
        ['tppMessages'],
        'FORMAT_ERROR',
      ]);
      const route = await request(`${o.bank.url}/v1/nothing`);
      expect([route.statusCode, await route.body.json()]).toEqual([
        404,
        { tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN', text: 'no operation GET /v1/nothing' }] },
      ]);
    }),
  );

  it(
    'error-codes-generic: BAD_REQUEST outside bulk, FORMAT_ERROR on bulk, NOT_FOUND for an unknown route',
    withBank(['error-codes-generic'], async (o) => {
      const ncbct = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor),
        headers: { 'x-accept-fix': undefined },
      });
      expect([ncbct.status, ncbct.json.code]).toEqual([400, 'BAD_REQUEST']);
      const bulk = await o.bank.call('bulk.create', {
        body: bulkBody(o.debtor, o.creditor),
        headers: { 'PSU-IP-Address': undefined },
      });
      expect([bulk.status, bulk.json.code]).toEqual([400, 'FORMAT_ERROR']);
      const route = await request(`${o.bank.url}/v1/nothing`);
      expect([route.statusCode, ((await route.body.json()) as { code: string }).code]).toEqual([404, 'NOT_FOUND']);
    }),
  );
});

describe('fees', () => {
  it(
    'fees-never: neither transactionFees nor transactionFeeIndicator',
    withBank(['fees-never'], async (o) => {
      const res = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor) });
      expect([res.json.transactionFees, res.json.transactionFeeIndicator]).toEqual([undefined, undefined]);
    }),
  );

  it(
    'fees-always: a bulk payment carries NOK 5.00 with the indicator true',
    withBank(['fees-always'], async (o) => {
      const res = await o.bank.call('bulk.create', { body: bulkBody(o.debtor, o.creditor) });
      expect([res.json.transactionFees, res.json.transactionFeeIndicator]).toEqual([
        { amount: '5.00', currency: 'NOK' },
        true,
      ]);
    }),
  );

  it(
    'fees-indicator-false: an NCBCT says false and carries no fees',
    withBank(['fees-indicator-false'], async (o) => {
      const res = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor) });
      expect([res.json.transactionFees, res.json.transactionFeeIndicator]).toEqual([undefined, false]);
    }),
  );
});

describe('logical duplicates', () => {
  it('duplicates-window: refused within 120 s, accepted after', async () => {
    let now = NOW.getTime();
    const o = await open(['duplicates-window'], () => new Date(now));
    try {
      const body = ncbctBody(o.debtor, '21.00', 'window');
      expect((await o.bank.call('ncbct.create', { body })).status).toBe(201);
      now += 119_000;
      expect((await o.bank.call('ncbct.create', { body })).status).toBe(409);
      now += 2_000;
      expect((await o.bank.call('ncbct.create', { body })).status).toBe(201);
    } finally {
      await o.bank.close();
    }
  });

  it(
    'duplicates-never: the same payment twice is 201 twice',
    withBank(['duplicates-never'], async (o) => {
      const body = ncbctBody(o.debtor, '22.00', 'never');
      expect((await o.bank.call('ncbct.create', { body })).status).toBe(201);
      expect((await o.bank.call('ncbct.create', { body })).status).toBe(201);
    }),
  );

  it(
    'duplicates-coarse: same debtor, creditor and amount with another remittance ' +
      'is 409 CONFLICT; allowLogicalDuplicate=true lets it through',
    withBank(['duplicates-coarse'], async (o) => {
      expect((await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor, '23.00', 'one') })).status).toBe(201);
      const again = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor, '23.00', 'two') });
      expect([again.status, again.json.code]).toEqual([409, 'CONFLICT']);
      const allowed = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor, '23.00', 'two'),
        query: { allowLogicalDuplicate: true },
      });
      expect(allowed.status).toBe(201);
    }),
  );
});

describe('payment status', () => {
  for (const [variant, status] of [
    ['status-actc', 'ACTC'],
    ['status-pdng', 'PDNG'],
    ['status-accp', 'ACCP'],
  ] as const)
    it(
      `${variant}: a created payment is ${status}`,
      withBank([variant], async (o) => {
        const res = await o.bank.call('sct.create', { body: sctBody(o.debtor) });
        expect(res.json.transactionStatus).toBe(status);
      }),
    );

  it(
    'status-moves-after-read: the first status read says RCVD, the second ACTC',
    withBank(['status-moves-after-read'], async (o) => {
      const res = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor) });
      const read = () => o.bank.signed('GET', `${NCBCT}/${encodeURIComponent(res.json.paymentId)}/status`, {});
      expect((await read()).json.transactionStatus).toBe('RCVD');
      expect((await read()).json.transactionStatus).toBe('ACTC');
    }),
  );

  it(
    'status-extra-members: a status read carries fundsAvailable and psuMessage',
    withBank(['status-extra-members'], async (o) => {
      const res = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor) });
      const status = await o.bank.signed('GET', `${NCBCT}/${encodeURIComponent(res.json.paymentId)}/status`, {});
      expect(Object.keys(status.json).sort()).toEqual(['_links', 'fundsAvailable', 'psuMessage', 'transactionStatus']);
      expect(status.json.fundsAvailable).toBe(true);
    }),
  );
});

describe('baskets and authorisations', () => {
  const basket = async (o: Opened) => {
    const payment = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor) });
    return o.bank.call('basket.create', { body: { paymentIds: [payment.json.paymentId] } });
  };

  it(
    'basket-created-200: a basket is created with 200 and its id',
    withBank(['basket-created-200'], async (o) => {
      const created = await basket(o);
      expect([created.status, typeof created.json.basketId]).toEqual([200, 'string']);
    }),
  );

  it(
    'open-headers-required: Get signing basket without x-accept-fix and Get engagement without Digest are 400 ' +
      'FORMAT_ERROR; with them, 200',
    withBank(['open-headers-required'], async (o) => {
      const params = { basketId: String((await basket(o)).json.basketId) };
      const bare = await o.bank.call('basket.get', { params, headers: { 'x-accept-fix': undefined } });
      expect([bare.status, bare.json.code, bare.json.message]).toEqual([
        400,
        'FORMAT_ERROR',
        'header x-accept-fix is required',
      ]);
      expect((await o.bank.call('basket.get', { params })).status).toBe(200);
      const agreement = await o.bank.call('sandbox.agreement.create', { body: { owner: '555000113', name: 'A' } });
      const created = await o.bank.call('sandbox.engagement.create', {
        params: { mockAgreementId: agreement.json.id },
        body: ENGAGEMENT,
      });
      const at = { mockAgreementId: String(agreement.json.id), mockEngagementId: String(created.json.id) };
      const undigested = await o.bank.call('sandbox.engagement.get', { params: at, headers: { Digest: undefined } });
      expect([undigested.status, undigested.json.message]).toEqual([400, 'header Digest is required']);
      expect((await o.bank.call('sandbox.engagement.get', { params: at })).status).toBe(200);
    }),
  );

  it(
    'basket-implicit-authorisation: the 201 carries an authorisationId ' +
      'and scaRedirect/scaStatus links, and the redirect works',
    withBank(['basket-implicit-authorisation'], async (o) => {
      const res = await basket(o);
      expect(res.status).toBe(201);
      expect(Object.keys(res.json).sort()).toEqual(['_links', 'authorisationId', 'basketId', 'transactionStatus']);
      expect(Object.keys(res.json._links).sort()).toEqual(['scaRedirect', 'scaStatus', 'self']);
      const sca = await request(`${res.json._links.scaRedirect.href}?result=ok`);
      expect(sca.statusCode).toBe(302);
      await sca.body.dump();
    }),
  );

  it(
    'authorisation-started: the 201 says STARTED with a psuMessage',
    withBank(['authorisation-started'], async (o) => {
      const b = await basket(o);
      const auth = await o.bank.call('basket.startAuthorisation', { params: { basketId: b.json.basketId } });
      expect([auth.status, auth.json.scaStatus, auth.json.psuMessage]).toEqual([201, 'STARTED', 'Bekreft med BankID.']);
    }),
  );

  it(
    'sca-redirect-via-link: the 201 has a scaStatus link only; the authorisation resource offers scaRedirect',
    withBank(['sca-redirect-via-link'], async (o) => {
      const b = await basket(o);
      const auth = await o.bank.call('basket.startAuthorisation', { params: { basketId: b.json.basketId } });
      expect(Object.keys(auth.json._links)).toEqual(['scaStatus']);
      const resource = await o.bank.signed('GET', auth.json._links.scaStatus.href, {});
      expect(resource.json._links.scaRedirect).toEqual({
        href: `${o.bank.url}/sca/${encodeURIComponent(auth.json.authorisationId)}`,
        verbs: ['GET'],
      });
    }),
  );
});

describe('transaction lists', () => {
  const seed = async (o: Opened, dates: string[]) => {
    const added = await o.bank.call('sandbox.transactions.create', {
      params: { mockCardAccountId: o.debtor.id },
      body: dates.map((d, i) => ({ amount: i + 1, bookingDate: d, valueDate: d })),
    });
    expect(added.status).toBe(201);
  };
  const list = (o: Opened, query: Record<string, string | number> = {}) =>
    o.bank.call('sandbox.transactions.list', { params: { mockAccountId: o.debtor.id }, query });
  const dates = ['2026-01-01', '2026-01-02', '2026-01-03'];

  it(
    'transactions-exclusive-range: fromDate and toDate themselves are left out',
    withBank(['transactions-exclusive-range'], async (o) => {
      await seed(o, dates);
      const res = await list(o, { fromDate: '2026-01-01', toDate: '2026-01-03' });
      expect(res.json.map((t: { bookingDate: string }) => t.bookingDate)).toEqual(['2026-01-02']);
    }),
  );

  it(
    'transactions-default-limit: 5 without limit, 7 with limit=7',
    withBank(['transactions-default-limit'], async (o) => {
      await seed(
        o,
        Array.from({ length: 7 }, (_, i) => `2026-01-0${i + 1}`),
      );
      expect((await list(o)).json).toHaveLength(5);
      expect((await list(o, { limit: 7 })).json).toHaveLength(7);
    }),
  );

  it(
    "sandbox-ids-named: an account, an agreement and an engagement name their ids beside their owner's or parent's",
    withBank(['sandbox-ids-named'], async (o) => {
      const agreement = await o.bank.call('sandbox.agreement.create', { body: { owner: '555000114', name: 'A' } });
      expect(agreement.json).toMatchObject({ customerId: '555000114', agreementId: expect.any(String) });
      expect(agreement.json.id).toBeUndefined();
      const engagement = await o.bank.call('sandbox.engagement.create', {
        params: { mockAgreementId: String(agreement.json.agreementId) },
        body: ENGAGEMENT,
      });
      expect(engagement.json).toMatchObject({
        agreementId: agreement.json.agreementId,
        engagementId: expect.any(String),
      });
      const account = await o.bank.call('sandbox.account.create', {
        body: { customerNumber: '01010100002', bban: '12345678903', currency: 'NOK' },
      });
      expect(account.json).toMatchObject({ customerId: '01010100002', accountId: expect.any(String) });
    }),
  );

  it(
    "other-tpp-forbidden: another TPP's read of a TPP's payment and basket is 403 RESOURCE_UNKNOWN",
    withBank(['other-tpp-forbidden'], async (o) => {
      const created = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor, '5.00', 'own'),
        query: { allowLogicalDuplicate: true },
      });
      const paymentId = String(created.json.paymentId);
      const basket = await o.bank.call('basket.create', { body: { paymentIds: [paymentId] } });
      const other = await secondTppTestIdentity();
      const asOther = async (id: OperationId, options: CallOptions) => {
        const { method, path, headers } = o.bank.prepare(id, { ...options, unsigned: true });
        // Signed at the bank's own time, as openBank signs: the bank judges Date by its clock.
        const signed = signRequest({ method, target: path, headers }, other, { now: () => NOW });
        return answer(
          await request(`${new URL(o.bank.url).origin}${path}`, { method: method as 'GET', headers: signed }),
        );
      };
      const read = await asOther('payment.status', {
        params: { 'payment-product': 'norwegian-cross-border-credit-transfers', paymentId },
      });
      const shared = await asOther('basket.get', { params: { basketId: String(basket.json.basketId) } });
      expect([read.status, read.json.code, shared.status, shared.json.code]).toEqual([
        403,
        'RESOURCE_UNKNOWN',
        403,
        'RESOURCE_UNKNOWN',
      ]);
      // The TPP that made them still reads them.
      expect((await o.bank.call('basket.get', { params: { basketId: String(basket.json.basketId) } })).status).toBe(
        200,
      );
    }),
  );

  it(
    'transaction-date-times: a range of dates lists its transactions with date-times at midnight UTC',
    withBank(['transaction-date-times'], async (o) => {
      await seed(o, dates);
      const res = await list(o, { fromDate: '2026-01-02', toDate: '2026-01-03' });
      expect(res.json.map((t: { bookingDate: string; valueDate: string }) => [t.bookingDate, t.valueDate])).toEqual([
        ['2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z'],
        ['2026-01-03T00:00:00Z', '2026-01-03T00:00:00Z'],
      ]);
    }),
  );

  it(
    'transactions-newest-first: booking dates descend',
    withBank(['transactions-newest-first'], async (o) => {
      await seed(o, dates);
      expect((await list(o)).json.map((t: { bookingDate: string }) => t.bookingDate)).toEqual([...dates].reverse());
    }),
  );
});

describe('negotiation', () => {
  it(
    'accept-lenient: Accept text/html still gets JSON (default: 406)',
    withBank(['accept-lenient'], async (o) => {
      const res = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor), headers: { Accept: 'text/html' } });
      expect([res.status, res.headers['content-type']]).toEqual([201, 'application/json; charset=utf-8']);
    }),
  );

  it(
    'content-type-without-charset: application/json alone, on successes and errors',
    withBank(['content-type-without-charset'], async (o) => {
      const res = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor) });
      expect(res.headers['content-type']).toBe('application/json');
      const error = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor), afterSign: tamperBody });
      expect(error.headers['content-type']).toBe('application/json');
    }),
  );

  it(
    'gzip: gzip-encoded when Accept-Encoding offers gzip, plain otherwise',
    withBank(['gzip'], async (o) => {
      const res = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor),
        headers: { 'Accept-Encoding': 'gzip, deflate' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      const r = o.bank.prepare('ncbct.create', { body: ncbctBody(o.debtor, '2.00') });
      const raw = await request(`${new URL(o.bank.url).origin}${r.path}`, {
        method: 'POST',
        headers: { ...r.headers, 'Accept-Encoding': 'gzip' },
        body: r.body ?? '',
      });
      const json = JSON.parse(gunzipSync(Buffer.from(await raw.body.arrayBuffer())).toString('utf8'));
      expect([raw.statusCode, json.transactionStatus]).toEqual([201, 'RCVD']);
      const plain = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor, '3.00') });
      expect([plain.headers['content-encoding'], plain.json.transactionStatus]).toEqual([undefined, 'RCVD']);
    }),
  );

  it(
    'compression-best-offered: the coding Accept-Encoding weighs highest (br first on a tie), plain when none is',
    withBank(['compression-best-offered'], async (o) => {
      const coding = async (offer: string, amount: string) =>
        (
          await o.bank.call('ncbct.create', {
            body: ncbctBody(o.debtor, amount),
            headers: { 'Accept-Encoding': offer },
          })
        ).headers['content-encoding'];
      expect(await coding('gzip, deflate, br', '1.00')).toBe('br');
      expect(await coding('gzip;q=0.5, deflate', '2.00')).toBe('deflate');
      expect(await coding('br;q=0, *;q=0.1', '3.00')).toBe('gzip');
      expect(await coding('identity', '4.00')).toBeUndefined();
      expect(await coding('gzip;q=0, compress', '5.00')).toBeUndefined();
    }),
  );

  it(
    'ignores-accept-language: English texts and no Content-Language, whatever Accept-Language offers',
    withBank(['ignores-accept-language'], async (o) => {
      const res = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor),
        afterSign: tamperBody,
        headers: { 'Accept-Language': 'nb' },
      });
      expect(res.status).toBe(401);
      expect(res.headers['content-language']).toBeUndefined();
      expect(res.json.message).not.toMatch(/^Ugyldig/);
    }),
  );
});

describe('extra content, balances, x-accept-fix', () => {
  it(
    'success-warnings: a WARNING tppMessage with a listed code on a 201',
    withBank(['success-warnings'], async (o) => {
      const res = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor) });
      expect(res.json.tppMessages).toEqual([
        {
          category: 'WARNING',
          code: 'EXECUTION_DATE_INVALID',
          text: 'The payment will be executed on the next banking day.',
        },
      ]);
    }),
  );

  it(
    'extra-response-members: bankReference and createdAt beside the listed members',
    withBank(['extra-response-members'], async (o) => {
      const res = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor) });
      expect([res.json.bankReference, res.json.createdAt]).toEqual(['psd2-reference-bank', NOW.toISOString()]);
    }),
  );

  it(
    'debit-balance: each payment lowers the balance, so a second one ' +
      'beyond what is left is 400 PAYMENT_FAILED (default: 201)',
    async () => {
      for (const [variants, second] of [
        [['debit-balance'], 400],
        [[], 201],
      ] as const) {
        const bank = await openBank({ variants: [...variants], now: () => NOW });
        try {
          const poor = await fundedAccount(bank, 3, 1000);
          expect((await bank.call('sct.create', { body: sctBody(poor, '600.00') })).status).toBe(201);
          const again = await bank.call('sct.create', { body: sctBody(poor, '601.00') });
          expect([again.status, again.json.code]).toEqual([second, second === 400 ? 'PAYMENT_FAILED' : undefined]);
        } finally {
          await bank.close();
        }
      }
    },
  );

  it(
    'accept-fix-payment-value-only: amount-as-string passes on a payment, longer-name is 400 FORMAT_ERROR',
    withBank(['accept-fix-payment-value-only'], async (o) => {
      const payment = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor) });
      expect(payment.status).toBe(201);
      const other = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor, '5.00'),
        headers: { 'x-accept-fix': 'longer-name' },
      });
      expect([other.status, other.json.code]).toEqual([400, 'FORMAT_ERROR']);
    }),
  );

  it(
    'accept-fix-known-only: a list of named values passes, an unknown value is 400 FORMAT_ERROR',
    withBank(['accept-fix-known-only'], async (o) => {
      const known = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor),
        headers: { 'x-accept-fix': 'amount-as-string, longer-name' },
      });
      expect(known.status).toBe(201);
      const unknown = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor, '5.00'),
        headers: { 'x-accept-fix': 'future-change' },
      });
      expect([unknown.status, unknown.json.code]).toEqual([400, 'FORMAT_ERROR']);
    }),
  );
});

/** Sends a request prepared (and signed) earlier, e.g. before the bank's clock moved on. */
async function send(bank: TestBank, r: ReturnType<TestBank['prepare']>) {
  const res = await request(`${new URL(bank.url).origin}${r.path}`, {
    method: r.method as 'POST',
    headers: r.headers,
    ...(r.body ? { body: r.body } : {}),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

/** A sandbox account whose bban fails MOD11 (platform-notes.md: 43427943323), as a real client creates it. */
async function badMod11Account(bank: TestBank): Promise<Funded> {
  const account = await bank.call('sandbox.account.create', {
    body: {
      customerNumber: '01078900497',
      bban: '43427943323',
      iban: 'NO6243427943323',
      currency: 'NOK',
      balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 10000, currency: 'NOK' } }],
    },
  });
  expect(account.status).toBe(201);
  return { id: account.json.id, bban: '43427943323', iban: 'NO6243427943323', customerNumber: '01078900497' };
}

describe('the two ends: strict and lenient', () => {
  it(
    'strict refuses what the default accepts: unknown members and query parameters, unknown ' +
      'x-accept-fix, a coarse duplicate, MOD11 of a sandbox bban, a Date 2 minutes off',
    async () => {
      let now = NOW.getTime();
      const clock = () => new Date(now);
      for (const variants of [['strict'], []] satisfies VariantId[][]) {
        const o = await open(variants, clock);
        const strict = variants.length > 0;
        const refused = strict ? 400 : 201;
        try {
          const member = await o.bank.call('ncbct.create', { body: { ...ncbctBody(o.debtor, '31.00'), note: 'x' } });
          expect([member.status, member.json.code]).toEqual([refused, strict ? 'FORMAT_ERROR' : undefined]);
          const query = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor, '32.00'), query: { debug: 1 } });
          expect(query.status).toBe(refused);
          const fix = await o.bank.call('ncbct.create', {
            body: ncbctBody(o.debtor, '33.00'),
            headers: { 'x-accept-fix': 'future-change' },
          });
          expect(fix.status).toBe(refused);
          expect((await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor, '34.00', 'one') })).status).toBe(201);
          const coarse = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor, '34.00', 'two') });
          expect(coarse.status).toBe(strict ? 409 : 201);
          const mod11 = await o.bank.call('ncbct.create', { body: ncbctBody(await badMod11Account(o.bank), '35.00') });
          expect(mod11.status).toBe(refused);
          const early = o.bank.prepare('ncbct.create', { body: ncbctBody(o.debtor, '36.00') });
          now += 120_000;
          expect((await send(o.bank, early)).status).toBe(strict ? 401 : 201);
        } finally {
          now = NOW.getTime();
          await o.bank.close();
        }
      }
    },
  );

  it(
    'lenient accepts what the default refuses: letter case, padding, check digits, ' +
      'duplicates, past dates, any Accept, empty bulk and basket, a Date 30 minutes off',
    async () => {
      let now = NOW.getTime();
      const clock = () => new Date(now);
      for (const variants of [['lenient'], []] satisfies VariantId[][]) {
        const o = await open(variants, clock);
        const lenient = variants.length > 0;
        const refusedByDefault = (status: number) => expect(status === 201).toBe(lenient);
        try {
          refusedByDefault(
            (
              await o.bank.call('ncbct.create', {
                body: { ...ncbctBody(o.debtor, '41.00'), creditorAgent: 'deutdeff' },
              })
            ).status,
          );
          refusedByDefault(
            (
              await o.bank.call('ncbct.create', {
                body: { ...ncbctBody(o.debtor, '42.00'), creditorAgent: ' DEUTDEFF' },
              })
            ).status,
          );
          const past = await o.bank.call('ncbct.create', {
            body: { ...ncbctBody(o.debtor, '43.00'), requestedExecutionDate: '2026-05-01' },
          });
          expect([past.status, past.json.code]).toEqual(lenient ? [201, undefined] : [400, 'EXECUTION_DATE_INVALID']);
          const body = ncbctBody(o.debtor, '44.00', 'twice');
          expect((await o.bank.call('ncbct.create', { body })).status).toBe(201);
          refusedByDefault((await o.bank.call('ncbct.create', { body })).status);
          const html = await o.bank.call('ncbct.create', {
            body: ncbctBody(o.debtor, '45.00'),
            headers: { Accept: 'text/html' },
          });
          expect(html.status).toBe(lenient ? 201 : 406);
          refusedByDefault(
            (await o.bank.call('bulk.create', { body: { ...bulkBody(o.debtor, o.creditor), payments: [] } })).status,
          );
          refusedByDefault((await o.bank.call('basket.create', { body: { paymentIds: [] } })).status);
          refusedByDefault(
            (
              await o.bank.call('sct.create', {
                body: {
                  ...sctBody(o.debtor, '46.00'),
                  creditorAccount: { iban: 'FR1520041010050500013M02606', currency: 'EUR' },
                },
              })
            ).status,
          );
          const early = o.bank.prepare('ncbct.create', { body: ncbctBody(o.debtor, '47.00') });
          now += 1_800_000;
          expect((await send(o.bank, early)).status).toBe(lenient ? 201 : 401);
        } finally {
          now = NOW.getTime();
          await o.bank.close();
        }
      }
    },
  );
});

describe('journeys: what SCA does to payments (transitions: not shown)', () => {
  /** Creates a payment, starts its authorisation (or takes the implicit one), and approves it. */
  const approved = async (o: Opened) => {
    const created = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor, '12.00', 'sca') });
    const id = created.json.paymentId as string;
    const started = created.json._links.scaRedirect
      ? created
      : await o.bank.signed('POST', `${NCBCT}/${encodeURIComponent(id)}/authorisations`, {
          'TPP-Redirect-URI': 'https://tpp.example/callback',
          'TPP-Session-ID': '0b6a2c1e-0000-4000-8000-000000000002',
          'x-accept-fix': 'amount-as-string',
        });
    const sca = await request(`${started.json._links.scaRedirect.href}?result=ok`);
    await sca.body.dump();
    const status = async () =>
      (await o.bank.signed('GET', `${NCBCT}/${encodeURIComponent(id)}/status`, {})).json.transactionStatus as string;
    return { created, status };
  };

  it(
    'payment-implicit-authorisation: the 201 carries scaRedirect and scaStatus instead of startAuthorisation',
    withBank(['payment-implicit-authorisation'], async (o) => {
      const { created, status } = await approved(o);
      expect(Object.keys(created.json._links).sort()).toEqual(['scaRedirect', 'scaStatus', 'self', 'status']);
      expect(await status()).toBe('ACTC');
    }),
  );

  it(
    'status-pdng-before-acsc: an approved payment reads PDNG once, then ACSC',
    withBank(['status-pdng-before-acsc'], async (o) => {
      const { status } = await approved(o);
      expect([await status(), await status()]).toEqual(['PDNG', 'ACSC']);
    }),
  );

  it(
    'booking-after-sca: ACSC once approved, and in the debtor’s transactions only from then on',
    withBank(['booking-after-sca'], async (o) => {
      const list = async () =>
        (await o.bank.call('sandbox.transactions.list', { params: { mockAccountId: o.debtor.id } })).json as unknown[];
      const before = (await list()).length;
      const { status } = await approved(o);
      expect([await status(), (await list()).length]).toEqual(['ACSC', before + 1]);
    }),
  );
});

describe('offers it cannot meet, future-dated payments, deletion', () => {
  it(
    'english-only-406: an Accept-Language without English and an Accept-Charset without UTF-8 get 406',
    withBank(['english-only-406'], async (o) => {
      const narrow = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor),
        headers: { 'Accept-Language': 'nb' },
      });
      expect([narrow.status, narrow.json.code]).toEqual([406, 'FORMAT_ERROR']);
      const charset = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor),
        headers: { 'Accept-Charset': 'iso-8859-1' },
      });
      expect(charset.status).toBe(406);
      const english = await o.bank.call('ncbct.create', {
        body: ncbctBody(o.debtor),
        headers: { 'Accept-Language': 'nb, en;q=0.5', 'Accept-Charset': 'utf-8' },
        query: { allowLogicalDuplicate: true },
      });
      expect([english.status, english.headers['content-language']]).toEqual([201, undefined]);
    }),
  );

  it(
    'future-dated-as-approved: an approved payment dated ahead is ACTC, as any approved payment',
    withBank(['future-dated-as-approved'], async (o) => {
      const created = await o.bank.call('ncbct.create', {
        body: { ...ncbctBody(o.debtor), requestedExecutionDate: '2026-07-08' },
      });
      await approvedThroughRedirect(o.bank, created);
      const status = await o.bank.signed('GET', created.json._links.status.href, {});
      expect(status.json.transactionStatus).toBe('ACTC');
    }),
  );

  it(
    'delete-refused: DELETE of a payment is 403 FORBIDDEN whatever its status',
    withBank(['delete-refused'], async (o) => {
      const created = await o.bank.call('ncbct.create', { body: ncbctBody(o.debtor) });
      const answer = await o.bank.call('payment.delete', {
        params: { 'payment-product': 'norwegian-cross-border-credit-transfers', paymentId: created.json.paymentId },
      });
      expect([answer.status, answer.json.code]).toEqual([403, 'FORBIDDEN']);
    }),
  );
});

describe('connections', () => {
  /** One GET on a keep-alive connection: the answer's headers, and the connection's socket, left idle. */
  const idleAfterOneAnswer = (url: string) =>
    new Promise<{ res: IncomingMessage; socket: Socket; agent: NodeAgent }>((resolve, reject) => {
      const agent = new NodeAgent({ keepAlive: true, maxSockets: 1 });
      get(`${url}/v1/signing-baskets/unknown`, { agent }, (res) => {
        const socket = res.socket;
        res.resume();
        res.on('end', () => resolve({ res, socket, agent }));
      }).on('error', reject);
    });

  it(
    'idle-connections-closed-fast: an idle kept-alive connection is closed by the bank, and no Keep-Alive header ' +
      'announced it (default: Keep-Alive: timeout=72, fastify’s)',
    async () => {
      for (const [variants, keepAlive] of [
        [['idle-connections-closed-fast'], undefined],
        [[], 'timeout=72'],
      ] as const) {
        const bank = await openBank({ variants: [...variants], now: () => NOW });
        try {
          const { res, socket, agent } = await idleAfterOneAnswer(bank.url);
          expect([res.headers.connection, res.headers['keep-alive']]).toEqual(['keep-alive', keepAlive]);
          // Waits for the bank to close it (an event, no clock): the test's own timeout is the hang guard.
          if (variants.length)
            await new Promise((resolve) => (socket.destroyed ? resolve(0) : socket.once('close', resolve)));
          agent.destroy();
        } finally {
          await bank.close();
        }
      }
    },
  );
});
