import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ncbctBody } from '../../suites/support/bodies.js';
import { cardAccount, fundedAccount, openBank, type TestBank } from './support.js';

/**
 * Every link a sandbox answer hands out answers 200 to a signed GET (interface.md › Resources: Link with href and
 * verbs).
 */
const NOW = new Date('2026-03-15T08:00:00Z');
let bank: TestBank;

beforeAll(async () => {
  bank = await openBank({ now: () => NOW });
});
afterAll(() => bank.close());

const tx = {
  amount: -120,
  currency: 'NOK',
  valueDate: '2026-03-02',
  bookingDate: '2026-03-02',
  remittanceInformationUnstructured: 'Kiosk',
  creditorName: 'Kiosk AS',
  creditorAccount: { iban: '', bban: '12345678903' },
  debtorName: 'Kari',
  debtorAccount: { iban: '', bban: '90412263064' },
  bankTransactionCode: 'PMNT-CCRD-POSD',
  ultimateDebtor: '',
  ultimateCreditor: '',
  purposeCode: 'OTHR',
};

describe('sandbox links answer 200', () => {
  it("a customer's self link reads the customer back", async () => {
    const customer = await bank.call('sandbox.customer.create', {
      body: { customerNumber: '06060600006', name: 'Per', type: 'private' },
    });
    const self = await bank.signed('GET', customer.json._links.self.href, {});
    expect([self.status, self.json]).toEqual([
      200,
      {
        customerId: customer.json.customerId,
        customerNumber: '06060600006',
        customerType: 'private',
        customerName: 'Per',
        _links: customer.json._links,
      },
    ]);
  });

  it("a card account's self link reads it back; its transactions link lists what was added to it", async () => {
    await bank.call('sandbox.customer.create', {
      body: { customerNumber: '07070700007', name: 'Kari', type: 'private' },
    });
    const card = await bank.call('sandbox.cardAccount.create', { body: cardAccount('07070700007', '90412263064') });
    expect(card.status).toBe(201);
    const base = `/v1/sandbox/card-accounts/${encodeURIComponent(card.json.resourceId)}`;
    expect(card.json._links).toEqual({
      self: { href: base, verbs: ['GET'] },
      transactions: { href: `${base}/transactions`, verbs: ['GET'] },
    });
    const self = await bank.signed('GET', card.json._links.self.href, {});
    expect([self.status, self.json]).toEqual([200, card.json]);
    expect(
      (
        await bank.call('sandbox.cardTransactions.create', {
          params: { mockCardAccountId: card.json.resourceId },
          body: [tx],
        })
      ).status,
    ).toBe(201);
    const transactions = await bank.signed('GET', card.json._links.transactions.href, {});
    expect([transactions.status, transactions.json.map((t: { creditorName: string }) => t.creditorName)]).toEqual([
      200,
      ['Kiosk AS'],
    ]);
    const txSelf = transactions.json[0]._links.self.href as string;
    expect(txSelf.startsWith(`${base}/transactions/`)).toBe(true);
    const one = await bank.signed('GET', txSelf, {});
    expect([one.status, one.json]).toEqual([200, transactions.json[0]]);
  });

  it("every listed transaction's self link (added ones and sandbox payments) reads that transaction back", async () => {
    const account = await fundedAccount(bank, 61);
    expect(
      (await bank.call('sandbox.transactions.create', { params: { mockCardAccountId: account.id }, body: [tx] }))
        .status,
    ).toBe(201);
    expect((await bank.call('ncbct.create', { body: ncbctBody(account, '15.00', 'linked payment') })).status).toBe(201);
    const list = await bank.call('sandbox.transactions.list', { params: { mockAccountId: account.id } });
    expect(list.json).toHaveLength(2);
    for (const t of list.json as { _links: { self: { href: string; verbs: string[] } } }[]) {
      expect(t._links.self.verbs).toEqual(['GET']);
      const one = await bank.signed('GET', t._links.self.href, {});
      expect([t._links.self.href, one.status, one.json]).toEqual([t._links.self.href, 200, t]);
    }
  });

  it('an unknown card account, customer or transaction is 404 RESOURCE_UNKNOWN', async () => {
    const account = await fundedAccount(bank, 62);
    for (const path of [
      '/v1/sandbox/card-accounts/enc!!none==',
      '/v1/sandbox/card-accounts/enc!!none==/transactions',
      '/v1/sandbox/customers/enc!!none==',
      `/v1/sandbox/accounts/${encodeURIComponent(account.id)}/transactions/enc!!none==`,
    ]) {
      const res = await bank.signed('GET', path, {});
      expect([path, res.status, res.json.code]).toEqual([path, 404, 'RESOURCE_UNKNOWN']);
    }
  });
});
