import { describe } from 'vitest';
import {
  checkAccepted,
  checkRejected,
  dateRangeCheck,
  dateRangeInclusiveCheck,
  includesCreatedCheck,
  limitCheck,
  pagingCheck,
} from '../checks/index.js';
import { TRANSACTION_QUERY_BREAKERS, broken } from '../generators/index.js';
import { account, customer, perFile, uniqueName, type Account } from './support/fixtures.js';
import { rejectsEveryCase } from './support/breakers.js';
import { operation } from './support/request.js';
import { conformanceTest } from './support/conformance-test.js';
import type { Session } from './support/session.js';

/** interface.md › Sandbox transaction; Endpoint 9 (offset, limit ≥ 1, date range). */

/** The first created transaction's amount; each next one's is one more, so each is told apart by its amount. */
const AMOUNT = 100;
const DATES = ['2026-01-05', '2026-02-10', '2026-03-15', '2026-04-20', '2026-05-25', '2026-06-30', '2026-07-04'];

async function makeAccountWithTransactions(s: Session): Promise<Account> {
  const acc = await account(s, await customer(s));
  const transactions = DATES.map((date, i) => ({
    amount: AMOUNT + i,
    currency: 'NOK',
    valueDate: date,
    bookingDate: date,
    remittanceInformationUnstructured: uniqueName(s, `tx${i}`),
    creditorName: 'Kafé',
    creditorAccount: { iban: acc.iban, bban: acc.bban },
    debtorName: 'Kari',
    debtorAccount: { iban: 'NO9386011117947', bban: '86011117947' },
    bankTransactionCode: 'PMNT-RCDT-ESCT',
    ultimateDebtor: 'Kari',
    ultimateCreditor: 'Kafé',
    purposeCode: 'OTHR',
  }));
  const exchange = await s.call('sandbox.transactions.create', {
    params: { mockCardAccountId: acc.id },
    body: transactions,
  });
  if ((exchange.response?.status ?? 0) >= 300)
    throw new Error(
      `fixture: could not add transactions (${exchange.response?.status}): ${exchange.response?.text.slice(0, 200)}`,
    );
  return acc;
}

/**
 * One account with the transactions above per file: the tests only read its list (each with queries of its own),
 * so they share it instead of making three requests each.
 */
let sharedAccount: (() => Promise<Account>) | undefined;
const accountWithTransactions = (s: Session): Promise<Account> =>
  (sharedAccount ??= perFile('account with transactions', () => makeAccountWithTransactions(s)))();

/**
 * A bank may apply a default limit when `limit` is absent (interface.md names none) and may list in any order:
 * a test that needs the whole list asks for it with an explicit limit far above what it created.
 */
const WHOLE = { limit: 1000 };

const ids = (json: unknown): string[] =>
  Array.isArray(json) ? json.map((t) => String((t as { id?: unknown }).id)) : [];
const list = (s: Session, acc: Account, query: Record<string, string | number | undefined>) =>
  s.call('sandbox.transactions.list', { params: { mockAccountId: acc.id }, query });

describe('sandbox transactions', () => {
  conformanceTest(
    {
      requirementIds: [
        'Sandbox.transactions.list.200',
        'Sandbox.transaction.fields.required',
        'Sandbox.transactions.includesCreated',
      ],
      operation: 'sandbox.transactions.list',
      situationsOn: ['sandbox.transactions.create'],
      title: 'the list holds the created transactions, each with every member',
    },
    async ({ s, judge }) => {
      const acc = await accountWithTransactions(s);
      const exchange = await list(s, acc, WHOLE);
      judge(exchange, [
        ...checkAccepted(exchange, operation('sandbox.transactions.list'), 'Sandbox.transactions.list.200'),
        ...includesCreatedCheck.run({ exchange, facts: { created: DATES.map((_, i) => ({ amount: AMOUNT + i })) } }),
      ]);
    },
  );

  conformanceTest(
    {
      requirementIds: 'Sandbox.transactions.limit.honoured',
      operation: 'sandbox.transactions.list',
      title: 'limit caps the number of transactions returned',
    },
    async ({ s, judge }) => {
      const acc = await accountWithTransactions(s);
      for (const limit of [1, 3]) {
        const exchange = await list(s, acc, { limit });
        judge(exchange, limitCheck.run({ exchange, facts: { limit } }));
      }
    },
  );

  conformanceTest(
    {
      requirementIds: 'Sandbox.transactions.offset.honoured',
      operation: 'sandbox.transactions.list',
      title: 'pages of offset and limit neither overlap nor skip, with and without a date range',
    },
    async ({ s, judge }) => {
      const acc = await accountWithTransactions(s);
      // The date range must not change how offset counts: a server that drops offset when dates are given must not
      // pass.
      // The whole list is fetched the same way as the pages (with offset and an explicit limit); the order is the
      // bank's, only assumed stable between calls.
      for (const range of [{}, { fromDate: '2026-02-01', toDate: '2026-07-31' }]) {
        const whole = ids((await list(s, acc, { ...range, offset: 0, ...WHOLE })).response?.json);
        const paged: string[] = [];
        let last: Awaited<ReturnType<typeof list>> | undefined;
        for (let offset = 0; offset < whole.length; offset += 2) {
          last = await list(s, acc, { ...range, offset, limit: 2 });
          paged.push(...ids(last.response?.json));
        }
        if (!last) throw new Error(`no transactions listed for ${JSON.stringify(range)}`);
        judge(last, pagingCheck.run({ exchange: last, facts: { range, paged, whole } }));
      }
    },
  );

  conformanceTest(
    {
      requirementIds: 'Sandbox.transactions.dateRange.honoured',
      operation: 'sandbox.transactions.list',
      title: 'only transactions within fromDate..toDate are returned',
    },
    async ({ s, judge }) => {
      const acc = await accountWithTransactions(s);
      const range = { fromDate: '2026-02-10', toDate: '2026-04-20', inside: '2026-03-15' };
      const exchange = await list(s, acc, { fromDate: range.fromDate, toDate: range.toDate, ...WHOLE });
      // interface.md does not say whether the range includes its ends; Berlin Group's dateFrom/dateTo do.
      judge(exchange, [
        ...dateRangeCheck.run({ exchange, facts: range }),
        ...dateRangeInclusiveCheck.run({ exchange, facts: range }),
      ]);
    },
  );

  rejectsEveryCase({
    breakers: TRANSACTION_QUERY_BREAKERS,
    operation: 'sandbox.transactions.list',
    what: 'list queries',
    sender: async (s) => {
      // A query that breaks a rule reads nothing: every rule's cases ask the file's shared account.
      const acc = await accountWithTransactions(s);
      return (breaker, value) => list(s, acc, broken({}, breaker, value) as Record<string, string | number>);
    },
  });

  conformanceTest(
    {
      requirementIds: 'Errors.unknownResource.404',
      operation: 'sandbox.transactions.list',
      title: 'the transactions of an unknown account give 404',
    },
    async ({ s, judge }) => {
      const exchange = await s.call('sandbox.transactions.list', {
        params: { mockAccountId: `enc!!none-${s.ctx.runTag}==` },
      });
      judge(exchange, checkRejected(exchange, 'Errors.unknownResource.404'));
    },
  );
});
