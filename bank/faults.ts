/**
 * Deliberate deviations from interface.md, one switch each: `serve --fault ID`. Each names the requirement
 * a bank breaks when it ships the deviation; the suites must catch every one (issue 8 measures it).
 */
import { VARIABLES } from '../config/variables.js';
import type { RequirementId } from '../spec/index.js';
import type { FaultId } from './ids.generated.js';

/** slow-payments' delay: one second past the suite's default HTTP_HEADERS_TIMEOUT_MS, so its requests time out. */
export const SLOW_MS = Number(VARIABLES.find((v) => v.name === 'HTTP_HEADERS_TIMEOUT_MS')?.default ?? 15_000) + 1000;

export interface Fault {
  id: FaultId;
  area: 'body' | 'headers' | 'signature' | 'status' | 'errors' | 'response' | 'baskets' | 'sandbox' | 'transport';
  description: string;
  breaks: RequirementId[];
}

const f = (id: FaultId, area: Fault['area'], description: string, ...breaks: RequirementId[]): Fault => ({
  id,
  area,
  description,
  breaks,
});

export const FAULTS: readonly Fault[] = [
  f(
    'accept-long-creditor-name',
    'body',
    'accepts a creditorName over 70 characters',
    'NCBCT.creditorName.max70',
    'SCT.creditorName.max70',
    'BULK.entry.creditorName.max70',
  ),
  f(
    'ignore-fraction-digits',
    'body',
    'accepts amounts whose fraction digits do not match the currency',
    'Amount.amount.fractionDigits',
  ),
  f('accept-amount-number', 'body', 'accepts an amount written as a JSON number', 'Amount.amount.string'),
  f(
    'skip-nok-threshold',
    'body',
    'does not require regulatory reporting fields from NOK 100 000',
    'NCBCT.regulatoryReporting.requiredFromNok100000',
  ),
  f(
    'threshold-exclusive',
    'body',
    'requires regulatory reporting only above 100 000.00, not at it',
    'NCBCT.regulatoryReporting.requiredFromNok100000',
  ),
  f(
    'accept-structured-and-unstructured',
    'body',
    'accepts structured and unstructured remittance together',
    'BULK.entry.remittance.structuredXorUnstructured',
  ),
  f(
    'accept-bban-without-agent',
    'body',
    'accepts an NCBCT creditor bban without creditorAgent',
    'NCBCT.creditorAgent.requiredWithBban',
  ),
  f(
    'accept-bad-iban',
    'body',
    // interface.md names the ISO 13616 structure only: MOD 97 is AccountReference.iban.checksum (SHOULD), so this
    // fault breaks the structure itself (country code, check digits, alphanumeric BBAN).
    'accepts an IBAN without the ISO 13616 structure (no country code, letters for check digits)',
    'AccountReference.iban.structure',
  ),
  f(
    'accept-sct-bban',
    'body',
    'accepts an SCT account identified by bban only',
    'SCT.creditorAccount.ibanRequired',
    'SCT.debtorAccount.ibanRequired',
  ),
  f('accept-unknown-currency', 'body', 'accepts a currency outside the list', 'Currency.enum'),
  f(
    'accept-long-remittance',
    'body',
    'accepts remittanceInformationUnstructured over 140 characters',
    'NCBCT.remittanceInformationUnstructured.length1to140',
    'SCT.remittanceInformationUnstructured.length1to140',
    'BULK.entry.remittanceInformationUnstructured.length1to140',
  ),
  f(
    'accept-bad-purpose-code',
    'body',
    'accepts a purposeCode outside the list',
    'NCBCT.purposeCode.enum',
    'BULK.entry.purposeCode.enum',
  ),
  f(
    'accept-missing-creditor-address',
    'body',
    'accepts a bulk entry without creditorAddress',
    'BULK.entry.creditorAddress.required',
  ),
  f(
    'accept-bad-date',
    'body',
    'accepts a requestedExecutionDate that is not an ISO date',
    'NCBCT.requestedExecutionDate.isoDate',
    'SCT.requestedExecutionDate.isoDate',
    'BULK.requestedExecutionDate.isoDate',
  ),
  f('accept-three-letter-country', 'body', 'accepts a three-letter country', 'Country.max2'),
  f('accept-empty-bulk', 'body', 'accepts a bulk payment with no entries', 'BULK.payments.nonEmpty'),
  f(
    'accept-bad-engagement-role',
    'sandbox',
    'accepts an engagement role outside the list',
    'Sandbox.engagement.roles.enum',
  ),
  f(
    'accept-card-account-without-pan',
    'sandbox',
    'accepts a card account without maskedPan',
    'Sandbox.cardAccount.maskedPan.required',
  ),
  f(
    'accept-missing-x-request-id',
    'headers',
    'accepts a request without X-Request-ID',
    'Headers.X-Request-ID.required',
  ),
  f('accept-missing-psu-ip', 'headers', 'accepts a payment without PSU-IP-Address', 'Headers.PSU-IP-Address.required'),
  f('accept-bad-psu-id', 'headers', 'accepts a PSU-ID that is not a UUID', 'Headers.PSU-ID.uuid'),
  f(
    'accept-missing-accept-fix',
    'headers',
    'accepts NCBCT and SCT without x-accept-fix',
    'Headers.x-accept-fix.required',
  ),
  f('accept-bad-psu-context', 'headers', 'accepts a PSU-Context outside PRIVATE/CORPORATE', 'Headers.PSU-Context.enum'),
  f(
    'corporate-without-id-500',
    'status',
    'answers 500 to a corporate PSU without PSU-Corporate-ID',
    'Errors.corporateWithoutCorporateId.400',
  ),
  f('skip-signature', 'signature', 'does not verify the Signature', 'Auth.signature.valid'),
  f('skip-digest', 'signature', 'does not check Digest against the body', 'Auth.digest.matchesBody'),
  f('accept-unsigned-psu-id', 'signature', 'accepts a signature that leaves psu-id out', 'Auth.signature.headers'),
  f('ignore-keyid', 'signature', 'does not check that keyId names the certificate', 'Auth.signature.keyId.form'),
  f('kid-401', 'status', 'answers 401 to a KID with a wrong check digit', 'Errors.kid.400'),
  f('create-200', 'status', 'answers 200 instead of 201 to a created payment', 'Payment.create.201'),
  f('invalid-json-500', 'status', 'answers 500 to a body that is not JSON', 'Errors.invalidJson.400'),
  f(
    'insufficient-funds-500',
    'status',
    'answers 500 to a payment beyond the balance',
    'Errors.insufficientFunds.notServerError',
  ),
  f('basket-unknown-200', 'status', 'answers 200 with an empty basket to an unknown basketId', 'Basket.get.unknown404'),
  f('error-without-code', 'errors', 'error bodies carry no code', 'Errors.body.shape'),
  f('error-unknown-code', 'errors', 'answers FORMAT_ERROR rejections with code INVALID_INPUT', 'Errors.code.inList'),
  f('text-plain', 'response', 'sends JSON bodies as text/plain', 'Negotiation.contentType.json'),
  f(
    'missing-payment-id',
    'response',
    'leaves paymentId out of the payment initiation response',
    'PaymentResponse.paymentId.required',
  ),
  f(
    'status-outside-enum',
    'response',
    'answers a created payment with transactionStatus RECEIVED',
    'PaymentResponse.transactionStatus.enum',
  ),
  f('long-psu-message', 'response', 'sends a psuMessage of 600 characters', 'PaymentResponse.psuMessage.max512'),
  f(
    'fee-without-indicator',
    'response',
    'sends transactionFees without transactionFeeIndicator',
    'PaymentResponse.transactionFees.withIndicator',
  ),
  f('fee-wrong-digits', 'response', 'sends transactionFees with one decimal', 'PaymentResponse.transactionFees.amount'),
  f('links-without-verbs', 'response', 'sends Berlin Group links without verbs', 'Link.verbs.required'),
  f('link-verb-patch', 'response', 'sends a link verb PATCH', 'Link.verbs.enum'),
  f(
    'basket-not-worst-case',
    'baskets',
    "reports a basket's best payment status instead of the worst",
    'Basket.transactionStatus.worstCase',
  ),
  f('allow-bulk-in-basket', 'baskets', 'accepts a bulk payment in a signing basket', 'Basket.referenceMix.bulk'),
  f(
    'authorisation-without-links',
    'baskets',
    'starts a basket authorisation without _links',
    'Basket.startAuthorisation.201',
  ),
  f('ignore-limit', 'sandbox', 'ignores the limit query parameter', 'Sandbox.transactions.limit.honoured'),
  f(
    'offset-off-by-one',
    'sandbox',
    'skips one transaction too many for offset',
    'Sandbox.transactions.offset.honoured',
  ),
  f('ignore-date-range', 'sandbox', 'ignores fromDate and toDate', 'Sandbox.transactions.dateRange.honoured'),
  f('accept-limit-zero', 'sandbox', 'accepts limit=0', 'Sandbox.transactions.limit.min1'),
  f('engagement-loses-roles', 'sandbox', 'returns an engagement without its roles', 'Sandbox.engagement.roundTrip'),
  f(
    'card-account-without-resource-id',
    'sandbox',
    'returns a card account without resourceId',
    'Sandbox.cardAccount.response.shape',
  ),
  f(
    'ignore-allow-duplicate',
    'status',
    'rejects an identical payment even with allowLogicalDuplicate=true',
    'Payment.allowLogicalDuplicate.true',
  ),
  f('hang-on-unknown-basket', 'transport', 'never answers a read of an unknown basket', 'Basket.get.unknown404'),
  f(
    'slow-payments',
    'transport',
    `answers payment creations only after ${SLOW_MS / 1000} s, past the client's default headers timeout`,
    'Payment.create.201',
  ),
  f(
    'reset-on-basket-start',
    'transport',
    'resets the connection when a basket authorisation is started',
    'Basket.startAuthorisation.201',
  ),
  f(
    'engagement-visible-without-register-view',
    'sandbox',
    'offers an engagement for consent without both REGISTER and VIEW',
    'Sandbox.engagement.consentNeedsRegisterAndView',
  ),
  // Near misses (spec/near-misses.ts, bank/near-misses.ts): each accepts exactly one list's near misses.
  f(
    'accept-unlisted-currency',
    'body',
    'accepts ISO 4217 codes absent from the list (BYN, VES, MRU, STN …), still refusing made-up codes',
    'Currency.enum',
  ),
  f(
    'accept-unlisted-country',
    'body',
    'accepts user-assigned and reserved country codes (XK, UK, EU …), still refusing others',
    'Country.enum',
  ),
  f(
    'accept-unlisted-purpose-code',
    'body',
    'accepts ISO 20022 purpose codes absent from the list (GDDS, BONU, COMC, SCVE …)',
    'NCBCT.purposeCode.enum',
    'BULK.entry.purposeCode.enum',
  ),
  f(
    'accept-unlisted-reporting-code',
    'body',
    'accepts regulatory reporting codes next to listed ones (15, 27, 30 …)',
    'NCBCT.regulatoryReportingCode.enum',
  ),
  f(
    'accept-unlisted-engagement-role',
    'sandbox',
    'accepts engagement roles of neighbouring vocabularies (ADMIN, SIGNATORY, APPROVER …)',
    'Sandbox.engagement.roles.enum',
  ),
  f(
    'accept-unlisted-card-status',
    'sandbox',
    'accepts card account statuses of other APIs (active, closed …)',
    'Sandbox.cardAccount.status.enum',
  ),
  f(
    'accept-unlisted-balance-type',
    'sandbox',
    'accepts Berlin Group balance types absent from the list (interimBooked, closingAvailable …)',
    'Sandbox.cardAccount.balanceType.enum',
  ),
  f(
    'accept-unlisted-psu-context',
    'headers',
    'accepts PSU-Context BUSINESS, PERSONAL or RETAIL',
    'Headers.PSU-Context.enum',
  ),
  f(
    'accept-unlisted-psu-http-method',
    'headers',
    'accepts PSU-HTTP-Method HEAD, OPTIONS, TRACE or CONNECT',
    'Headers.PSU-HTTP-Method.enum',
  ),
  // RFC 2047 in the Signature (bank/rfc2047-faults.ts).
  f('refuse-rfc2047', 'signature', 'answers an RFC 2047-encoded Signature with 401', 'Auth.signature.rfc2047'),
  f(
    'misread-rfc2047-charset',
    'signature',
    'decodes RFC 2047 words as ISO-8859-1 whatever their charset, so a keyId with æ, ø, å no longer names the certificate',
    'Auth.signature.rfc2047',
  ),
];

export const faultIds = (): FaultId[] => FAULTS.map((x) => x.id);

/** Whether a name given at run time (a flag, a test's parameter) is a fault of the table. */
export const isFaultId = (id: string): id is FaultId => FAULTS.some((x) => x.id === id);
