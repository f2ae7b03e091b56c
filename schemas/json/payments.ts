import {
  BIC_PATTERN,
  BULK_TRANSACTION_STATUSES,
  LIMITS,
  PURPOSE_CODES,
  REGULATORY_REPORTING_CODES,
  TRANSACTION_STATUSES,
  type RequirementId,
} from '../../spec/index.js';
import { X_REQUIREMENT, enumOf, isoDate, object, ref, text, type JsonSchema } from './annotate.js';

/** interface.md › Resources › NCBCT, SCT and bulk payment requests, and the payment initiation response. */

const bban = text({ max: LIMITS.bban.max }, 'AccountReference.bban.max30');
const iban = text({ max: LIMITS.iban.max }, 'AccountReference.iban.max34');
const accountCurrency: Record<string, RequirementId> = { currency: 'AccountReference.currency.required' };

/** NCBCT: bban or iban, plus the required currency. */
function ncbctAccount(oneOfRule: RequirementId): JsonSchema {
  return object(
    { bban, iban, currency: ref('Currency') },
    accountCurrency,
    {
      anyOf: [
        { type: 'object', required: ['bban'], [X_REQUIREMENT]: oneOfRule },
        { type: 'object', required: ['iban'], [X_REQUIREMENT]: oneOfRule },
      ],
    },
    { anyOf: oneOfRule },
  );
}

/** SCT: iban only; bulk: bban only. */
const ibanAccount = (ibanRule: RequirementId): JsonSchema =>
  object({ iban, currency: ref('Currency') }, { iban: ibanRule, ...accountCurrency });
const bbanAccount = (bbanRule: RequirementId): JsonSchema =>
  object({ bban, currency: ref('Currency') }, { bban: bbanRule, ...accountCurrency });

const remittance = (id: RequirementId): JsonSchema => text(LIMITS.remittanceInformationUnstructured, id);

/** A NOK amount of 100 000 or more, as a decimal string: six or more integer digits after leading zeros. */
const NOK_FROM_100000: JsonSchema = {
  type: 'object',
  required: ['instructedAmount'],
  properties: {
    instructedAmount: {
      type: 'object',
      required: ['amount', 'currency'],
      properties: { currency: { const: 'NOK' }, amount: { type: 'string', pattern: '^0*[1-9][0-9]{5,}(\\.[0-9]*)?$' } },
    },
  },
};

export const NcbctPaymentRequest: JsonSchema = object(
  {
    instructedAmount: ref('Amount'),
    creditorName: text({ max: LIMITS.creditorName.max }, 'NCBCT.creditorName.max70'),
    creditorAgent: { type: 'string', pattern: BIC_PATTERN, [X_REQUIREMENT]: 'NCBCT.creditorAgent.bic' },
    creditorAccount: ncbctAccount('NCBCT.creditorAccount.bbanOrIban'),
    creditorAddress: ref('Address'),
    debtorAccount: ncbctAccount('NCBCT.debtorAccount.bbanOrIban'),
    remittanceInformationUnstructured: remittance('NCBCT.remittanceInformationUnstructured.length1to140'),
    purposeCode: enumOf(PURPOSE_CODES, 'NCBCT.purposeCode.enum'),
    requestedExecutionDate: isoDate('NCBCT.requestedExecutionDate.isoDate'),
    regulatoryReportingCode: enumOf(REGULATORY_REPORTING_CODES, 'NCBCT.regulatoryReportingCode.enum'),
    regulatoryReportingInformation: text(
      { max: LIMITS.regulatoryReportingInformation.max },
      'NCBCT.regulatoryReportingInformation.max140',
    ),
  },
  {
    instructedAmount: 'NCBCT.instructedAmount.required',
    creditorName: 'NCBCT.creditorName.required',
    creditorAccount: 'NCBCT.creditorAccount.required',
    debtorAccount: 'NCBCT.debtorAccount.required',
  },
  {
    allOf: [
      {
        if: {
          type: 'object',
          required: ['creditorAccount'],
          properties: { creditorAccount: { type: 'object', required: ['bban'] } },
        },
        then: { type: 'object', required: ['creditorAgent'], [X_REQUIREMENT]: 'NCBCT.creditorAgent.requiredWithBban' },
        [X_REQUIREMENT]: 'NCBCT.creditorAgent.requiredWithBban',
      },
      {
        if: NOK_FROM_100000,
        then: {
          type: 'object',
          required: ['regulatoryReportingCode', 'regulatoryReportingInformation'],
          [X_REQUIREMENT]: 'NCBCT.regulatoryReporting.requiredFromNok100000',
        },
        [X_REQUIREMENT]: 'NCBCT.regulatoryReporting.requiredFromNok100000',
      },
    ],
  },
);

export const SctPaymentRequest: JsonSchema = object(
  {
    endToEndIdentification: text({ max: LIMITS.endToEndIdentification.max }, 'SCT.endToEndIdentification.max35'),
    instructedAmount: ref('Amount'),
    creditorName: text({ max: LIMITS.creditorName.max }, 'SCT.creditorName.max70'),
    creditorAccount: ibanAccount('SCT.creditorAccount.ibanRequired'),
    creditorAddress: ref('Address'),
    debtorAccount: ibanAccount('SCT.debtorAccount.ibanRequired'),
    remittanceInformationUnstructured: remittance('SCT.remittanceInformationUnstructured.length1to140'),
    requestedExecutionDate: isoDate('SCT.requestedExecutionDate.isoDate'),
  },
  {
    instructedAmount: 'SCT.instructedAmount.required',
    creditorName: 'SCT.creditorName.required',
    creditorAccount: 'SCT.creditorAccount.required',
    debtorAccount: 'SCT.debtorAccount.required',
  },
);

const STRUCTURED_XOR_UNSTRUCTURED = 'BULK.entry.remittance.structuredXorUnstructured';

export const BulkPaymentEntry: JsonSchema = object(
  {
    endToEndIdentification: text({ max: LIMITS.endToEndIdentification.max }, 'BULK.entry.endToEndIdentification.max35'),
    instructedAmount: ref('Amount'),
    debtorName: text({ max: LIMITS.debtorName.max }, 'BULK.entry.debtorName.max70'),
    creditorName: text({ max: LIMITS.creditorName.max }, 'BULK.entry.creditorName.max70'),
    creditorAccount: bbanAccount('BULK.entry.creditorAccount.bbanRequired'),
    creditorAddress: ref('BulkAddress'),
    ultimateDebtor: text({ max: LIMITS.ultimateDebtor.max }, 'BULK.entry.ultimateDebtor.max70'),
    remittanceInformationUnstructured: remittance('BULK.entry.remittanceInformationUnstructured.length1to140'),
    remittanceInformationStructured: ref('StructuredRemittanceItem'),
    remittanceInformationStructuredArray: { type: 'array', items: ref('StructuredRemittanceItem') },
    purposeCode: enumOf(PURPOSE_CODES, 'BULK.entry.purposeCode.enum'),
  },
  {
    instructedAmount: 'BULK.entry.instructedAmount.required',
    creditorName: 'BULK.entry.creditorName.required',
    creditorAccount: 'BULK.entry.creditorAccount.required',
    creditorAddress: 'BULK.entry.creditorAddress.required',
  },
  {
    not: {
      anyOf: [
        { type: 'object', required: ['remittanceInformationUnstructured', 'remittanceInformationStructured'] },
        { type: 'object', required: ['remittanceInformationUnstructured', 'remittanceInformationStructuredArray'] },
      ],
    },
  },
  { not: STRUCTURED_XOR_UNSTRUCTURED },
);

export const BulkPaymentRequest: JsonSchema = object(
  {
    paymentInformationId: text({ max: LIMITS.paymentInformationId.max }, 'BULK.paymentInformationId.max35'),
    debtorAccount: bbanAccount('BULK.debtorAccount.bbanRequired'),
    requestedExecutionDate: isoDate('BULK.requestedExecutionDate.isoDate'),
    payments: {
      type: 'array',
      items: ref('BulkPaymentEntry'),
      minItems: 1,
      [X_REQUIREMENT]: { type: 'BULK.payments.required', minItems: 'BULK.payments.nonEmpty' },
    },
  },
  { debtorAccount: 'BULK.debtorAccount.required', payments: 'BULK.payments.required' },
);

function paymentInitiationResponse(statuses: readonly string[]): JsonSchema {
  return object(
    {
      paymentId: { type: 'string', [X_REQUIREMENT]: 'PaymentResponse.paymentId.required' },
      transactionStatus: enumOf(statuses, 'PaymentResponse.transactionStatus.enum'),
      transactionFees: ref('Amount'),
      transactionFeeIndicator: { type: 'boolean', [X_REQUIREMENT]: 'PaymentResponse.transactionFeeIndicator.boolean' },
      tppMessages: { type: 'array', items: ref('TppMessage') },
      psuMessage: text({ max: LIMITS.psuMessage.max }, 'PaymentResponse.psuMessage.max512'),
      _links: ref('Links'),
    },
    { paymentId: 'PaymentResponse.paymentId.required', transactionStatus: 'PaymentResponse.transactionStatus.enum' },
    {
      if: { type: 'object', required: ['transactionFees'] },
      then: {
        type: 'object',
        required: ['transactionFeeIndicator'],
        properties: {
          transactionFeeIndicator: { const: true, [X_REQUIREMENT]: 'PaymentResponse.transactionFees.withIndicator' },
        },
        [X_REQUIREMENT]: 'PaymentResponse.transactionFees.withIndicator',
      },
    },
    { if: 'PaymentResponse.transactionFees.withIndicator' },
  );
}

export const PaymentInitiationResponse = paymentInitiationResponse(TRANSACTION_STATUSES);
/** The bulk response additionally allows PRSY. */
export const BulkPaymentInitiationResponse = paymentInitiationResponse(BULK_TRANSACTION_STATUSES);
