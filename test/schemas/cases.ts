import type { SchemaName } from '../../spec/index.js';
import * as ex from './examples.js';
import { derivedCases } from './derived-cases.js';
import { REMOVE, mutate } from './mutate.js';

/**
 * One broken rule: the body is a conformant example with one member changed. The rule table's rows give their own
 * cases (derived-cases.ts); the rows below are the rules the table does not hold (code, shapes, sandbox set-up
 * members) and examples beyond the table's.
 */
export interface NegativeCase {
  schema: SchemaName;
  requirementId: string;
  label: string;
  body: unknown;
}

const entry0 = '/payments/0';
const entry1 = '/payments/1';

type Row = [SchemaName, unknown, string, unknown, string, string?];

/** [schema, example, pointer, new value (REMOVE deletes), requirement id, label]. */
const ROWS: Row[] = [
  // Amount and Currency (via the NCBCT instructedAmount)
  [
    'NcbctPaymentRequest',
    ex.NCBCT,
    '/instructedAmount/amount',
    '1,250.50',
    'Amount.amount.decimal',
    'thousands separator',
  ],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount/amount', '-5.00', 'Amount.amount.decimal', 'negative sign'],
  [
    'NcbctPaymentRequest',
    ex.NCBCT,
    '/instructedAmount',
    { amount: '100', currency: 'NOK' },
    'Amount.amount.fractionDigits',
    'NOK without decimals',
  ],
  [
    'NcbctPaymentRequest',
    ex.NCBCT,
    '/instructedAmount',
    { amount: '100.5', currency: 'JPY' },
    'Amount.amount.fractionDigits',
    'JPY with a decimal',
  ],
  [
    'NcbctPaymentRequest',
    ex.NCBCT,
    '/instructedAmount',
    { amount: '10.00', currency: 'KWD' },
    'Amount.amount.fractionDigits',
    'KWD with 2 of 3',
  ],
  // Account references
  [
    'NcbctPaymentRequest',
    ex.NCBCT,
    '/creditorAccount/iban',
    'DE88370400440532013000',
    'AccountReference.iban.checksum',
    'wrong MOD 97 check digits',
  ],
  [
    'SctPaymentRequest',
    ex.SCT,
    '/debtorAccount/iban',
    'NO93860111179470',
    'AccountReference.iban.checksum',
    'Norwegian IBAN one digit too long',
  ],
  [
    'NcbctPaymentRequest',
    ex.NCBCT,
    '/debtorAccount/bban',
    '86011117948',
    'AccountReference.bban.norwegianMod11',
    'wrong MOD11 check digit',
  ],
  [
    'BulkPaymentRequest',
    ex.BULK,
    `${entry0}/creditorAccount/bban`,
    '1234567890',
    'AccountReference.bban.norwegianMod11',
    '10 digits',
  ],
  // Structured remittance
  [
    'BulkPaymentRequest',
    ex.BULK,
    `${entry1}/remittanceInformationStructured/reference`,
    '12345675',
    'StructuredRemittance.kid.checkDigit',
    'KID with a wrong Luhn digit',
  ],
  [
    'BulkPaymentRequest',
    ex.BULK,
    '/payments/2/remittanceInformationStructuredArray/0/reference',
    '1',
    'StructuredRemittance.kid.checkDigit',
    'KID of one digit',
  ],
  // NCBCT
  [
    'NcbctPaymentRequest',
    ex.NCBCT,
    '/creditorAccount/iban',
    'DEAB370400440532013000',
    'AccountReference.iban.structure',
    'letters for check digits',
  ],
  [
    'NcbctPaymentRequest',
    ex.NCBCT,
    '/requestedExecutionDate',
    '2026-02-30',
    'NCBCT.requestedExecutionDate.isoDate',
    'no such day',
  ],
  [
    'NcbctPaymentRequest',
    ex.NCBCT,
    '/requestedExecutionDate',
    '01.12.2026',
    'NCBCT.requestedExecutionDate.isoDate',
    'Norwegian date style',
  ],
  [
    'NcbctPaymentRequest',
    ex.NCBCT_LARGE,
    '/regulatoryReportingCode',
    REMOVE,
    'NCBCT.regulatoryReporting.requiredFromNok100000',
    'exactly 100000.00, code missing',
  ],
  [
    'NcbctPaymentRequest',
    ex.NCBCT_LARGE,
    '/regulatoryReportingInformation',
    REMOVE,
    'NCBCT.regulatoryReporting.requiredFromNok100000',
    'information missing',
  ],
  [
    'NcbctPaymentRequest',
    mutate(mutate(ex.NCBCT_LARGE, '/regulatoryReportingCode', REMOVE), '/regulatoryReportingInformation', REMOVE),
    '/instructedAmount/amount',
    '2500000.00',
    'NCBCT.regulatoryReporting.requiredFromNok100000',
    'both missing',
  ],
  // SCT
  [
    'SctPaymentRequest',
    ex.SCT,
    '/requestedExecutionDate',
    '2026-12-01T10:00:00Z',
    'SCT.requestedExecutionDate.isoDate',
    'date-time',
  ],
  // Bulk
  [
    'BulkPaymentRequest',
    ex.BULK,
    `${entry0}/remittanceInformationStructured`,
    { reference: '12345674' },
    'BULK.entry.remittance.structuredXorUnstructured',
    'unstructured + structured',
  ],
  [
    'BulkPaymentRequest',
    ex.BULK,
    `${entry0}/remittanceInformationStructuredArray`,
    [{ reference: '12345674' }],
    'BULK.entry.remittance.structuredXorUnstructured',
    'unstructured + array form',
  ],
  // Payment initiation response
  [
    'PaymentInitiationResponse',
    ex.PAYMENT_RESPONSE,
    '/transactionStatus',
    'PRSY',
    'PaymentResponse.transactionStatus.enum',
    'PRSY outside bulk',
  ],
  [
    'BulkPaymentInitiationResponse',
    ex.BULK_RESPONSE,
    '/transactionStatus',
    'DONE',
    'PaymentResponse.transactionStatus.enum',
  ],
  [
    'PaymentInitiationResponse',
    ex.PAYMENT_RESPONSE,
    '/transactionFees/amount',
    '25',
    'PaymentResponse.transactionFees.amount',
    'fee without decimals',
  ],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/_links', [], 'PaymentResponse.links.shape'],
  // Baskets
  ['SigningBasket', ex.SIGNING_BASKET, '/payments', [1], 'Basket.payments.array'],
  ['BasketAuthorisation', ex.BASKET_AUTHORISATION, '/_links', REMOVE, 'Basket.startAuthorisation.201'],
  ['SigningBasketRequest', ex.SIGNING_BASKET_REQUEST, '/paymentIds', [], 'Basket.create.paymentIds'],
  ['ChallengeBody', ex.CHALLENGE, '/_links/scaRedirect', REMOVE, 'Basket.get.challenge401'],
  ['ChallengeBody', ex.CHALLENGE, '/_links/scaRedirect/verbs', ['POST'], 'Auth.sca.redirect'],
  // Errors
  ['ErrorBody', ex.ERROR_BODY, '/code', REMOVE, 'Errors.body.shape'],
  ['ErrorBody', ex.ERROR_BODY, '/status', '400', 'Errors.body.shape', 'status as a string'],
  ['ErrorBody', ex.ERROR_BODY, '/message', REMOVE, 'Errors.body.shape', 'client error without message'],
  // Sandbox engagement
  ['SandboxEngagement', ex.ENGAGEMENT, '/customer', REMOVE, 'Sandbox.engagement.customer.required'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/account', REMOVE, 'Sandbox.engagement.account.required'],
  [
    'SandboxEngagement',
    ex.ENGAGEMENT,
    '/account',
    'NO2390412263056',
    'Sandbox.engagement.account.required',
    'string instead of object',
  ],
  ['SandboxEngagement', ex.ENGAGEMENT, '/roles', REMOVE, 'Sandbox.engagement.roles.required'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/registerLimit', REMOVE, 'Sandbox.engagement.registerLimit.required'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/approvalLimit', REMOVE, 'Sandbox.engagement.approvalLimit.required'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/account/iban', REMOVE, 'Sandbox.engagement.account.iban.required'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/registerLimit', 2147483648, 'Sandbox.engagement.limits.int32', 'beyond int32'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/approvalLimit', 10.5, 'Sandbox.engagement.limits.int32', 'fraction'],
  // Sandbox card account
  ...[
    'customerNumber',
    'maskedPan',
    'currency',
    'creditLimit',
    'balances',
    'cardId',
    'cardIdVNo',
    'accountNumber',
    'expiry',
    'name',
    'product',
    'status',
  ].map((f): Row => [
    'SandboxCardAccountRequest',
    ex.CARD_ACCOUNT_REQUEST,
    `/${f}`,
    REMOVE,
    `Sandbox.cardAccount.${f}.required`,
  ]),
  [
    'SandboxCardAccountRequest',
    ex.CARD_ACCOUNT_REQUEST,
    '/balances/0/balanceType',
    'EXPECTED',
    'Codes.letterCase.upper',
    'upper case, as a real client sends: only the letter-case convention',
  ],
  [
    'SandboxCardAccountRequest',
    ex.CARD_ACCOUNT_REQUEST,
    '/creditLimit/amount',
    '50000',
    'Sandbox.cardAccount.amounts.int32',
    'string amount',
  ],
  [
    'SandboxCardAccountRequest',
    ex.CARD_ACCOUNT_REQUEST,
    '/balances/1/balanceAmount/amount',
    1.5,
    'Sandbox.cardAccount.amounts.int32',
  ],
  ['SandboxCardAccountResponse', ex.CARD_ACCOUNT_RESPONSE, '/resourceId', REMOVE, 'Sandbox.cardAccount.response.shape'],
  [
    'SandboxCardAccountResponse',
    ex.CARD_ACCOUNT_RESPONSE,
    '/_links/transactions',
    REMOVE,
    'Sandbox.cardAccount.response.shape',
  ],
  [
    'SandboxCardAccountResponse',
    ex.CARD_ACCOUNT_RESPONSE,
    '/maskedPan',
    REMOVE,
    'Sandbox.cardAccount.response.shape',
    'request field not echoed',
  ],
  // Sandbox transactions
  ['SandboxTransactionList', [ex.TRANSACTION], '/0/bookingDate', REMOVE, 'Sandbox.transaction.fields.required'],
  [
    'SandboxTransactionList',
    [ex.TRANSACTION],
    '/0/creditorAccount/bban',
    REMOVE,
    'Sandbox.transaction.fields.required',
  ],
  [
    'SandboxTransactionList',
    [ex.TRANSACTION],
    '/0/amount',
    '250',
    'Sandbox.transaction.fields.required',
    'amount as a string',
  ],
  ['SandboxTransactionList', [ex.TRANSACTION], '/0/_links/self', REMOVE, 'Sandbox.transaction.fields.required'],
];

export const CONFORMANT: [SchemaName, unknown][] = [
  ['NcbctPaymentRequest', ex.NCBCT],
  ['NcbctPaymentRequest', ex.NCBCT_LARGE],
  ['NcbctPaymentRequest', mutate(ex.NCBCT, '/instructedAmount/amount', '99999.99')],
  ['NcbctPaymentRequest', mutate(ex.NCBCT, '/instructedAmount', { amount: '100000.00', currency: 'EUR' })],
  ['NcbctPaymentRequest', mutate(ex.NCBCT, '/instructedAmount', { amount: '100.00', currency: 'NOK' })],
  ['NcbctPaymentRequest', mutate(ex.NCBCT, '/instructedAmount', { amount: '100', currency: 'JPY' })],
  ['NcbctPaymentRequest', mutate(ex.NCBCT, '/instructedAmount', { amount: '1.234', currency: 'KWD' })],
  ['NcbctPaymentRequest', mutate(ex.NCBCT, '/instructedAmount', { amount: '1.5', currency: 'XDR' })],
  ['NcbctPaymentRequest', mutate(ex.NCBCT, '/creditorName', 'ø'.repeat(70))],
  ['NcbctPaymentRequest', mutate(ex.NCBCT, '/creditorAccount', { bban: '0532013000', currency: 'EUR' })],
  ['SctPaymentRequest', ex.SCT],
  ['BulkPaymentRequest', ex.BULK],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE],
  ['PaymentInitiationResponse', { paymentId: 'p', transactionStatus: 'ACSC' }],
  ['BulkPaymentInitiationResponse', ex.BULK_RESPONSE],
  ['SigningBasket', ex.SIGNING_BASKET],
  ['SigningBasketRequest', ex.SIGNING_BASKET_REQUEST],
  ['BasketAuthorisation', ex.BASKET_AUTHORISATION],
  ['SandboxEngagement', ex.ENGAGEMENT],
  ['SandboxCardAccountRequest', ex.CARD_ACCOUNT_REQUEST],
  ['SandboxCardAccountResponse', ex.CARD_ACCOUNT_RESPONSE],
  ['SandboxTransactionList', [ex.TRANSACTION]],
  ['SandboxTransactionList', []],
  ['ErrorBody', ex.ERROR_BODY],
  ['ErrorBody', ex.SERVER_ERROR_BODY],
  ['ChallengeBody', ex.CHALLENGE],
];

/** The table's cases (derived-cases.ts), then the hand-written ones: rules outside the table, and extra examples. */
export const NEGATIVE_CASES: NegativeCase[] = [
  ...derivedCases(CONFORMANT),
  ...ROWS.map(([schema, example, pointer, value, requirementId, label]) => ({
    schema,
    requirementId,
    label:
      `${pointer} ` +
      `${value === REMOVE ? 'removed' : `= ${JSON.stringify(value).slice(0, 40)}`}${label ? ` (${label})` : ''}`,
    body: mutate(example, pointer, value),
  })),
];
