import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../schemas/index.js';
import { bulkBody, ncbctBody } from '../../suites/support/bodies.js';
import { fundedAccount, openBank, type TestBank } from './support.js';

/**
 * POST /v1/sandbox/accounts/{id}/transactions keeps the list inside interface.md › Sandbox transaction (all
 * members required, amount int32, bankTransactionCode 4 to 14): wrong types and lengths are 400 FORMAT_ERROR,
 * omitted members get the bank's defaults, and the list always validates (Sandbox.transaction.fields.required).
 */
const NOW = new Date('2026-03-15T08:00:00Z');
let bank: TestBank;

beforeAll(async () => {
  bank = await openBank({ now: () => NOW });
});
afterAll(() => bank.close());

const full = {
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
};
const list = async (id: string) => bank.call('sandbox.transactions.list', { params: { mockAccountId: id } });
const add = async (id: string, body: unknown) =>
  bank.call('sandbox.transactions.create', { params: { mockCardAccountId: id }, body });

describe('adding sandbox transactions', () => {
  it('wrong types and lengths are 400 FORMAT_ERROR naming the member, and nothing of the batch is added', async () => {
    const account = await fundedAccount(bank, 71);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1.5 }, 'transaction 1: amount must be an int32'],
      [{ amount: 2147483648 }, 'transaction 1: amount must be an int32'],
      [{ amount: '-7' }, 'transaction 1: amount must be an int32'],
      [{ bankTransactionCode: 'ABC' }, 'transaction 1: bankTransactionCode must be a string of 4 to 14 characters'],
      [
        { bankTransactionCode: 'PMNT-ICDT-DMCTX' },
        'transaction 1: bankTransactionCode must be a string of 4 to 14 characters',
      ],
      [{ creditorName: 42 }, 'transaction 1: creditorName must be a string'],
      [{ creditorAccount: 'x' }, 'transaction 1: creditorAccount must be an object with string iban and bban'],
      [{ debtorAccount: { iban: 1 } }, 'transaction 1: debtorAccount must be an object with string iban and bban'],
      [{ bookingDate: '2026-02-30' }, 'transaction 1: bookingDate must be a date (YYYY-MM-DD)'],
      [{ valueDate: 20260301 }, 'transaction 1: valueDate must be a date (YYYY-MM-DD)'],
    ];
    for (const [change, message] of cases) {
      const res = await add(account.id, [full, { ...full, ...change }]);
      expect([JSON.stringify(change), res.status, res.json.code, res.json.message]).toEqual([
        JSON.stringify(change),
        400,
        'FORMAT_ERROR',
        message,
      ]);
    }
    const missingAmount = await add(account.id, { creditorName: 'x' });
    expect([missingAmount.status, missingAmount.json.message]).toEqual([
      400,
      'transaction 0: amount is required (an int32)',
    ]);
    expect((await list(account.id)).json).toEqual([]);
  });

  it(
    'omitted members get the defaults: text "", accounts with empty iban and ' +
      "bban, dates today, currency the account's, a 4-to-14 code",
    async () => {
      const account = await fundedAccount(bank, 72);
      const res = await add(account.id, [
        { amount: -5 },
        { amount: 9, bookingDate: '2026-03-02', creditorAccount: { bban: '12345678903' } },
      ]);
      expect(res.status).toBe(201);
      const all = await list(account.id);
      const base = `/v1/sandbox/accounts/${encodeURIComponent(account.id)}/transactions/`;
      const blank = {
        remittanceInformationUnstructured: '',
        creditorName: '',
        debtorName: '',
        ultimateDebtor: '',
        ultimateCreditor: '',
        purposeCode: '',
        debtorAccount: { iban: '', bban: '' },
      };
      expect(all.json).toEqual([
        {
          ...blank,
          id: expect.stringMatching(/^enc!!T/),
          amount: 9,
          currency: 'NOK',
          valueDate: '2026-03-02',
          bookingDate: '2026-03-02',
          creditorAccount: { iban: '', bban: '12345678903' },
          bankTransactionCode: 'PMNT-RCDT-DMCT',
          _links: { self: { href: `${base}${encodeURIComponent(all.json[0].id)}`, verbs: ['GET'] } },
        },
        {
          ...blank,
          id: expect.stringMatching(/^enc!!T/),
          amount: -5,
          currency: 'NOK',
          valueDate: '2026-03-15',
          bookingDate: '2026-03-15',
          creditorAccount: { iban: '', bban: '' },
          bankTransactionCode: 'PMNT-ICDT-DMCT',
          _links: { self: { href: `${base}${encodeURIComponent(all.json[1].id)}`, verbs: ['GET'] } },
        },
      ]);
      expect(validate('SandboxTransactionList', all.json)).toEqual([]);
      expect(res.json).toEqual([all.json[1], all.json[0]]);
    },
  );
});

describe('transactions recorded from sandbox payments', () => {
  it("NCBCT: the creditor's account from the payment body, the debtor's name from the customer", async () => {
    const account = await fundedAccount(bank, 73);
    expect((await bank.call('ncbct.create', { body: ncbctBody(account, '42.40', 'recorded') })).status).toBe(201);
    const all = await list(account.id);
    expect(all.json).toEqual([
      {
        id: expect.stringMatching(/^enc!!T/),
        amount: -42,
        currency: 'NOK',
        valueDate: '2026-03-15',
        bookingDate: '2026-03-15',
        remittanceInformationUnstructured: 'recorded',
        creditorName: 'Max Mustermann GmbH',
        creditorAccount: { iban: 'DE89370400440532013000', bban: '' },
        debtorName: 'Kari 73',
        debtorAccount: { iban: account.iban, bban: account.bban },
        bankTransactionCode: 'PMNT-ICDT-XBCT',
        ultimateDebtor: '',
        ultimateCreditor: '',
        purposeCode: 'OTHR',
        _links: {
          self: {
            href:
              `/v1/sandbox/accounts/${encodeURIComponent(account.id)}` +
              `/transactions/${encodeURIComponent(all.json[0].id)}`,
            verbs: ['GET'],
          },
        },
      },
    ]);
    expect(validate('SandboxTransactionList', all.json)).toEqual([]);
  });

  it("bulk: one transaction per entry, with that entry's creditor, amount and remittance", async () => {
    const debtor = await fundedAccount(bank, 74);
    const creditor = await fundedAccount(bank, 75);
    const body = bulkBody(debtor, creditor);
    const second = {
      ...body.payments[0],
      instructedAmount: { amount: '20.00', currency: 'NOK' },
      creditorName: 'Kari Nordmann',
      remittanceInformationUnstructured: 'Husleie',
    };
    expect((await bank.call('bulk.create', { body: { ...body, payments: [body.payments[0], second] } })).status).toBe(
      201,
    );
    const all = await list(debtor.id);
    expect(
      all.json.map((t: Record<string, unknown>) => [
        t.amount,
        t.creditorName,
        t.creditorAccount,
        t.remittanceInformationUnstructured,
        t.debtorName,
        t.bankTransactionCode,
      ]),
    ).toEqual([
      [-10, 'Ola Nordmann', { iban: '', bban: creditor.bban }, 'Lønn', 'Kari 74', 'PMNT-ICDT-DMCT'],
      [-20, 'Kari Nordmann', { iban: '', bban: creditor.bban }, 'Husleie', 'Kari 74', 'PMNT-ICDT-DMCT'],
    ]);
    expect(validate('SandboxTransactionList', all.json)).toEqual([]);
  });
});
