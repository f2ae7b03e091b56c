/**
 * Deliberate deviations from interface.md, one switch each: `serve --fault ID`. Each names the requirement
 * a bank breaks when it ships the deviation; the suites must catch every one (issue 8 measures it).
 */
import { VARIABLES } from '../config/variables.js';
import type { NearMissClassId, RequirementId } from '../spec/index.js';
import type { FaultId } from './ids.generated.js';

/**
 * slow-payments' delay: one second past the suite's default HTTP_HEADERS_TIMEOUT_MS, so its requests time out (a run
 * with another timeout starts the bank with a delay past that one).
 */
export const SLOW_MS = Number(VARIABLES.find((v) => v.name === 'HTTP_HEADERS_TIMEOUT_MS')?.default ?? 15_000) + 1000;

export interface Fault {
  id: FaultId;
  area:
    | 'body'
    | 'headers'
    | 'signature'
    | 'status'
    | 'errors'
    | 'response'
    | 'baskets'
    | 'sandbox'
    | 'transport'
    | 'journeys'
    | 'security';
  description: string;
  /** The rules a bank breaks when it ships the deviation: the suites must report one of them. */
  breaks: RequirementId[];
  /**
   * Rules whose schema or code violations the bank's body check lets through while the fault is on (the pipeline
   * reads them from here). Wider than `breaks` where one deviation trips neighbouring rules too (a JSON number
   * amount is neither a string nor a decimal). Faults whose behaviour is not a relaxation keep their hooks where the
   * behaviour is, keyed by the fault's id.
   */
  relaxes?: RequirementId[];
  /**
   * The closed list (spec/near-misses.ts) whose near misses the fault accepts: BYN but not XYZ (bank/near-misses.ts).
   */
  acceptsNearMissesOf?: NearMissClassId;
}

/** The 70-character name limits (Limits: creditorName, debtorName and ultimateDebtor, street). */
const NAME_LIMITS: RequirementId[] = [
  'NCBCT.creditorName.max70',
  'SCT.creditorName.max70',
  'BULK.entry.creditorName.max70',
  'BULK.entry.debtorName.max70',
  'BULK.entry.ultimateDebtor.max70',
  'Address.street.max70',
];
/** requestedExecutionDate is an ISO 8601 date, in each payment initiation's body. */
export const EXECUTION_DATES: RequirementId[] = [
  'NCBCT.requestedExecutionDate.isoDate',
  'SCT.requestedExecutionDate.isoDate',
  'BULK.requestedExecutionDate.isoDate',
];

/**
 * A bank that stops checking one rule of a request body on the operations the rule applies to: the rule's invalid
 * classes then pass. One row per rule no other fault breaks, so the mutation score measures the cells of each.
 */
const unchecked = (id: string, area: Fault['area'], description: string, rule: RequirementId): Fault => ({
  id: id as FaultId,
  area,
  description,
  breaks: [rule],
  relaxes: [rule],
});

export const FAULTS: readonly Fault[] = [
  {
    id: 'accept-long-creditor-name',
    area: 'body',
    description: 'accepts a creditorName over 70 characters',
    breaks: ['NCBCT.creditorName.max70', 'SCT.creditorName.max70', 'BULK.entry.creditorName.max70'],

    relaxes: ['NCBCT.creditorName.max70', 'SCT.creditorName.max70', 'BULK.entry.creditorName.max70'],
  },
  {
    id: 'ignore-fraction-digits',
    area: 'body',
    description: 'accepts amounts whose fraction digits do not match the currency',
    breaks: ['Amount.amount.fractionDigits'],

    relaxes: ['Amount.amount.fractionDigits'],
  },
  {
    id: 'accept-amount-number',
    area: 'body',
    description: 'accepts an amount written as a JSON number',
    breaks: ['Amount.amount.string'],

    relaxes: ['Amount.amount.string', 'Amount.amount.decimal', 'Amount.amount.precision18scale5'],
  },
  {
    id: 'skip-nok-threshold',
    area: 'body',
    description: 'does not require regulatory reporting fields from NOK 100 000',
    breaks: ['NCBCT.regulatoryReporting.requiredFromNok100000'],

    relaxes: ['NCBCT.regulatoryReporting.requiredFromNok100000'],
  },
  {
    id: 'threshold-exclusive',
    area: 'body',
    description: 'requires regulatory reporting only above 100 000.00, not at it',
    breaks: ['NCBCT.regulatoryReporting.requiredFromNok100000'],
  },
  {
    id: 'accept-structured-and-unstructured',
    area: 'body',
    description: 'accepts structured and unstructured remittance together',
    breaks: ['BULK.entry.remittance.structuredXorUnstructured'],

    relaxes: ['BULK.entry.remittance.structuredXorUnstructured'],
  },
  {
    id: 'accept-bban-without-agent',
    area: 'body',
    description: 'accepts an NCBCT creditor bban without creditorAgent',
    breaks: ['NCBCT.creditorAgent.requiredWithBban'],

    relaxes: ['NCBCT.creditorAgent.requiredWithBban'],
  },
  {
    id: 'accept-bad-iban',
    area: 'body',
    // interface.md names the ISO 13616 structure only: MOD 97 is AccountReference.iban.checksum (SHOULD), so this
    // fault breaks the structure itself (country code, check digits, alphanumeric BBAN).
    description: 'accepts an IBAN without the ISO 13616 structure (no country code, letters for check digits)',
    breaks: ['AccountReference.iban.structure'],

    relaxes: ['AccountReference.iban.structure'],
  },
  {
    id: 'accept-sct-bban',
    area: 'body',
    description: 'accepts an SCT account identified by bban only',
    breaks: ['SCT.creditorAccount.ibanRequired', 'SCT.debtorAccount.ibanRequired'],

    relaxes: ['SCT.creditorAccount.ibanRequired', 'SCT.debtorAccount.ibanRequired'],
  },
  {
    id: 'accept-unknown-currency',
    area: 'body',
    description: 'accepts a currency outside the list',
    breaks: ['Currency.enum'],

    relaxes: ['Currency.enum'],
  },
  {
    id: 'accept-long-remittance',
    area: 'body',
    description: 'accepts remittanceInformationUnstructured over 140 characters',
    breaks: [
      'NCBCT.remittanceInformationUnstructured.length1to140',
      'SCT.remittanceInformationUnstructured.length1to140',
      'BULK.entry.remittanceInformationUnstructured.length1to140',
    ],

    relaxes: [
      'NCBCT.remittanceInformationUnstructured.length1to140',
      'SCT.remittanceInformationUnstructured.length1to140',
      'BULK.entry.remittanceInformationUnstructured.length1to140',
    ],
  },
  {
    id: 'accept-bad-purpose-code',
    area: 'body',
    description: 'accepts a purposeCode outside the list',
    breaks: ['NCBCT.purposeCode.enum', 'BULK.entry.purposeCode.enum'],

    relaxes: ['NCBCT.purposeCode.enum', 'BULK.entry.purposeCode.enum'],
  },
  {
    id: 'accept-missing-creditor-address',
    area: 'body',
    description: 'accepts a bulk entry without creditorAddress',
    breaks: ['BULK.entry.creditorAddress.required'],

    relaxes: ['BULK.entry.creditorAddress.required'],
  },
  {
    id: 'accept-bad-date',
    area: 'body',
    description: 'accepts a requestedExecutionDate that is not an ISO date',
    breaks: EXECUTION_DATES,

    relaxes: EXECUTION_DATES,
  },
  {
    id: 'accept-three-letter-country',
    area: 'body',
    description: 'accepts a three-letter country',
    breaks: ['Country.max2'],

    relaxes: ['Country.max2', 'Country.enum'],
  },
  {
    id: 'accept-empty-bulk',
    area: 'body',
    description: 'accepts a bulk payment with no entries',
    breaks: ['BULK.payments.nonEmpty'],

    relaxes: ['BULK.payments.nonEmpty'],
  },
  {
    id: 'accept-bad-engagement-role',
    area: 'sandbox',
    description: 'accepts an engagement role outside the list',
    breaks: ['Sandbox.engagement.roles.enum'],

    relaxes: ['Sandbox.engagement.roles.enum'],
  },
  {
    id: 'accept-card-account-without-pan',
    area: 'sandbox',
    description: 'accepts a card account without maskedPan',
    breaks: ['Sandbox.cardAccount.maskedPan.required'],

    relaxes: ['Sandbox.cardAccount.maskedPan.required'],
  },
  {
    id: 'accept-missing-x-request-id',
    area: 'headers',
    description: 'accepts a request without X-Request-ID',
    breaks: ['Headers.X-Request-ID.required'],
  },
  {
    id: 'accept-missing-psu-ip',
    area: 'headers',
    description: 'accepts a payment without PSU-IP-Address',
    breaks: ['Headers.PSU-IP-Address.required'],
  },
  {
    id: 'accept-bad-psu-id',
    area: 'headers',
    description: 'accepts a PSU-ID that is not a UUID',
    breaks: ['Headers.PSU-ID.uuid'],
  },
  {
    id: 'accept-missing-accept-fix',
    area: 'headers',
    description: 'accepts NCBCT and SCT without x-accept-fix',
    breaks: ['Headers.x-accept-fix.required'],
  },
  {
    id: 'accept-bad-psu-context',
    area: 'headers',
    description: 'accepts a PSU-Context outside PRIVATE/CORPORATE',
    breaks: ['Headers.PSU-Context.enum'],
  },
  {
    id: 'corporate-without-id-500',
    area: 'status',
    description: 'answers 500 to a corporate PSU without PSU-Corporate-ID',
    breaks: ['Errors.corporateWithoutCorporateId.400'],
  },
  {
    id: 'skip-signature',
    area: 'signature',
    description: 'does not verify the Signature',
    breaks: ['Auth.signature.valid'],
  },
  {
    id: 'skip-digest',
    area: 'signature',
    description: 'does not check Digest against the body',
    breaks: ['Auth.digest.matchesBody'],
  },
  {
    id: 'skip-signature-on-sct',
    area: 'signature',
    description: 'verifies no Signature and no Digest on SCT creation (on the other operations it does)',
    breaks: ['Auth.signature.valid', 'Auth.digest.matchesBody'],
  },
  {
    id: 'skip-signature-on-reads',
    area: 'signature',
    description: 'verifies no Signature on the body-less operations (basket and engagement reads, transaction lists)',
    breaks: ['Auth.signature.valid'],
  },
  {
    id: 'skip-digest-on-bulk',
    area: 'signature',
    description: 'does not check Digest against the body on bulk creation (the Signature it verifies)',
    breaks: ['Auth.digest.matchesBody'],
  },
  {
    id: 'accept-unsigned-psu-id',
    area: 'signature',
    description: 'accepts a signature that leaves psu-id out',
    breaks: ['Auth.signature.headers'],
  },
  {
    id: 'ignore-keyid',
    area: 'signature',
    description: 'does not check that keyId names the certificate',
    breaks: ['Auth.signature.keyId.form'],
  },
  {
    id: 'kid-401',
    area: 'status',
    description: 'answers 401 to a KID with a wrong check digit',
    breaks: ['Errors.kid.400'],
  },
  {
    id: 'create-200',
    area: 'status',
    description: 'answers 200 instead of 201 to a created payment',
    breaks: ['Payment.create.201'],
  },
  {
    id: 'invalid-json-500',
    area: 'status',
    description: 'answers 500 to a body that is not JSON',
    breaks: ['Errors.invalidJson.400'],
  },
  {
    id: 'insufficient-funds-500',
    area: 'status',
    description: 'answers 500 to a payment beyond the balance',
    breaks: ['Errors.insufficientFunds.notServerError'],
  },
  {
    id: 'basket-unknown-200',
    area: 'status',
    description: 'answers 200 with an empty basket to an unknown basketId',
    breaks: ['Basket.get.unknown404'],
  },
  {
    id: 'error-without-code',
    area: 'errors',
    description: 'error bodies carry no code',
    breaks: ['Errors.body.shape'],
  },
  {
    id: 'error-unknown-code',
    area: 'errors',
    description: 'answers FORMAT_ERROR rejections with code INVALID_INPUT',
    breaks: ['Errors.code.inList'],
  },
  {
    id: 'text-plain',
    area: 'response',
    description: 'sends JSON bodies as text/plain',
    breaks: ['Negotiation.contentType.json'],
  },
  {
    id: 'missing-payment-id',
    area: 'response',
    description: 'leaves paymentId out of the payment initiation response',
    breaks: ['PaymentResponse.paymentId.required'],
  },
  {
    id: 'status-outside-enum',
    area: 'response',
    description: 'answers a created payment with transactionStatus RECEIVED',
    breaks: ['PaymentResponse.transactionStatus.enum'],
  },
  {
    id: 'long-psu-message',
    area: 'response',
    description: 'sends a psuMessage of 600 characters',
    breaks: ['PaymentResponse.psuMessage.max512'],
  },
  {
    id: 'fee-without-indicator',
    area: 'response',
    description: 'sends transactionFees without transactionFeeIndicator',
    breaks: ['PaymentResponse.transactionFees.withIndicator'],
  },
  {
    id: 'fee-wrong-digits',
    area: 'response',
    description: 'sends transactionFees with one decimal',
    breaks: ['PaymentResponse.transactionFees.amount'],
  },
  {
    id: 'links-without-verbs',
    area: 'response',
    description: 'sends Berlin Group links without verbs',
    breaks: ['Link.verbs.required'],
  },
  { id: 'link-verb-patch', area: 'response', description: 'sends a link verb PATCH', breaks: ['Link.verbs.enum'] },
  {
    id: 'basket-not-worst-case',
    area: 'baskets',
    description: "reports a basket's best payment status instead of the worst",
    breaks: ['Basket.transactionStatus.worstCase'],
  },
  {
    id: 'allow-bulk-in-basket',
    area: 'baskets',
    description: 'accepts a bulk payment in a signing basket',
    breaks: ['Basket.referenceMix.bulk'],
  },
  {
    id: 'authorisation-without-links',
    area: 'baskets',
    description: 'starts a basket authorisation without _links',
    breaks: ['Basket.startAuthorisation.201'],
  },
  {
    id: 'ignore-limit',
    area: 'sandbox',
    description: 'ignores the limit query parameter',
    breaks: ['Sandbox.transactions.limit.honoured'],
  },
  {
    id: 'offset-off-by-one',
    area: 'sandbox',
    description: 'skips one transaction too many for offset',
    breaks: ['Sandbox.transactions.offset.honoured'],
  },
  {
    id: 'ignore-date-range',
    area: 'sandbox',
    description: 'ignores fromDate and toDate',
    breaks: ['Sandbox.transactions.dateRange.honoured'],
  },
  {
    id: 'accept-limit-zero',
    area: 'sandbox',
    description: 'accepts limit=0',
    breaks: ['Sandbox.transactions.limit.min1'],
  },
  {
    id: 'engagement-loses-roles',
    area: 'sandbox',
    description: 'returns an engagement without its roles',
    breaks: ['Sandbox.engagement.roundTrip'],
  },
  {
    id: 'accept-customer-owned-engagement-account',
    area: 'sandbox',
    description: 'accepts an engagement whose account the PSU in customer owns',
    breaks: ['Sandbox.engagement.accountNotOwnedByCustomer'],
  },
  {
    id: 'card-account-without-resource-id',
    area: 'sandbox',
    description: 'returns a card account without resourceId',
    breaks: ['Sandbox.cardAccount.response.shape'],
  },
  {
    id: 'ignore-allow-duplicate',
    area: 'status',
    description: 'rejects an identical payment even with allowLogicalDuplicate=true',
    breaks: ['Payment.allowLogicalDuplicate.true'],
  },
  {
    id: 'hang-on-unknown-basket',
    area: 'transport',
    description: 'never answers a read of an unknown basket',
    breaks: ['Basket.get.unknown404'],
  },
  {
    id: 'slow-payments',
    area: 'transport',
    description: `answers payment creations only after ${SLOW_MS / 1000} s, past the client's default headers timeout`,
    breaks: ['Payment.create.201'],
  },
  {
    id: 'reset-on-basket-start',
    area: 'transport',
    description: 'resets the connection when a basket authorisation is started',
    breaks: ['Basket.startAuthorisation.201'],
  },
  {
    id: 'engagement-visible-without-register-view',
    area: 'sandbox',
    description: 'offers an engagement for consent without both REGISTER and VIEW',
    breaks: ['Sandbox.engagement.consentNeedsRegisterAndView'],
  },
  // Near misses (spec/near-misses.ts, bank/near-misses.ts): each accepts exactly one list's near misses.
  {
    id: 'accept-unlisted-currency',
    area: 'body',
    description: 'accepts ISO 4217 codes absent from the list (BYN, VES, MRU, STN …), still refusing made-up codes',
    breaks: ['Currency.enum'],

    acceptsNearMissesOf: 'currency',
  },
  {
    id: 'accept-unlisted-country',
    area: 'body',
    description: 'accepts user-assigned and reserved country codes (XK, UK, EU …), still refusing others',
    breaks: ['Country.enum'],

    acceptsNearMissesOf: 'country',
  },
  {
    id: 'accept-unlisted-purpose-code',
    area: 'body',
    description: 'accepts ISO 20022 purpose codes absent from the list (GDDS, BONU, COMC, SCVE …)',
    breaks: ['NCBCT.purposeCode.enum', 'BULK.entry.purposeCode.enum'],

    acceptsNearMissesOf: 'purposeCode',
  },
  {
    id: 'accept-unlisted-reporting-code',
    area: 'body',
    description: 'accepts regulatory reporting codes next to listed ones (15, 27, 30 …)',
    breaks: ['NCBCT.regulatoryReportingCode.enum'],

    acceptsNearMissesOf: 'regulatoryReportingCode',
  },
  {
    id: 'accept-unlisted-engagement-role',
    area: 'sandbox',
    description: 'accepts engagement roles of neighbouring vocabularies (ADMIN, SIGNATORY, APPROVER …)',
    breaks: ['Sandbox.engagement.roles.enum'],

    acceptsNearMissesOf: 'engagementRole',
  },
  {
    id: 'accept-unlisted-card-status',
    area: 'sandbox',
    description: 'accepts card account statuses of other APIs (active, closed …)',
    breaks: ['Sandbox.cardAccount.status.enum'],

    acceptsNearMissesOf: 'cardAccountStatus',
  },
  {
    id: 'accept-unlisted-balance-type',
    area: 'sandbox',
    description: 'accepts Berlin Group balance types absent from the list (interimBooked, closingAvailable …)',
    breaks: ['Sandbox.cardAccount.balanceType.enum'],

    acceptsNearMissesOf: 'cardBalanceType',
  },
  {
    id: 'accept-unlisted-psu-context',
    area: 'headers',
    description: 'accepts PSU-Context BUSINESS, PERSONAL or RETAIL',
    breaks: ['Headers.PSU-Context.enum'],

    acceptsNearMissesOf: 'psuContext',
  },
  {
    id: 'accept-unlisted-psu-http-method',
    area: 'headers',
    description: 'accepts PSU-HTTP-Method HEAD, OPTIONS, TRACE or CONNECT',
    breaks: ['Headers.PSU-HTTP-Method.enum'],

    acceptsNearMissesOf: 'psuHttpMethod',
  },
  // Counting characters (bank/pipeline.ts): a bank that measures the name limits in bytes.
  {
    id: 'utf8-bytes-name-limit',
    area: 'body',
    description:
      'counts the 70-character name limits (creditorName, debtorName, ultimateDebtor, street) in UTF-8 bytes, so it ' +
      'refuses valid Norwegian names of 36 to 70 characters',
    breaks: NAME_LIMITS,
  },
  // RFC 2047 in the Signature (bank/rfc2047-faults.ts).
  {
    id: 'refuse-rfc2047',
    area: 'signature',
    description: 'answers an RFC 2047-encoded Signature with 401',
    breaks: ['Auth.signature.rfc2047'],
  },
  {
    id: 'misread-rfc2047-charset',
    area: 'signature',
    description:
      'decodes RFC 2047 words as ISO-8859-1 whatever their charset, so a ' +
      'keyId with æ, ø, å no longer names the certificate',
    breaks: ['Auth.signature.rfc2047'],
  },
  // Issue 21: deviations a default run let through.
  {
    id: 'accept-other-digest-algorithms',
    area: 'signature',
    description:
      'accepts a Digest of another algorithm than SHA-256 or SHA-512 (SHA-384, SHA, MD5, UNIXsum, SHA256 …) ' +
      'when its value is right for that algorithm',
    breaks: ['Auth.digest.algorithm'],
  },
  {
    id: 'basket-start-without-redirect-uri',
    area: 'headers',
    // The header a real bank most plausibly forgets here: the basket's creation already carried a TPP-Redirect-URI,
    // so an implementation that falls back to it never notices the start came without one.
    description: 'starts a basket authorisation without TPP-Redirect-URI (group T requires it)',
    breaks: ['Headers.TPP-Redirect-URI.required'],
  },
  {
    id: 'compress-unoffered',
    area: 'response',
    description:
      'gzip-compresses the answer to every request with Accept-Encoding, whatever it offers (identity only, gzip;q=0)',
    breaks: ['Negotiation.acceptEncoding.offered'],
  },
  // Journeys (suites/journeys.suite.ts, suites/model.suite.ts, suites/cross-tpp.suite.ts): what goes wrong only over a
  // sequence of requests. Ids start with journey-; the other-TPP ones carry tpp.
  {
    id: 'journey-basket-first-payment-after-sca',
    area: 'journeys',
    description: "once a basket's authorisation has ended, reports the basket's status from its first payment only",
    breaks: ['Journey.basket.rejectedPayment'],
  },
  {
    id: 'journey-acsc-back-to-rcvd',
    area: 'journeys',
    description: 'books an approved payment (ACSC), then reports it RCVD again from its second status read on',
    breaks: ['Journey.status.finalStays'],
  },
  {
    id: 'journey-approval-ignored-three',
    area: 'journeys',
    description: 'finalises the approval of three or more payments but leaves the payments as they were',
    breaks: ['Journey.approve.accepted'],
  },
  {
    id: 'journey-rejected-status-404',
    area: 'journeys',
    description: "answers a rejected payment's status link with 404",
    breaks: ['Journey.links.answer', 'PaymentStatus.get.200'],
  },
  {
    id: 'journey-deny-as-approve-sct',
    area: 'journeys',
    description: 'treats a denied SCA as an approval for SCT payments',
    breaks: ['Journey.deny.rejected'],
  },
  {
    id: 'journey-basket-authorisation-stuck',
    area: 'journeys',
    description: 'leaves a basket authorisation STARTED whatever the PSU decides, and its payments as they were',
    breaks: ['Journey.sca.finished', 'Journey.approve.accepted', 'Journey.deny.rejected'],
  },
  {
    id: 'journey-reauthorise-finalised-basket',
    area: 'journeys',
    description: 'starts a second authorisation of a basket whose authorisation is FINALISED',
    breaks: ['Journey.authorisation.finalisedRefused'],
  },
  {
    id: 'journey-tpp-payment-readable',
    area: 'security',
    description: "lets another TPP read, authorise and put in a basket a TPP's payment",
    breaks: ['Security.otherTpp.payment'],
  },
  {
    id: 'journey-tpp-basket-shared',
    area: 'security',
    description: "lets another TPP read a TPP's basket, start its authorisation and read its authorisations",
    breaks: ['Security.otherTpp.basket', 'Security.otherTpp.authorisation'],
  },
  // Cells of the test plan a run once left unsent (issue 34): a rule kept on one operation or class only.
  {
    id: 'accept-delete-pdng',
    area: 'status',
    description: 'deletes (cancels) a payment whose status is PDNG, as its self link offers DELETE',
    breaks: ['PaymentStatus.deletePdng.error'],
  },
  {
    id: 'sha512-on-ncbct-only',
    area: 'signature',
    description: 'takes a SHA-512 Digest on NCBCT creation only; on every other operation it refuses one (401)',
    breaks: ['Auth.digest.sha512', 'Auth.digest.algorithmCase'],
  },
  {
    id: 'impossible-dates-outside-ncbct',
    area: 'body',
    description:
      'checks a requestedExecutionDate on SCT and bulk payments by its pattern only, so 2027-02-30 passes there',
    breaks: ['SCT.requestedExecutionDate.isoDate', 'BULK.requestedExecutionDate.isoDate'],
  },
  {
    id: 'accept-impossible-dates',
    area: 'body',
    description: 'takes any YYYY-MM-DD as a requestedExecutionDate, impossible calendar dates (2027-04-31) too',
    breaks: EXECUTION_DATES,
  },
  {
    id: 'refuse-execution-date-outside-ncbct',
    area: 'body',
    description: 'refuses an SCT or bulk payment that carries a requestedExecutionDate, however valid',
    breaks: ['SCT.requestedExecutionDate.isoDate', 'BULK.requestedExecutionDate.isoDate'],
  },
  {
    id: 'corporate-without-id-outside-ncbct',
    area: 'headers',
    description: 'refuses a corporate PSU without PSU-Corporate-ID on NCBCT creation only; SCT and bulk accept it',
    breaks: ['Errors.corporateWithoutCorporateId.400'],
  },
  {
    id: 'accept-bic-9-or-10',
    area: 'body',
    description: 'takes a creditorAgent of 8 to 11 characters as a BIC, 9 and 10 included',
    breaks: ['NCBCT.creditorAgent.bic'],
  },
  {
    id: 'latin1-names',
    area: 'body',
    description:
      'stores names in ISO-8859-1 and refuses letters outside it: a creditorName, debtorName, ultimateDebtor or ' +
      'street in Greek letters gets 400',
    breaks: NAME_LIMITS,
  },
  {
    id: 'accept-wildcards-406',
    area: 'headers',
    description: 'answers 406 to Accept: */* and to application/*, ranges that offer JSON',
    breaks: ['Headers.optional.accepted'],
  },
  {
    id: 'card-account-links-nowhere',
    area: 'sandbox',
    description: "hands out a card account's self and transactions links at paths it does not serve (404)",
    breaks: ['Link.href.reachable'],
  },
  {
    id: 'lenient-paging',
    area: 'sandbox',
    description: 'reads limit and offset leniently: 1.5, 1e2 and 0x10 are taken as numbers',
    breaks: ['Sandbox.transactions.limit.int32'],
  },
  {
    id: 'x-psu-identity-ncbct-only',
    area: 'headers',
    description: 'takes X-PSU-IDENTITY instead of PSU-ID on NCBCT creation only; SCT and bulk want PSU-ID',
    breaks: ['Headers.X-PSU-IDENTITY.alternative'],
  },
  {
    id: 'psu-device-id-unchecked-on-baskets',
    area: 'headers',
    description: 'does not check that PSU-Device-ID is a UUID on the basket operations (it does on payments)',
    breaks: ['Headers.PSU-Device-ID.uuid'],
  },
  {
    id: 'rfc2047-ncbct-only',
    area: 'signature',
    description: 'decodes an RFC 2047-encoded Signature on NCBCT creation only; elsewhere it answers 401',
    breaks: ['Auth.signature.rfc2047'],
  },
  {
    id: 'digest-case-sensitive-outside-ncbct',
    area: 'signature',
    description: 'reads the Digest algorithm token in capitals only, except on NCBCT creation: sha-256= gets 401',
    breaks: ['Auth.digest.algorithmCase'],
  },
  {
    id: 'algorithm-unchecked-on-reads',
    area: 'signature',
    description: 'does not check the Signature algorithm label on the body-less reads (hmac-sha256 passes there)',
    breaks: ['Auth.signature.algorithm'],
  },
  {
    id: 'allow-duplicate-ignored-outside-ncbct',
    area: 'status',
    description: 'refuses an identical SCT or bulk payment even with allowLogicalDuplicate=true (NCBCT takes it)',
    breaks: ['Payment.allowLogicalDuplicate.true'],
  },
  {
    id: 'insufficient-funds-500-on-bulk',
    area: 'status',
    description: 'answers 500 to a bulk payment beyond the balance (single payments get a proper error)',
    breaks: ['Errors.insufficientFunds.notServerError'],
  },
  {
    id: 'status-link-nowhere',
    area: 'response',
    description: "hands out a created payment's status link at a path no route serves (404)",
    breaks: ['Link.href.reachable'],
  },
  {
    id: 'transaction-dates-by-pattern',
    area: 'sandbox',
    description: 'checks fromDate and toDate by their pattern only, so 2026-02-30 and 2026-13-01 pass',
    breaks: ['Sandbox.transactions.fromDate.date'],
  },
  unchecked(
    'accept-long-sct-end-to-end-id',
    'body',
    'accepts an SCT endToEndIdentification of 36 characters',
    'SCT.endToEndIdentification.max35',
  ),
  unchecked(
    'accept-long-bulk-end-to-end-id',
    'body',
    'accepts a bulk entry endToEndIdentification of 36 characters',
    'BULK.entry.endToEndIdentification.max35',
  ),
  unchecked(
    'accept-long-payment-information-id',
    'body',
    'accepts a bulk paymentInformationId of 36 characters',
    'BULK.paymentInformationId.max35',
  ),
  unchecked(
    'accept-bulk-debtor-iban',
    'body',
    'accepts a bulk debtorAccount given by iban alone',
    'BULK.debtorAccount.bbanRequired',
  ),
  unchecked(
    'accept-bulk-creditor-iban',
    'body',
    'accepts a bulk entry creditorAccount given by iban alone',
    'BULK.entry.creditorAccount.bbanRequired',
  ),
  unchecked(
    'accept-sct-without-debtor-account',
    'body',
    'accepts an SCT without debtorAccount',
    'SCT.debtorAccount.required',
  ),
  unchecked(
    'accept-bulk-entry-without-creditor-name',
    'body',
    'accepts a bulk entry without creditorName',
    'BULK.entry.creditorName.required',
  ),
  unchecked(
    'accept-bulk-address-without-country',
    'body',
    'accepts a bulk creditorAddress without country',
    'BULK.entry.creditorAddress.country.required',
  ),
  unchecked(
    'accept-ncbct-debtor-without-bban-or-iban',
    'body',
    'accepts an NCBCT debtorAccount with neither bban nor iban',
    'NCBCT.debtorAccount.bbanOrIban',
  ),
  unchecked(
    'accept-long-regulatory-reporting',
    'body',
    'accepts an NCBCT regulatoryReportingInformation of 141 characters',
    'NCBCT.regulatoryReportingInformation.max140',
  ),
  unchecked(
    'accept-long-structured-reference',
    'body',
    'accepts a structured remittance reference of 36 characters',
    'StructuredRemittance.reference.length1to35',
  ),
  unchecked(
    'accept-long-reference-issuer',
    'body',
    'accepts a structured remittance referenceIssuer of 36 characters',
    'StructuredRemittance.referenceIssuer.length1to35',
  ),
  unchecked(
    'accept-engagement-without-approval-limit',
    'sandbox',
    'accepts an engagement without approvalLimit',
    'Sandbox.engagement.approvalLimit.required',
  ),
  unchecked(
    'accept-engagement-limit-beyond-int32',
    'sandbox',
    'accepts an engagement limit outside int32 (2147483648)',
    'Sandbox.engagement.limits.int32',
  ),
  unchecked(
    'accept-engagement-account-without-iban',
    'sandbox',
    'accepts an engagement whose account has no iban',
    'Sandbox.engagement.account.iban.required',
  ),
  unchecked(
    'accept-card-account-without-expiry',
    'sandbox',
    'accepts a card account without expiry',
    'Sandbox.cardAccount.expiry.required',
  ),
  unchecked(
    'accept-card-account-without-card-id-vno',
    'sandbox',
    'accepts a card account without cardIdVNo',
    'Sandbox.cardAccount.cardIdVNo.required',
  ),
  unchecked(
    'accept-card-amount-beyond-int32',
    'sandbox',
    'accepts a card account amount outside int32',
    'Sandbox.cardAccount.amounts.int32',
  ),
];

export const faultIds = (): FaultId[] => FAULTS.map((x) => x.id);

/** The rules the switched-on faults relax (Fault.relaxes). */
export const relaxedBy = (isOn: (id: FaultId) => boolean): Set<RequirementId> =>
  new Set(FAULTS.flatMap((fault) => (isOn(fault.id) ? (fault.relaxes ?? []) : [])));

/** Whether a name given at run time (a flag, a test's parameter) is a fault of the table. */
export const isFaultId = (id: string): id is FaultId => FAULTS.some((x) => x.id === id);
