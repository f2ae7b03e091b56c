import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkBody, ncbctBody, sctBody } from '../../suites/support/bodies.js';
import { DEFAULTS, accountRequest, fundedAccount, openBank, type Funded, type TestBank } from './support.js';

/** Payment initiation (interface.md › Endpoints 3, 4, 5; Errors) against the reference bank. */
const NOW = new Date('2026-06-01T10:00:00Z');
const OPAQUE = /^enc!![A-Za-z0-9]+==$/;
let bank: TestBank;
let debtor: Funded;
let creditor: Funded;
let poor: Funded;

beforeAll(async () => {
  bank = await openBank({ now: () => NOW });
  debtor = await fundedAccount(bank, 1);
  creditor = await fundedAccount(bank, 2);
  poor = await fundedAccount(bank, 3, 100);
});
afterAll(() => bank.close());

const links = (base: string) => ({
  self: { href: base, verbs: ['GET', 'DELETE'] },
  status: { href: `${base}/status`, verbs: ['GET'] },
  startAuthorisation: { href: `${base}/authorisations`, verbs: ['POST'] },
});

describe('payment creation (Payment.create.201, PaymentResponse.*)', () => {
  it(
    'NCBCT: 201, opaque enc!! id, RCVD, NOK 2.50 fee with indicator, ' +
      'self/status/startAuthorisation links with verbs',
    async () => {
      const res = await bank.call('ncbct.create', { body: ncbctBody(debtor, '1250.00', 'ncbct 201') });
      expect(res.status).toBe(201);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json.paymentId).toMatch(OPAQUE);
      const base = `/v1/payments/norwegian-cross-border-credit-transfers/${encodeURIComponent(res.json.paymentId)}`;
      expect(res.json).toEqual({
        paymentId: res.json.paymentId,
        transactionStatus: 'RCVD',
        transactionFees: { amount: '2.50', currency: 'NOK' },
        transactionFeeIndicator: true,
        _links: links(base),
      });
    },
  );

  it('SCT: 201 with the fee in the debtor currency (EUR, two decimals)', async () => {
    const res = await bank.call('sct.create', { body: sctBody(debtor, '99.99') });
    expect(res.status).toBe(201);
    const base = `/v1/payments/sepa-credit-transfers/${encodeURIComponent(res.json.paymentId)}`;
    expect(res.json).toEqual({
      paymentId: expect.stringMatching(OPAQUE),
      transactionStatus: 'RCVD',
      transactionFees: { amount: '2.50', currency: 'EUR' },
      transactionFeeIndicator: true,
      _links: links(base),
    });
  });

  it('bulk: 201 with a bulk-payments link set and no fee', async () => {
    const res = await bank.call('bulk.create', { body: bulkBody(debtor, creditor) });
    expect(res.status).toBe(201);
    const base = `/v1/bulk-payments/norwegian-domestic-credit-transfers/${encodeURIComponent(res.json.paymentId)}`;
    expect(res.json).toEqual({
      paymentId: expect.stringMatching(OPAQUE),
      transactionStatus: 'RCVD',
      transactionFeeIndicator: false,
      _links: links(base),
    });
  });

  it('every link the creation hands out answers: status 200 RCVD, detail 200, startAuthorisation 201', async () => {
    const created = await bank.call('bulk.create', {
      body: { ...bulkBody(debtor, creditor), paymentInformationId: 'links-work' },
    });
    const l = created.json._links;
    expect((await bank.signed('GET', l.status.href, {})).json.transactionStatus).toBe('RCVD');
    const detail = await bank.signed('GET', l.self.href, {});
    expect([detail.status, detail.json.paymentInformationId, detail.json.transactionStatus]).toEqual([
      200,
      'links-work',
      'RCVD',
    ]);
    const auth = await bank.signed('POST', l.startAuthorisation.href, {
      'TPP-Redirect-URI': 'https://tpp.example/cb',
      'TPP-Session-ID': 'session-1',
      'x-accept-fix': 'amount-as-string',
    });
    expect([auth.status, auth.json.scaStatus]).toEqual([201, 'RECEIVED']);
  });

  it(
    "x-accept-fix amount-as-string: the fee is a string with the debtor currency's " + 'minor units (JPY 0, BHD 3)',
    async () => {
      const fee = async (currency: string) =>
        (
          await bank.call('ncbct.create', {
            body: { ...ncbctBody(debtor, '1.00', `fee ${currency}`), debtorAccount: { bban: '12345678903', currency } },
          })
        ).json.transactionFees;
      expect([await fee('JPY'), await fee('BHD')]).toEqual([
        { amount: '3', currency: 'JPY' },
        { amount: '2.500', currency: 'BHD' },
      ]);
    },
  );

  it('payment status of a created NCBCT: 200 RCVD', async () => {
    const created = await bank.call('ncbct.create', { body: ncbctBody(debtor, '3.00', 'status') });
    const res = await bank.call('payment.status', {
      params: { 'payment-product': 'norwegian-cross-border-credit-transfers', paymentId: created.json.paymentId },
    });
    expect([res.status, res.json.transactionStatus]).toEqual([200, 'RCVD']);
  });
});

describe('rejections', () => {
  it(
    'a schema violation (creditorName over 70) is 400 FORMAT_ERROR naming the rule ' + '(NCBCT.creditorName.max70)',
    async () => {
      const res = await bank.call('ncbct.create', { body: { ...ncbctBody(debtor), creditorName: 'x'.repeat(71) } });
      expect([res.status, res.json.code]).toEqual([400, 'FORMAT_ERROR']);
      expect(res.json.message).toContain('NCBCT.creditorName.max70');
      expect(Object.keys(res.json).sort()).toEqual(['code', 'id', 'message', 'status', 'system']);
    },
  );

  it('a KID with a wrong check digit is 400 KID_INVALID, never 401 (Errors.kid.400)', async () => {
    const body = bulkBody(debtor, creditor);
    const { remittanceInformationUnstructured: _, ...entry } = body.payments[0] as Record<string, unknown>;
    const res = await bank.call('bulk.create', {
      body: {
        ...body,
        payments: [{ ...entry, remittanceInformationStructured: { reference: '1234567890', referenceType: 'KID' } }],
      },
    });
    expect([res.status, res.json.code]).toEqual([400, 'KID_INVALID']);
  });

  it(
    'a corporate PSU without PSU-Corporate-ID is 400, never 500 ' + '(Errors.corporateWithoutCorporateId.400)',
    async () => {
      const res = await bank.call('ncbct.create', {
        body: ncbctBody(debtor, '4.00', 'corp'),
        headers: { 'PSU-Context': 'CORPORATE' },
      });
      expect([res.status, res.json.code]).toEqual([400, 'FORMAT_ERROR']);
      expect(res.json.message).toContain('PSU-Corporate-ID');
      const withId = await bank.call('ncbct.create', {
        body: ncbctBody(debtor, '4.00', 'corp'),
        headers: { 'PSU-Context': 'CORPORATE', 'PSU-Corporate-ID': 'bedrift-1' },
      });
      expect(withId.status).toBe(201);
    },
  );

  it('a requestedExecutionDate before today is 400 EXECUTION_DATE_INVALID; today is accepted', async () => {
    const past = await bank.call('sct.create', {
      body: { ...sctBody(debtor, '5.00'), requestedExecutionDate: '2026-05-31' },
    });
    expect([past.status, past.json.code]).toEqual([400, 'EXECUTION_DATE_INVALID']);
    const today = await bank.call('sct.create', {
      body: { ...sctBody(debtor, '5.00'), requestedExecutionDate: '2026-06-01' },
    });
    expect(today.status).toBe(201);
  });

  it(
    'a payment beyond the sandbox balance is 400 PAYMENT_FAILED, not 500 ' +
      '(Errors.insufficientFunds.notServerError)',
    async () => {
      const res = await bank.call('ncbct.create', { body: ncbctBody(poor, '100.01', 'too much') });
      expect([res.status, res.json.code]).toEqual([400, 'PAYMENT_FAILED']);
      expect((await bank.call('ncbct.create', { body: ncbctBody(poor, '100.00', 'just enough') })).status).toBe(201);
    },
  );

  it(
    'a logical duplicate (same product and body) is 409 CONFLICT unless allowLogicalDuplicate=true ' +
      '(docs/real-bank.md)',
    async () => {
      const body = ncbctBody(debtor, '6.00', 'duplicate');
      expect((await bank.call('ncbct.create', { body })).status).toBe(201);
      const again = await bank.call('ncbct.create', { body });
      expect([again.status, again.json.code]).toEqual([409, 'CONFLICT']);
      const allowed = await bank.call('ncbct.create', { body, query: { allowLogicalDuplicate: true } });
      expect(allowed.status).toBe(201);
      const explicitFalse = await bank.call('ncbct.create', { body, query: { allowLogicalDuplicate: false } });
      expect(explicitFalse.status).toBe(409);
      const notBoolean = await bank.call('ncbct.create', { body, query: { allowLogicalDuplicate: 'yes' } });
      expect([notBoolean.status, notBoolean.json.code]).toEqual([400, 'FORMAT_ERROR']);
    },
  );

  it(
    'a product the platform has but this route does not offer is 403 PRODUCT_INVALID; ' +
      'an unknown one 404 PRODUCT_UNKNOWN',
    async () => {
      const headers = { 'PSU-ID': DEFAULTS.psu.id, 'PSU-IP-Address': DEFAULTS.psu.ipAddress };
      const invalid = await bank.signed(
        'POST',
        '/v1/payments/instant-norwegian-domestic-credit-transfers-straks',
        headers,
        ncbctBody(debtor),
      );
      expect([invalid.status, invalid.json.code]).toEqual([403, 'PRODUCT_INVALID']);
      const unknown = await bank.signed('POST', '/v1/payments/martian-credit-transfers', headers, ncbctBody(debtor));
      expect([unknown.status, unknown.json.code]).toEqual([404, 'PRODUCT_UNKNOWN']);
      const status = await bank.call('payment.status', {
        params: { 'payment-product': 'martian-credit-transfers', paymentId: 'enc!!x==' },
      });
      expect([status.status, status.json.code]).toEqual([404, 'PRODUCT_UNKNOWN']);
    },
  );

  it('an unknown payment id is 404 RESOURCE_UNKNOWN', async () => {
    const res = await bank.call('payment.status', {
      params: { 'payment-product': 'sepa-credit-transfers', paymentId: 'enc!!nothing==' },
    });
    expect([res.status, res.json.code]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });

  it('missing required headers are 400 naming the header (Headers.*.required)', async () => {
    const noIp = await bank.call('ncbct.create', { body: ncbctBody(debtor), headers: { 'PSU-IP-Address': undefined } });
    expect([noIp.status, noIp.json.message]).toEqual([
      400,
      'header PSU-IP-Address is required (Headers.PSU-IP-Address.required)',
    ]);
    const noFix = await bank.call('sct.create', { body: sctBody(debtor), headers: { 'x-accept-fix': undefined } });
    expect([noFix.status, noFix.json.message]).toEqual([
      400,
      'header x-accept-fix is required (Headers.x-accept-fix.required)',
    ]);
    const badPsu = await bank.call('sct.create', { body: sctBody(debtor), headers: { 'PSU-ID': 'not-a-uuid' } });
    expect([badPsu.status, badPsu.json.message]).toEqual([400, 'PSU-ID must be a UUID (Headers.PSU-ID.uuid)']);
  });

  it('X-PSU-IDENTITY may replace PSU-ID', async () => {
    const res = await bank.call('ncbct.create', {
      body: ncbctBody(debtor, '8.00', 'identity'),
      headers: { 'PSU-ID': undefined, 'X-PSU-IDENTITY': '01017012345' },
    });
    expect(res.status).toBe(201);
  });

  it(
    'X-PSU-IDENTITY that is not 11 digits (a national identity or D-number) is 400 ' +
      'FORMAT_ERROR (interface.md › Group I)',
    async () => {
      for (const value of ['123', '0101701234', '010170123456', '0101701234x']) {
        const res = await bank.call('ncbct.create', {
          body: ncbctBody(debtor, '8.01', `identity ${value}`),
          headers: { 'PSU-ID': undefined, 'X-PSU-IDENTITY': value },
        });
        expect([value, res.status, res.json.code, res.json.message]).toEqual([
          value,
          400,
          'FORMAT_ERROR',
          'X-PSU-IDENTITY must be an 11-digit national identity or D-number',
        ]);
      }
    },
  );

  it('a logical duplicate is found whatever the order of the JSON keys, at any depth', async () => {
    const body = ncbctBody(debtor, '6.50', 'reordered');
    expect((await bank.call('ncbct.create', { body })).status).toBe(201);
    const reordered = Object.fromEntries(
      Object.entries({ ...body, instructedAmount: { currency: 'NOK', amount: '6.50' } }).reverse(),
    );
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(body));
    const again = await bank.call('ncbct.create', { body: reordered });
    expect([again.status, again.json.code]).toEqual([409, 'CONFLICT']);
  });
});

describe(
  "payments from the real client's sandbox account whose bban fails MOD11 " +
    '(platform-notes.md; AccountReference.bban.norwegianMod11 is a SHOULD)',
  () => {
    const account = { ...accountRequest('01078900497', '43427943323'), accountName: 'Sparekonto' };
    const sandboxDebtor = { bban: '43427943323', iban: 'NO6243427943323', id: '', customerNumber: '01078900497' };

    beforeAll(async () => {
      expect(
        (
          await bank.call('sandbox.customer.create', {
            body: { customerNumber: '01078900497', name: 'Kari Nordmann', type: 'private' },
          })
        ).status,
      ).toBe(201);
      expect((await bank.call('sandbox.account.create', { body: account })).status).toBe(201);
    });

    it('NCBCT and bulk from it are 201: a known sandbox account is accepted whatever its check digit', async () => {
      const ncbct = await bank.call('ncbct.create', { body: ncbctBody(sandboxDebtor, '10.00', 'from 43427943323') });
      expect([ncbct.status, ncbct.json.transactionStatus]).toEqual([201, 'RCVD']);
      const bulk = await bank.call('bulk.create', { body: bulkBody(sandboxDebtor, creditor) });
      expect([bulk.status, bulk.json.transactionStatus]).toEqual([201, 'RCVD']);
    });

    it('paid to it as creditor in a bulk: 201', async () => {
      const bulk = await bank.call('bulk.create', { body: bulkBody(debtor, sandboxDebtor) });
      expect(bulk.status).toBe(201);
    });

    it('an unknown bban with a wrong MOD11 check digit is still 400 FORMAT_ERROR naming the rule', async () => {
      const res = await bank.call('ncbct.create', {
        body: ncbctBody({ ...sandboxDebtor, bban: '86011117948' }, '10.00', 'unknown'),
      });
      expect([res.status, res.json.code, res.json.message]).toEqual([
        400,
        'FORMAT_ERROR',
        expect.stringContaining('(AccountReference.bban.norwegianMod11)'),
      ]);
    });
  },
);
