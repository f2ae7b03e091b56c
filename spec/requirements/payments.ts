import { PAYMENT_CREATION, formatError } from './build.js';
import { invalidClass, situationClass } from '../matrix/types.js';
import type { Requirement } from './types.js';

const PAYMENT_RESPONSE = 'Resources › Payment initiation response';
const RESPONSE: Requirement[] = [
  {
    id: 'PaymentResponse.transactionFees.amount',
    level: 'MUST',
    section: PAYMENT_RESPONSE,
    statement: 'transactionFees, when present, is an Amount with the fraction digits of its currency.',
    operations: PAYMENT_CREATION,
    kind: 'response',
  },
  {
    id: 'PaymentResponse.links.shape',
    level: 'MUST',
    section: PAYMENT_RESPONSE,
    statement: '_links, when present, maps link names to Links.',
    operations: PAYMENT_CREATION,
    kind: 'response',
  },
  {
    id: 'PaymentResponse.bulk.prsy',
    level: 'MUST',
    section: `${PAYMENT_RESPONSE}; Resources › TransactionStatus`,
    statement: 'PRSY is a transaction status of bulk payment responses only.',
    operations: ['ncbct.create', 'sct.create'],
    kind: 'response',
  },
];

const BEHAVIOUR: Requirement[] = [
  {
    id: 'Payment.create.201',
    level: 'MUST',
    section: 'Endpoints › 3, 4, 5',
    statement: 'A valid payment request gives 201 with a payment initiation response.',
    operations: PAYMENT_CREATION,
    kind: 'behaviour',
  },
  {
    id: 'Payment.allowLogicalDuplicate.true',
    level: 'MUST',
    section: 'Endpoints › 3, 4, 5 (query)',
    statement: 'With allowLogicalDuplicate=true an identical payment is accepted again, with a new paymentId.',
    operations: PAYMENT_CREATION,
    kind: 'behaviour',
  },
  {
    id: 'Payment.allowLogicalDuplicate.query',
    level: 'MUST',
    section: 'Endpoints › 3, 4, 5 (query)',
    statement: 'allowLogicalDuplicate is a boolean: a value other than true or false is rejected.',
    operations: PAYMENT_CREATION,
    kind: 'query',
    classes: [invalidClass('neither true nor false')],
    expected: formatError(),
  },
  {
    id: 'Payment.logicalDuplicate.rejectedByDefault',
    level: 'SHOULD',
    section: 'Endpoints › 3, 4, 5 (query; convention)',
    statement: 'Without allowLogicalDuplicate=true, a logical duplicate of a recent payment is rejected with a 4xx.',
    operations: PAYMENT_CREATION,
    kind: 'behaviour',
  },
  {
    id: 'Payment.requestedExecutionDate.notInPast',
    level: 'SHOULD',
    section: 'Errors (codes: EXECUTION_DATE_INVALID); platform-notes.md › Berlin Group conventions',
    statement: 'A requestedExecutionDate in the past is rejected with 400 EXECUTION_DATE_INVALID.',
    operations: PAYMENT_CREATION,
    kind: 'body',
    classes: [invalidClass('a date in the past')],
    expected: { status: [400], codes: ['EXECUTION_DATE_INVALID'], exactness: 'SHOULD' },
  },
  {
    id: 'PaymentStatus.get.200',
    level: 'SHOULD',
    section: 'What the service does (named only); platform-notes.md › Paths',
    statement:
      'GET /v1/payments/{payment-product}/{paymentId}/status of a created ' +
      'payment gives 200 with a transactionStatus of the set.',
    operations: ['payment.status'],
    kind: 'behaviour',
  },
  {
    id: 'PaymentStatus.deletePdng.error',
    level: 'MUST',
    section: 'States and transitions › Payment transaction status',
    statement: 'Deleting a payment with status PDNG gives an error.',
    // Deletion is named only (its request not shown): the suite sends it where the bank's own link offers DELETE.
    operations: ['payment.delete'],
    kind: 'behaviour',
    classes: [situationClass('DELETE, as its link offers, of a payment read as PDNG')],
  },
  {
    id: 'Payment.product.notOffered',
    level: 'SHOULD',
    section: 'Errors (PRODUCT_INVALID, PRODUCT_UNKNOWN); platform-notes.md › Berlin Group conventions',
    statement: 'A payment product the bank does not offer gives 403 PRODUCT_INVALID or 404 PRODUCT_UNKNOWN.',
    // The path names the product: the suites read a status under a product no bank offers.
    operations: ['payment.status'],
    kind: 'behaviour',
  },
];

/** Payment rules that are not about one field of a body (those are rows of field-rules/table.ts). */
export const PAYMENT_RULES: Requirement[] = [...RESPONSE, ...BEHAVIOUR];
