import { BULK_TRANSACTION_STATUSES } from '../../spec/index.js';
import { enumOf, ref, type JsonSchema } from './annotate.js';
import { members } from './rules.js';

/**
 * interface.md › Resources › NCBCT, SCT and bulk payment requests, and the payment initiation response: the members
 * and their nesting. Each member's rules (lengths, lists, required members, conditions) are rows of the rule table
 * (spec/requirements/field-rules/table.ts), added by `members()` from the scopes each object names.
 */

const string: JsonSchema = { type: 'string' };

/** An account reference of one side of one body: NCBCT takes bban or iban, SCT iban, bulk bban. */
const account = (scope: string, kinds: ('bban' | 'iban')[]): JsonSchema =>
  members([scope, 'AccountReference'], {
    ...Object.fromEntries(kinds.map((kind) => [kind, string])),
    currency: ref('Currency'),
  });

export const NcbctPaymentRequest: JsonSchema = members('NCBCT', {
  instructedAmount: ref('Amount'),
  creditorName: string,
  creditorAgent: string,
  creditorAccount: account('NCBCT.creditorAccount', ['bban', 'iban']),
  creditorAddress: ref('Address'),
  debtorAccount: account('NCBCT.debtorAccount', ['bban', 'iban']),
  remittanceInformationUnstructured: string,
  purposeCode: string,
  requestedExecutionDate: string,
  regulatoryReportingCode: string,
  regulatoryReportingInformation: string,
});

export const SctPaymentRequest: JsonSchema = members('SCT', {
  endToEndIdentification: string,
  instructedAmount: ref('Amount'),
  creditorName: string,
  creditorAccount: account('SCT.creditorAccount', ['iban']),
  creditorAddress: ref('Address'),
  debtorAccount: account('SCT.debtorAccount', ['iban']),
  remittanceInformationUnstructured: string,
  requestedExecutionDate: string,
});

export const BulkPaymentEntry: JsonSchema = members('BULK.entry', {
  endToEndIdentification: string,
  instructedAmount: ref('Amount'),
  debtorName: string,
  creditorName: string,
  creditorAccount: account('BULK.entry.creditorAccount', ['bban']),
  creditorAddress: ref('BulkAddress'),
  ultimateDebtor: string,
  remittanceInformationUnstructured: string,
  remittanceInformationStructured: ref('StructuredRemittanceItem'),
  remittanceInformationStructuredArray: { type: 'array', items: ref('StructuredRemittanceItem') },
  purposeCode: string,
});

export const BulkPaymentRequest: JsonSchema = members('BULK', {
  paymentInformationId: string,
  debtorAccount: account('BULK.debtorAccount', ['bban']),
  requestedExecutionDate: string,
  payments: { type: 'array', items: ref('BulkPaymentEntry') },
});

const response = (transactionStatus: JsonSchema): JsonSchema =>
  members('PaymentResponse', {
    paymentId: string,
    transactionStatus,
    transactionFees: ref('Amount'),
    transactionFeeIndicator: { type: 'boolean' },
    tppMessages: { type: 'array', items: ref('TppMessage') },
    psuMessage: string,
    _links: ref('Links'),
  });

export const PaymentInitiationResponse = response(string);
/** The bulk response additionally allows PRSY: its list is written here, with the same rule. */
export const BulkPaymentInitiationResponse = response(
  enumOf(BULK_TRANSACTION_STATUSES, 'PaymentResponse.transactionStatus.enum'),
);
