import { fractionDigitsFor, requirement } from '../spec/index.js';
import { defineCheck } from './registry.js';
import { NO_STATUS_MEMBER } from './journeys.js';
import type { ObservedExchange } from './types.js';

/** interface.md › Endpoints 3 to 5, the payment initiation response and x-accept-fix: what a payment answer says. */

const json = (exchange: ObservedExchange): Record<string, unknown> | undefined =>
  exchange.response?.json as Record<string, unknown> | undefined;

export const twoIdsCheck = defineCheck<{ firstPaymentId: unknown }>({
  name: 'two_ids',
  judges: 'an identical payment sent twice with allowLogicalDuplicate=true gets a second, different paymentId',
  reports: ['Payment.allowLogicalDuplicate.true'],
  judge: ({ exchange, facts }, verdict) => {
    const ids = [facts?.firstPaymentId, json(exchange)?.paymentId];
    const ok = Boolean(ids[0] && ids[1] && ids[0] !== ids[1]);
    return [verdict('Payment.allowLogicalDuplicate.true', ok, `ids ${ids.map(String).join(', ')}`)];
  },
});

export const statusInSetCheck = defineCheck({
  name: 'status_in_set',
  judges: 'a payment status reads back with a transactionStatus (its value is judged by the schema)',
  reports: ['PaymentResponse.transactionStatus.enum'],
  judge: ({ exchange }, verdict) => {
    const status = json(exchange)?.transactionStatus;
    // The status read's fields are not shown: without the member, only the convention is broken (SHOULD).
    if (status === undefined)
      return [verdict('PaymentResponse.transactionStatus.enum', false, NO_STATUS_MEMBER, { atMost: 'SHOULD' })];
    return [
      verdict('PaymentResponse.transactionStatus.enum', typeof status === 'string', `transactionStatus ${status}`),
    ];
  },
});

export const amountAsStringCheck = defineCheck({
  name: 'amount_as_string',
  judges: "with x-accept-fix: amount-as-string, response amounts are strings with the currency's decimals",
  reports: ['Versioning.acceptFix.amountAsString'],
  judge: ({ exchange }, verdict) => {
    const fees = json(exchange)?.transactionFees as { amount?: unknown; currency?: string } | undefined;
    const digits = fees && typeof fees.amount === 'string' ? (fees.amount.split('.')[1] ?? '').length : -1;
    const ok = !fees || (typeof fees.amount === 'string' && digits === fractionDigitsFor(String(fees.currency)));
    return [verdict('Versioning.acceptFix.amountAsString', ok, `transactionFees ${JSON.stringify(fees)}`)];
  },
});

export const prsyBulkOnlyCheck = defineCheck({
  name: 'prsy_bulk_only',
  judges: 'an NCBCT or SCT payment is never answered with the bulk-only transactionStatus PRSY',
  reports: ['PaymentResponse.bulk.prsy'],
  judge: ({ exchange, operation }, verdict) => {
    // The catalogue row names the operations whose answers the rule binds (bulk is not among them).
    if (!operation || !requirement('PaymentResponse.bulk.prsy').operations.includes(operation.id)) return [];
    const status = json(exchange)?.transactionStatus;
    return [verdict('PaymentResponse.bulk.prsy', status !== 'PRSY', `${operation.id}: transactionStatus ${status}`)];
  },
});
