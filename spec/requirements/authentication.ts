import { ALL_OPERATIONS, rule } from './build.js';
import type { OperationId } from '../operations.js';
import type { ExpectedRejection } from './types.js';

const A = 'Authentication';
/** Berlin Group: signature and certificate problems are 401 (SIGNATURE_INVALID, CERTIFICATE_INVALID …); any 4xx conforms at MUST. */
const unsigned: ExpectedRejection = { status: [401, 400, 403], codes: [], exactness: 'SHOULD' };
const SIGNED: OperationId[] = ALL_OPERATIONS.filter((id) => id !== 'sandbox.initialize');

export const AUTHENTICATION_RULES = [
  rule(
    'Auth.signature.required',
    'MUST',
    `${A} 1`,
    'Every request is signed: a request without Signature is rejected.',
    SIGNED,
    'signature',
    { expected: unsigned },
  ),
  rule(
    'Auth.signature.valid',
    'MUST',
    `${A} 1`,
    'A Signature that does not verify over the signing string is rejected.',
    SIGNED,
    'signature',
    { expected: unsigned },
  ),
  rule(
    'Auth.signature.keyId.form',
    'MUST',
    `${A} 1`,
    'keyId has the form SN=<serial_hex>,CA=<issuer DN> and names the signing certificate.',
    SIGNED,
    'signature',
    { expected: unsigned },
  ),
  rule(
    'Auth.signature.algorithm',
    'MUST',
    `${A} 1`,
    'algorithm names the algorithm of the signing certificate; rsa-sha256 is expected.',
    SIGNED,
    'signature',
    { expected: unsigned },
  ),
  rule(
    'Auth.signature.headers',
    'MUST',
    `${A} 1`,
    'headers lists date, digest, x-request-id, psu-id, psu-corporate-id and tpp-redirect-uri when present: a signature that leaves one out is rejected.',
    SIGNED,
    'signature',
    { expected: unsigned },
  ),
  rule(
    'Auth.signature.rfc2047',
    'MUST',
    `${A} 2`,
    'A Signature value with ISO-8859-1 or UTF-8 content, MIME-encoded per RFC 2047, is accepted.',
    ['ncbct.create'],
    'behaviour',
  ),
  rule(
    'Auth.certificate.required',
    'MUST',
    `${A} 3`,
    'The signing certificate is sent base64-encoded in TPP-Signature-Certificate; a request without it or with one that does not parse is rejected.',
    SIGNED,
    'signature',
    {
      expected: unsigned,
    },
  ),
  rule(
    'Auth.digest.matchesBody',
    'MUST',
    `${A} 3; Endpoints › Header groups › Group S`,
    'A Digest that does not match the body is rejected.',
    ['ncbct.create', 'sct.create', 'bulk.create', 'sandbox.engagement.create', 'sandbox.cardAccount.create'],
    'signature',
    {
      expected: { status: [400, 401], codes: [], exactness: 'SHOULD' },
    },
  ),
  rule(
    'Auth.digest.sha512',
    'MUST',
    'Endpoints › Header groups › Group S',
    'A SHA-512 Digest is accepted as well as SHA-256.',
    ['ncbct.create'],
    'behaviour',
  ),
  rule(
    'Auth.rejection.401',
    'SHOULD',
    'platform-notes.md › Berlin Group conventions',
    'Signature and certificate problems give 401 (SIGNATURE_INVALID, CERTIFICATE_INVALID …).',
    SIGNED,
    'signature',
  ),
  rule(
    'Auth.sca.redirect',
    'MUST',
    `${A} 5; Resources › Challenge body`,
    'SCA is by redirect: an scaRedirect link (verbs GET) sends the PSU to the bank, which returns the PSU to TPP-Redirect-URI.',
    ['basket.startAuthorisation', 'ncbct.create', 'sct.create', 'bulk.create'],
    'behaviour',
  ),
  rule(
    'Auth.history.90days',
    'MUST',
    `${A} 6`,
    'Transaction history without renewed SCA is limited to 90 days; the SCA renewal period is 180 days.',
    [],
    'behaviour',
    { notTestable: 'account information operations are not shown in interface.md' },
  ),
];
