/**
 * Every row of interface.md's Limits table, plus the field limits the resource tables state.
 * Schemas, generators, the reference bank and the catalogue read their numbers from here; a field limit names the
 * Limits-table row it comes from (`row`), so that the table's rows are listed from the rules that carry them
 * (spec/limits-table.ts).
 */
export const LIMITS = {
  creditorName: { max: 70, row: 'creditorName at most 70 characters' },
  debtorName: { max: 70, row: 'debtorName, ultimateDebtor at most 70 characters' },
  ultimateDebtor: { max: 70, row: 'debtorName, ultimateDebtor at most 70 characters' },
  street: { max: 70, row: 'street at most 70 characters' },
  bban: { max: 30, row: 'bban at most 30 characters; iban at most 34 characters' },
  iban: { max: 34, row: 'bban at most 30 characters; iban at most 34 characters' },
  remittanceInformationUnstructured: { min: 1, max: 140, row: 'remittanceInformationUnstructured 1 to 140 characters' },
  endToEndIdentification: { max: 35, row: 'endToEndIdentification at most 35 characters' },
  paymentInformationId: { max: 35, row: 'paymentInformationId at most 35 characters' },
  structuredRemittanceMember: { min: 1, max: 35, row: 'structured remittance members 1 to 35 characters' },
  regulatoryReportingInformation: { max: 140, row: 'regulatoryReportingInformation at most 140 characters' },
  tppMessageText: { max: 512, row: 'tppMessages text and psuMessage at most 512 characters' },
  psuMessage: { max: 512, row: 'tppMessages text and psuMessage at most 512 characters' },
  country: { max: 2, row: 'country at most 2 characters' },
  bankTransactionCode: { min: 4, max: 14, row: 'bankTransactionCode 4 to 14 characters' },
  transactionListLimit: { min: 1 },
  /** amount precision 18, scale 5: at most 13 integer digits and 5 fraction digits. */
  amount: {
    precision: 18,
    scale: 5,
    maxIntegerDigits: 13,
    row: 'amount precision 18, scale 5, fraction digits per ISO 4217 minor units',
  },
  /** NOK amount from which regulatory reporting fields are required (inclusive), in NOK. */
  regulatoryReportingThresholdNok: '100000.00',
  transactionHistoryWithoutScaDays: 90,
  scaRenewalDays: 180,
  /** account name with x-accept-fix: longer-name. */
  accountNameLongerName: { max: 70 },
  int32: { min: -2147483648, max: 2147483647 },
} as const;
