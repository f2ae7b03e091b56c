/**
 * The choices the reference bank makes where interface.md is silent ("not shown") or leaves a bank free to
 * refuse or accept. DEFAULT_POLICY is the bank as it has always behaved; a variant (bank/variants.ts) sets some
 * of these keys differently and must stay conformant. Faults (bank/faults.ts) are the other axis: they break
 * interface.md on purpose.
 */

/** The answer to a signature, Digest or certificate failure (interface.md › Errors shows 401 with a Challenge body). */
export type AuthFailureForm =
  /** 401 with interface.md's Error body. */
  | 'error-401'
  /** 400 with interface.md's Error body. */
  | 'error-400'
  /** 401 with only the Challenge body `{_links: {scaRedirect}}`, no code (the Errors table's 401 row). */
  | 'challenge-401'
  /** 401 with only Berlin Group's `{tppMessages: [...]}`. */
  | 'tpp-messages-401'
  /** 401 with the Error body and tppMessages in one body. */
  | 'error-and-tpp-messages-401'
  /** 401 with the Error body and the Challenge body's `_links.scaRedirect` in one body. */
  | 'error-and-challenge-401';

/** The form of the bank's error bodies. */
export type ErrorForm = 'interface' | 'berlin-group';

export interface BankPolicy {
  /** Resource identifiers: the platform's opaque `enc!!…==`, UUIDs, or decimal numbers. */
  idStyle: 'opaque' | 'uuid' | 'numeric';
  /** Prefix of every route, e.g. the platform's `/api-sandbox`; the bank's URL carries it. */
  basePath: string;
  /** Link hrefs: relative to base_url (`/v1/…`), carrying the base path (`/api-sandbox/v1/…`), or absolute URLs. */
  linkStyle: 'relative' | 'prefixed' | 'absolute';
  /** Which links responses carry: the usual set, more links, or only those interface.md requires. */
  linkSet: 'standard' | 'extra' | 'required-only';
  /**
   * Who is a corporate user (Authentication 4): from PSU-Context per request, remembered per PSU, or from the debtor's
   * owner.
   */
  corporateUser: 'psu-context' | 'remembered' | 'customer-type';
  authFailure: AuthFailureForm;
  /** Error bodies: interface.md's Error body, or Berlin Group's `{tppMessages: [...]}` (platform-notes.md). */
  errorForm: ErrorForm;
  /** BIC letter case: only upper case, or any case (upper-cased before checking). */
  bicCase: 'exact' | 'insensitive';
  /** Sandbox card-account values (balanceType, status) in any letter case, as the platform's clients write EXPECTED. */
  sandboxEnumCase: 'exact' | 'insensitive';
  /** Surrounding whitespace of BIC, IBAN and BBAN values trimmed before checking. */
  trimWhitespace: boolean;
  /** MOD11 of Norwegian bbans in payment bodies: for bbans the sandbox does not hold, for all, or never. */
  mod11: 'unknown-accounts' | 'all' | 'never';
  /** MOD 97-10 check digits of IBANs verified, or only their structure (country, length, characters). */
  ibanCheckDigits: 'verify' | 'ignore';
  /** A KID's MOD10/MOD11 check digit verified, or only its form (2 to 25 digits). */
  kidCheckDigit: 'verify' | 'ignore';
  /** The listed code a KID error (400) carries. */
  kidErrorCode: 'KID_INVALID' | 'FORMAT_ERROR';
  /** Codes where several listed ones fit: the specific ones, or BAD_REQUEST / NOT_FOUND (bulk keeps FORMAT_ERROR). */
  errorCodes: 'specific' | 'generic';
  /** Fees: on single payments only, never, always (bulk too), or an indicator false without fees everywhere. */
  fees: 'single-payments' | 'never' | 'always' | 'indicator-false';
  /** Logical duplicates: refused, refused only within duplicateWindowSeconds, or never refused. */
  duplicates: 'refuse' | 'window' | 'never';
  /** What makes a duplicate: the same product and body, or only the same debtor, creditor and amount. */
  duplicateKey: 'body' | 'coarse';
  duplicateWindowSeconds: number;
  /** The transactionStatus of a created payment. */
  createdStatus: 'RCVD' | 'ACTC' | 'PDNG' | 'ACCP';
  /** Whether a payment's status moves on by itself after its first status read (RCVD → ACTC …), or only through SCA. */
  statusFlow: 'sca-only' | 'moves-after-first-read';
  /** Status reads carry members beyond transactionStatus (fundsAvailable, psuMessage). */
  statusExtraMembers: boolean;
  /** Basket creation: links to start an authorisation, or an authorisation started implicitly (Berlin Group). */
  basketCreateShape: 'start-link' | 'implicit-authorisation';
  /** A started authorisation: scaStatus RECEIVED, or STARTED with a psuMessage. */
  authorisationShape: 'received' | 'started';
  /** scaRedirect on the 201 of an authorisation start, or only on the authorisation's own resource. */
  scaRedirect: 'on-201' | 'via-authorisation-resource';
  /** Payment creation: a startAuthorisation link, or an authorisation started at once (scaRedirect on the 201). */
  paymentCreateShape: 'start-link' | 'implicit-authorisation';
  /**
   * Where an approved payment goes: ACTC; PDNG, then ACSC once its status was read; or ACSC (booked) at once.
   */
  approvedStatus: 'ACTC' | 'PDNG-then-ACSC' | 'ACSC';
  /** When a payment appears in its debtor's sandbox transactions: when it is initiated, or once SCA approves it. */
  booking: 'at-initiation' | 'after-sca';
  /** fromDate and toDate of the transaction list: inclusive or exclusive at the ends. */
  transactionDateRange: 'inclusive' | 'exclusive';
  /** Transactions returned when `limit` is absent: all (null) or this many. */
  transactionDefaultLimit: number | null;
  transactionOrder: 'oldest-first' | 'newest-first';
  /** An Accept the bank cannot satisfy: 406, or JSON anyway (RFC 7231 §5.3.2 allows disregarding Accept). */
  accept: 'strict-406' | 'lenient';
  /** Content-Type `application/json; charset=utf-8`, or `application/json` alone (JSON is UTF-8 by RFC 8259). */
  contentTypeCharset: boolean;
  /** Responses uncompressed, in gzip when Accept-Encoding offers gzip, or in the best offered of br, gzip, deflate. */
  compression: 'never' | 'gzip-when-asked' | 'best-offered';
  /** Accept-Language honoured (error texts in Norwegian or English, reported in Content-Language), or ignored. */
  language: 'honour' | 'ignore';
  /**
   * An offer the bank cannot meet (an Accept-Language without a language it has texts in, an Accept-Charset without
   * UTF-8): answered anyway in what it has, or refused with 406 (RFC 9110 §12.1 and §15.5.7 allow either; Group N
   * says only that the server picks one of the offered alternatives). With `language: 'ignore'` it has English only.
   */
  unmetOffer: 'answer-anyway' | 'refuse-406';
  /**
   * A payment approved before its requestedExecutionDate: PDNG (pending) until that day, or the status any approved
   * payment gets (approvedStatus). interface.md shows no transitions.
   */
  futureDatedStatus: 'PDNG' | 'as-approved';
  /**
   * DELETE of a payment (deletion is not shown in interface.md beyond "deleting a payment with status PDNG gives an
   * error"): a payment not yet executed is cancelled (CANC) and the others refused with 409 CONFLICT, or every
   * deletion is refused with 403 FORBIDDEN.
   */
  deletion: 'cancel-unexecuted' | 'refuse-all';
  /** A WARNING tppMessage on successful payment initiations and basket creations. */
  successWarnings: boolean;
  /** Members interface.md does not name, added to response bodies. */
  extraResponseMembers: boolean;
  /** Each accepted payment lowers the debtor's sandbox balance. */
  debitBalance: boolean;
  /**
   * A requestedExecutionDate before today: refused (EXECUTION_DATE_INVALID), or accepted (executed on the next banking
   * day).
   */
  pastExecutionDate: 'refuse' | 'accept';
  /**
   * x-accept-fix values: any accepted (unknown ones ignored), only the values interface.md names, or on the payment
   * operations only amount-as-string (the others change account data).
   */
  acceptFix: 'any' | 'known-only' | 'payment-value-only';
  /** Body members interface.md does not name: ignored, or refused with 400. */
  unknownBodyMembers: 'ignore' | 'refuse';
  /** Query parameters the operation does not take: ignored, or refused with 400. */
  unknownQueryParameters: 'ignore' | 'refuse';
  /** Largest allowed distance between the signed Date and the bank's clock. */
  clockSkewSeconds: number;
  /** A signing basket of no payments: refused, or created (empty). */
  emptyBasket: 'refuse' | 'accept';
  /** A bulk payment with no entries: refused, or accepted. */
  emptyBulk: 'refuse' | 'accept';
  /**
   * Headers interface.md names for an operation without saying they are required (operation 2: "which of them are
   * required: not shown"), and Digest on the body-less operation 7 ("the same as operation 6"): optional, or required.
   */
  openHeaders: 'optional' | 'required';
  /** Signing basket creation (not in interface.md; platform-notes gives 201): 201, or 200. */
  basketCreatedStatus: 201 | 200;
  /** bookingDate and valueDate of listed sandbox transactions ("string"): dates, or date-times at midnight UTC. */
  transactionDateForm: 'date' | 'date-time';
  /**
   * Ids of created sandbox accounts, agreements and engagements: as `id`, or named (accountId, agreementId,
   * engagementId) beside the owner's or parent's (customerId, agreementId).
   */
  sandboxIds: 'id' | 'named';
  /**
   * How long an idle keep-alive connection stays open before the bank closes it (interface.md says nothing of
   * connections; RFC 9112 §9.3 lets a server close an idle one at any time).
   */
  keepAliveTimeoutMs: number;
  /** Whether answers announce that time (`Keep-Alive: timeout=N`, as Node does) or only say `Connection: keep-alive` */
  keepAliveHeader: boolean;
  /**
   * Another TPP's payment, basket or authorisation (refused, as PSD2 has the bank identify each TPP; the status is
   * not shown): 404 RESOURCE_UNKNOWN, as if it did not exist, or 403 RESOURCE_UNKNOWN, unknown to this TPP (Berlin
   * Group's 403 for a resource of another).
   */
  otherTpp: 'unknown-404' | 'forbidden-403';
}

/** The reference bank as it behaved before variants existed. */
export const DEFAULT_POLICY: Readonly<BankPolicy> = Object.freeze({
  idStyle: 'opaque',
  basePath: '',
  linkStyle: 'relative',
  linkSet: 'standard',
  corporateUser: 'psu-context',
  authFailure: 'error-401',
  errorForm: 'interface',
  bicCase: 'exact',
  sandboxEnumCase: 'exact',
  trimWhitespace: false,
  mod11: 'unknown-accounts',
  ibanCheckDigits: 'verify',
  kidCheckDigit: 'verify',
  kidErrorCode: 'KID_INVALID',
  errorCodes: 'specific',
  fees: 'single-payments',
  duplicates: 'refuse',
  duplicateKey: 'body',
  duplicateWindowSeconds: 120,
  createdStatus: 'RCVD',
  statusFlow: 'sca-only',
  statusExtraMembers: false,
  basketCreateShape: 'start-link',
  authorisationShape: 'received',
  scaRedirect: 'on-201',
  paymentCreateShape: 'start-link',
  approvedStatus: 'ACTC',
  booking: 'at-initiation',
  transactionDateRange: 'inclusive',
  transactionDefaultLimit: null,
  transactionOrder: 'oldest-first',
  accept: 'strict-406',
  contentTypeCharset: true,
  compression: 'never',
  language: 'honour',
  unmetOffer: 'answer-anyway',
  futureDatedStatus: 'PDNG',
  deletion: 'cancel-unexecuted',
  successWarnings: false,
  extraResponseMembers: false,
  debitBalance: false,
  pastExecutionDate: 'refuse',
  acceptFix: 'any',
  unknownBodyMembers: 'ignore',
  unknownQueryParameters: 'ignore',
  clockSkewSeconds: 300,
  emptyBasket: 'refuse',
  emptyBulk: 'refuse',
  openHeaders: 'optional',
  basketCreatedStatus: 201,
  transactionDateForm: 'date',
  sandboxIds: 'id',
  // fastify's own default
  keepAliveTimeoutMs: 72_000,
  keepAliveHeader: true,
  otherTpp: 'unknown-404',
});

export const POLICY_KEYS = Object.keys(DEFAULT_POLICY) as (keyof BankPolicy)[];

/** The keys two partial policies both set, to different values. */
export function conflictingKeys(a: Partial<BankPolicy>, b: Partial<BankPolicy>): (keyof BankPolicy)[] {
  return POLICY_KEYS.filter((key) => key in a && key in b && a[key] !== b[key]);
}

/** The policy with the given choices over the default. */
export const policyWith = (...choices: Partial<BankPolicy>[]): BankPolicy =>
  Object.assign({}, DEFAULT_POLICY, ...choices) as BankPolicy;
