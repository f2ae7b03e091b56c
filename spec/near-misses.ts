/**
 * Near misses of interface.md's closed lists: values a bank could plausibly take for listed ones (real codes of
 * the same standard, successors of withdrawn codes, neighbours of listed codes) that interface.md's list does not
 * hold. Every one is outside the list whatever its case, so refusing it is the list's MUST rule; a bank whose own
 * table is newer or wider than interface.md's accepts them and breaks that rule. Letter-case variants of listed
 * values are not near misses here: case is judged at SHOULD level (generators/invalid.ts).
 *
 * test/spec/near-misses.test.ts checks each list against spec/'s: disjoint, and of the listed values' shape.
 */
import { COUNTRIES } from './countries.js';
import type { RequirementId } from './requirements/ids.generated.js';
import { CURRENCY_CODES } from './currencies.js';
import {
  BASKET_STATUSES,
  BULK_TRANSACTION_STATUSES,
  CARD_ACCOUNT_STATUSES,
  CARD_BALANCE_TYPES,
  ENGAGEMENT_ROLES,
  PSU_CONTEXTS,
  PSU_HTTP_METHODS,
  PURPOSE_CODES,
  REGULATORY_REPORTING_CODES,
  SCA_STATUSES,
  TPP_MESSAGE_CATEGORIES,
} from './enums.js';

/**
 * ISO 4217 List One (SIX Financial Information, the maintenance agency) as published in 2025: every current
 * alphabetic code, funds, precious metals, supranational units and the testing codes included.
 */
export const ISO_4217_CURRENT = [
  ...['AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN'],
  ...['BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD', 'BND', 'BOB', 'BOV', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD'],
  ...['CAD', 'CDF', 'CHE', 'CHF', 'CHW', 'CLF', 'CLP', 'CNY', 'COP', 'COU', 'CRC', 'CUP', 'CVE', 'CZK'],
  ...['DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP'],
  ...['GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF'],
  ...['IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY'],
  ...['KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD'],
  ...['MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MXV', 'MYR', 'MZN'],
  ...['NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR'],
  ...['RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP'],
  ...['STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS'],
  ...['UAH', 'UGX', 'USD', 'USN', 'UYI', 'UYU', 'UYW', 'UZS', 'VED', 'VES', 'VND', 'VUV', 'WST'],
  ...['XAF', 'XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XCD', 'XCG', 'XDR', 'XOF', 'XPD', 'XPF', 'XPT'],
  ...['XSU', 'XTS', 'XUA', 'XXX', 'YER', 'ZAR', 'ZMW', 'ZWG'],
] as const;

/**
 * ISO 4217 codes absent from interface.md's Currency list: exactly ISO_4217_CURRENT minus CURRENCY_CODES (the test
 * computes the difference), plus ZWL, withdrawn only in 2024 and still in many banks' tables.
 */
export const NEAR_MISS_CURRENCIES = [
  // Successors of codes that interface.md still lists.
  'BYN', // Belarusian ruble, 2016: replaced BYR
  'VES', // bolívar soberano, 2018: replaced VEF
  'VED', // bolívar digital, 2021: beside VES
  'MRU', // ouguiya, 2018: replaced MRO
  'STN', // dobra, 2018: replaced STD
  'SLE', // leone, 2022: replaced SLL
  'ZWL', // Zimbabwe dollar, 2009: replaced ZWD; withdrawn 2024
  'ZWG', // Zimbabwe Gold, 2024: replaced ZWL
  'XCG', // Caribbean guilder, 2025: replaces ANG
  // A current national currency interface.md does not list.
  'SSP', // South Sudanese pound, 2011
  // Fund codes (ISO 4217 List One, "fund" entries).
  ...['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW'],
  // Bond-market units, SDR-linked units, precious metals, testing and "no currency".
  ...['XBA', 'XBB', 'XBC', 'XBD', 'XSU', 'XUA', 'XAG', 'XAU', 'XPD', 'XPT', 'XTS', 'XXX'],
] as const;

/**
 * interface.md's Country list holds every ISO 3166-1 alpha-2 code (all 249), so the near misses are the codes
 * banks meet that ISO 3166-1 does not assign: the user-assigned XK, and codes ISO 3166/MA reserves.
 */
export const NEAR_MISS_COUNTRIES = [
  'XK', // Kosovo: user-assigned, used by the European Commission, SWIFT and the IBAN registry
  'UK', // exceptionally reserved for the United Kingdom (GB is the code)
  'EU', // exceptionally reserved for the European Union
  'SU', // exceptionally reserved: USSR
  'AN', // Netherlands Antilles: deleted 2010, transitionally reserved (now BQ, CW, SX)
  'CS', // Serbia and Montenegro: deleted 2006, transitionally reserved
  'YU', // Yugoslavia: deleted 2003, transitionally reserved
  'TP', // East Timor: deleted 2002 (now TL), transitionally reserved
  'ZR', // Zaire: deleted 1997 (now CD), transitionally reserved
] as const;

/** ISO 20022 ExternalPurpose1Code codes (External Code Sets) that interface.md's purposeCode list leaves out. */
export const NEAR_MISS_PURPOSE_CODES = [
  'GDDS', // purchase or sale of goods
  'SCVE', // purchase or sale of services
  'BONU', // bonus payment
  'COMC', // commercial payment
  'DIVI', // dividend
  'GOVT', // government payment
  'INSU', // insurance premium
  'INTE', // interest
  'RENT', // rent
  'TRAD', // trade services
  'CHAR', // charity payment
  'ELEC', // electricity bill
] as const;

/**
 * Two-digit codes one away from a listed regulatory reporting code and not themselves listed: what a typing slip or
 * an older or newer edition of the reporting code list gives (interface.md names the codes, not their source).
 */
export const NEAR_MISS_REGULATORY_REPORTING_CODES = [
  ...['13', '15', '25', '27', '28', '30', '32', '34', '36', '37', '39', '40'],
  ...['42', '44', '46', '50', '54', '70', '72', '78', '80', '83'],
] as const;

/** Roles of corporate-banking user models and agent nouns of the listed roles, none of them in interface.md's list. */
export const NEAR_MISS_ENGAGEMENT_ROLES = [
  'ADMIN', // administrator of a corporate agreement
  'SIGNATORY', // authorised signatory
  'APPROVER', // the person, where the list names the right (APPROVE)
  'VIEWER', // likewise for VIEW
  'REGISTRAR', // likewise for REGISTER
  'EXTERNAL_TRANSFER', // the sibling of INTERNAL_TRANSFER
] as const;

/**
 * Account statuses of other APIs (active/closed, and the antonym of `enabled`); Berlin Group's are the listed three.
 */
export const NEAR_MISS_CARD_ACCOUNT_STATUSES = ['active', 'closed', 'inactive', 'disabled', 'suspended'] as const;

/**
 * Berlin Group NextGenPSD2 balanceType values that interface.md's card accounts do not take, and ISO 20022's
 * closing available balance (CLAV) written the Berlin Group way.
 */
export const NEAR_MISS_CARD_BALANCE_TYPES = [
  'interimBooked',
  'interimAvailable',
  'openingBooked',
  'forwardAvailable',
  'nonInvoiced',
  'closingAvailable',
] as const;

/** Words for the two PSU contexts in other APIs. */
export const NEAR_MISS_PSU_CONTEXTS = ['BUSINESS', 'PERSONAL', 'RETAIL'] as const;

/** HTTP methods of RFC 9110 that interface.md's PSU-HTTP-Method list leaves out. */
export const NEAR_MISS_PSU_HTTP_METHODS = ['HEAD', 'OPTIONS', 'TRACE', 'CONNECT'] as const;

/** ISO 20022 ExternalPaymentTransactionStatus1Code codes outside TransactionStatus (PATC is the basket's). */
export const NEAR_MISS_TRANSACTION_STATUSES = ['ACCC', 'ACFC', 'ACIS', 'ACPD', 'BLCK', 'CPUC', 'PATC', 'PRES'] as const;

/** Payment transaction statuses that a basket's status may not take. */
export const NEAR_MISS_BASKET_STATUSES = ['ACCP', 'ACSC', 'PDNG', 'PART', 'CANC'] as const;

/** Berlin Group's later `unconfirmed`, and the American spelling of FINALISED, in interface.md's letter case. */
export const NEAR_MISS_SCA_STATUSES = ['UNCONFIRMED', 'FINALIZED'] as const;

/** Severity words of other APIs' messages; Berlin Group's TppMessage categories are the listed two. */
export const NEAR_MISS_TPP_MESSAGE_CATEGORIES = ['INFO', 'NOTICE'] as const;

export interface NearMissClass {
  /** The rules that refuse these values (or, on the response side, forbid sending them). */
  requirementIds: readonly RequirementId[];
  /** request: a bank must refuse them; response: a bank must not send them. */
  side: 'request' | 'response';
  listed: readonly string[];
  nearMisses: readonly string[];
  /** The form every listed value has, and so every near miss. */
  shape: RegExp;
}

const UPPER_WORDS = /^[A-Z]+(_[A-Z]+)*$/;

/** Every closed list of interface.md with its near misses. */
export const NEAR_MISS_CLASSES = {
  currency: {
    requirementIds: ['Currency.enum'],
    side: 'request',
    listed: CURRENCY_CODES,
    nearMisses: NEAR_MISS_CURRENCIES,
    shape: /^[A-Z]{3}$/,
  },
  country: {
    requirementIds: ['Country.enum'],
    side: 'request',
    listed: COUNTRIES,
    nearMisses: NEAR_MISS_COUNTRIES,
    shape: /^[A-Z]{2}$/,
  },
  purposeCode: {
    requirementIds: ['NCBCT.purposeCode.enum', 'BULK.entry.purposeCode.enum'],
    side: 'request',
    listed: PURPOSE_CODES,
    nearMisses: NEAR_MISS_PURPOSE_CODES,
    shape: /^[A-Z]{4}$/,
  },
  regulatoryReportingCode: {
    requirementIds: ['NCBCT.regulatoryReportingCode.enum'],
    side: 'request',
    listed: REGULATORY_REPORTING_CODES,
    nearMisses: NEAR_MISS_REGULATORY_REPORTING_CODES,
    shape: /^[0-9]{2}$/,
  },
  engagementRole: {
    requirementIds: ['Sandbox.engagement.roles.enum'],
    side: 'request',
    listed: ENGAGEMENT_ROLES,
    nearMisses: NEAR_MISS_ENGAGEMENT_ROLES,
    shape: UPPER_WORDS,
  },
  cardAccountStatus: {
    requirementIds: ['Sandbox.cardAccount.status.enum'],
    side: 'request',
    listed: CARD_ACCOUNT_STATUSES,
    nearMisses: NEAR_MISS_CARD_ACCOUNT_STATUSES,
    shape: /^[a-z]+$/,
  },
  cardBalanceType: {
    requirementIds: ['Sandbox.cardAccount.balanceType.enum'],
    side: 'request',
    listed: CARD_BALANCE_TYPES,
    nearMisses: NEAR_MISS_CARD_BALANCE_TYPES,
    shape: /^[a-z]+([A-Z][a-z]+)*$/,
  },
  psuContext: {
    requirementIds: ['Headers.PSU-Context.enum'],
    side: 'request',
    listed: PSU_CONTEXTS,
    nearMisses: NEAR_MISS_PSU_CONTEXTS,
    shape: /^[A-Z]+$/,
  },
  psuHttpMethod: {
    requirementIds: ['Headers.PSU-HTTP-Method.enum'],
    side: 'request',
    listed: PSU_HTTP_METHODS,
    nearMisses: NEAR_MISS_PSU_HTTP_METHODS,
    shape: /^[A-Z]+$/,
  },
  transactionStatus: {
    requirementIds: ['PaymentResponse.transactionStatus.enum'],
    side: 'response',
    listed: BULK_TRANSACTION_STATUSES,
    nearMisses: NEAR_MISS_TRANSACTION_STATUSES,
    shape: /^[A-Z]{4}$/,
  },
  basketStatus: {
    requirementIds: ['Basket.transactionStatus.enum'],
    side: 'response',
    listed: BASKET_STATUSES,
    nearMisses: NEAR_MISS_BASKET_STATUSES,
    shape: /^[A-Z]{4}$/,
  },
  scaStatus: {
    requirementIds: ['Basket.authorisation.scaStatus.enum'],
    side: 'response',
    listed: SCA_STATUSES,
    nearMisses: NEAR_MISS_SCA_STATUSES,
    shape: UPPER_WORDS,
  },
  tppMessageCategory: {
    requirementIds: ['TppMessage.category.enum'],
    side: 'response',
    listed: TPP_MESSAGE_CATEGORIES,
    nearMisses: NEAR_MISS_TPP_MESSAGE_CATEGORIES,
    shape: /^[A-Z]+$/,
  },
} as const satisfies Record<string, NearMissClass>;

export type NearMissClassId = keyof typeof NEAR_MISS_CLASSES;
