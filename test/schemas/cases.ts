import type { SchemaName } from '../../spec/index.js';
import * as ex from './examples.js';
import { REMOVE, mutate } from './mutate.js';

/** One broken rule: the body is a conformant example with exactly one member changed. */
export interface NegativeCase {
  schema: SchemaName;
  requirementId: string;
  label: string;
  body: unknown;
}

const s = (n: number, c = 'a') => c.repeat(n);
const entry0 = '/payments/0';
const entry1 = '/payments/1';

type Row = [SchemaName, unknown, string, unknown, string, string?];

/** [schema, example, pointer, new value (REMOVE deletes), requirement id, label]. */
const ROWS: Row[] = [
  // Amount and Currency (via the NCBCT instructedAmount)
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount/amount', REMOVE, 'Amount.amount.required'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount/currency', REMOVE, 'Amount.currency.required'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount/amount', 1250.5, 'Amount.amount.string', 'amount as a JSON number'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount/amount', '1,250.50', 'Amount.amount.decimal', 'thousands separator'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount/amount', '-5.00', 'Amount.amount.decimal', 'negative sign'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount/amount', '12345678901234.00', 'Amount.amount.precision18scale5', '14 integer digits'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount/amount', '1.000000', 'Amount.amount.precision18scale5', '6 fraction digits'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount', { amount: '100', currency: 'NOK' }, 'Amount.amount.fractionDigits', 'NOK without decimals'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount', { amount: '100.5', currency: 'JPY' }, 'Amount.amount.fractionDigits', 'JPY with a decimal'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount', { amount: '10.00', currency: 'KWD' }, 'Amount.amount.fractionDigits', 'KWD with 2 of 3'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount/currency', 'XYZ', 'Currency.enum', 'unknown currency'],
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount/currency', 'nok', 'Currency.enum', 'lower case'],
  // Address and Country
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorAddress/country', 'NOR', 'Country.max2', 'three-letter country'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorAddress/country', 'XX', 'Country.enum'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorAddress/street', s(71), 'Address.street.max70'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorAddress/country', REMOVE, 'Address.country.required'],
  // Account references
  ['NcbctPaymentRequest', ex.NCBCT, '/debtorAccount/bban', s(31, '1'), 'AccountReference.bban.max30'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorAccount/iban', `DE${s(33, '1')}`, 'AccountReference.iban.max34'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorAccount/iban', 'DE88370400440532013000', 'AccountReference.iban.structure', 'wrong MOD 97 check digits'],
  ['SctPaymentRequest', ex.SCT, '/debtorAccount/iban', 'NO93860111179470', 'AccountReference.iban.structure', 'Norwegian IBAN one digit too long'],
  ['NcbctPaymentRequest', ex.NCBCT, '/debtorAccount/currency', REMOVE, 'AccountReference.currency.required'],
  ['NcbctPaymentRequest', ex.NCBCT, '/debtorAccount/bban', '86011117948', 'AccountReference.bban.norwegianMod11', 'wrong MOD11 check digit'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/creditorAccount/bban`, '1234567890', 'AccountReference.bban.norwegianMod11', '10 digits'],
  // Structured remittance
  ['BulkPaymentRequest', ex.BULK, `${entry1}/remittanceInformationStructured/reference`, REMOVE, 'StructuredRemittance.reference.required'],
  ['BulkPaymentRequest', ex.BULK, `${entry1}/remittanceInformationStructured/reference`, '', 'StructuredRemittance.reference.length1to35', 'empty'],
  ['BulkPaymentRequest', ex.BULK, `${entry1}/remittanceInformationStructured/reference`, s(36, 'R'), 'StructuredRemittance.reference.length1to35', '36 characters'],
  ['BulkPaymentRequest', ex.BULK, `${entry1}/remittanceInformationStructured/referenceType`, s(36), 'StructuredRemittance.referenceType.length1to35'],
  ['BulkPaymentRequest', ex.BULK, '/payments/2/remittanceInformationStructuredArray/1/referenceIssuer', '', 'StructuredRemittance.referenceIssuer.length1to35'],
  ['BulkPaymentRequest', ex.BULK, `${entry1}/remittanceInformationStructured/reference`, '12345675', 'StructuredRemittance.kid.checkDigit', 'KID with a wrong Luhn digit'],
  ['BulkPaymentRequest', ex.BULK, '/payments/2/remittanceInformationStructuredArray/0/reference', '1', 'StructuredRemittance.kid.checkDigit', 'KID of one digit'],
  // NCBCT
  ['NcbctPaymentRequest', ex.NCBCT, '/instructedAmount', REMOVE, 'NCBCT.instructedAmount.required'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorName', REMOVE, 'NCBCT.creditorName.required'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorAccount', REMOVE, 'NCBCT.creditorAccount.required'],
  ['NcbctPaymentRequest', ex.NCBCT, '/debtorAccount', REMOVE, 'NCBCT.debtorAccount.required'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorName', s(71), 'NCBCT.creditorName.max70', '71 characters'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorName', s(71, 'ø'), 'NCBCT.creditorName.max70', '71 two-byte characters'],
  ['NcbctPaymentRequest', ex.NCBCT, '/remittanceInformationUnstructured', '', 'NCBCT.remittanceInformationUnstructured.length1to140', 'empty'],
  ['NcbctPaymentRequest', ex.NCBCT, '/remittanceInformationUnstructured', s(141), 'NCBCT.remittanceInformationUnstructured.length1to140', '141'],
  ['NcbctPaymentRequest', ex.NCBCT_LARGE, '/regulatoryReportingInformation', s(141), 'NCBCT.regulatoryReportingInformation.max140'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorAgent', 'DEUTDEF', 'NCBCT.creditorAgent.bic', '7 characters'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorAgent', 'deutdeff', 'NCBCT.creditorAgent.bic', 'lower case'],
  ['NcbctPaymentRequest', mutate(ex.NCBCT, '/creditorAccount', { bban: '0532013000', currency: 'EUR' }), '/creditorAgent', REMOVE, 'NCBCT.creditorAgent.requiredWithBban'],
  ['NcbctPaymentRequest', ex.NCBCT, '/creditorAccount', { currency: 'EUR' }, 'NCBCT.creditorAccount.bbanOrIban'],
  ['NcbctPaymentRequest', ex.NCBCT, '/debtorAccount', { currency: 'NOK' }, 'NCBCT.debtorAccount.bbanOrIban'],
  ['NcbctPaymentRequest', ex.NCBCT, '/purposeCode', 'GIFT', 'NCBCT.purposeCode.enum'],
  ['NcbctPaymentRequest', ex.NCBCT, '/requestedExecutionDate', '2026-02-30', 'NCBCT.requestedExecutionDate.isoDate', 'no such day'],
  ['NcbctPaymentRequest', ex.NCBCT, '/requestedExecutionDate', '01.12.2026', 'NCBCT.requestedExecutionDate.isoDate', 'Norwegian date style'],
  ['NcbctPaymentRequest', ex.NCBCT_LARGE, '/regulatoryReportingCode', '15', 'NCBCT.regulatoryReportingCode.enum'],
  ['NcbctPaymentRequest', ex.NCBCT_LARGE, '/regulatoryReportingCode', REMOVE, 'NCBCT.regulatoryReporting.requiredFromNok100000', 'exactly 100000.00, code missing'],
  ['NcbctPaymentRequest', ex.NCBCT_LARGE, '/regulatoryReportingInformation', REMOVE, 'NCBCT.regulatoryReporting.requiredFromNok100000', 'information missing'],
  ['NcbctPaymentRequest', mutate(mutate(ex.NCBCT_LARGE, '/regulatoryReportingCode', REMOVE), '/regulatoryReportingInformation', REMOVE), '/instructedAmount/amount', '2500000.00', 'NCBCT.regulatoryReporting.requiredFromNok100000', 'both missing'],
  // SCT
  ['SctPaymentRequest', ex.SCT, '/instructedAmount', REMOVE, 'SCT.instructedAmount.required'],
  ['SctPaymentRequest', ex.SCT, '/creditorName', REMOVE, 'SCT.creditorName.required'],
  ['SctPaymentRequest', ex.SCT, '/creditorAccount', REMOVE, 'SCT.creditorAccount.required'],
  ['SctPaymentRequest', ex.SCT, '/debtorAccount', REMOVE, 'SCT.debtorAccount.required'],
  ['SctPaymentRequest', ex.SCT, '/endToEndIdentification', s(36), 'SCT.endToEndIdentification.max35'],
  ['SctPaymentRequest', ex.SCT, '/creditorName', s(71), 'SCT.creditorName.max70'],
  ['SctPaymentRequest', ex.SCT, '/remittanceInformationUnstructured', s(141), 'SCT.remittanceInformationUnstructured.length1to140'],
  ['SctPaymentRequest', ex.SCT, '/creditorAccount', { bban: '0532013000', currency: 'EUR' }, 'SCT.creditorAccount.ibanRequired', 'bban instead of iban'],
  ['SctPaymentRequest', ex.SCT, '/debtorAccount', { bban: '86011117947', currency: 'EUR' }, 'SCT.debtorAccount.ibanRequired', 'bban instead of iban'],
  ['SctPaymentRequest', ex.SCT, '/requestedExecutionDate', '2026-12-01T10:00:00Z', 'SCT.requestedExecutionDate.isoDate', 'date-time'],
  // Bulk
  ['BulkPaymentRequest', ex.BULK, '/debtorAccount', REMOVE, 'BULK.debtorAccount.required'],
  ['BulkPaymentRequest', ex.BULK, '/payments', REMOVE, 'BULK.payments.required'],
  ['BulkPaymentRequest', ex.BULK, '/payments', {}, 'BULK.payments.required', 'object instead of array'],
  ['BulkPaymentRequest', ex.BULK, '/payments', [], 'BULK.payments.nonEmpty'],
  ['BulkPaymentRequest', ex.BULK, '/paymentInformationId', s(36), 'BULK.paymentInformationId.max35'],
  ['BulkPaymentRequest', ex.BULK, '/debtorAccount', { iban: 'NO9386011117947', currency: 'NOK' }, 'BULK.debtorAccount.bbanRequired'],
  ['BulkPaymentRequest', ex.BULK, '/requestedExecutionDate', '2026-13-01', 'BULK.requestedExecutionDate.isoDate'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/instructedAmount`, REMOVE, 'BULK.entry.instructedAmount.required'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/creditorName`, REMOVE, 'BULK.entry.creditorName.required'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/creditorAccount`, REMOVE, 'BULK.entry.creditorAccount.required'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/creditorAddress`, REMOVE, 'BULK.entry.creditorAddress.required'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/endToEndIdentification`, s(36), 'BULK.entry.endToEndIdentification.max35'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/debtorName`, s(71), 'BULK.entry.debtorName.max70'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/creditorName`, s(71), 'BULK.entry.creditorName.max70'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/ultimateDebtor`, s(71), 'BULK.entry.ultimateDebtor.max70'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/remittanceInformationUnstructured`, '', 'BULK.entry.remittanceInformationUnstructured.length1to140'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/creditorAccount`, { iban: 'NO9386011117947', currency: 'NOK' }, 'BULK.entry.creditorAccount.bbanRequired'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/creditorAddress/country`, REMOVE, 'BULK.entry.creditorAddress.country.required'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/purposeCode`, 'XXXX', 'BULK.entry.purposeCode.enum'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/remittanceInformationStructured`, { reference: '12345674' }, 'BULK.entry.remittance.structuredXorUnstructured', 'unstructured + structured'],
  ['BulkPaymentRequest', ex.BULK, `${entry0}/remittanceInformationStructuredArray`, [{ reference: '12345674' }], 'BULK.entry.remittance.structuredXorUnstructured', 'unstructured + array form'],
  // Payment initiation response
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/paymentId', REMOVE, 'PaymentResponse.paymentId.required'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/transactionStatus', 'PRSY', 'PaymentResponse.transactionStatus.enum', 'PRSY outside bulk'],
  ['BulkPaymentInitiationResponse', ex.BULK_RESPONSE, '/transactionStatus', 'DONE', 'PaymentResponse.transactionStatus.enum'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/transactionFees/amount', '25', 'PaymentResponse.transactionFees.amount', 'fee without decimals'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/transactionFeeIndicator', false, 'PaymentResponse.transactionFees.withIndicator', 'fee with indicator false'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/transactionFeeIndicator', REMOVE, 'PaymentResponse.transactionFees.withIndicator', 'fee without indicator'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/transactionFeeIndicator', 'true', 'PaymentResponse.transactionFeeIndicator.boolean'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/psuMessage', s(513), 'PaymentResponse.psuMessage.max512'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/_links', [], 'PaymentResponse.links.shape'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/_links/self/href', REMOVE, 'Link.href.required'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/_links/self/verbs', REMOVE, 'Link.verbs.required', 'Berlin Group link without verbs'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/_links/self/verbs', ['GET', 'PATCH'], 'Link.verbs.enum'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/tppMessages/0/category', 'INFO', 'TppMessage.category.enum'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/tppMessages/0/code', 'OOPS', 'TppMessage.code.enum'],
  ['PaymentInitiationResponse', ex.PAYMENT_RESPONSE, '/tppMessages/0/text', s(513), 'TppMessage.text.max512'],
  // Baskets
  ['SigningBasket', ex.SIGNING_BASKET, '/payments', [1], 'Basket.payments.array'],
  ['SigningBasket', ex.SIGNING_BASKET, '/transactionStatus', 'ACCP', 'Basket.transactionStatus.enum'],
  ['BasketAuthorisation', ex.BASKET_AUTHORISATION, '/scaStatus', 'DONE', 'Basket.authorisation.scaStatus.enum'],
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
  ['SandboxEngagement', ex.ENGAGEMENT, '/account', 'NO2390412263056', 'Sandbox.engagement.account.required', 'string instead of object'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/roles', REMOVE, 'Sandbox.engagement.roles.required'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/registerLimit', REMOVE, 'Sandbox.engagement.registerLimit.required'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/approvalLimit', REMOVE, 'Sandbox.engagement.approvalLimit.required'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/account/iban', REMOVE, 'Sandbox.engagement.account.iban.required'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/roles', ['VIEW', 'ADMIN'], 'Sandbox.engagement.roles.enum'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/registerLimit', 2147483648, 'Sandbox.engagement.limits.int32', 'beyond int32'],
  ['SandboxEngagement', ex.ENGAGEMENT, '/approvalLimit', 10.5, 'Sandbox.engagement.limits.int32', 'fraction'],
  // Sandbox card account
  ...['customerNumber', 'maskedPan', 'currency', 'creditLimit', 'balances', 'cardId', 'cardIdVNo', 'accountNumber', 'expiry', 'name', 'product', 'status'].map(
    (f): Row => ['SandboxCardAccountRequest', ex.CARD_ACCOUNT_REQUEST, `/${f}`, REMOVE, `Sandbox.cardAccount.${f}.required`],
  ),
  ['SandboxCardAccountRequest', ex.CARD_ACCOUNT_REQUEST, '/status', 'active', 'Sandbox.cardAccount.status.enum'],
  ['SandboxCardAccountRequest', ex.CARD_ACCOUNT_REQUEST, '/balances/0/balanceType', 'EXPECTED', 'Sandbox.cardAccount.balanceType.enum', 'upper case, as a real client sends'],
  ['SandboxCardAccountRequest', ex.CARD_ACCOUNT_REQUEST, '/creditLimit/amount', '50000', 'Sandbox.cardAccount.amounts.int32', 'string amount'],
  ['SandboxCardAccountRequest', ex.CARD_ACCOUNT_REQUEST, '/balances/1/balanceAmount/amount', 1.5, 'Sandbox.cardAccount.amounts.int32'],
  ['SandboxCardAccountResponse', ex.CARD_ACCOUNT_RESPONSE, '/resourceId', REMOVE, 'Sandbox.cardAccount.response.shape'],
  ['SandboxCardAccountResponse', ex.CARD_ACCOUNT_RESPONSE, '/_links/transactions', REMOVE, 'Sandbox.cardAccount.response.shape'],
  ['SandboxCardAccountResponse', ex.CARD_ACCOUNT_RESPONSE, '/maskedPan', REMOVE, 'Sandbox.cardAccount.response.shape', 'request field not echoed'],
  // Sandbox transactions
  ['SandboxTransactionList', [ex.TRANSACTION], '/0/bookingDate', REMOVE, 'Sandbox.transaction.fields.required'],
  ['SandboxTransactionList', [ex.TRANSACTION], '/0/creditorAccount/bban', REMOVE, 'Sandbox.transaction.fields.required'],
  ['SandboxTransactionList', [ex.TRANSACTION], '/0/amount', '250', 'Sandbox.transaction.fields.required', 'amount as a string'],
  ['SandboxTransactionList', [ex.TRANSACTION], '/0/bankTransactionCode', 'PMN', 'Sandbox.transaction.bankTransactionCode.length4to14', '3 characters'],
  ['SandboxTransactionList', [ex.TRANSACTION], '/0/bankTransactionCode', s(15, 'P'), 'Sandbox.transaction.bankTransactionCode.length4to14', '15 characters'],
  ['SandboxTransactionList', [ex.TRANSACTION], '/0/_links/self', REMOVE, 'Sandbox.transaction.fields.required'],
];

export const NEGATIVE_CASES: NegativeCase[] = ROWS.map(([schema, example, pointer, value, requirementId, label]) => ({
  schema,
  requirementId,
  label: `${pointer} ${value === REMOVE ? 'removed' : `= ${JSON.stringify(value).slice(0, 40)}`}${label ? ` (${label})` : ''}`,
  body: mutate(example, pointer, value),
}));

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
