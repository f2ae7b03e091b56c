/**
 * Conformant variants of the reference bank: `serve --variant ID`, `run --variant ID`. Each makes a different
 * choice in one of interface.md's gaps ("not shown", or a rule that names no status, code or form) and breaks no
 * rule interface.md states. They are the counterpart of faults: a suite that fails a variant judges a habit of
 * the default bank, not the interface. `section` is the interface.md heading whose gap the variant fills.
 */
import type { FaultId, VariantId } from './ids.generated.js';
import { conflictingKeys, type BankPolicy } from './policy.js';

export interface Variant {
  id: VariantId;
  /** The interface.md heading (text after the #'s) whose gap the choice fills. */
  section: string;
  /** The choice in words, with why interface.md allows it. */
  choice: string;
  policy: Partial<BankPolicy>;
  /**
   * Faults this variant makes unobservable (the fault's deviation is the variant's conformant choice, or never
   * triggers).
   */
  hides?: FaultId[];
}

const STRICT: Partial<BankPolicy> = {
  duplicates: 'refuse',
  duplicateKey: 'coarse',
  bicCase: 'exact',
  sandboxEnumCase: 'exact',
  trimWhitespace: false,
  mod11: 'all',
  ibanCheckDigits: 'verify',
  kidCheckDigit: 'verify',
  pastExecutionDate: 'refuse',
  accept: 'strict-406',
  acceptFix: 'known-only',
  unknownBodyMembers: 'refuse',
  unknownQueryParameters: 'refuse',
  clockSkewSeconds: 60,
  emptyBasket: 'refuse',
  emptyBulk: 'refuse',
  openHeaders: 'required',
};

const LENIENT: Partial<BankPolicy> = {
  duplicates: 'never',
  bicCase: 'insensitive',
  sandboxEnumCase: 'insensitive',
  trimWhitespace: true,
  mod11: 'never',
  ibanCheckDigits: 'ignore',
  kidCheckDigit: 'ignore',
  pastExecutionDate: 'accept',
  accept: 'lenient',
  acceptFix: 'any',
  unknownBodyMembers: 'ignore',
  unknownQueryParameters: 'ignore',
  clockSkewSeconds: 3600,
  emptyBasket: 'accept',
  emptyBulk: 'accept',
};

export const VARIANTS: readonly Variant[] = [
  // Who is a corporate user
  {
    id: 'corporate-remembered',
    section: 'Authentication',
    choice:
      'a PSU once seen with PSU-Context CORPORATE is a corporate user from then on: its later requests without ' +
      'PSU-Corporate-ID get 400 FORMAT_ERROR. Authentication 4 says corporate users send PSU-Corporate-ID and ' +
      'omitting it gives 400; who is a corporate user is the bank’s knowledge, not shown',
    policy: { corporateUser: 'remembered' },
  },
  {
    id: 'corporate-by-customer-type',
    section: 'Authentication',
    choice:
      'a corporate user is one paying from an account owned by a corporate sandbox customer (PSU-Context is ' +
      'not consulted for it): such a payment without PSU-Corporate-ID gets 400, a payment from a private ' +
      'customer’s account does not. Authentication 4 does not say how the bank knows a corporate user',
    policy: { corporateUser: 'customer-type' },
  },
  // Identifiers and links
  {
    id: 'ids-uuid',
    section: 'Payment initiation response (NCBCT, SCT, bulk)',
    choice:
      'paymentId, basketId, authorisation and sandbox ids are UUIDs: interface.md types every identifier as a ' +
      'string and shows no form',
    policy: { idStyle: 'uuid' },
  },
  {
    id: 'ids-numeric',
    section: 'Payment initiation response (NCBCT, SCT, bulk)',
    choice:
      'identifiers are decimal numbers written as strings (e.g. "482913370551029384"): any string is an identifier',
    policy: { idStyle: 'numeric' },
  },
  {
    id: 'links-absolute',
    section: 'Shared types',
    choice:
      'link hrefs are absolute URLs (http://host/v1/…): a Link’s href is "string, required", nothing says relative',
    policy: { linkStyle: 'absolute' },
  },
  {
    id: 'links-extra',
    section: 'Shared types',
    choice:
      'responses carry more links than usual (payment: startAuthorisationWithPsuIdentification; status: ' +
      'payment; basket: startAuthorisation): `_links` is a map of Links under any names',
    policy: { linkSet: 'extra' },
  },
  {
    id: 'links-required-only',
    section: 'Payment initiation response (NCBCT, SCT, bulk)',
    choice:
      'only the links interface.md requires: no _links on payment initiation responses (required: no), status ' +
      'reads or basket creation; an authorisation carries scaRedirect only; card accounts and transactions ' +
      'keep theirs (required)',
    policy: { linkSet: 'required-only' },
  },
  {
    id: 'base-path',
    section: 'What the service does',
    choice:
      'the API lives under the platform’s prefix /api-sandbox (platform-notes.md), so base_url carries it and ' +
      'unprefixed paths are 404; links carry the prefix. "All paths are relative to {base_url}"',
    policy: { basePath: '/api-sandbox', linkStyle: 'prefixed' },
  },
  {
    id: 'base-path-relative-links',
    section: 'What the service does',
    choice:
      'the API lives under /api-sandbox and link hrefs are written relative to base_url (/v1/…), as ' +
      'interface.md writes its own paths',
    policy: { basePath: '/api-sandbox', linkStyle: 'relative' },
  },
  // Signature, Digest and certificate failures
  {
    id: 'auth-failure-400',
    section: 'Authentication',
    choice:
      'a bad or missing Signature, Digest or certificate is 400 with the Error body: interface.md names no ' +
      'status for signature failures ("which condition yields which of the codes above: not shown")',
    policy: { authFailure: 'error-400' },
  },
  {
    id: 'auth-failure-challenge',
    section: 'Errors',
    choice:
      'signature, Digest and certificate failures are 401 with only the Challenge body {_links: {scaRedirect: ' +
      '{href, verbs: [GET]}}} and no code, exactly the Errors table’s 401 row ("none; Challenge body with ' +
      'scaRedirect link")',
    policy: { authFailure: 'challenge-401' },
  },
  {
    id: 'auth-failure-tpp-messages',
    section: 'Errors',
    choice:
      'signature, Digest and certificate failures are 401 with Berlin Group’s {tppMessages: [{category: ERROR, ' +
      'code, text}]} only (platform-notes.md: a server may return either form); the codes are listed ones',
    policy: { authFailure: 'tpp-messages-401' },
  },
  {
    id: 'auth-failure-both-forms',
    section: 'Errors',
    choice: 'signature, Digest and certificate failures are 401 with the Error body and tppMessages in one body',
    policy: { authFailure: 'error-and-tpp-messages-401' },
  },
  {
    id: 'auth-failure-error-with-challenge',
    section: 'Errors',
    choice:
      'signature, Digest and certificate failures are 401 with the Error body plus the Challenge body’s ' +
      '_links.scaRedirect',
    policy: { authFailure: 'error-and-challenge-401' },
  },
  {
    id: 'errors-berlin-group',
    section: 'Errors',
    choice:
      "every error body is Berlin Group's {tppMessages: [{category: ERROR, code, text}]} instead of interface.md's " +
      'Error body: platform-notes.md says a conformant server may return either form; the codes are listed ones',
    policy: { errorForm: 'berlin-group' },
  },
  // Letter case, whitespace, check digits
  {
    id: 'bic-case-insensitive',
    section: 'NCBCT payment request',
    choice:
      'creditorAgent is upper-cased before it is checked, so deutdeff is DEUTDEFF: interface.md says "BIC ' +
      '(also called BICFI or SWIFT code)" and nothing about letter case',
    policy: { bicCase: 'insensitive' },
  },
  {
    id: 'platform-upper-case-enums',
    section: 'Sandbox card account',
    choice:
      'card-account balanceType and status are accepted in any letter case (EXPECTED, ENABLED), as the ' +
      'platform’s own clients write EXPECTED (platform-notes.md); values are echoed as sent',
    policy: { sandboxEnumCase: 'insensitive' },
  },
  {
    id: 'trim-whitespace',
    section: 'Shared types',
    choice:
      'surrounding whitespace of BIC, IBAN and BBAN values is trimmed before checking: interface.md names ' +
      'their structure, not what a bank does with padding',
    policy: { trimWhitespace: true },
  },
  {
    id: 'check-digits-unverified',
    section: 'Shared types',
    choice:
      'only the structure of account numbers and KIDs is checked, not their check digits (MOD 97 of an IBAN, ' +
      'MOD11 of a bban, a KID’s MOD10/MOD11): interface.md names an IBAN’s "structure" and a bban’s length ' +
      'only; KID check digits come from platform-notes.md',
    policy: { mod11: 'never', ibanCheckDigits: 'ignore', kidCheckDigit: 'ignore' },
    hides: ['accept-bad-iban', 'kid-401'],
  },
  // Error codes
  {
    id: 'kid-format-error',
    section: 'Errors',
    choice:
      'a KID error is 400 FORMAT_ERROR: Errors rule 2 says KID errors give 400 and names no code; FORMAT_ERROR ' +
      'is a listed code',
    policy: { kidErrorCode: 'FORMAT_ERROR' },
  },
  {
    id: 'error-codes-generic',
    section: 'Errors',
    choice:
      'where several listed codes fit, the generic one: BAD_REQUEST for header, query and body problems ' +
      'outside bulk creation (whose 400 is shown as FORMAT_ERROR), NOT_FOUND for unknown routes, BAD_REQUEST ' +
      'for a past execution date ("which condition yields which of the codes above: not shown")',
    policy: { errorCodes: 'generic' },
  },
  // Fees
  {
    id: 'fees-never',
    section: 'Payment initiation response (NCBCT, SCT, bulk)',
    choice: 'no payment carries fees: transactionFees and transactionFeeIndicator are both optional',
    policy: { fees: 'never' },
    hides: ['fee-without-indicator', 'fee-wrong-digits'],
  },
  {
    id: 'fees-always',
    section: 'Payment initiation response (NCBCT, SCT, bulk)',
    choice: 'every payment, bulk too, carries transactionFees with transactionFeeIndicator true',
    policy: { fees: 'always' },
  },
  {
    id: 'fees-indicator-false',
    section: 'Payment initiation response (NCBCT, SCT, bulk)',
    choice:
      'every payment says transactionFeeIndicator false and carries no transactionFees ("available when the ' +
      'fee indicator is true")',
    policy: { fees: 'indicator-false' },
    hides: ['fee-without-indicator', 'fee-wrong-digits'],
  },
  // Logical duplicates
  {
    id: 'duplicates-window',
    section: '3. Create NCBCT payment',
    choice:
      'a logical duplicate is refused only within 120 s of the first payment: interface.md names ' +
      'allowLogicalDuplicate but not what a duplicate is',
    policy: { duplicates: 'window' },
  },
  {
    id: 'duplicates-never',
    section: '3. Create NCBCT payment',
    choice:
      'logical duplicates are never refused, so allowLogicalDuplicate changes nothing: interface.md does not ' +
      'say a bank must refuse them',
    policy: { duplicates: 'never' },
    hides: ['ignore-allow-duplicate'],
  },
  {
    id: 'duplicates-coarse',
    section: '3. Create NCBCT payment',
    choice:
      'a logical duplicate is a payment with the same debtor, creditor and amount as an earlier one, whatever ' +
      'its other members',
    policy: { duplicateKey: 'coarse' },
  },
  // Status of a created payment
  {
    id: 'status-actc',
    section: 'States and transitions',
    choice:
      'a created payment is ACTC: "a created payment is returned with a status of this set"; transitions are not shown',
    policy: { createdStatus: 'ACTC' },
  },
  {
    id: 'status-pdng',
    section: 'States and transitions',
    choice: 'a created payment is PDNG (pending): any status of the set may come back for a created payment',
    policy: { createdStatus: 'PDNG' },
  },
  {
    id: 'future-dated-as-approved',
    section: 'States and transitions',
    choice:
      'an approved payment with a requestedExecutionDate ahead gets the status any approved payment gets, not PDNG: ' +
      'transitions are not shown',
    policy: { futureDatedStatus: 'as-approved' },
  },
  {
    id: 'delete-refused',
    section: 'What the service does',
    choice:
      'DELETE of a payment is refused (403 FORBIDDEN) whatever its status: payment cancellation or deletion is not ' +
      'shown beyond the release notes, and interface.md states only that deleting a PDNG payment gives an error',
    policy: { deletion: 'refuse-all' },
  },
  {
    id: 'status-accp',
    section: 'States and transitions',
    choice:
      'a created payment is ACCP (accepted customer profile): any status of the set may come back for a ' +
      'created payment',
    policy: { createdStatus: 'ACCP' },
  },
  {
    id: 'status-moves-after-read',
    section: 'States and transitions',
    choice:
      'a payment’s status moves on by itself after its first status read (RCVD → ACTC, ACTC → ACSP): ' +
      'transitions are not shown',
    policy: { statusFlow: 'moves-after-first-read' },
  },
  {
    id: 'status-extra-members',
    section: 'What the service does',
    choice:
      'status reads carry fundsAvailable and psuMessage beside transactionStatus and _links: the status ' +
      'response’s shape is not shown',
    policy: { statusExtraMembers: true },
  },
  // Baskets and authorisations
  {
    id: 'basket-implicit-authorisation',
    section: 'Signing basket',
    choice:
      'creating a basket starts its authorisation at once (Berlin Group’s implicit start): the 201 carries ' +
      'authorisationId and scaRedirect/scaStatus links instead of startAuthorisation; an explicit start still ' +
      'works',
    policy: { basketCreateShape: 'implicit-authorisation' },
  },
  {
    id: 'authorisation-started',
    section: 'Basket authorisation',
    choice:
      'a started authorisation answers scaStatus STARTED with a psuMessage (both allowed: STARTED is a listed ' +
      'scaStatus, transitions are not shown)',
    policy: { authorisationShape: 'started' },
  },
  {
    id: 'sca-redirect-via-link',
    section: 'Authentication',
    choice:
      'the 201 of an authorisation start carries only a scaStatus link; scaRedirect appears on the ' +
      'authorisation’s own resource (GET). Authentication 5 puts scaRedirect on a 401 response, not on the 201',
    policy: { scaRedirect: 'via-authorisation-resource' },
  },
  // Journeys: what SCA does to payments, where interface.md says "transitions: not shown"
  {
    id: 'payment-implicit-authorisation',
    section: 'Authentication',
    choice:
      'creating a payment starts its authorisation at once: the 201 carries scaRedirect and scaStatus links ' +
      'instead of startAuthorisation (Authentication 5: SCA is by an scaRedirect link; how the TPP gets it is not ' +
      'shown); an explicit start still works',
    policy: { paymentCreateShape: 'implicit-authorisation' },
  },
  {
    id: 'status-pdng-before-acsc',
    section: 'States and transitions',
    choice:
      'an approved payment is PDNG (pending) until its status has been read once, then ACSC: PDNG and ACSC are ' +
      'both of the set and transitions are not shown',
    policy: { approvedStatus: 'PDNG-then-ACSC' },
  },
  {
    id: 'booking-after-sca',
    section: 'States and transitions',
    choice:
      'a payment is booked only once SCA approves it: it goes straight to ACSC, and appears in its debtor’s ' +
      'sandbox transactions from then on, not when it is initiated (transitions are not shown)',
    policy: { approvedStatus: 'ACSC', booking: 'after-sca' },
  },
  // Transaction lists
  {
    id: 'transactions-exclusive-range',
    section: '9. Get sandbox account transactions',
    choice:
      'fromDate and toDate are exclusive: only transactions booked strictly between them; interface.md types ' +
      'them as dates and says nothing about the ends',
    policy: { transactionDateRange: 'exclusive' },
  },
  {
    id: 'transactions-default-limit',
    section: '9. Get sandbox account transactions',
    choice:
      'without limit the list holds the first 5 transactions (a page): limit is optional and its default is not shown',
    policy: { transactionDefaultLimit: 5 },
  },
  {
    id: 'transactions-newest-first',
    section: '9. Get sandbox account transactions',
    choice: 'the list is ordered newest booking date first: no order is shown',
    policy: { transactionOrder: 'newest-first' },
  },
  // Negotiation
  {
    id: 'accept-lenient',
    section: 'Header groups',
    choice:
      'an Accept the bank cannot satisfy is answered with JSON anyway (RFC 7231 §5.3.2 lets a server disregard ' +
      'Accept); Group N headers are all optional',
    policy: { accept: 'lenient' },
  },
  {
    id: 'content-type-without-charset',
    section: 'Header groups',
    choice: 'Content-Type is application/json without a charset parameter (JSON is UTF-8, RFC 8259 §8.1)',
    policy: { contentTypeCharset: false },
  },
  {
    id: 'gzip',
    section: 'Header groups',
    choice:
      'responses are gzip-compressed when Accept-Encoding offers gzip, reported in Content-Encoding, as Group N says',
    policy: { compression: 'gzip-when-asked' },
  },
  {
    id: 'compression-best-offered',
    section: 'Header groups',
    choice:
      'responses are compressed in the coding Accept-Encoding weighs highest of br, gzip and deflate (br first on a ' +
      'tie), reported in Content-Encoding: Group N lets the server pick any offered alternative',
    policy: { compression: 'best-offered' },
  },
  {
    id: 'ignores-accept-language',
    section: 'Header groups',
    choice:
      'Accept-Language is ignored: every text is English and no answer carries Content-Language. Group N headers ' +
      'are all optional, and Content-Language reports a choice only "as fitting"',
    policy: { language: 'ignore' },
  },
  {
    id: 'english-only-406',
    section: 'Header groups',
    choice:
      'English and UTF-8 only, and an offer it cannot meet is refused: an Accept-Language without English (or *) and ' +
      'an Accept-Charset without UTF-8 (or *) get 406. Group N says the server picks one of the offered ' +
      'alternatives; RFC 9110 §15.5.7 lets it answer 406 when it has none of them',
    policy: { language: 'ignore', unmetOffer: 'refuse-406' },
  },
  // Extra content in successful answers
  {
    id: 'success-warnings',
    section: 'Payment initiation response (NCBCT, SCT, bulk)',
    choice:
      'successful payment initiations and basket creations carry a WARNING tppMessage (a listed code, ' +
      'EXECUTION_DATE_INVALID: execution moves to the next banking day): tppMessages are "operational messages ' +
      'to the TPP"',
    policy: { successWarnings: true },
  },
  {
    id: 'extra-response-members',
    section: 'Resources and their fields',
    choice:
      'responses carry members interface.md does not name (bankReference, createdAt …): no response is said to ' +
      'hold only the listed members',
    policy: { extraResponseMembers: true },
  },
  {
    id: 'debit-balance',
    section: 'Errors',
    choice:
      'each accepted payment lowers the debtor’s sandbox balance, so repeated payments run into insufficient ' +
      'funds (a proper 400 PAYMENT_FAILED, Errors rule 4)',
    policy: { debitBalance: true },
  },
  {
    id: 'accept-fix-known-only',
    section: 'Versioning',
    choice:
      'x-accept-fix values other than the ones interface.md names are refused with 400 FORMAT_ERROR: what a ' +
      'bank does with an unknown value is not shown',
    policy: { acceptFix: 'known-only' },
  },
  {
    id: 'open-headers-required',
    section: 'Endpoints',
    choice:
      'requires every header interface.md names for an operation without saying whether it is required: on ' +
      'Get signing basket the header names of operation 1 (x-accept-fix too; PSU-Corporate-ID for corporate users ' +
      'only, as there), and Digest on Get engagement, whose headers are "the same as operation 6"',
    policy: { openHeaders: 'required' },
  },
  {
    id: 'basket-created-200',
    section: 'Signing basket',
    choice:
      'a signing basket is created with 200, not 201: basket creation is not in interface.md, and the 201 of ' +
      'platform-notes is a convention (SHOULD)',
    policy: { basketCreatedStatus: 200 },
  },
  {
    id: 'transaction-date-times',
    section: 'Sandbox transaction (element of the list response)',
    choice:
      'sandbox transactions list bookingDate and valueDate as date-times at midnight UTC (2026-03-15T00:00:00Z): ' +
      'interface.md types both as "string", with no format',
    policy: { transactionDateForm: 'date-time' },
  },
  {
    id: 'sandbox-ids-named',
    section: 'Sandbox engagement (request and response have the same shape)',
    choice:
      'created sandbox accounts, agreements and engagements name their ids (accountId, agreementId, engagementId) ' +
      "and carry their owner's or parent's beside them (customerId, agreementId): the fields of accounts and " +
      "agreements are not shown, and an engagement may carry members beyond interface.md's",
    policy: { sandboxIds: 'named' },
  },
  {
    id: 'accept-fix-payment-value-only',
    section: 'Versioning',
    choice:
      'the payment operations and basket start take x-accept-fix: amount-as-string only and refuse the other ' +
      'named values with 400 FORMAT_ERROR: "on basket start and SCT the value is amount-as-string", and the ' +
      'other changes are about account data',
    policy: { acceptFix: 'payment-value-only' },
  },
  // Connections
  {
    id: 'idle-connections-closed-fast',
    section: 'What the service does',
    choice:
      'an idle keep-alive connection is closed after 200 ms, and answers do not announce it (no Keep-Alive ' +
      'header, as many load balancers do): interface.md says nothing of connections, and RFC 9112 §9.3 lets a ' +
      'server close an idle one at any time, so a request may meet a connection the bank has just closed',
    policy: { keepAliveTimeoutMs: 200, keepAliveHeader: false },
  },
  {
    id: 'other-tpp-forbidden',
    section: 'Authentication',
    choice:
      "answers another TPP's request for a TPP's payment, basket or authorisation 403 RESOURCE_UNKNOWN (unknown " +
      'to this TPP, Berlin Group’s 403) instead of 404: PSD2 has the bank refuse it, and no text says with which 4xx',
    policy: { otherTpp: 'forbidden-403' },
  },
  // The two ends
  {
    id: 'strict',
    section: 'Errors',
    choice:
      'refuses everything interface.md allows a bank to refuse: logical duplicates on the coarse key (same ' +
      'debtor, creditor, amount), lower-case and padded codes, wrong MOD11 (every bban, sandbox accounts too), ' +
      'MOD 97 and KID check digits, past execution dates, an Accept it cannot satisfy (406), unknown ' +
      'x-accept-fix values, unknown body members and query parameters, a Date more than 60 s off, empty ' +
      'baskets and empty bulks, and a request without a header whose presence interface.md leaves open',
    policy: STRICT,
  },
  {
    id: 'lenient',
    section: 'Errors',
    choice:
      'accepts everything interface.md does not require it to refuse: BIC and sandbox enum letter case, ' +
      'surrounding whitespace, wrong check digits, duplicates, past execution dates, unknown x-accept-fix ' +
      'values, an Accept it cannot satisfy (JSON anyway), a Date up to an hour off, an empty bulk and a basket ' +
      'of nothing',
    policy: LENIENT,
    hides: ['accept-bad-iban', 'kid-401', 'ignore-allow-duplicate', 'accept-empty-bulk'],
  },
];

export const variantIds = (): VariantId[] => VARIANTS.map((x) => x.id);

export const findVariant = (id: string): Variant | undefined => VARIANTS.find((x) => x.id === id);

/** Whether a name given at run time (a flag, a test's parameter) is a variant of the table. */
export const isVariantId = (id: string): id is VariantId => findVariant(id) !== undefined;

/**
 * The first pair of the given variants that set one policy key differently, described in one line; undefined when none.
 */
export function variantConflict(ids: readonly VariantId[]): string | undefined {
  const chosen = ids.map(findVariant).filter((x): x is Variant => x !== undefined);
  for (const [i, a] of chosen.entries())
    for (const b of chosen.slice(i + 1)) {
      const keys = conflictingKeys(a.policy, b.policy);
      if (keys.length) return `variants ${a.id} and ${b.id} conflict: both set ${keys.join(', ')}, differently`;
    }
  return undefined;
}

/**
 * Checks variant ids and merges their choices. Unknown ids and conflicting variants are errors with a
 * one-line message (the CLI turns them into exit 2).
 */
export function variantPolicy(ids: readonly VariantId[]): Partial<BankPolicy> {
  const unknown = ids.filter((id) => !findVariant(id));
  if (unknown.length) throw new Error(`unknown variant(s): ${unknown.join(', ')} (see serve --list-variants)`);
  const conflict = variantConflict(ids);
  if (conflict) throw new Error(conflict);
  return Object.assign({}, ...ids.map((id) => (findVariant(id) as Variant).policy)) as Partial<BankPolicy>;
}
