import { BULK_TRANSACTION_STATUSES, SCA_STATUSES, TRANSACTION_STATUSES } from '../spec/index.js';
import { defineCheck } from './registry.js';
import type { ObservedExchange } from './types.js';

/** Journeys (docs/journeys.md): invariants interface.md states (MUST) and transitions it leaves open (SHOULD). */

const member = (exchange: ObservedExchange, name: string): unknown =>
  (exchange.response?.json as Record<string, unknown> | undefined)?.[name];
const answered = (exchange: ObservedExchange): boolean =>
  (exchange.response?.status ?? 0) >= 200 && (exchange.response?.status ?? 0) < 300;

/** Statuses a payment is accepted in (an approval's end), and the ones nothing moves any more. */
export const ACCEPTED_STATUSES: readonly string[] = ['ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'ACWP'];
export const FINAL_PAYMENT_STATUSES: readonly string[] = ['ACSC', 'RJCT', 'CANC'];
export const FINAL_SCA_STATUSES: readonly string[] = ['FINALISED', 'FAILED', 'EXEMPTED'];

/** A payment status read without the member platform-notes names. */
export const NO_STATUS_MEMBER =
  'no transactionStatus member: the fields of the payment status response are not shown in interface.md, and ' +
  'transactionStatus is the name platform-notes gives';

export const paymentStatusInSetCheck = defineCheck<{ bulk: boolean }>({
  name: 'journey_payment_status_in_set',
  judges: "a payment status read gives a status of interface.md's set, at any point of a journey",
  reports: ['Journey.paymentStatus.inSet'],
  judge: ({ exchange, facts }, verdict) => {
    if (!answered(exchange)) return [];
    const status = member(exchange, 'transactionStatus');
    const set: readonly string[] = facts?.bulk ? BULK_TRANSACTION_STATUSES : TRANSACTION_STATUSES;
    // "Fields of the payment status response: not shown": a status given must be of the set, but naming it
    // transactionStatus is platform-notes' convention, so a read without that member is judged at SHOULD only.
    if (status === undefined)
      return [verdict('Journey.paymentStatus.inSet', false, NO_STATUS_MEMBER, { atMost: 'SHOULD' })];
    return [verdict('Journey.paymentStatus.inSet', set.includes(String(status)), `transactionStatus ${status}`)];
  },
});

export const scaStatusInSetCheck = defineCheck({
  name: 'journey_sca_status_in_set',
  judges: "an authorisation's scaStatus is one of interface.md's set, when it is started and whenever it is read",
  reports: ['Journey.scaStatus.inSet'],
  judge: ({ exchange }, verdict) => {
    if (!answered(exchange) || member(exchange, 'scaStatus') === undefined) return [];
    const status = String(member(exchange, 'scaStatus'));
    return [
      verdict('Journey.scaStatus.inSet', (SCA_STATUSES as readonly string[]).includes(status), `scaStatus ${status}`),
    ];
  },
});

export const basketRejectedPaymentCheck = defineCheck<{ before: string[]; after: string[] }>({
  name: 'journey_basket_rejected_payment',
  judges: 'a basket holding a payment RJCT at both reads around it is RJCT',
  reports: ['Journey.basket.rejectedPayment'],
  judge: ({ exchange, facts = { before: [], after: [] } }, verdict) => {
    if (!answered(exchange)) return [];
    const rejected = facts.before.some((s, i) => s === 'RJCT' && facts.after[i] === 'RJCT');
    const basket = String(member(exchange, 'transactionStatus'));
    const message = `payments ${facts.before.join(', ')} before and ${facts.after.join(', ')} after → basket ${basket}`;
    return [verdict('Journey.basket.rejectedPayment', !rejected || basket === 'RJCT', message)];
  },
});

/** The statuses a payment went through after the PSU's decision, read by read. */
export interface Decided {
  decision: 'approve' | 'deny';
  statuses: string[];
  /** The payment is to be executed on a later day: approved, it may stay pending (PDNG) until then. */
  futureDated?: boolean;
}

export const decisionReachedCheck = defineCheck<Decided>({
  name: 'journey_decision_reached',
  judges: 'after an approval a payment reaches an accepted status, after a denial RJCT, within three reads',
  reports: ['Journey.approve.accepted', 'Journey.deny.rejected'],
  judge: ({ exchange, facts }, verdict) => {
    const statuses = facts?.statuses ?? [];
    const last = statuses.at(-1) ?? '(no read)';
    const approve = facts?.decision !== 'deny';
    const pending = facts?.futureDated === true && last === 'PDNG';
    const ok = approve ? ACCEPTED_STATUSES.includes(last) || pending : last === 'RJCT';
    const id = approve ? 'Journey.approve.accepted' : 'Journey.deny.rejected';
    const seen = statuses.join(' → ') || '(no read)';
    return [verdict(id, ok, `${approve ? 'approve' : 'deny'} → ${seen} (${exchange.request.url})`)];
  },
});

export const scaFinishedCheck = defineCheck<{ decision: 'approve' | 'deny' }>({
  name: 'journey_sca_finished',
  judges: 'once the PSU decided and came back, the authorisation shows FINALISED/EXEMPTED (approved) or FAILED',
  reports: ['Journey.sca.finished'],
  judge: ({ exchange, facts }, verdict) => {
    if (!answered(exchange)) return [];
    const status = String(member(exchange, 'scaStatus'));
    const ok = facts?.decision === 'deny' ? status === 'FAILED' : status === 'FINALISED' || status === 'EXEMPTED';
    return [verdict('Journey.sca.finished', ok, `after ${facts?.decision}: scaStatus ${status}`)];
  },
});

export const finalStaysCheck = defineCheck<{ earlier: string | undefined; now: string | undefined }>({
  name: 'journey_final_status_stays',
  judges: 'a final status (ACSC, RJCT, CANC; FINALISED, FAILED, EXEMPTED) reads the same ever after',
  reports: ['Journey.status.finalStays'],
  judge: ({ facts }, verdict) => {
    const { earlier, now } = facts ?? { earlier: undefined, now: undefined };
    const final = earlier !== undefined && [...FINAL_PAYMENT_STATUSES, ...FINAL_SCA_STATUSES].includes(earlier);
    if (!final || now === undefined) return [];
    return [verdict('Journey.status.finalStays', now === earlier, `was ${earlier}, now reads ${now}`)];
  },
});

export const finalisedRefusedCheck = defineCheck({
  name: 'journey_finalised_refused',
  judges: 'another authorisation of a basket whose authorisation is FINALISED is refused with a 4xx',
  reports: ['Journey.authorisation.finalisedRefused'],
  judge: ({ exchange }, verdict) => {
    const status = exchange.response?.status ?? 0;
    return [verdict('Journey.authorisation.finalisedRefused', status >= 400 && status < 500, `got ${status}`)];
  },
});

/** What the PSU's browser saw behind scaRedirect (client/sca): the requests, and whether it came back. */
export interface ScaTrail {
  scaRedirect: string | undefined;
  returned: boolean;
  problem?: string | undefined;
}

export const scaReturnedCheck = defineCheck<ScaTrail>({
  name: 'journey_sca_returned',
  judges: 'an authorisation offers scaRedirect, and the bank returns the PSU to TPP-Redirect-URI after SCA',
  reports: ['Auth.sca.redirect'],
  judge: ({ facts }, verdict) => {
    if (!facts?.scaRedirect)
      return [verdict('Auth.sca.redirect', false, 'no scaRedirect link: not on the 201, not on the authorisation')];
    const message = facts.returned ? `back at TPP-Redirect-URI from ${facts.scaRedirect}` : `${facts.problem}`;
    return [verdict('Auth.sca.redirect', facts.returned, message)];
  },
});

export const otherTppRefusedCheck = defineCheck({
  name: 'other_tpp_refused',
  judges: "another TPP's request for a TPP's payment, basket or authorisation is refused with a 4xx (security)",
  reports: [],
  reportsRuleUnderTest: true,
  judge: ({ exchange, requirementId }, verdict) => {
    if (!requirementId) return [];
    const status = exchange.response?.status ?? 0;
    const ok = status >= 400 && status < 500;
    return [verdict(requirementId, ok, `another TPP's ${exchange.request.method} got ${status || 'no answer'}`)];
  },
});

/**
 * A link the bank handed out, followed with GET by the TPP that got it: it leads to a resource. 404 (nothing there) and
 * 405 (GET not taken, though its verbs name it) break the rule; a refusal for another reason (a 4xx of access, a
 * payment in a state that restricts reads) is judged by the rules of that reason, not here.
 */
export const linkReachableCheck = defineCheck<{ link: string }>({
  name: 'link_reachable',
  judges: 'a link followed with GET by the TPP that got it leads to a resource: not 404, not 405',
  reports: ['Link.href.reachable'],
  judge: ({ exchange, facts }, verdict) => {
    const status = exchange.response?.status;
    if (status === undefined) return [];
    return [
      verdict('Link.href.reachable', status !== 404 && status !== 405, `GET ${facts?.link ?? 'the link'}: ${status}`),
    ];
  },
});
