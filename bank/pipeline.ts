import { isIP } from 'node:net';
import { headerValue, pointerGet, type HeaderRecord } from '../core/index.js';
import { validate, type Violation } from '../schemas/index.js';
import { COMPUTABLE_DIGEST_ALGORITHMS, containsEncodedWord, verifySignature } from '../signing/index.js';
import { PSU_CONTEXTS, PSU_HTTP_METHODS, operation, type OperationSpec, type RequirementId } from '../spec/index.js';
import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { relaxedBy } from './faults.js';
import { countedInBytes, refusedByCellFault, relaxedByCellFault } from './cell-faults.js';
export { NAME_LIMIT_RULES } from './cell-faults.js';
import { nearMissAccepted } from './near-misses.js';
import { signatureAsSeen } from './rfc2047-faults.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Headers = HeaderRecord;
const get = headerValue;

/** A 400 FORMAT_ERROR for a header, naming the rule it breaks as body rejections do: `… (Headers.PSU-ID.uuid)`. */
const headerRejection = (message: string, rule: RequirementId) =>
  new Rejection(400, 'FORMAT_ERROR', `${message} (${rule})`);

/** The basket authorisation start itself, not a payment's authorisation start that borrows its header rules. */
const isBasketStart = (op: OperationSpec) =>
  op.id === 'basket.startAuthorisation' && op.path === operation('basket.startAuthorisation').path;

/**
 * Header groups of the operation: required ones present, formats right (interface.md › Header groups).
 * `corporateFromContext`: PSU-Context CORPORATE makes a corporate user (false when the bank's policy decides
 * that from the debtor's owner instead, bank/corporate.ts).
 */
export function checkHeaders(op: OperationSpec, headers: Headers, faults: Faults, corporateFromContext = true): void {
  const names = new Set(op.headers.map((h) => h.name.toLowerCase()));
  for (const h of op.headers) {
    if (h.presence !== 'yes' || ['signature', 'tpp-signature-certificate', 'digest'].includes(h.name.toLowerCase()))
      continue;
    if (h.name === 'X-Request-ID' && faults.has('accept-missing-x-request-id')) continue;
    if (h.name === 'PSU-IP-Address' && faults.has('accept-missing-psu-ip')) continue;
    if (h.name === 'x-accept-fix' && faults.has('accept-missing-accept-fix')) continue;
    if (h.name === 'TPP-Redirect-URI' && isBasketStart(op) && faults.has('basket-start-without-redirect-uri')) continue;
    if (!get(headers, h.name))
      throw h.requiredRule
        ? headerRejection(`header ${h.name} is required`, h.requiredRule)
        : new Rejection(400, 'FORMAT_ERROR', `header ${h.name} is required`);
  }
  const takesPsu = op.headers.some((h) => h.name === 'PSU-ID' && h.presence === 'conditional');
  // The fault x-psu-identity-ncbct-only takes the alternative identification on NCBCT creation alone.
  const identityTaken =
    get(headers, 'x-psu-identity') !== undefined &&
    !(faults.has('x-psu-identity-ncbct-only') && op.createsPayment && op.id !== 'ncbct.create');
  if (takesPsu && !get(headers, 'psu-id') && !identityTaken)
    throw headerRejection('PSU-ID (or X-PSU-IDENTITY) is required', 'Headers.PSU-ID.required');
  const identity = get(headers, 'x-psu-identity');
  // interface.md › Group I: a Norwegian national identity or D-number, both 11 digits.
  if (names.has('x-psu-identity') && identity !== undefined && !/^\d{11}$/.test(identity))
    throw new Rejection(400, 'FORMAT_ERROR', 'X-PSU-IDENTITY must be an 11-digit national identity or D-number');
  const psuId = get(headers, 'psu-id');
  if (names.has('psu-id') && psuId !== undefined && !UUID.test(psuId) && !faults.has('accept-bad-psu-id'))
    throw headerRejection('PSU-ID must be a UUID', 'Headers.PSU-ID.uuid');
  const device = get(headers, 'psu-device-id');
  const unchecked = faults.has('psu-device-id-unchecked-on-baskets') && op.id.startsWith('basket.');
  if (names.has('psu-device-id') && device !== undefined && !UUID.test(device) && !unchecked)
    throw headerRejection('PSU-Device-ID must be a UUID', 'Headers.PSU-Device-ID.uuid');
  const ip = get(headers, 'psu-ip-address');
  if (names.has('psu-ip-address') && ip !== undefined && !isIP(ip))
    throw headerRejection('PSU-IP-Address must be an IP address', 'Headers.PSU-IP-Address.ip');
  const method = get(headers, 'psu-http-method');
  if (
    names.has('psu-http-method') &&
    method !== undefined &&
    !(PSU_HTTP_METHODS as readonly string[]).includes(method) &&
    !nearMissAccepted(faults, 'Headers.PSU-HTTP-Method.enum', method)
  )
    throw headerRejection(
      'PSU-HTTP-Method is not one of GET, POST, PUT, PATCH, DELETE',
      'Headers.PSU-HTTP-Method.enum',
    );
  const preferred = get(headers, 'tpp-redirect-preferred');
  if (names.has('tpp-redirect-preferred') && preferred !== undefined && preferred !== 'true' && preferred !== 'false')
    throw headerRejection('TPP-Redirect-Preferred must be true or false', 'Headers.TPP-Redirect-Preferred.boolean');
  const context = get(headers, 'psu-context');
  if (names.has('psu-context') && context !== undefined) {
    if (
      !(PSU_CONTEXTS as readonly string[]).includes(context) &&
      !faults.has('accept-bad-psu-context') &&
      !nearMissAccepted(faults, 'Headers.PSU-Context.enum', context)
    )
      throw headerRejection('PSU-Context must be PRIVATE or CORPORATE', 'Headers.PSU-Context.enum');
    const outsideNcbct = op.id === 'sct.create' || op.id === 'bulk.create';
    const lets = outsideNcbct && faults.has('corporate-without-id-outside-ncbct');
    if (context === 'CORPORATE' && corporateFromContext && !get(headers, 'psu-corporate-id') && !lets) {
      if (faults.has('corporate-without-id-500')) throw new Rejection(500, 'SYSTEM_ERROR', '');
      throw headerRejection(
        'a corporate PSU (PSU-Context CORPORATE) needs PSU-Corporate-ID',
        'Errors.corporateWithoutCorporateId.400',
      );
    }
  }
}

const DAY = '(Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** RFC 7231 §7.1.1.1: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must still accept. */
const HTTP_DATE = [
  new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`),
  new RegExp(`^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`),
  new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} \\d{4}$`),
];
const isHttpDate = (value: string) => HTTP_DATE.some((form) => form.test(value)) && !Number.isNaN(Date.parse(value));

/** The headers a signature needs, in the order their absence is reported, with the rule each one's absence breaks. */
const SIGNING_HEADERS: readonly { name: string; rule: RequirementId }[] = [
  { name: 'signature', rule: 'Headers.Signature.required' },
  { name: 'tpp-signature-certificate', rule: 'Headers.TPP-Signature-Certificate.required' },
  { name: 'x-request-id', rule: 'Headers.X-Request-ID.required' },
];

/** Faults that skip the whole signature check (Digest included) on some operations only. */
function skipsSignatureOn(op: OperationSpec | undefined, faults: Faults): boolean {
  if (op?.id === 'sct.create' && faults.has('skip-signature-on-sct')) return true;
  return op?.method === 'GET' && faults.has('skip-signature-on-reads');
}

/** Signature, certificate, keyId and Digest through the project's verifier; any well-formed certificate is trusted. */
export function checkSignature(
  {
    method,
    target,
    headers,
    body,
    op,
  }: { method: string; target: string; headers: Headers; body: Buffer | undefined; op?: OperationSpec },
  faults: Faults,
  { now, clockSkewSeconds }: { now?: (() => Date) | undefined; clockSkewSeconds?: number | undefined } = {},
): void {
  const hasBody = body !== undefined && body.length > 0;
  const missing = SIGNING_HEADERS.find(
    ({ name }) => !get(headers, name) && !(name === 'x-request-id' && faults.has('accept-missing-x-request-id')),
  );
  if (missing) throw new Rejection(401, 'FORMAT_ERROR', `header ${missing.name} is required (${missing.rule})`);
  if (hasBody && !get(headers, 'digest'))
    throw headerRejection('a request with a body needs Digest', 'Headers.Digest.requiredWithBody');
  // The verifier takes whatever Date.parse reads (an ISO-8601 date too); the header's grammar is HTTP-date.
  const date = get(headers, 'date');
  if (date !== undefined && !isHttpDate(date))
    throw new Rejection(
      400,
      'FORMAT_ERROR',
      `Date must be an HTTP-date such as "Sun, 06 Nov 1994 08:49:37 GMT", got "${date.slice(0, 64)}"`,
    );
  if (faults.has('skip-signature') || skipsSignatureOn(op, faults)) return;
  // The bank's clock (BankOptions.now) judges Date, so a test bank living at a fixed time accepts requests signed at
  // it.
  const result = verifySignature(
    { method, target, headers: signatureAsSeen(headers, faults), ...(hasBody ? { body } : {}) },
    {
      ...(now ? { now } : {}),
      ...(clockSkewSeconds !== undefined ? { clockSkewSeconds } : {}),
      // A bank whose hash table is wider than interface.md's two: SHA-384, MD5 … pass when their value is right.
      ...(faults.has('accept-other-digest-algorithms') ? { digestAlgorithms: COMPUTABLE_DIGEST_ALGORITHMS } : {}),
      ...(faults.has('accept-unsigned-psu-id')
        ? { requiredHeaders: ['date', 'digest', 'x-request-id', 'psu-corporate-id', 'tpp-redirect-uri'] }
        : {}),
    },
  );
  const digest = get(headers, 'digest') ?? '';
  const outsideNcbct = op !== undefined && op.id !== 'ncbct.create';
  if (faults.has('sha512-on-ncbct-only') && outsideNcbct && /^sha-512=/i.test(digest))
    throw new Rejection(401, 'FORMAT_ERROR', 'Digest: only SHA-256 is taken on this operation');
  if (faults.has('digest-case-sensitive-outside-ncbct') && outsideNcbct && /^sha-(256|512)=/.test(digest))
    throw new Rejection(401, 'FORMAT_ERROR', 'Digest: the algorithm is SHA-256 or SHA-512, in capitals');
  if (faults.has('rfc2047-ncbct-only') && outsideNcbct && containsEncodedWord(get(headers, 'signature') ?? ''))
    throw new Rejection(401, 'FORMAT_ERROR', 'Signature: not name="value" pairs');
  if (result.ok) return;
  if (result.reason === 'digest-mismatch' && faults.has('skip-digest')) return;
  if (result.reason === 'digest-mismatch' && op?.id === 'bulk.create' && faults.has('skip-digest-on-bulk')) return;
  if (result.reason === 'keyid-mismatch' && faults.has('ignore-keyid')) return;
  if (result.reason === 'algorithm-unsupported' && op?.method === 'GET' && faults.has('algorithm-unchecked-on-reads'))
    return;
  throw new Rejection(
    401,
    result.reason === 'signature-invalid' || result.reason === 'keyid-mismatch' ? 'FORBIDDEN' : 'FORMAT_ERROR',
    `${result.reason}: ${result.message}`,
  );
}

/** Deeper than any body of interface.md: deeper JSON is refused before it can exhaust the stack in a handler. */
export const MAX_JSON_DEPTH = 32;

function depthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The body as JSON: not JSON, or nested deeper than MAX_JSON_DEPTH, is 400 FORMAT_ERROR. */
export function parseJson(raw: Buffer, faults: Faults): unknown {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    if (faults.has('invalid-json-500')) throw new Rejection(500, 'SYSTEM_ERROR', '');
    throw new Rejection(400, 'FORMAT_ERROR', 'the body is not JSON');
  }
  if (depthExceeds(body, MAX_JSON_DEPTH))
    throw new Rejection(400, 'FORMAT_ERROR', `the body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  return body;
}

const at = pointerGet;

const MOD11 = 'AccountReference.bban.norwegianMod11';

/**
 * The body against the operation's schema and code validators; a KID error is 400 KID_INVALID (Errors rule 2).
 * MOD11 is a SHOULD, and the sandbox's own accounts may fail it (platform-notes.md: a real client creates bban
 * 43427943323): a bban `isSandboxBban` knows passes whatever its check digit, an unknown one must still pass MOD11.
 */
export function checkBody(
  op: OperationSpec,
  body: unknown,
  faults: Faults,
  {
    isSandboxBban = () => false,
    tolerate = () => false,
  }: { isSandboxBban?: (bban: string) => boolean; tolerate?: (violation: Violation) => boolean } = {},
): void {
  if (!op.requestBody) return;
  const relaxed = relaxedBy((id) => faults.has(id));
  if (faults.has('threshold-exclusive') && isExactlyThreshold(body))
    relaxed.add('NCBCT.regulatoryReporting.requiredFromNok100000');
  const knownBban = (pointer: string) => {
    const bban = at(body, pointer);
    return typeof bban === 'string' && isSandboxBban(bban);
  };
  refusedByCellFault(op, body, faults);
  const violations = validate(op.requestBody, body).filter(
    (v) =>
      !relaxed.has(v.requirementId) &&
      !relaxedByCellFault(op, faults, { ...v, value: at(body, v.pointer) }) &&
      !(v.requirementId === MOD11 && knownBban(v.pointer)) &&
      !nearMissAccepted(faults, v.requirementId, at(body, v.pointer)) &&
      !tolerate(v),
  );
  if (faults.has('utf8-bytes-name-limit')) countedInBytes(op, body);
  if (violations.length === 0) return;
  const kid = violations.find((v) => v.requirementId === 'StructuredRemittance.kid.checkDigit');
  if (kid) throw new Rejection(faults.has('kid-401') ? 401 : 400, 'KID_INVALID', `${kid.pointer}: ${kid.message}`);
  const first = violations[0] as { pointer: string; message: string; requirementId: string };
  throw new Rejection(400, 'FORMAT_ERROR', `${first.pointer || 'body'}: ${first.message} (${first.requirementId})`);
}

function isExactlyThreshold(body: unknown): boolean {
  const amount = (body as { instructedAmount?: { amount?: unknown; currency?: unknown } } | null)?.instructedAmount;
  return amount?.currency === 'NOK' && typeof amount.amount === 'string' && Number(amount.amount) === 100000;
}
