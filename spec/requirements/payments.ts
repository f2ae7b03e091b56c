import { LIMITS } from '../limits.js';
import type { OperationId } from '../operations.js';
import { PAYMENT_CREATION, bulkFormatError, formatError, rule } from './build.js';
import type { Requirement } from './types.js';

const body = formatError();
const bulkBody = bulkFormatError;

/** A length rule `<scope>.<field>.max<N>` or `.length<min>to<max>`. */
function lengthRule(
  scope: string,
  field: string,
  section: string,
  op: OperationId,
  limit: { min?: number; max: number },
): Requirement {
  const id = limit.min ? `${scope}.${field}.length${limit.min}to${limit.max}` : `${scope}.${field}.max${limit.max}`;
  const words = limit.min ? `${limit.min} to ${limit.max} characters` : `at most ${limit.max} characters`;
  const expected = op === 'bulk.create' ? bulkBody : body;
  return rule(id, 'MUST', `${section}; Limits`, `${field} has ${words}.`, [op], 'body', { expected });
}

function requiredRule(scope: string, field: string, section: string, op: OperationId): Requirement {
  const expected = op === 'bulk.create' ? bulkBody : body;
  return rule(`${scope}.${field}.required`, 'MUST', section, `${field} is required.`, [op], 'body', { expected });
}

const N = 'Resources › NCBCT payment request';
const NCBCT: Requirement[] = [
  ...['instructedAmount', 'creditorName', 'creditorAccount', 'debtorAccount'].map((f) =>
    requiredRule('NCBCT', f, N, 'ncbct.create'),
  ),
  lengthRule('NCBCT', 'creditorName', N, 'ncbct.create', LIMITS.creditorName),
  lengthRule('NCBCT', 'remittanceInformationUnstructured', N, 'ncbct.create', LIMITS.remittanceInformationUnstructured),
  lengthRule('NCBCT', 'regulatoryReportingInformation', N, 'ncbct.create', LIMITS.regulatoryReportingInformation),
  rule(
    'NCBCT.creditorAgent.bic',
    'MUST',
    N,
    'creditorAgent is a BIC (BICFI, SWIFT code): 8 or 11 characters, ISO 9362.',
    ['ncbct.create'],
    'body',
    { expected: body },
  ),
  rule(
    'NCBCT.creditorAgent.requiredWithBban',
    'MUST',
    N,
    'creditorAgent is required when creditorAccount uses bban.',
    ['ncbct.create'],
    'body',
    { expected: body },
  ),
  rule(
    'NCBCT.creditorAccount.bbanOrIban',
    'MUST',
    N,
    'creditorAccount identifies the account by bban or iban.',
    ['ncbct.create'],
    'body',
    { expected: body },
  ),
  rule(
    'NCBCT.debtorAccount.bbanOrIban',
    'MUST',
    N,
    'debtorAccount identifies the account by bban or iban.',
    ['ncbct.create'],
    'body',
    { expected: body },
  ),
  rule(
    'NCBCT.purposeCode.enum',
    'MUST',
    N,
    'purposeCode is one of the listed purpose codes.',
    ['ncbct.create'],
    'body',
    { expected: body },
  ),
  rule(
    'NCBCT.requestedExecutionDate.isoDate',
    'MUST',
    N,
    'requestedExecutionDate is an ISO 8601 date (YYYY-MM-DD).',
    ['ncbct.create'],
    'body',
    { expected: body },
  ),
  rule(
    'NCBCT.regulatoryReportingCode.enum',
    'MUST',
    N,
    'regulatoryReportingCode is one of the listed codes.',
    ['ncbct.create'],
    'body',
    { expected: body },
  ),
  rule(
    'NCBCT.regulatoryReporting.requiredFromNok100000',
    'MUST',
    `${N}; Limits`,
    `regulatoryReportingCode and regulatoryReportingInformation are both required when the instructed amount is NOK ${LIMITS.regulatoryReportingThresholdNok} or more.`,
    ['ncbct.create'],
    'body',
    { expected: body },
  ),
];

const SC = 'Resources › SCT payment request';
const SCT: Requirement[] = [
  ...['instructedAmount', 'creditorName', 'creditorAccount', 'debtorAccount'].map((f) =>
    requiredRule('SCT', f, SC, 'sct.create'),
  ),
  lengthRule('SCT', 'endToEndIdentification', SC, 'sct.create', LIMITS.endToEndIdentification),
  lengthRule('SCT', 'creditorName', SC, 'sct.create', LIMITS.creditorName),
  lengthRule('SCT', 'remittanceInformationUnstructured', SC, 'sct.create', LIMITS.remittanceInformationUnstructured),
  rule(
    'SCT.creditorAccount.ibanRequired',
    'MUST',
    SC,
    'creditorAccount has an iban (a bban alone does not identify it).',
    ['sct.create'],
    'body',
    { expected: body },
  ),
  rule(
    'SCT.debtorAccount.ibanRequired',
    'MUST',
    SC,
    'debtorAccount has an iban (a bban alone does not identify it).',
    ['sct.create'],
    'body',
    { expected: body },
  ),
  rule(
    'SCT.requestedExecutionDate.isoDate',
    'MUST',
    SC,
    'requestedExecutionDate is an ISO 8601 date (YYYY-MM-DD).',
    ['sct.create'],
    'body',
    { expected: body },
  ),
];

const B = 'Resources › Bulk payment request';
const BE = `${B} (entry of payments)`;
const BULK: Requirement[] = [
  ...['debtorAccount', 'payments'].map((f) => requiredRule('BULK', f, B, 'bulk.create')),
  lengthRule('BULK', 'paymentInformationId', B, 'bulk.create', LIMITS.paymentInformationId),
  rule('BULK.debtorAccount.bbanRequired', 'MUST', B, 'debtorAccount has a bban.', ['bulk.create'], 'body', {
    expected: bulkBody,
  }),
  rule(
    'BULK.requestedExecutionDate.isoDate',
    'MUST',
    B,
    'requestedExecutionDate is an ISO 8601 date (YYYY-MM-DD).',
    ['bulk.create'],
    'body',
    { expected: bulkBody },
  ),
  rule(
    'BULK.payments.nonEmpty',
    'SHOULD',
    B,
    'payments holds at least one entry (a bulk payment of nothing is not a payment).',
    ['bulk.create'],
    'body',
    { expected: bulkBody },
  ),
  ...['instructedAmount', 'creditorName', 'creditorAccount', 'creditorAddress'].map((f) =>
    requiredRule('BULK.entry', f, BE, 'bulk.create'),
  ),
  lengthRule('BULK.entry', 'endToEndIdentification', BE, 'bulk.create', LIMITS.endToEndIdentification),
  lengthRule('BULK.entry', 'debtorName', BE, 'bulk.create', LIMITS.debtorName),
  lengthRule('BULK.entry', 'creditorName', BE, 'bulk.create', LIMITS.creditorName),
  lengthRule('BULK.entry', 'ultimateDebtor', BE, 'bulk.create', LIMITS.ultimateDebtor),
  lengthRule(
    'BULK.entry',
    'remittanceInformationUnstructured',
    BE,
    'bulk.create',
    LIMITS.remittanceInformationUnstructured,
  ),
  rule('BULK.entry.creditorAccount.bbanRequired', 'MUST', BE, 'creditorAccount has a bban.', ['bulk.create'], 'body', {
    expected: bulkBody,
  }),
  rule(
    'BULK.entry.creditorAddress.country.required',
    'MUST',
    BE,
    'creditorAddress has a country.',
    ['bulk.create'],
    'body',
    { expected: bulkBody },
  ),
  rule(
    'BULK.entry.purposeCode.enum',
    'MUST',
    BE,
    'purposeCode is one of the NCBCT purpose codes.',
    ['bulk.create'],
    'body',
    { expected: bulkBody },
  ),
  rule(
    'BULK.entry.remittance.structuredXorUnstructured',
    'MUST',
    BE,
    'An entry sets either structured remittance information (remittanceInformationStructured or remittanceInformationStructuredArray) or remittanceInformationUnstructured, never both.',
    ['bulk.create'],
    'body',
    { expected: bulkBody },
  ),
];

const R = 'Resources › Payment initiation response';
const RESPONSE: Requirement[] = [
  rule(
    'PaymentResponse.paymentId.required',
    'MUST',
    R,
    'A payment initiation response has a string paymentId.',
    PAYMENT_CREATION,
    'response',
  ),
  rule(
    'PaymentResponse.transactionStatus.enum',
    'MUST',
    `${R}; States and transitions`,
    'transactionStatus is one of the TransactionStatus values (bulk adds PRSY).',
    PAYMENT_CREATION,
    'response',
  ),
  rule(
    'PaymentResponse.transactionFees.amount',
    'MUST',
    R,
    'transactionFees, when present, is an Amount with the fraction digits of its currency.',
    PAYMENT_CREATION,
    'response',
  ),
  rule(
    'PaymentResponse.transactionFees.withIndicator',
    'MUST',
    R,
    'transactionFees is present only when transactionFeeIndicator is true.',
    PAYMENT_CREATION,
    'response',
  ),
  rule(
    'PaymentResponse.transactionFeeIndicator.boolean',
    'MUST',
    R,
    'transactionFeeIndicator, when present, is a boolean.',
    PAYMENT_CREATION,
    'response',
  ),
  rule(
    'PaymentResponse.psuMessage.max512',
    'MUST',
    `${R}; Limits`,
    `psuMessage has at most ${LIMITS.psuMessage.max} characters.`,
    PAYMENT_CREATION,
    'response',
  ),
  rule(
    'PaymentResponse.links.shape',
    'MUST',
    R,
    '_links, when present, maps link names to Links.',
    PAYMENT_CREATION,
    'response',
  ),
  rule(
    'PaymentResponse.bulk.prsy',
    'MUST',
    `${R}; Resources › TransactionStatus`,
    'PRSY is a transaction status of bulk payment responses only.',
    ['ncbct.create', 'sct.create'],
    'response',
  ),
];

const BEHAVIOUR: Requirement[] = [
  rule(
    'Payment.create.201',
    'MUST',
    'Endpoints › 3, 4, 5',
    'A valid payment request gives 201 with a payment initiation response.',
    PAYMENT_CREATION,
    'behaviour',
  ),
  rule(
    'Payment.allowLogicalDuplicate.true',
    'MUST',
    'Endpoints › 3, 4, 5 (query)',
    'With allowLogicalDuplicate=true an identical payment is accepted again, with a new paymentId.',
    PAYMENT_CREATION,
    'behaviour',
  ),
  rule(
    'Payment.allowLogicalDuplicate.query',
    'MUST',
    'Endpoints › 3, 4, 5 (query)',
    'allowLogicalDuplicate is a boolean: a value other than true or false is rejected.',
    PAYMENT_CREATION,
    'query',
    { expected: formatError() },
  ),
  rule(
    'Payment.logicalDuplicate.rejectedByDefault',
    'SHOULD',
    'Endpoints › 3, 4, 5 (query; convention)',
    'Without allowLogicalDuplicate=true, a logical duplicate of a recent payment is rejected with a 4xx.',
    PAYMENT_CREATION,
    'behaviour',
  ),
  rule(
    'Payment.requestedExecutionDate.notInPast',
    'SHOULD',
    'Errors (codes: EXECUTION_DATE_INVALID); platform-notes.md › Berlin Group conventions',
    'A requestedExecutionDate in the past is rejected with 400 EXECUTION_DATE_INVALID.',
    PAYMENT_CREATION,
    'body',
    { expected: { status: [400], codes: ['EXECUTION_DATE_INVALID'], exactness: 'SHOULD' } },
  ),
  rule(
    'PaymentStatus.get.200',
    'SHOULD',
    'What the service does (named only); platform-notes.md › Paths',
    'GET /v1/payments/{payment-product}/{paymentId}/status of a created payment gives 200 with a transactionStatus of the set.',
    ['payment.status'],
    'behaviour',
  ),
  rule(
    'PaymentStatus.deletePdng.error',
    'MUST',
    'States and transitions › Payment transaction status',
    'Deleting a payment with status PDNG gives an error.',
    [],
    'behaviour',
    { notTestable: 'payment deletion is not shown in interface.md' },
  ),
  rule(
    'Payment.product.notOffered',
    'SHOULD',
    'Errors (PRODUCT_INVALID, PRODUCT_UNKNOWN); platform-notes.md › Berlin Group conventions',
    'A payment product the bank does not offer gives 403 PRODUCT_INVALID or 404 PRODUCT_UNKNOWN.',
    PAYMENT_CREATION,
    'behaviour',
  ),
];

export const PAYMENT_RULES = [...NCBCT, ...SCT, ...BULK, ...RESPONSE, ...BEHAVIOUR];
