import { unambiguousBasketStatus, worstCaseBasketStatus } from '../spec/index.js';
import { defineCheck } from './registry.js';
import type { ObservedExchange } from './types.js';

/** interface.md › Signing basket and Basket authorisation: what a basket's responses must say. */

const member = (exchange: ObservedExchange, name: string): unknown =>
  (exchange.response?.json as Record<string, unknown> | undefined)?.[name];

export const basketIdCheck = defineCheck<{ basketId: string | undefined }>({
  name: 'basket_id',
  judges: 'a created basket can be found again: its response names it (basketId, Location or a self link)',
  reports: ['Basket.create.201'],
  judge: ({ facts }, verdict) => [
    verdict('Basket.create.201', facts?.basketId !== undefined, 'basketId in the response'),
  ],
});

export const basketPaymentsCheck = defineCheck<{ paymentIds: string[] }>({
  name: 'basket_payments',
  judges: 'a basket reads back with exactly the payments put in it: no more, no fewer',
  reports: ['Basket.payments.array'],
  judge: ({ exchange, facts }, verdict) => {
    const payments = member(exchange, 'payments');
    const put = [...(facts?.paymentIds ?? [])].sort();
    const ok = Array.isArray(payments) && JSON.stringify([...payments].sort()) === JSON.stringify(put);
    return [
      verdict('Basket.payments.array', ok, `payments ${JSON.stringify(payments)}, put in ${JSON.stringify(put)}`),
    ];
  },
});

/** Its payments' statuses read before and after the basket was read. */
interface PaymentStatuses {
  before: string[];
  after: string[];
}

const seen = (exchange: ObservedExchange, { before, after }: PaymentStatuses): string =>
  `payments ${before.join(', ')} before and ${after.join(', ')} after the ` +
  `read → basket ${String(member(exchange, 'transactionStatus'))}`;

export const basketWorstCaseCheck = defineCheck<PaymentStatuses>({
  name: 'basket_worst_case',
  judges:
    "a basket's status is the worst case of its payments' where that is " +
    'unambiguous (they all keep one status the basket set also has)',
  reports: ['Basket.transactionStatus.worstCase'],
  judge: ({ exchange, facts = { before: [], after: [] } }, verdict) => {
    const basket = String(member(exchange, 'transactionStatus'));
    const unambiguous = unambiguousBasketStatus(facts.before, facts.after);
    const ok = unambiguous === undefined || basket === unambiguous;
    const message =
      unambiguous === undefined
        ? `${seen(exchange, facts)}: no unambiguous worst case to judge`
        : `${seen(exchange, facts)}, expected ${unambiguous}`;
    return [verdict('Basket.transactionStatus.worstCase', ok, message)];
  },
});

export const basketMappingCheck = defineCheck<PaymentStatuses>({
  name: 'basket_mapping',
  judges: "a basket's status is the one the project's mapping (spec/basket-status.ts) gives for either read",
  reports: ['Basket.transactionStatus.mapping'],
  judge: ({ exchange, facts = { before: [], after: [] } }, verdict) => {
    const basket = String(member(exchange, 'transactionStatus'));
    const mapped = [...new Set([worstCaseBasketStatus(facts.before), worstCaseBasketStatus(facts.after)])];
    const message = `${seen(exchange, facts)}, the project's mapping gives ${mapped.join(' or ')}`;
    return [verdict('Basket.transactionStatus.mapping', (mapped as string[]).includes(basket), message)];
  },
});

export const scaRedirectCheck = defineCheck({
  name: 'sca_redirect',
  judges: 'a started authorisation offers SCA by an scaRedirect link with GET (a convention on the 201: SHOULD)',
  reports: ['Auth.sca.redirect'],
  judge: ({ exchange }, verdict) => {
    const links = member(exchange, '_links') as { scaRedirect?: { href?: unknown; verbs?: unknown } } | undefined;
    const redirect = links?.scaRedirect;
    const ok = typeof redirect?.href === 'string' && Array.isArray(redirect.verbs) && redirect.verbs.includes('GET');
    // Authentication 5 puts scaRedirect on the 401 challenge; on this 201 it is the platform's convention.
    return [verdict('Auth.sca.redirect', ok, `_links.scaRedirect ${JSON.stringify(redirect)}`, { atMost: 'SHOULD' })];
  },
});
