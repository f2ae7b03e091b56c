/** Enumerated value sets of interface.md, each written once. Section names follow interface.md. */

/** Resources › TransactionStatus (payment initiation responses). */
export const TRANSACTION_STATUSES = [
  'ACCP',
  'ACSC',
  'ACSP',
  'ACTC',
  'ACWC',
  'ACWP',
  'RCVD',
  'PDNG',
  'RJCT',
  'CANC',
  'PART',
] as const;
/** The bulk payment response additionally allows PRSY. */
export const BULK_TRANSACTION_STATUSES = [...TRANSACTION_STATUSES, 'PRSY'] as const;
export type TransactionStatus = (typeof BULK_TRANSACTION_STATUSES)[number];

/** Resources › Signing basket › transactionStatus. */
export const BASKET_STATUSES = ['RCVD', 'ACTC', 'PATC', 'RJCT'] as const;
export type BasketStatus = (typeof BASKET_STATUSES)[number];

/** Resources › Basket authorisation › scaStatus. */
export const SCA_STATUSES = [
  'RECEIVED',
  'PSU_IDENTIFIED',
  'PSU_AUTHENTICATED',
  'SCA_METHOD_SELECTED',
  'STARTED',
  'FINALISED',
  'FAILED',
  'EXEMPTED',
] as const;
export type ScaStatus = (typeof SCA_STATUSES)[number];

/** NCBCT payment request › purposeCode (bulk entries take the same values). */
export const PURPOSE_CODES = [
  'INVS',
  'SALA',
  'IDCP',
  'CASH',
  'CORT',
  'INTC',
  'PENS',
  'SSBE',
  'SUPP',
  'TAXS',
  'TREA',
  'VATX',
  'LOAN',
  'OTHR',
] as const;

/** NCBCT payment request › regulatoryReportingCode. */
export const REGULATORY_REPORTING_CODES = [
  '14',
  '26',
  '29',
  '31',
  '35',
  '38',
  '41',
  '43',
  '45',
  '51',
  '52',
  '53',
  '71',
  '79',
  '81',
  '82',
] as const;

/** Errors › codes that TppMessage.code may take. */
export const TPP_MESSAGE_CODES = [
  'SYSTEM_ERROR',
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'HTTP_HEADER_REQUIRED',
  'QUERY_PARAMETER_REQUIRED',
  'SCA_NOT_FOUND',
  'SCA_EXPIRED',
  'SCA_INVALID',
  'FORMAT_ERROR',
  'RESOURCE_UNKNOWN',
  'PSU_CREDENTIALS_INVALID',
  'CONSENT_UNKNOWN',
  'CONSENT_INVALID',
  'CONSENT_EXPIRED',
  'ACCESS_EXCEEDED',
  'PRODUCT_UNKNOWN',
  'PRODUCT_INVALID',
  'KID_MISSING',
  'KID_INVALID',
  'PAYMENT_FAILED',
  'EXECUTION_DATE_INVALID',
] as const;
export type TppMessageCode = (typeof TPP_MESSAGE_CODES)[number];

/**
 * Codes named in interface.md outside the TppMessage list: REFERENCE_MIX_INVALID (Errors, rule 3).
 * The error body's `code` may take these and the TppMessage codes.
 */
export const OTHER_ERROR_CODES = ['REFERENCE_MIX_INVALID'] as const;
export const ERROR_CODES = [...TPP_MESSAGE_CODES, ...OTHER_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Berlin Group NextGenPSD2 1.3.x codes (platform-notes.md) that a conformant server may use where
 * interface.md says "which condition yields which code: not shown". Accepted at SHOULD level only.
 */
export const BERLIN_GROUP_EXTRA_CODES = [
  'PARAMETER_NOT_CONSISTENT',
  'CERTIFICATE_INVALID',
  'CERTIFICATE_MISSING',
  'SIGNATURE_INVALID',
  'SIGNATURE_MISSING',
  'CORPORATE_ID_INVALID',
  'SERVICE_INVALID',
  'STATUS_INVALID',
  'PARAMETER_NOT_SUPPORTED',
  'TIMESTAMP_INVALID',
  'PERIOD_INVALID',
] as const;

/** Resources › TppMessage › category. */
export const TPP_MESSAGE_CATEGORIES = ['ERROR', 'WARNING'] as const;

/** Resources › Link › verbs. */
export const LINK_VERBS = ['GET', 'PUT', 'POST', 'DELETE'] as const;

/** Sandbox engagement › roles. */
export const ENGAGEMENT_ROLES = [
  'OWNER',
  'DISPOSAL',
  'VIEW',
  'REGISTER',
  'APPROVE',
  'INTERNAL_TRANSFER',
  'SALARY',
] as const;
export type EngagementRole = (typeof ENGAGEMENT_ROLES)[number];
/** Roles an engagement needs to be available for granting consent in the sandbox. */
export const CONSENT_ROLES = ['REGISTER', 'VIEW'] as const satisfies readonly EngagementRole[];

/** Sandbox card account › status. */
export const CARD_ACCOUNT_STATUSES = ['enabled', 'deleted', 'blocked'] as const;
/** Sandbox card account › balances › balanceType. */
export const CARD_BALANCE_TYPES = ['closingBooked', 'expected'] as const;

/** Header group P › PSU-HTTP-Method. */
export const PSU_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Header group I › PSU-Context. */
export const PSU_CONTEXTS = ['PRIVATE', 'CORPORATE'] as const;

/** Versioning › named x-accept-fix values. */
export const ACCEPT_FIXES = {
  'amount-as-string': 'amounts serialised as strings; since release 1.7.6 this is the default',
  'longer-name': 'account and card account name extended to 70 characters; becomes default later',
  'cash-account-type-iso': 'cashAccountType made ISO-compliant',
  'cardaccount-switch-originalamount-and-transactionamount':
    'transactionAmount and originalAmount corrected on card accounts',
} as const;
export type AcceptFix = keyof typeof ACCEPT_FIXES;
export const ACCEPT_FIX_VALUES = Object.keys(ACCEPT_FIXES) as AcceptFix[];
