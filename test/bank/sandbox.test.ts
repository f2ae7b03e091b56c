import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ncbctBody } from '../../suites/support/bodies.js';
import {
  ENGAGEMENT,
  accountRequest,
  cardAccount,
  fundedAccount,
  openBank,
  transactionRequest,
  type TestBank,
} from './support.js';

/**
 * Sandbox operations (interface.md › Sandbox engagement, card account, transaction; Endpoints 6–9;
 * platform-notes.md set-up).
 */
const NOW = new Date('2026-03-15T08:00:00Z');
let bank: TestBank;

beforeAll(async () => {
  bank = await openBank({ now: () => NOW });
});
afterAll(() => bank.close());

const visible = async (customerNumber: string) =>
  (await bank.signed('GET', `/v1/sandbox/customers/${customerNumber}/consent-accounts`, {})).json.accounts as {
    cardAccountId?: string;
    roles: string[];
    account: unknown;
  }[];

describe("a real client's sandbox set-up calls succeed when signed (Sandbox.setup.lenient)", () => {
  it('private customer: 201 with customerId, customerNumber, customerType, customerName and a self link', async () => {
    const res = await bank.call('sandbox.customer.create', {
      body: { customerNumber: '01078900497', name: 'Kari Nordmann', type: 'private' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      customerId: expect.stringMatching(/^enc!!C/),
      customerNumber: '01078900497',
      customerType: 'private',
      customerName: 'Kari Nordmann',
      _links: { self: { href: `/v1/sandbox/customers/${encodeURIComponent(res.json.customerId)}`, verbs: ['GET'] } },
    });
  });

  it(
    'accounts with EXPECTED balances, including bban 43427943323 whose MOD11 check ' +
      'digit is wrong: 201 with id and customerNumber',
    async () => {
      const body = accountRequest('01078900497', '90412263056');
      const first = await bank.call('sandbox.account.create', { body });
      expect(first.status).toBe(201);
      expect(first.json).toEqual({ ...body, id: expect.stringMatching(/^enc!!A/) });
      const wrongMod11 = await bank.call('sandbox.account.create', {
        body: { ...body, accountName: 'Sparekonto', bban: '43427943323', iban: 'NO6243427943323' },
      });
      expect([wrongMod11.status, wrongMod11.json.customerNumber]).toEqual([201, '01078900497']);
    },
  );

  it(
    'card account of the private customer: 201 echoing the request with resourceId ' + 'and self/transactions links',
    async () => {
      const body = cardAccount('01078900497', '90412263064');
      const res = await bank.call('sandbox.cardAccount.create', { body });
      expect(res.status).toBe(201);
      const base = `/v1/sandbox/card-accounts/${encodeURIComponent(res.json.resourceId)}`;
      expect(res.json).toEqual({
        ...body,
        resourceId: expect.stringMatching(/^enc!!K/),
        _links: {
          self: { href: base, verbs: ['GET'] },
          transactions: { href: `${base}/transactions`, verbs: ['GET'] },
        },
      });
    },
  );

  it('corporate customer and an agreement whose engagements lack registerLimit and approvalLimit: 201', async () => {
    const corporate = await bank.call('sandbox.customer.create', {
      body: { customerNumber: '998877665', name: 'Bedrift AS', type: 'corporate' },
    });
    expect([corporate.status, corporate.json.customerType]).toEqual([201, 'corporate']);
    const engagements = [
      { customer: '01078900497', account: { iban: 'NO6243427943323' }, roles: ['REGISTER', 'VIEW'] },
    ];
    const agreement = await bank.call('sandbox.agreement.create', {
      body: { owner: '998877665', name: 'Avtale', engagements },
    });
    expect(agreement.status).toBe(201);
    expect(agreement.json).toEqual({
      id: expect.stringMatching(/^enc!!G/),
      owner: '998877665',
      name: 'Avtale',
      engagements: [{ ...engagements[0], id: expect.stringMatching(/^enc!!E/) }],
    });
  });

  it('set-up bodies of the wrong shape are 400 FORMAT_ERROR, not 500', async () => {
    for (const [id, body] of [
      ['sandbox.customer.create', ['not', 'an', 'object']],
      ['sandbox.customer.create', { customerNumber: 42 }],
      ['sandbox.customer.create', { customerNumber: '1', type: 'robot' }],
      ['sandbox.account.create', { balances: 'many' }],
      ['sandbox.agreement.create', { owner: '1', engagements: [null] }],
      ['sandbox.agreement.create', { owner: '1', engagements: { a: 1 } }],
    ] as const) {
      const res = await bank.call(id, { body });
      expect([id, res.status, res.json.code]).toEqual([id, 400, 'FORMAT_ERROR']);
    }
  });
});

describe('engagements (Endpoints 6, 7; Sandbox.engagement.*)', () => {
  it('create 201 and read 200 give back customer, account, roles and limits; an unknown agreement is 404', async () => {
    const agreement = await bank.call('sandbox.agreement.create', { body: { owner: '555000111', name: 'A' } });
    const body = ENGAGEMENT;
    const created = await bank.call('sandbox.engagement.create', {
      params: { mockAgreementId: agreement.json.id },
      body,
    });
    expect([created.status, created.json]).toEqual([201, { ...body, id: expect.stringMatching(/^enc!!E/) }]);
    const read = await bank.call('sandbox.engagement.get', {
      params: { mockAgreementId: agreement.json.id, mockEngagementId: created.json.id },
    });
    expect([read.status, read.json]).toEqual([200, { ...body, id: created.json.id }]);
    const unknown = await bank.call('sandbox.engagement.create', { params: { mockAgreementId: 'enc!!none==' }, body });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });

  it('an engagement role outside the list is 400 FORMAT_ERROR (Sandbox.engagement.roles.enum)', async () => {
    const agreement = await bank.call('sandbox.agreement.create', { body: { owner: '555000112', name: 'A' } });
    const res = await bank.call('sandbox.engagement.create', {
      params: { mockAgreementId: agreement.json.id },
      body: {
        customer: 'c',
        account: { iban: 'NO9386011117947' },
        roles: ['KING'],
        registerLimit: 1,
        approvalLimit: 1,
      },
    });
    expect([res.status, res.json.code]).toEqual([400, 'FORMAT_ERROR']);
  });

  it(
    'an engagement is offered for consent only with both REGISTER and VIEW ' +
      '(Sandbox.engagement.consentNeedsRegisterAndView)',
    async () => {
      const agreement = await bank.call('sandbox.agreement.create', { body: { owner: '555000113', name: 'A' } });
      const engage = (iban: string, roles: string[]) =>
        bank.call('sandbox.engagement.create', {
          params: { mockAgreementId: agreement.json.id },
          body: { customer: '02020200002', account: { iban }, roles, registerLimit: 1, approvalLimit: 1 },
        });
      await engage('NO1111111111111', ['VIEW']);
      await engage('NO2222222222222', ['REGISTER']);
      await engage('NO3333333333333', ['REGISTER', 'VIEW', 'APPROVE']);
      expect((await visible('02020200002')).map((a) => a.account)).toEqual([{ iban: 'NO3333333333333' }]);
    },
  );
});

describe('card accounts join agreements (Sandbox.cardAccount.privateJoinsAgreement, corporateNeedsAgreement)', () => {
  it("a private customer's new card account is offered to them at once", async () => {
    await bank.call('sandbox.customer.create', {
      body: { customerNumber: '03030300003', name: 'Ola', type: 'private' },
    });
    const card = await bank.call('sandbox.cardAccount.create', { body: cardAccount('03030300003', '12345678903') });
    expect((await visible('03030300003')).map((a) => a.cardAccountId)).toEqual([card.json.resourceId]);
  });

  it("a corporate customer's card account appears only after POST /v1/sandbox/agreements names it", async () => {
    await bank.call('sandbox.customer.create', {
      body: { customerNumber: '777666555', name: 'Firma AS', type: 'corporate' },
    });
    const card = await bank.call('sandbox.cardAccount.create', { body: cardAccount('777666555', '77766655501') });
    expect(await visible('04040400004')).toEqual([]);
    expect(await visible('777666555')).toEqual([]);
    await bank.call('sandbox.agreement.create', {
      body: {
        owner: '777666555',
        name: 'Kort',
        engagements: [{ customer: '04040400004', account: { iban: '77766655501' }, roles: ['REGISTER', 'VIEW'] }],
      },
    });
    expect((await visible('04040400004')).map((a) => a.cardAccountId)).toEqual([card.json.resourceId]);
  });
});

describe('transactions (Endpoint 9; Sandbox.transactions.*)', () => {
  const tx = (bookingDate: string, n: number) =>
    transactionRequest({ amount: -n, valueDate: bookingDate, bookingDate, remittanceInformationUnstructured: `t${n}` });

  it(
    'the list holds created transactions and sandbox payments, filtered by date and ' + 'paged by offset and limit',
    async () => {
      const account = await fundedAccount(bank, 31);
      const added = await bank.call('sandbox.transactions.create', {
        params: { mockCardAccountId: account.id },
        body: [tx('2026-01-10', 1), tx('2026-02-10', 2), tx('2026-03-01', 3), tx('2026-03-10', 4)],
      });
      expect(added.status).toBe(201);
      expect((await bank.call('ncbct.create', { body: ncbctBody(account, '42.00', 'sandbox payment') })).status).toBe(
        201,
      );
      const list = async (query: Record<string, string | number>) =>
        bank.call('sandbox.transactions.list', { params: { mockAccountId: account.id }, query });

      const all = await list({});
      expect(all.status).toBe(200);
      expect(
        all.json.map((t: { remittanceInformationUnstructured: string }) => t.remittanceInformationUnstructured),
      ).toEqual(['t1', 't2', 't3', 't4', 'sandbox payment']);
      const payment = all.json[4];
      expect([payment.amount, payment.currency, payment.bookingDate, payment.creditorName]).toEqual([
        -42,
        'NOK',
        '2026-03-15',
        'Max Mustermann GmbH',
      ]);

      const dated = await list({ fromDate: '2026-02-01', toDate: '2026-03-05' });
      expect(dated.json.map((t: { bookingDate: string }) => t.bookingDate)).toEqual(['2026-02-10', '2026-03-01']);
      const page = await list({ offset: 1, limit: 2 });
      expect(
        page.json.map((t: { remittanceInformationUnstructured: string }) => t.remittanceInformationUnstructured),
      ).toEqual(['t2', 't3']);
      const past = await list({ offset: 10 });
      expect(past.json).toEqual([]);
    },
  );

  it(
    'limit < 1, a limit that is not an int32 and a date that is not a date are 400 ' +
      'FORMAT_ERROR; an unknown account 404',
    async () => {
      const account = await fundedAccount(bank, 32);
      for (const query of [
        { limit: 0 },
        { limit: -1 },
        { limit: 2147483648 },
        { offset: 'x' },
        { fromDate: '2026-02-30' },
      ]) {
        const res = await bank.call('sandbox.transactions.list', { params: { mockAccountId: account.id }, query });
        expect([JSON.stringify(query), res.status, res.json.code]).toEqual([
          JSON.stringify(query),
          400,
          'FORMAT_ERROR',
        ]);
      }
      const unknown = await bank.call('sandbox.transactions.list', { params: { mockAccountId: 'enc!!none==' } });
      expect([unknown.status, unknown.json.code]).toEqual([404, 'RESOURCE_UNKNOWN']);
    },
  );
});

describe('POST /v1/sandbox/initialize', () => {
  it('resets the sandbox: accounts, payments and baskets made before are gone', async () => {
    const scratch = await openBank();
    try {
      const account = await fundedAccount(scratch, 41);
      const payment = await scratch.call('ncbct.create', { body: ncbctBody(account, '1.00', 'before reset') });
      expect((await scratch.call('sandbox.initialize', { body: {} })).status).toBe(201);
      expect((await scratch.call('sandbox.transactions.list', { params: { mockAccountId: account.id } })).status).toBe(
        404,
      );
      expect(
        (
          await scratch.call('payment.status', {
            params: { 'payment-product': 'norwegian-cross-border-credit-transfers', paymentId: payment.json.paymentId },
          })
        ).status,
      ).toBe(404);
      // The duplicate memory is gone too: the same body is a new payment again.
      const again = await fundedAccount(scratch, 41);
      expect((await scratch.call('ncbct.create', { body: ncbctBody(again, '1.00', 'before reset') })).status).toBe(201);
    } finally {
      await scratch.close();
    }
  });
});
