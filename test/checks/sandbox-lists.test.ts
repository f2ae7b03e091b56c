import { describe, expect, it } from 'vitest';
import { dateRangeCheck, includesCreatedCheck, type ObservedExchange } from '../../checks/index.js';

/** interface.md › Sandbox transaction: bookingDate and valueDate are "string", with no format beyond that. */
function list(dates: string[]): ObservedExchange {
  const body = dates.map((d) => ({ bookingDate: d, valueDate: d }));
  const text = JSON.stringify(body);
  return {
    request: { method: 'GET', url: 'http://bank/v1/sandbox/accounts/a/transactions?fromDate=2026-02-10' },
    response: { status: 200, headers: { 'content-type': 'application/json' }, text, json: body },
  };
}

const facts = { fromDate: '2026-02-10', toDate: '2026-04-20', inside: '2026-03-15' };
const judged = (dates: string[]) => dateRangeCheck.run({ exchange: list(dates), facts }).map((r) => r.ok);

describe('date_range: the day a transaction was booked, however the string writes it', () => {
  it('dates inside the range, written as dates or as date-times, pass', () => {
    expect(judged(['2026-02-10', '2026-03-15', '2026-04-20'])).toEqual([true]);
    expect(judged(['2026-02-10T00:00:00Z', '2026-03-15T00:00:00Z', '2026-04-20T23:59:59+01:00'])).toEqual([true]);
  });

  it('a date-time outside the range fails, and so does a list without the transaction inside it', () => {
    expect(judged(['2026-03-15T00:00:00Z', '2026-04-21T00:00:00Z'])).toEqual([false]);
    expect(judged(['2026-02-10T00:00:00Z'])).toEqual([false]);
  });
});

/** interface.md › Endpoints › 9: "The list holds all transactions on the account, including ones created …". */
describe('includes_created: each created transaction is listed', () => {
  const listOf = (amounts: unknown[]): ObservedExchange => {
    const body = amounts.map((amount, i) => ({ amount, bookingDate: '2026-01-05', id: `t${i}` }));
    const text = JSON.stringify(body);
    return {
      request: { method: 'GET', url: 'http://bank/v1/sandbox/accounts/a/transactions' },
      response: { status: 200, headers: { 'content-type': 'application/json' }, text, json: body },
    };
  };
  const created = [{ amount: 100 }, { amount: 101 }];
  const judged = (amounts: unknown[]) =>
    includesCreatedCheck.run({ exchange: listOf(amounts), facts: { created } }).map((r) => [r.ok, r.message]);

  it('passes with the created ones among others, in any order, their amounts signed or not', () => {
    expect(judged([5, -101, 100])).toEqual([[true, '3 transactions listed, 2 created']]);
  });

  it('fails with as many transactions that are not the created ones', () => {
    expect(judged([1, 1])).toEqual([
      [false, '2 transactions listed, 2 created; not listed: the ones of amount 100, 101'],
    ]);
  });
});
