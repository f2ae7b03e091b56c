import { OPERATIONS, type OperationId } from '../operations.js';
import { assertTemplateId } from './build.js';
import type { RequirementId } from './ids.generated.js';
import { invalidClass, validClass } from '../matrix/types.js';
import type { ExpectedRejection, Requirement } from './types.js';

/** Negotiation.accept.unsupported's one class: an Accept that offers nothing the JSON interface has. */
export const NON_JSON_ACCEPT = 'an Accept that offers only non-JSON types';

/**
 * The valid offers of Group N an operation is sent, one class each (suites/negotiation-versioning.suite.ts): every
 * optional header of its groups at once with Accept: *\/*, one alternative of each Group N header, and a media range
 * with q-values. A narrow offer may be refused with 406 (RFC 9110 §15.5.7): the server picks among what is offered.
 */
export const OFFER_CLASS = {
  everyOptional: 'every optional header of its groups, with Accept: */*',
  narrow: 'one alternative of each Group N header',
  rangeWithQ: 'Accept: application/* with q-values',
} as const;

const HEADER_SECTION = 'Endpoints › Header groups';
/** Berlin Group: a missing or malformed header is 400 FORMAT_ERROR (HTTP_HEADER_REQUIRED is in interface.md's list). */
const headerRejection: ExpectedRejection = {
  status: [400],
  codes: ['FORMAT_ERROR', 'HTTP_HEADER_REQUIRED'],
  exactness: 'SHOULD',
};
/** Berlin Group: SIGNATURE_MISSING and CERTIFICATE_MISSING are 401; 400 is a header error like any other. */
const signingHeaderRejection: ExpectedRejection = { status: [401, 400], codes: [], exactness: 'SHOULD' };
const SIGNING = ['TPP-Signature-Certificate', 'Signature'];

/** Operations that take a header with the given presence. */
function takes(name: string, presence: string[]): OperationId[] {
  return OPERATIONS.filter((o) => o.headers.some((h) => h.name === name && presence.includes(h.presence))).map(
    (o) => o.id,
  );
}
const specified = (ids: OperationId[]) =>
  ids.filter((id) => OPERATIONS.find((o) => o.id === id)?.standing === 'specified');

/** `<header> is required`; the signing headers' rejection follows the 401 convention of signature problems. */
function requiredHeader(row: { id: RequirementId; header: string }): Requirement {
  assertTemplateId(row.id, `Headers.${row.header}.required`, 'requiredHeader');
  return {
    id: row.id,
    level: 'MUST',
    section: HEADER_SECTION,
    statement: `${row.header} is required; a request without it is rejected.`,
    operations: specified(takes(row.header, ['yes'])),
    kind: 'header',
    expected: SIGNING.includes(row.header) ? signingHeaderRejection : headerRejection,
  };
}

export const HEADER_RULES: Requirement[] = [
  requiredHeader({ id: 'Headers.X-Request-ID.required', header: 'X-Request-ID' }),
  requiredHeader({ id: 'Headers.TPP-Signature-Certificate.required', header: 'TPP-Signature-Certificate' }),
  requiredHeader({ id: 'Headers.Signature.required', header: 'Signature' }),
  requiredHeader({ id: 'Headers.TPP-Session-ID.required', header: 'TPP-Session-ID' }),
  requiredHeader({ id: 'Headers.TPP-Redirect-URI.required', header: 'TPP-Redirect-URI' }),
  requiredHeader({ id: 'Headers.PSU-IP-Address.required', header: 'PSU-IP-Address' }),
  {
    id: 'Headers.Digest.requiredWithBody',
    level: 'MUST',
    section: `${HEADER_SECTION} › Group S; Authentication 3`,
    statement: 'A request that carries a body sends Digest.',
    // Operation 7 takes operation 6's headers, Digest among them, but carries no body (Group S: "yes on operations
    // that carry a body").
    operations: specified(takes('Digest', ['yes'])).filter((id) => OPERATIONS.find((o) => o.id === id)?.requestBody),
    kind: 'header',
    expected: headerRejection,
  },
  {
    id: 'Headers.PSU-ID.required',
    level: 'MUST',
    section: `${HEADER_SECTION} › Group P; Authentication 4`,
    statement: 'PSU-ID is required unless the PSU is identified by X-PSU-IDENTITY.',
    operations: specified(takes('PSU-ID', ['conditional'])).filter((id) => id !== 'basket.get'),
    kind: 'header',
    expected: headerRejection,
  },
  {
    id: 'Headers.PSU-ID.uuid',
    level: 'MUST',
    section: `${HEADER_SECTION} › Group P`,
    statement: 'PSU-ID is a UUID.',
    operations: specified(takes('PSU-ID', ['conditional', 'unknown'])),
    kind: 'header',
    expected: headerRejection,
  },
  {
    id: 'Headers.PSU-Device-ID.uuid',
    level: 'MUST',
    section: `${HEADER_SECTION} › Group P`,
    statement: 'PSU-Device-ID, when sent, is a UUID.',
    operations: specified(takes('PSU-Device-ID', ['no', 'unknown'])),
    kind: 'header',
    expected: headerRejection,
  },
  {
    id: 'Headers.PSU-HTTP-Method.enum',
    level: 'MUST',
    section: `${HEADER_SECTION} › Group P`,
    statement: 'PSU-HTTP-Method, when sent, is one of GET, POST, PUT, PATCH, DELETE.',
    operations: specified(takes('PSU-HTTP-Method', ['no', 'unknown'])),
    kind: 'header',
    expected: headerRejection,
  },
  {
    id: 'Headers.PSU-IP-Address.ip',
    level: 'SHOULD',
    section: `${HEADER_SECTION} › Group P (type string; Berlin Group: an IP address)`,
    statement: 'PSU-IP-Address is an IPv4 or IPv6 address.',
    operations: specified(takes('PSU-IP-Address', ['yes', 'unknown'])),
    kind: 'header',
    expected: headerRejection,
  },
  {
    id: 'Headers.PSU-Context.enum',
    level: 'MUST',
    section: `${HEADER_SECTION} › Group I`,
    statement: 'PSU-Context, when sent, is PRIVATE or CORPORATE.',
    operations: specified(takes('PSU-Context', ['no'])),
    kind: 'header',
    expected: headerRejection,
  },
  {
    id: 'Headers.TPP-Redirect-Preferred.boolean',
    level: 'SHOULD',
    section: `${HEADER_SECTION} › Group T`,
    statement: 'TPP-Redirect-Preferred, when sent, is true or false.',
    operations: specified(takes('TPP-Redirect-Preferred', ['no', 'unknown'])),
    kind: 'header',
    expected: headerRejection,
  },
  {
    id: 'Headers.x-accept-fix.required',
    level: 'MUST',
    section: `${HEADER_SECTION} › x-accept-fix`,
    statement: 'x-accept-fix is required on basket authorisation start, NCBCT and SCT creation.',
    operations: ['basket.startAuthorisation', 'ncbct.create', 'sct.create'],
    kind: 'header',
    expected: headerRejection,
  },
  {
    id: 'Headers.x-accept-fix.optionalOnBulk',
    level: 'MUST',
    section: `${HEADER_SECTION} › x-accept-fix`,
    statement: 'A bulk payment without x-accept-fix is accepted.',
    operations: ['bulk.create'],
    kind: 'behaviour',
  },
  {
    id: 'Headers.PSU-Context.singleSca',
    level: 'MUST',
    section: `${HEADER_SECTION} › Group I; Authentication 5`,
    statement: 'PSU-Context is accepted on payment initiation (single SCA in a payment-only journey).',
    operations: ['ncbct.create', 'sct.create', 'bulk.create'],
    kind: 'behaviour',
  },
  {
    id: 'Headers.X-PSU-IDENTITY.alternative',
    level: 'MUST',
    section: `${HEADER_SECTION} › Group I; Authentication 4`,
    statement: 'A payment initiation that identifies the PSU by X-PSU-IDENTITY instead of PSU-ID is accepted.',
    operations: ['ncbct.create', 'sct.create', 'bulk.create'],
    kind: 'behaviour',
  },
  {
    id: 'Headers.optional.accepted',
    level: 'MUST',
    section: HEADER_SECTION,
    statement: "Every optional header of an operation's groups, sent with a valid value, is accepted.",
    // Group N is optional on every operation, and each gets a request offering one alternative of each kind.
    operations: specified(OPERATIONS.map((o) => o.id)),
    kind: 'behaviour',
    classes: Object.values(OFFER_CLASS).map((label) => validClass(label)),
  },
  {
    id: 'Negotiation.contentType.json',
    level: 'MUST',
    section: `What the service does; ${HEADER_SECTION} › Group N`,
    statement: 'Response bodies are JSON and the Content-Type response header says so.',
    operations: specified(OPERATIONS.map((o) => o.id)),
    kind: 'response',
  },
  {
    id: 'Negotiation.acceptEncoding.offered',
    level: 'MUST',
    section: `${HEADER_SECTION} › Group N`,
    statement:
      'A response to a request with Accept-Encoding is sent as is or in one ' +
      'of the offered codings, reported in Content-Encoding.',
    operations: specified(OPERATIONS.map((o) => o.id)),
    kind: 'response',
  },
  {
    id: 'Negotiation.contentType.offered',
    level: 'MUST',
    section: `${HEADER_SECTION} › Group N`,
    statement:
      "Where the request's Accept offers JSON, the response's Content-Type is a media type Accept offered " +
      '(the server picks one of the offered alternatives).',
    operations: specified(OPERATIONS.map((o) => o.id)),
    kind: 'response',
  },
  {
    id: 'Negotiation.acceptCharset.offered',
    level: 'SHOULD',
    section: `${HEADER_SECTION} › Group N (RFC 9110 §12.5.2 also lets a server disregard Accept-Charset)`,
    statement: "A charset the response's Content-Type names is one the request's Accept-Charset offered.",
    operations: specified(OPERATIONS.map((o) => o.id)),
    kind: 'response',
  },
  {
    id: 'Negotiation.acceptLanguage.contentLanguage',
    level: 'SHOULD',
    section: `${HEADER_SECTION} › Group N (a server may have no text in an offered language)`,
    statement: "A Content-Language the response sends names a language the request's Accept-Language offered.",
    operations: specified(OPERATIONS.map((o) => o.id)),
    kind: 'response',
  },
  {
    id: 'Negotiation.accept.unsupported',
    level: 'SHOULD',
    section: `${HEADER_SECTION} › Group N (convention: 406; RFC 7231 also lets a server ignore Accept)`,
    statement:
      'An Accept that offers no alternative the server has gives 406 (or ' +
      'is ignored: the response is then JSON), never 5xx.',
    operations: specified(OPERATIONS.map((o) => o.id)),
    kind: 'header',
    classes: [invalidClass(NON_JSON_ACCEPT)],
    expected: { status: [406], codes: [], exactness: 'SHOULD' },
  },
];
