/**
 * interface.md's Limits table, row by row, with the requirement ids that carry each row.
 * A test reads the table from spec/source/interface.md and fails when a row is missing here.
 */
import type { RequirementId } from './requirements/ids.generated.js';

export const LIMITS_TABLE_ROWS: Record<string, RequirementId[]> = {
  'creditorName at most 70 characters': [
    'NCBCT.creditorName.max70',
    'SCT.creditorName.max70',
    'BULK.entry.creditorName.max70',
  ],
  'debtorName, ultimateDebtor at most 70 characters': [
    'BULK.entry.debtorName.max70',
    'BULK.entry.ultimateDebtor.max70',
  ],
  'street at most 70 characters': ['Address.street.max70'],
  'bban at most 30 characters; iban at most 34 characters': [
    'AccountReference.bban.max30',
    'AccountReference.iban.max34',
  ],
  'remittanceInformationUnstructured 1 to 140 characters': [
    'NCBCT.remittanceInformationUnstructured.length1to140',
    'SCT.remittanceInformationUnstructured.length1to140',
    'BULK.entry.remittanceInformationUnstructured.length1to140',
  ],
  'endToEndIdentification at most 35 characters': [
    'SCT.endToEndIdentification.max35',
    'BULK.entry.endToEndIdentification.max35',
  ],
  'paymentInformationId at most 35 characters': ['BULK.paymentInformationId.max35'],
  'structured remittance members 1 to 35 characters': [
    'StructuredRemittance.reference.length1to35',
    'StructuredRemittance.referenceType.length1to35',
    'StructuredRemittance.referenceIssuer.length1to35',
  ],
  'regulatoryReportingInformation at most 140 characters': ['NCBCT.regulatoryReportingInformation.max140'],
  'tppMessages text and psuMessage at most 512 characters': [
    'TppMessage.text.max512',
    'PaymentResponse.psuMessage.max512',
  ],
  'country at most 2 characters': ['Country.max2'],
  'bankTransactionCode 4 to 14 characters': ['Sandbox.transaction.bankTransactionCode.length4to14'],
  'limit query parameter at least 1': ['Sandbox.transactions.limit.min1'],
  'amount precision 18, scale 5, fraction digits per ISO 4217 minor units': [
    'Amount.amount.precision18scale5',
    'Amount.amount.fractionDigits',
  ],
  'regulatory reporting fields required from NOK 100 000': ['NCBCT.regulatoryReporting.requiredFromNok100000'],
  'transaction history without SCA: 90 days; SCA renewal: 180 days': ['Auth.history.90days'],
  'account name up to 70 characters when x-accept-fix is longer-name': ['Versioning.acceptFix.longerName'],
};
