/**
 * Every row of interface.md's Limits table, plus the field limits the resource tables state.
 * Schemas, generators, the reference bank and the catalogue read their numbers from here.
 */
export const LIMITS = {
  creditorName: { max: 70 },
  debtorName: { max: 70 },
  ultimateDebtor: { max: 70 },
  street: { max: 70 },
  bban: { max: 30 },
  iban: { max: 34 },
  remittanceInformationUnstructured: { min: 1, max: 140 },
  endToEndIdentification: { max: 35 },
  paymentInformationId: { max: 35 },
  structuredRemittanceMember: { min: 1, max: 35 },
  regulatoryReportingInformation: { max: 140 },
  tppMessageText: { max: 512 },
  psuMessage: { max: 512 },
  country: { max: 2 },
  bankTransactionCode: { min: 4, max: 14 },
  transactionListLimit: { min: 1 },
  /** amount precision 18, scale 5: at most 13 integer digits and 5 fraction digits. */
  amount: { precision: 18, scale: 5, maxIntegerDigits: 13 },
  /** NOK amount from which regulatory reporting fields are required (inclusive), in NOK. */
  regulatoryReportingThresholdNok: '100000.00',
  transactionHistoryWithoutScaDays: 90,
  scaRenewalDays: 180,
  /** account name with x-accept-fix: longer-name. */
  accountNameLongerName: { max: 70 },
  int32: { min: -2147483648, max: 2147483647 },
} as const;
