import { missingFrom } from './compare.js';
import { defineCheck } from './registry.js';
import type { ObservedExchange } from './types.js';

/** interface.md › Sandbox engagement, Sandbox card account, Sandbox transaction: what the test data reads back as. */

const listed = (exchange: ObservedExchange): unknown[] =>
  Array.isArray(exchange.response?.json) ? exchange.response.json : [];

export const fieldsEchoedCheck = defineCheck<{ sent: unknown }>({
  name: 'fields_echoed',
  judges: 'a created card account comes back with every field as sent (members the bank adds are its own)',
  reports: ['Sandbox.cardAccount.response.shape'],
  judge: ({ exchange, facts }, verdict) => {
    const echoed = missingFrom(facts?.sent, exchange.response?.json);
    const message = echoed.length ? `fields differ from the request: ${echoed.join(', ')}` : 'every field echoed';
    return [verdict('Sandbox.cardAccount.response.shape', echoed.length === 0, message)];
  },
});

export const roundTripCheck = defineCheck<{ created: unknown }>({
  name: 'round_trip',
  judges: 'an engagement reads back with every member it was created with (roles in any order)',
  reports: ['Sandbox.engagement.roundTrip'],
  judge: ({ exchange, facts }, verdict) => {
    const got = exchange.response?.json;
    const missing = missingFrom(facts?.created, got);
    const differs = missing.length ? `: differs at ${missing.join(', ')}` : '';
    const message = `created ${JSON.stringify(facts?.created)}, read ${JSON.stringify(got)}${differs}`;
    return [verdict('Sandbox.engagement.roundTrip', missing.length === 0, message)];
  },
});

export const setupAcceptedCheck = defineCheck<{ what: string }>({
  name: 'setup_accepted',
  judges: "the sandbox accepts a real client's set-up data (a 2xx): no MOD11 on a bban, engagements without limits",
  reports: ['Sandbox.setup.noMod11'],
  judge: ({ exchange, facts }, verdict) => {
    const status = exchange.response?.status ?? 0;
    return [
      verdict('Sandbox.setup.noMod11', status >= 200 && status < 300, `${facts?.what}: ${exchange.response?.status}`),
    ];
  },
});

const amountOf = (t: unknown): number => Math.abs(Number((t as { amount?: unknown } | null)?.amount));

/**
 * Each created transaction is listed: one per created amount (the test gives each its own), whatever else the list
 * holds. A list of as many transactions that are not the created ones does not pass.
 */
export const includesCreatedCheck = defineCheck<{ created: readonly { amount: number }[] }>({
  name: 'includes_created',
  judges: 'the transaction list holds each transaction created (matched by its amount)',
  reports: ['Sandbox.transactions.includesCreated'],
  judge: ({ exchange, facts }, verdict) => {
    const amounts = listed(exchange).map(amountOf);
    const created = (Array.isArray(facts?.created) ? facts.created : []).map(amountOf);
    const missing = created.filter((amount) => !amounts.includes(amount));
    const message =
      `${amounts.length} transactions listed, ${created.length} created` +
      (missing.length ? `; not listed: the ones of amount ${missing.join(', ')}` : '');
    return [verdict('Sandbox.transactions.includesCreated', missing.length === 0, message)];
  },
});

export const limitCheck = defineCheck<{ limit: number }>({
  name: 'limit',
  judges: 'a transaction list asked for with limit n holds n transactions (where more exist)',
  reports: ['Sandbox.transactions.limit.honoured'],
  judge: ({ exchange, facts }, verdict) => {
    const n = listed(exchange).length;
    return [verdict('Sandbox.transactions.limit.honoured', n === facts?.limit, `limit=${facts?.limit} returned ${n}`)];
  },
});

export const pagingCheck = defineCheck<{ range: Record<string, unknown>; paged: string[]; whole: string[] }>({
  name: 'paging',
  judges: 'pages of offset and limit, put together, are the whole list: they neither overlap nor skip',
  reports: ['Sandbox.transactions.offset.honoured'],
  judge: ({ facts = { range: {}, paged: [], whole: [] } }, verdict) => {
    const { range, paged, whole } = facts;
    const message = `${JSON.stringify(range)}: pages of 2 gave [${paged.join(', ')}], whole list [${whole.join(', ')}]`;
    return [verdict('Sandbox.transactions.offset.honoured', JSON.stringify(paged) === JSON.stringify(whole), message)];
  },
});

/** The range asked for, and a date strictly inside it where a transaction was booked. */
interface DateRange {
  fromDate: string;
  toDate: string;
  inside: string;
}

/**
 * The day of each listed transaction. bookingDate and valueDate are typed "string" and nothing more, so a date-time
 * (2026-03-15T00:00:00Z) is as good as a date: the day is its first ten characters.
 */
const bookedDates = (exchange: ObservedExchange): string[] =>
  listed(exchange).map((t) => {
    const { bookingDate, valueDate } = (t && typeof t === 'object' ? t : {}) as Record<string, unknown>;
    const value = String(bookingDate ?? valueDate ?? '');
    return /^\d{4}-\d{2}-\d{2}(?:[T ]|$)/.test(value) ? value.slice(0, 10) : value;
  });
const shown = (dates: string[], { fromDate, toDate }: DateRange) =>
  `${fromDate}..${toDate} gave ${dates.join(', ') || 'nothing'}`;

export const dateRangeCheck = defineCheck<DateRange>({
  name: 'date_range',
  judges: 'a transaction list asked for with fromDate..toDate holds the transactions inside and none outside',
  reports: ['Sandbox.transactions.dateRange.honoured'],
  judge: ({ exchange, facts = { fromDate: '', toDate: '', inside: '' } }, verdict) => {
    const dates = bookedDates(exchange);
    const within = dates.every((d) => d >= facts.fromDate && d <= facts.toDate);
    const message = `${shown(dates, facts)} (expected ${facts.inside} and nothing outside)`;
    return [verdict('Sandbox.transactions.dateRange.honoured', within && dates.includes(facts.inside), message)];
  },
});

export const dateRangeInclusiveCheck = defineCheck<DateRange>({
  name: 'date_range_inclusive',
  judges: "a date range includes its ends, as Berlin Group's dateFrom/dateTo do (interface.md does not say: SHOULD)",
  reports: ['Sandbox.transactions.dateRange.honoured'],
  judge: ({ exchange, facts = { fromDate: '', toDate: '', inside: '' } }, verdict) => {
    const dates = bookedDates(exchange);
    const ok = dates.includes(facts.fromDate) && dates.includes(facts.toDate);
    const message = `${shown(dates, facts)} (the ends are included by convention)`;
    return [verdict('Sandbox.transactions.dateRange.honoured', ok, message, { atMost: 'SHOULD' })];
  },
});

export const noSandboxCheck = defineCheck({
  name: 'no_sandbox',
  judges: 'a production interface does not offer the sandbox operations (404, 403, 405 or 501)',
  reports: ['Sandbox.notInProduction'],
  judge: ({ exchange }, verdict) => {
    const status = exchange.response?.status ?? 0;
    const ok = [404, 403, 405, 501].includes(status);
    return [verdict('Sandbox.notInProduction', ok, `a sandbox operation answered ${status}`)];
  },
});
