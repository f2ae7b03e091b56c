import { OPERATIONS, type OperationId } from '../operations.js';
import { rule } from './build.js';
import type { ExpectedRejection } from './types.js';

const H = 'Endpoints › Header groups';
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

const REQUIRED = [
  'X-Request-ID',
  'TPP-Signature-Certificate',
  'Signature',
  'TPP-Session-ID',
  'TPP-Redirect-URI',
  'PSU-IP-Address',
];

export const HEADER_RULES = [
  ...REQUIRED.map((name) =>
    rule(
      `Headers.${name}.required`,
      'MUST',
      H,
      `${name} is required; a request without it is rejected.`,
      specified(takes(name, ['yes'])),
      'header',
      {
        expected: SIGNING.includes(name) ? signingHeaderRejection : headerRejection,
      },
    ),
  ),
  rule(
    'Headers.Digest.requiredWithBody',
    'MUST',
    `${H} › Group S; Authentication 3`,
    'A request that carries a body sends Digest.',
    specified(takes('Digest', ['yes'])),
    'header',
    {
      expected: headerRejection,
    },
  ),
  rule(
    'Headers.PSU-ID.required',
    'MUST',
    `${H} › Group P; Authentication 4`,
    'PSU-ID is required unless the PSU is identified by X-PSU-IDENTITY.',
    specified(takes('PSU-ID', ['conditional'])).filter((id) => id !== 'basket.get'),
    'header',
    { expected: headerRejection },
  ),
  rule(
    'Headers.PSU-ID.uuid',
    'MUST',
    `${H} › Group P`,
    'PSU-ID is a UUID.',
    specified(takes('PSU-ID', ['conditional', 'unknown'])),
    'header',
    { expected: headerRejection },
  ),
  rule(
    'Headers.PSU-Device-ID.uuid',
    'MUST',
    `${H} › Group P`,
    'PSU-Device-ID, when sent, is a UUID.',
    specified(takes('PSU-Device-ID', ['no', 'unknown'])),
    'header',
    {
      expected: headerRejection,
    },
  ),
  rule(
    'Headers.PSU-HTTP-Method.enum',
    'MUST',
    `${H} › Group P`,
    'PSU-HTTP-Method, when sent, is one of GET, POST, PUT, PATCH, DELETE.',
    specified(takes('PSU-HTTP-Method', ['no', 'unknown'])),
    'header',
    {
      expected: headerRejection,
    },
  ),
  rule(
    'Headers.PSU-IP-Address.ip',
    'SHOULD',
    `${H} › Group P (type string; Berlin Group: an IP address)`,
    'PSU-IP-Address is an IPv4 or IPv6 address.',
    specified(takes('PSU-IP-Address', ['yes', 'unknown'])),
    'header',
    {
      expected: headerRejection,
    },
  ),
  rule(
    'Headers.PSU-Context.enum',
    'MUST',
    `${H} › Group I`,
    'PSU-Context, when sent, is PRIVATE or CORPORATE.',
    specified(takes('PSU-Context', ['no'])),
    'header',
    { expected: headerRejection },
  ),
  rule(
    'Headers.TPP-Redirect-Preferred.boolean',
    'SHOULD',
    `${H} › Group T`,
    'TPP-Redirect-Preferred, when sent, is true or false.',
    specified(takes('TPP-Redirect-Preferred', ['no', 'unknown'])),
    'header',
    { expected: headerRejection },
  ),
  rule(
    'Headers.x-accept-fix.required',
    'MUST',
    `${H} › x-accept-fix`,
    'x-accept-fix is required on basket authorisation start, NCBCT and SCT creation.',
    ['basket.startAuthorisation', 'ncbct.create', 'sct.create'],
    'header',
    { expected: headerRejection },
  ),
  rule(
    'Headers.x-accept-fix.optionalOnBulk',
    'MUST',
    `${H} › x-accept-fix`,
    'A bulk payment without x-accept-fix is accepted.',
    ['bulk.create'],
    'behaviour',
  ),
  rule(
    'Headers.PSU-Context.singleSca',
    'MUST',
    `${H} › Group I; Authentication 5`,
    'PSU-Context is accepted on payment initiation (single SCA in a payment-only journey).',
    ['ncbct.create', 'sct.create', 'bulk.create'],
    'behaviour',
  ),
  rule(
    'Headers.X-PSU-IDENTITY.alternative',
    'MUST',
    `${H} › Group I; Authentication 4`,
    'A payment initiation that identifies the PSU by X-PSU-IDENTITY instead of PSU-ID is accepted.',
    ['ncbct.create', 'sct.create', 'bulk.create'],
    'behaviour',
  ),
  rule(
    'Headers.optional.accepted',
    'MUST',
    H,
    "Every optional header of an operation's groups, sent with a valid value, is accepted.",
    ['ncbct.create', 'sct.create', 'bulk.create', 'basket.startAuthorisation'],
    'behaviour',
  ),
  rule(
    'Negotiation.contentType.json',
    'MUST',
    `What the service does; ${H} › Group N`,
    'Response bodies are JSON and the Content-Type response header says so.',
    specified(OPERATIONS.map((o) => o.id)),
    'response',
  ),
  rule(
    'Negotiation.acceptEncoding.offered',
    'MUST',
    `${H} › Group N`,
    'A response to a request with Accept-Encoding is sent as is or in one of the offered codings, reported in Content-Encoding.',
    ['ncbct.create'],
    'response',
  ),
  rule(
    'Negotiation.acceptLanguage.contentLanguage',
    'SHOULD',
    `${H} › Group N`,
    'When the server honours Accept-Language it reports the chosen language in Content-Language.',
    specified(OPERATIONS.map((o) => o.id)),
    'response',
  ),
  rule(
    'Negotiation.accept.unsupported',
    'SHOULD',
    `${H} › Group N (convention: 406; RFC 7231 also lets a server ignore Accept)`,
    'An Accept that offers no alternative the server has gives 406 (or is ignored: the response is then JSON), never 5xx.',
    ['basket.get', 'ncbct.create'],
    'header',
    {
      expected: { status: [406], codes: [], exactness: 'SHOULD' },
    },
  ),
];
