import { formatError } from './build.js';
import { invalidClass } from '../matrix/types.js';
import type { Requirement } from './types.js';

const SIGNING_BASKET = 'Resources › Signing basket';

export const BASKET_RULES: Requirement[] = [
  {
    id: 'Basket.get.200',
    level: 'MUST',
    section: 'Endpoints › 2. Get signing basket details',
    statement: 'Reading a known basket gives 200 with the signing basket.',
    operations: ['basket.get'],
    kind: 'behaviour',
  },
  {
    id: 'Basket.payments.array',
    level: 'MUST',
    section: SIGNING_BASKET,
    statement: 'payments is an array of payment identifiers (strings).',
    operations: ['basket.get'],
    kind: 'response',
  },
  // interface.md gives no mapping from the 11 payment statuses to the 4 basket statuses, and statuses may move:
  // only what is unambiguous is a MUST (payments that all share a status the basket set has give that status).
  {
    id: 'Basket.transactionStatus.worstCase',
    level: 'MUST',
    section: `What the service does; ${SIGNING_BASKET}`,
    statement:
      "A basket's transactionStatus stands for the worst case of the statuses of its " +
      'payments: payments that all have RCVD, ACTC or RJCT give the basket that status.',
    operations: ['basket.get', 'payment.status'],
    kind: 'behaviour',
  },
  {
    id: 'Basket.transactionStatus.mapping',
    level: 'SHOULD',
    section:
      `What the service does; ${SIGNING_BASKET} (the order of statuses is ` +
      `not shown; the project's reading, spec/basket-status.ts)`,
    statement:
      "A basket's transactionStatus is the worst of its payments' " +
      'statuses mapped and ordered RJCT < RCVD < PATC < ACTC.',
    operations: ['basket.get', 'payment.status'],
    kind: 'behaviour',
  },
  {
    id: 'Basket.get.unknown404',
    level: 'MUST',
    section: 'Endpoints › 2; Errors',
    statement: 'Reading an unknown basket gives 404 with code RESOURCE_UNKNOWN.',
    operations: ['basket.get'],
    kind: 'behaviour',
    expected: { status: [404], codes: ['RESOURCE_UNKNOWN'], exactness: 'MUST' },
  },
  {
    id: 'Basket.get.challenge401',
    level: 'MUST',
    section: 'Endpoints › 2; Resources › Challenge body',
    statement: 'A 401 from basket read carries the Challenge body with an scaRedirect link (verbs GET).',
    operations: ['basket.get'],
    kind: 'response',
  },
  {
    id: 'Basket.startAuthorisation.201',
    level: 'MUST',
    section: 'Endpoints › 1. Start signing basket authorisation',
    statement: 'Starting the authorisation of a basket gives 201 with scaStatus and _links.',
    operations: ['basket.startAuthorisation'],
    kind: 'behaviour',
  },
  {
    id: 'Basket.referenceMix.bulk',
    level: 'MUST',
    section: `${SIGNING_BASKET}; Errors rule 3; Versioning 5 (release 1.7.13)`,
    statement: 'Adding a bulk payment to a signing basket gives 400 with code REFERENCE_MIX_INVALID.',
    operations: ['basket.create'],
    kind: 'behaviour',
    expected: { status: [400], codes: ['REFERENCE_MIX_INVALID'], exactness: 'MUST' },
  },
  {
    id: 'Basket.referenceMix.periodic',
    level: 'MUST',
    section: `${SIGNING_BASKET}; Errors rule 3`,
    statement: 'Adding a periodic payment to a signing basket gives 400 with code REFERENCE_MIX_INVALID.',
    operations: ['basket.create'],
    kind: 'behaviour',
    expected: { status: [400], codes: ['REFERENCE_MIX_INVALID'], exactness: 'MUST' },
    notTestable: 'periodic payment creation is not shown in interface.md',
  },
  {
    id: 'Basket.create.201',
    level: 'SHOULD',
    section: 'platform-notes.md › Paths; platform-notes.md › Berlin Group conventions',
    statement:
      'POST /v1/signing-baskets with {"paymentIds": [...]} of single ' +
      'payments gives 201 {transactionStatus, basketId, _links}.',
    operations: ['basket.create'],
    kind: 'behaviour',
  },
  {
    id: 'Basket.create.ncbct',
    level: 'MUST',
    section: 'Versioning 5 (release 1.21.18)',
    statement: 'NCBCT payments can be put in a signing basket.',
    operations: ['basket.create'],
    kind: 'behaviour',
  },
  {
    id: 'Basket.create.unknownPayment',
    level: 'SHOULD',
    section: 'platform-notes.md › Berlin Group conventions (RESOURCE_UNKNOWN from the body)',
    statement: 'A basket of an unknown paymentId gives 400 RESOURCE_UNKNOWN.',
    operations: ['basket.create'],
    kind: 'body',
    classes: [invalidClass('an unknown payment id')],
    expected: { status: [400, 404], codes: ['RESOURCE_UNKNOWN'], exactness: 'SHOULD' },
  },
  {
    id: 'Basket.create.paymentIds',
    level: 'SHOULD',
    section: 'platform-notes.md › Paths',
    statement: 'paymentIds is a non-empty array of strings.',
    operations: ['basket.create'],
    kind: 'body',
    classes: [invalidClass('an empty array')],
    expected: formatError(),
  },
];
