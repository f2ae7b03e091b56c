import { BIC_PATTERN } from '../../checksums.js';
import { COUNTRIES } from '../../countries.js';
import { CURRENCY_CODES } from '../../currencies.js';
import {
  BASKET_STATUSES,
  CARD_ACCOUNT_STATUSES,
  CARD_BALANCE_TYPES,
  ENGAGEMENT_ROLES,
  ERROR_CODES,
  LINK_VERBS,
  PURPOSE_CODES,
  REGULATORY_REPORTING_CODES,
  SCA_STATUSES,
  TPP_MESSAGE_CATEGORIES,
  TRANSACTION_STATUSES,
} from '../../enums.js';
import { LIMITS } from '../../limits.js';
import { CLASS } from '../../matrix/labels.js';
import { REMOVE, type FieldRule, type InvalidValues, type ValidValues } from './types.js';

/**
 * The field rules of interface.md, one row each: a length, a closed list, a required member, a pattern, a format, a
 * type or a condition between members. The catalogue rows, the JSON Schema keywords (schemas/json/), the valid
 * generators' bounds and the breakers (generators/), the negative schema cases (test/schemas/) and the OpenAPI
 * document all derive from these rows; spec/requirements/*.ts hold the rules that are not about one field.
 *
 * A row's id is `<scope>.<field>.<rule>` (types.ts); what it leaves out comes from its scope (scopes.ts) and its kind.
 * Invalid values are written here only where they cannot be derived: made-up codes, malformed dates, the values that
 * break a condition. Rows of one scope are in the order their breakers are generated.
 */

const { maxIntegerDigits, scale } = LIMITS.amount;
const ISO_DATE = 'requestedExecutionDate is an ISO 8601 date (YYYY-MM-DD).';

/** The classes of an ISO 8601 date (YYYY-MM-DD), on each side: written once for every date of the interface. */
export const DATE_CLASS = {
  wrongPattern: 'a date in another notation',
  impossible: 'an impossible calendar date',
  dateTime: 'a date-time',
  ahead: 'a weekday some weeks ahead',
} as const;

/** Dates that break "ISO 8601 date", one class each: each class is sent on every operation that takes a date. */
export const BROKEN_DATES: readonly InvalidValues[] = [
  { label: DATE_CLASS.wrongPattern, values: ['01.12.2027', '2027-1-5', '2027/12/01', '20271201', 'tomorrow'] },
  { label: DATE_CLASS.impossible, values: ['2027-02-30', '2027-04-31', '2027-02-29', '2027-13-01'] },
  { label: DATE_CLASS.dateTime, values: ['2027-12-01T10:00:00Z'] },
];

/**
 * A valid execution date whatever the bank's calendar: the first Wednesday at least four weeks after the run's day
 * that is no Norwegian holiday and not in the last days of the year (a bank may refuse a date that is not a banking
 * day, or one too far ahead: interface.md says neither, so neither is sent as valid).
 */
export function weekdayAhead(today: Date): string {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 28));
  // A Wednesday is never one of Norway's moving holidays (Easter, Ascension, Whitsun): only fixed dates remain.
  const holiday = (d: Date) => {
    const [month, date] = [d.getUTCMonth() + 1, d.getUTCDate()];
    return (month === 12 && date >= 20) || (month === 1 && date <= 6) || (month === 5 && (date === 1 || date === 17));
  };
  while (day.getUTCDay() !== 3 || holiday(day)) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const AHEAD: ValidValues = { label: DATE_CLASS.ahead, values: (today) => [weekdayAhead(today)] };

/** A NOK amount of 100 000 or more, as a decimal string: six or more integer digits after leading zeros. */
const NOK_FROM_100000 = {
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

const SHARED_TYPES: FieldRule[] = [
  { id: 'Amount.amount.required', required: true, statement: 'An Amount has a member amount.' },
  { id: 'Amount.currency.required', required: true, statement: 'An Amount has a member currency.' },
  { id: 'Amount.amount.string', type: 'string', statement: 'amount is a JSON string, never a JSON number.' },
  // Precision and scale are checked with look-aheads only, so that a string that is not a decimal at all breaks
  // Amount.amount.decimal alone.
  {
    id: 'Amount.amount.decimal',
    pattern: '^[0-9]+(\\.[0-9]+)?$',
    statement: 'amount is a decimal written as a string: digits, optionally a point and fraction digits.',
    invalid: [
      { label: 'a decimal comma', values: ['1,00', '12,50'] },
      { label: 'an exponent', values: ['1e3', '1E2'] },
      { label: CLASS.empty, values: [''] },
      { label: 'a number in words', values: ['ten'] },
    ],
    blankVariants: [' 5.00', '5.00 '],
  },
  // EUR, not NOK: a NOK amount this large would also need the regulatory reporting fields.
  {
    id: 'Amount.amount.precision18scale5',
    pattern: `^(?![0-9]{${maxIntegerDigits + 1}})(?!.*\\.[0-9]{${scale + 1}})`,
    limitsRow: LIMITS.amount.row,
    statement:
      `amount has precision ${LIMITS.amount.precision} and scale ${scale}: at most ` +
      `${maxIntegerDigits} integer digits.`,
    // Integer digits only: six fraction digits break Amount.amount.fractionDigits too (no listed currency has more
    // than three minor units), so only a value too long before the point tests this rule on its own.
    invalid: [
      {
        label: '14 integer digits',
        values: [
          { amount: '12345678901234.00', currency: 'EUR' },
          { amount: '99999999999999.99', currency: 'EUR' },
        ],
        whole: true,
      },
    ],
  },
  {
    id: 'Currency.enum',
    enum: CURRENCY_CODES,
    statement: 'A currency is one of the ISO 4217 codes interface.md lists.',
    outsiders: ['XYZ', 'EURO', 'N0K'],
    caseVariants: ['nok', 'Eur'],
  },
  {
    id: 'Country.max2',
    length: LIMITS.country,
    characters: 'code',
    statement: `A country has at most ${LIMITS.country.max} characters.`,
    invalid: [{ label: 'three-letter country', values: ['NOR', 'DEU'] }],
  },
  {
    id: 'Country.enum',
    enum: COUNTRIES,
    statement: 'A country is one of the ISO 3166-1 alpha-2 codes interface.md lists.',
    outsiders: ['XX', 'QQ'],
    caseVariants: ['no', 'De'],
  },
  {
    id: 'AccountReference.bban.max30',
    length: LIMITS.bban,
    characters: 'digits',
    operations: ['ncbct.create', 'bulk.create'],
  },
  {
    id: 'AccountReference.iban.max34',
    length: LIMITS.iban,
    characters: 'iban',
    operations: ['ncbct.create', 'sct.create'],
  },
  { id: 'AccountReference.currency.required', required: true, statement: 'An account reference has a currency.' },
  { id: 'Address.street.max70', length: LIMITS.street },
  {
    id: 'Address.country.required',
    required: true,
    statement: 'An address that is given has a country.',
    operations: ['ncbct.create', 'sct.create'],
  },
  {
    id: 'StructuredRemittance.reference.required',
    required: true,
    statement: 'A structured remittance item has a reference.',
    invalid: [{ label: 'structured item without reference', values: [{ referenceType: 'KID' }], whole: true }],
  },
  {
    id: 'StructuredRemittance.reference.length1to35',
    length: LIMITS.structuredRemittanceMember,
    characters: 'identifier',
  },
  {
    id: 'StructuredRemittance.referenceType.length1to35',
    length: LIMITS.structuredRemittanceMember,
    characters: 'identifier',
  },
  {
    id: 'StructuredRemittance.referenceIssuer.length1to35',
    length: LIMITS.structuredRemittanceMember,
    characters: 'identifier',
  },
];

const NCBCT: FieldRule[] = [
  { id: 'NCBCT.instructedAmount.required', required: true },
  { id: 'NCBCT.creditorName.required', required: true },
  { id: 'NCBCT.creditorAccount.required', required: true },
  { id: 'NCBCT.debtorAccount.required', required: true },
  { id: 'NCBCT.creditorName.max70', length: LIMITS.creditorName },
  { id: 'NCBCT.remittanceInformationUnstructured.length1to140', length: LIMITS.remittanceInformationUnstructured },
  {
    id: 'NCBCT.regulatoryReportingInformation.max140',
    length: LIMITS.regulatoryReportingInformation,
    alongside: { regulatoryReportingCode: '14' },
  },
  {
    id: 'NCBCT.creditorAgent.bic',
    pattern: BIC_PATTERN,
    statement: 'creditorAgent is a BIC (BICFI, SWIFT code): 8 or 11 characters, ISO 9362.',
    // Each length a BIC does not have, punctuation, and digits where the bank code's letters go (ISO 9362).
    invalid: [
      { label: 'a BIC of 7 characters', values: ['DEUTDEF', 'NDEANOK'] },
      { label: 'a BIC of 9 characters', values: ['DEUTDEFF5', 'NDEANOKKX'] },
      { label: 'a BIC of 10 characters', values: ['DEUTDEFF50', 'NDEANOKKXX'] },
      { label: 'a BIC of 12 characters', values: ['DEUTDEFF5000', 'NDEANOKKXXXX'] },
      { label: 'a BIC with punctuation', values: ['DEUT-DEFF', 'NDEA.NOKK'] },
      { label: 'digits for the bank code', values: ['12345678', '1234DEFF'] },
    ],
    valid: [
      { label: 'a BIC of 8 characters', values: ['DEUTDEFF', 'NDEANOKK'] },
      { label: 'a BIC of 11 characters', values: ['DEUTDEFF500', 'NDEANOKKXXX'] },
    ],
    caseVariants: ['deutdeff', 'Ndeanokk'],
  },
  {
    id: 'NCBCT.creditorAgent.requiredWithBban',
    statement: 'creditorAgent is required when creditorAccount uses bban.',
    condition: {
      if: {
        type: 'object',
        required: ['creditorAccount'],
        properties: { creditorAccount: { type: 'object', required: ['bban'] } },
      },
      then: { type: 'object', required: ['creditorAgent'] },
    },
    invalid: [
      {
        label: 'creditor bban without creditorAgent',
        field: 'creditorAgent',
        values: [REMOVE],
        alongside: { creditorAccount: { bban: '0532013000', currency: 'EUR' } },
      },
    ],
  },
  {
    id: 'NCBCT.creditorAccount.bbanOrIban',
    scope: 'NCBCT.creditorAccount',
    statement: 'creditorAccount identifies the account by bban or iban.',
    condition: { oneRequired: ['bban', 'iban'] },
    invalid: [{ label: 'creditorAccount with neither bban nor iban', values: [{ currency: 'EUR' }], whole: true }],
  },
  {
    id: 'NCBCT.debtorAccount.bbanOrIban',
    scope: 'NCBCT.debtorAccount',
    statement: 'debtorAccount identifies the account by bban or iban.',
    condition: { oneRequired: ['bban', 'iban'] },
    invalid: [{ label: 'debtorAccount with neither bban nor iban', values: [{ currency: 'NOK' }], whole: true }],
  },
  {
    id: 'NCBCT.purposeCode.enum',
    enum: PURPOSE_CODES,
    statement: 'purposeCode is one of the listed purpose codes.',
    outsiders: ['GIFT', 'XXXX'],
    caseVariants: ['sala', 'Othr'],
  },
  {
    id: 'NCBCT.requestedExecutionDate.isoDate',
    format: 'date',
    statement: ISO_DATE,
    invalid: BROKEN_DATES,
    valid: [AHEAD],
  },
  {
    id: 'NCBCT.regulatoryReportingCode.enum',
    enum: REGULATORY_REPORTING_CODES,
    statement: 'regulatoryReportingCode is one of the listed codes.',
    outsiders: ['15', '99', 'AB'],
    alongside: { regulatoryReportingInformation: 'Varekjøp' },
  },
  {
    id: 'NCBCT.regulatoryReporting.requiredFromNok100000',
    limitsRow: 'regulatory reporting fields required from NOK 100 000',
    statement:
      `regulatoryReportingCode and regulatoryReportingInformation are both required when the ` +
      `instructed amount is NOK ${LIMITS.regulatoryReportingThresholdNok} or more.`,
    condition: {
      if: NOK_FROM_100000,
      then: { type: 'object', required: ['regulatoryReportingCode', 'regulatoryReportingInformation'] },
    },
    // The threshold itself and above it, each without both fields; and above it with one of the two alone.
    invalid: [
      {
        label: 'NOK 100 000.00 exactly, without both fields',
        field: 'instructedAmount',
        values: [{ amount: '100000.00', currency: 'NOK' }],
        alongside: { regulatoryReportingCode: REMOVE, regulatoryReportingInformation: REMOVE },
      },
      {
        label: 'over NOK 100 000, without both fields',
        field: 'instructedAmount',
        values: [
          { amount: '100000.01', currency: 'NOK' },
          { amount: '999999.99', currency: 'NOK' },
        ],
        alongside: { regulatoryReportingCode: REMOVE, regulatoryReportingInformation: REMOVE },
      },
      {
        label: 'over NOK 100 000, with regulatoryReportingCode alone',
        field: 'instructedAmount',
        values: [{ amount: '250000.00', currency: 'NOK' }],
        alongside: { regulatoryReportingCode: '14', regulatoryReportingInformation: REMOVE },
      },
      {
        label: 'over NOK 100 000, with regulatoryReportingInformation alone',
        field: 'instructedAmount',
        values: [{ amount: '250000.00', currency: 'NOK' }],
        alongside: { regulatoryReportingCode: REMOVE, regulatoryReportingInformation: 'Varekjøp' },
      },
    ],
  },
];

const SCT: FieldRule[] = [
  { id: 'SCT.instructedAmount.required', required: true },
  { id: 'SCT.creditorName.required', required: true },
  { id: 'SCT.creditorAccount.required', required: true },
  { id: 'SCT.debtorAccount.required', required: true },
  { id: 'SCT.endToEndIdentification.max35', length: LIMITS.endToEndIdentification, characters: 'identifier' },
  { id: 'SCT.creditorName.max70', length: LIMITS.creditorName },
  { id: 'SCT.remittanceInformationUnstructured.length1to140', length: LIMITS.remittanceInformationUnstructured },
  {
    id: 'SCT.creditorAccount.ibanRequired',
    scope: 'SCT.creditorAccount',
    field: 'iban',
    required: true,
    statement: 'creditorAccount has an iban (a bban alone does not identify it).',
    invalid: [
      { label: 'creditor bban instead of iban', values: [{ bban: '0532013000', currency: 'EUR' }], whole: true },
    ],
  },
  {
    id: 'SCT.debtorAccount.ibanRequired',
    scope: 'SCT.debtorAccount',
    field: 'iban',
    required: true,
    statement: 'debtorAccount has an iban (a bban alone does not identify it).',
    invalid: [
      { label: 'debtor bban instead of iban', values: [{ bban: '86011117947', currency: 'EUR' }], whole: true },
    ],
  },
  {
    id: 'SCT.requestedExecutionDate.isoDate',
    format: 'date',
    statement: ISO_DATE,
    invalid: BROKEN_DATES,
    valid: [AHEAD],
  },
];

const UNSTRUCTURED = 'remittanceInformationUnstructured';
const STRUCTURED = 'remittanceInformationStructured';
const STRUCTURED_ARRAY = 'remittanceInformationStructuredArray';

const BULK: FieldRule[] = [
  { id: 'BULK.debtorAccount.required', required: true },
  {
    id: 'BULK.payments.required',
    required: true,
    invalid: [
      { label: CLASS.absent, values: [REMOVE] },
      { label: 'not an array', values: [{}, 'x'] },
    ],
  },
  {
    id: 'BULK.payments.nonEmpty',
    minItems: 1,
    level: 'SHOULD',
    statement: 'payments holds at least one entry (a bulk payment of nothing is not a payment).',
  },
  { id: 'BULK.paymentInformationId.max35', length: LIMITS.paymentInformationId, characters: 'identifier' },
  {
    id: 'BULK.debtorAccount.bbanRequired',
    scope: 'BULK.debtorAccount',
    field: 'bban',
    required: true,
    statement: 'debtorAccount has a bban.',
    invalid: [
      { label: 'debtor iban instead of bban', values: [{ iban: 'NO9386011117947', currency: 'NOK' }], whole: true },
    ],
  },
  {
    id: 'BULK.requestedExecutionDate.isoDate',
    format: 'date',
    statement: ISO_DATE,
    invalid: BROKEN_DATES,
    valid: [AHEAD],
  },
  { id: 'BULK.entry.instructedAmount.required', required: true },
  { id: 'BULK.entry.creditorName.required', required: true },
  { id: 'BULK.entry.creditorAccount.required', required: true },
  { id: 'BULK.entry.creditorAddress.required', required: true },
  {
    id: 'BULK.entry.endToEndIdentification.max35',
    length: LIMITS.endToEndIdentification,
    characters: 'identifier',
  },
  { id: 'BULK.entry.debtorName.max70', length: LIMITS.debtorName },
  { id: 'BULK.entry.creditorName.max70', length: LIMITS.creditorName },
  { id: 'BULK.entry.ultimateDebtor.max70', length: LIMITS.ultimateDebtor },
  {
    id: 'BULK.entry.remittanceInformationUnstructured.length1to140',
    length: LIMITS.remittanceInformationUnstructured,
    alongside: { [STRUCTURED]: REMOVE, [STRUCTURED_ARRAY]: REMOVE },
  },
  {
    id: 'BULK.entry.creditorAccount.bbanRequired',
    scope: 'BULK.entry.creditorAccount',
    field: 'bban',
    required: true,
    statement: 'creditorAccount has a bban.',
    invalid: [
      { label: 'creditor iban instead of bban', values: [{ iban: 'NO9386011117947', currency: 'NOK' }], whole: true },
    ],
  },
  {
    id: 'BULK.entry.creditorAddress.country.required',
    required: true,
    statement: 'creditorAddress has a country.',
  },
  {
    id: 'BULK.entry.purposeCode.enum',
    enum: PURPOSE_CODES,
    statement: 'purposeCode is one of the NCBCT purpose codes.',
    outsiders: ['GIFT', 'XXXX'],
  },
  {
    id: 'BULK.entry.remittance.structuredXorUnstructured',
    statement:
      'An entry sets either structured remittance information (remittanceInformationStructured or ' +
      'remittanceInformationStructuredArray) or remittanceInformationUnstructured, never both.',
    condition: { exclusive: [[UNSTRUCTURED], [STRUCTURED, STRUCTURED_ARRAY]] },
    invalid: [
      {
        label: 'structured and unstructured together',
        field: STRUCTURED,
        values: [{ reference: '12345674', referenceType: 'KID' }],
        alongside: { [STRUCTURED]: REMOVE, [STRUCTURED_ARRAY]: REMOVE, [UNSTRUCTURED]: 'Lønn' },
      },
    ],
  },
];

/** Response rules: a bank must not send what breaks them (no breakers; the schema check judges answers). */
const RESPONSES: FieldRule[] = [
  {
    id: 'PaymentResponse.paymentId.required',
    required: true,
    statement: 'A payment initiation response has a string paymentId.',
  },
  {
    id: 'PaymentResponse.transactionStatus.enum',
    enum: TRANSACTION_STATUSES,
    alsoRequired: true,
    section: 'Resources › Payment initiation response; States and transitions',
    statement: 'transactionStatus is one of the TransactionStatus values (bulk adds PRSY).',
  },
  {
    id: 'PaymentResponse.transactionFeeIndicator.boolean',
    type: 'boolean',
    statement: 'transactionFeeIndicator, when present, is a boolean.',
  },
  { id: 'PaymentResponse.psuMessage.max512', length: LIMITS.psuMessage },
  {
    id: 'PaymentResponse.transactionFees.withIndicator',
    statement: 'transactionFees is present only when transactionFeeIndicator is true.',
    condition: {
      if: { type: 'object', required: ['transactionFees'] },
      then: {
        type: 'object',
        required: ['transactionFeeIndicator'],
        properties: { transactionFeeIndicator: { const: true } },
      },
    },
    invalid: [
      { label: 'fee with indicator false', field: 'transactionFeeIndicator', values: [false] },
      { label: 'fee without indicator', field: 'transactionFeeIndicator', values: [REMOVE] },
    ],
  },
  {
    id: 'TppMessage.category.enum',
    enum: TPP_MESSAGE_CATEGORIES,
    alsoRequired: true,
    statement: 'A TppMessage has a category, ERROR or WARNING.',
  },
  {
    id: 'TppMessage.code.enum',
    enum: ERROR_CODES,
    alsoRequired: true,
    section: 'Resources › Shared types › TppMessage; Errors',
    statement: "A TppMessage has a code from the Errors part's list.",
    outsiders: ['OOPS'],
  },
  {
    id: 'TppMessage.text.max512',
    length: LIMITS.tppMessageText,
    statement: `A TppMessage text has at most ${LIMITS.tppMessageText.max} characters.`,
  },
  { id: 'Link.href.required', required: true, statement: 'A Link has a string href.' },
  { id: 'Link.verbs.required', required: true, statement: 'A Link has an array verbs.' },
  {
    id: 'Link.verbs.enum',
    enum: LINK_VERBS,
    each: true,
    statement: 'Each verb of a Link is one of GET, PUT, POST, DELETE.',
    outsiders: ['PATCH'],
  },
  {
    id: 'Basket.transactionStatus.enum',
    enum: BASKET_STATUSES,
    statement: 'transactionStatus is one of RCVD, ACTC, PATC, RJCT.',
  },
  {
    id: 'Basket.authorisation.scaStatus.enum',
    enum: SCA_STATUSES,
    statement: 'scaStatus is one of the authorisation statuses.',
  },
  { id: 'Sandbox.transaction.bankTransactionCode.length4to14', length: LIMITS.bankTransactionCode },
];

/** Sandbox set-up bodies: their required members stay in spec/requirements/sandbox.ts with their own breakers. */
const SANDBOX: FieldRule[] = [
  {
    id: 'Sandbox.engagement.roles.enum',
    enum: ENGAGEMENT_ROLES,
    each: true,
    statement: 'Each role is one of OWNER, DISPOSAL, VIEW, REGISTER, APPROVE, INTERNAL_TRANSFER, SALARY.',
    outsiders: ['READ', 'PAY', 'VIEWS'],
  },
  {
    id: 'Sandbox.cardAccount.status.enum',
    enum: CARD_ACCOUNT_STATUSES,
    statement: 'status is one of enabled, deleted, blocked.',
    outsiders: ['open', 'frozen', 'enable'],
  },
  {
    id: 'Sandbox.cardAccount.balanceType.enum',
    enum: CARD_BALANCE_TYPES,
    alsoRequired: true,
    statement: 'balanceType is closingBooked or expected.',
    outsiders: ['booked', 'closing', 'expectedBooked'],
  },
];

/** The rule table. */
export const FIELD_RULES: readonly FieldRule[] = [...SHARED_TYPES, ...NCBCT, ...SCT, ...BULK, ...RESPONSES, ...SANDBOX];
