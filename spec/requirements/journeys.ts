import { psd2Section, type Psd2Source } from './psd2.js';
import type { Requirement } from './types.js';

const STATES = 'States and transitions';
const TRANSITIONS_NOT_SHOWN = `${STATES} (transitions: not shown; an assumed transition is a SHOULD)`;
const AUTHORISATIONS = ['basket.startAuthorisation', 'basket.get', 'payment.status'] as const;

/**
 * Rules judged along journeys (initiate, authorise, come back, read): the invariants interface.md states are MUST,
 * the transitions it leaves "not shown" are SHOULD.
 */
export const JOURNEY_RULES: Requirement[] = [
  {
    id: 'Journey.paymentStatus.inSet',
    level: 'MUST',
    section: `${STATES} › Payment transaction status`,
    statement:
      'Every transactionStatus a payment status read gives, at any point of a journey, is one of ACCP, ACSC, ' +
      'ACSP, ACTC, ACWC, ACWP, RCVD, PDNG, RJCT, CANC, PART (a bulk payment: PRSY too).',
    operations: ['payment.status'],
    kind: 'response',
  },
  {
    id: 'Journey.scaStatus.inSet',
    level: 'MUST',
    section: `${STATES} › Authorisation status; Resources › Basket authorisation`,
    statement:
      'Every scaStatus an authorisation of a payment or a basket shows, at any point of a journey, is one of ' +
      'RECEIVED, PSU_IDENTIFIED, PSU_AUTHENTICATED, SCA_METHOD_SELECTED, STARTED, FINALISED, FAILED, EXEMPTED.',
    operations: [...AUTHORISATIONS],
    kind: 'response',
  },
  {
    id: 'Journey.basket.rejectedPayment',
    level: 'MUST',
    section: 'What the service does; Resources › Signing basket',
    statement:
      'A basket holding a payment that is RJCT (read before and after the basket) is RJCT: the basket stands for ' +
      'the worst case of its payments, and nothing is worse than a rejected payment.',
    operations: ['basket.get', 'payment.status'],
    kind: 'behaviour',
  },
  {
    id: 'Journey.approve.accepted',
    level: 'SHOULD',
    section: TRANSITIONS_NOT_SHOWN,
    statement:
      'After the PSU approves SCA, each payment authorised reaches an accepted status (ACCP, ACSC, ACSP, ACTC, ' +
      'ACWC, ACWP) within three status reads (RCVD and PDNG may come first), and a basket reaches ACTC.',
    operations: [...AUTHORISATIONS],
    kind: 'behaviour',
  },
  {
    id: 'Journey.deny.rejected',
    level: 'SHOULD',
    section: TRANSITIONS_NOT_SHOWN,
    statement:
      'After the PSU denies SCA, each payment authorised reaches RJCT within three status reads, and a basket ' +
      'reaches RJCT.',
    operations: [...AUTHORISATIONS],
    kind: 'behaviour',
  },
  {
    id: 'Journey.sca.finished',
    level: 'SHOULD',
    section: TRANSITIONS_NOT_SHOWN,
    statement:
      'Once the PSU has approved or denied SCA and come back, the authorisation shows a final scaStatus ' +
      '(FINALISED or EXEMPTED after an approval, FAILED after a denial).',
    operations: [...AUTHORISATIONS],
    kind: 'behaviour',
  },
  {
    id: 'Journey.status.finalStays',
    level: 'SHOULD',
    section: TRANSITIONS_NOT_SHOWN,
    statement:
      'A final status never moves back: once a payment reads ACSC, RJCT or CANC, later reads give the same ' +
      'status; once an authorisation reads FINALISED, FAILED or EXEMPTED, so does it.',
    operations: [...AUTHORISATIONS],
    kind: 'behaviour',
  },
  {
    id: 'Journey.links.answer',
    level: 'SHOULD',
    section:
      'Resources › Shared types (Link); States and transitions ("operations on temporarily rejected payments are ' +
      'restricted": a read is not an operation on the payment)',
    statement:
      'Every link the bank hands out along a journey (scaRedirect aside: it is for the PSU) answers 2xx when the ' +
      'TPP that got it follows it with its verb, after a rejection too.',
    operations: [...AUTHORISATIONS],
    kind: 'behaviour',
  },
  {
    id: 'Link.href.reachable',
    level: 'MUST',
    section:
      'Resources › Shared types (Link: href, the address, and verbs, what it takes); ' +
      'Resources › Sandbox card account (_links required: self and transactions)',
    statement:
      'A link a response hands out leads to a resource: followed with GET where its verbs name GET, by the TPP that ' +
      'got it, it is not answered 404 or 405.',
    operations: [
      'ncbct.create',
      'sct.create',
      'bulk.create',
      'payment.status',
      'basket.create',
      'basket.get',
      'basket.startAuthorisation',
      'sandbox.customer.create',
      'sandbox.cardAccount.create',
    ],
    kind: 'behaviour',
  },
  {
    id: 'Journey.authorisation.finalisedRefused',
    level: 'SHOULD',
    section: TRANSITIONS_NOT_SHOWN,
    statement:
      'Starting another authorisation of a basket whose authorisation is FINALISED is refused with a 4xx: ' +
      'its payments are signed already.',
    operations: ['basket.startAuthorisation'],
    kind: 'behaviour',
  },
];

/**
 * Another TPP's resources: interface.md does not state it, PSD2 does (spec/requirements/psd2.ts). The bank identifies
 * each TPP by its certificate on every request and keeps what it exchanges with a TPP to that TPP; a payment one TPP
 * initiated, its basket and its authorisation are refused to any other.
 */
const PSD2: Psd2Source = {
  text: 'PSD2',
  articles: ['directive-66-3-d', 'directive-66-4-a', 'directive-66-4-b', 'rts-30-1', 'rts-34', 'rts-35'],
  why:
    'PSD2 has the bank identify the TPP on every request, by its qualified certificate, and communicate securely ' +
    'with it, and gives the information on a payment to the TPP that initiated it. A bank that answers another ' +
    "TPP's certificate with that payment, its basket or its authorisation identifies the caller and then ignores " +
    "who it is: the identification protects nothing, and the payment's data (debtor account, amount, creditor) " +
    'reach a TPP the PSU never engaged, which may also authorise or bundle the payment.',
};

const psd2Rule = (rule: Omit<Requirement, 'level' | 'category' | 'section' | 'source' | 'kind'>): Requirement => ({
  ...rule,
  level: 'MUST',
  category: 'security',
  section: psd2Section(PSD2.articles),
  source: PSD2,
  kind: 'behaviour',
});

export const SECURITY_RULES: Requirement[] = [
  psd2Rule({
    id: 'Security.otherTpp.payment',
    statement:
      'A payment initiated by one TPP is refused (4xx) to another TPP: its status, its detail, its ' +
      'authorisation and a basket of it.',
    operations: ['payment.status', 'basket.create'],
  }),
  psd2Rule({
    id: 'Security.otherTpp.basket',
    statement:
      'A signing basket created by one TPP is refused (4xx) to another TPP: reading it and starting its authorisation.',
    operations: ['basket.get', 'basket.startAuthorisation'],
  }),
  psd2Rule({
    id: 'Security.otherTpp.authorisation',
    statement: 'An authorisation started by one TPP is refused (4xx) to another TPP: reading its scaStatus.',
    // The suites read a basket's authorisation: a payment's is the same resource under the payment.
    operations: ['basket.get'],
  }),
];
