import { ALL_OPERATIONS } from './build.js';
import type { OperationId } from '../operations.js';
import type { ExpectedRejection, Requirement } from './types.js';

const AUTHENTICATION = 'Authentication';
/**
 * Berlin Group: signature and certificate problems are 401 (SIGNATURE_INVALID, CERTIFICATE_INVALID …); any 4xx conforms
 * at MUST.
 */
const unsigned: ExpectedRejection = { status: [401, 400, 403], codes: [], exactness: 'SHOULD' };
const SIGNED: OperationId[] = ALL_OPERATIONS.filter((id) => id !== 'sandbox.initialize');
/** The specified operations that carry a body, and so a Digest (Group S; Authentication 3). */
const DIGESTED: OperationId[] = [
  'ncbct.create',
  'sct.create',
  'bulk.create',
  'sandbox.engagement.create',
  'sandbox.cardAccount.create',
];

export const AUTHENTICATION_RULES: Requirement[] = [
  {
    id: 'Auth.signature.required',
    level: 'MUST',
    section: `${AUTHENTICATION} 1`,
    statement: 'Every request is signed: a request without Signature is rejected.',
    operations: SIGNED,
    kind: 'signature',
    expected: unsigned,
  },
  {
    id: 'Auth.signature.valid',
    level: 'MUST',
    section: `${AUTHENTICATION} 1`,
    statement: 'A Signature that does not verify over the signing string is rejected.',
    operations: SIGNED,
    kind: 'signature',
    expected: unsigned,
  },
  {
    id: 'Auth.signature.keyId.form',
    level: 'MUST',
    section: `${AUTHENTICATION} 1`,
    statement: 'keyId has the form SN=<serial_hex>,CA=<issuer DN> and names the signing certificate.',
    operations: SIGNED,
    kind: 'signature',
    expected: unsigned,
  },
  {
    id: 'Auth.signature.algorithm',
    level: 'MUST',
    section: `${AUTHENTICATION} 1`,
    statement: 'algorithm names the algorithm of the signing certificate; rsa-sha256 is expected.',
    operations: SIGNED,
    kind: 'signature',
    expected: unsigned,
  },
  {
    id: 'Auth.signature.algorithmExpected',
    level: 'SHOULD',
    section: `${AUTHENTICATION} 1 ("rsa-sha256 is expected")`,
    statement:
      'A Signature whose algorithm is another RSA name (rsa-sha512, rsa-sha1) or hs2019, over a valid ' +
      'RSA-SHA256 signature, is rejected: rsa-sha256 is the algorithm interface.md expects.',
    operations: SIGNED,
    kind: 'signature',
    expected: unsigned,
  },
  {
    id: 'Auth.signature.headers',
    level: 'MUST',
    section: `${AUTHENTICATION} 1`,
    statement:
      'headers lists date, digest, x-request-id, psu-id, psu-corporate-id and ' +
      'tpp-redirect-uri when present: a signature that leaves one out is rejected.',
    operations: SIGNED,
    kind: 'signature',
    expected: unsigned,
  },
  {
    id: 'Auth.signature.rfc2047',
    level: 'MUST',
    section: `${AUTHENTICATION} 2`,
    statement: 'A Signature value with ISO-8859-1 or UTF-8 content, MIME-encoded per RFC 2047, is accepted.',
    operations: ['ncbct.create'],
    kind: 'behaviour',
  },
  {
    id: 'Auth.certificate.required',
    level: 'MUST',
    section: `${AUTHENTICATION} 3`,
    statement:
      'The signing certificate is sent base64-encoded in TPP-Signature-Certificate; a ' +
      'request without it or with one that does not parse is rejected.',
    operations: SIGNED,
    kind: 'signature',
    expected: unsigned,
  },
  {
    id: 'Auth.digest.matchesBody',
    level: 'MUST',
    section: `${AUTHENTICATION} 3; Endpoints › Header groups › Group S`,
    statement: 'A Digest that does not match the body is rejected.',
    operations: DIGESTED,
    kind: 'signature',
    expected: { status: [400, 401], codes: [], exactness: 'SHOULD' },
  },
  {
    id: 'Auth.digest.sha512',
    level: 'MUST',
    section: 'Endpoints › Header groups › Group S',
    statement: 'A SHA-512 Digest is accepted as well as SHA-256.',
    operations: ['ncbct.create'],
    kind: 'behaviour',
  },
  {
    id: 'Auth.digest.algorithm',
    level: 'MUST',
    section: 'Endpoints › Header groups › Group S',
    statement:
      'Digest is a SHA-256 or SHA-512 hash of the body: a Digest naming only another algorithm (SHA-384, SHA, ' +
      'MD5, UNIXsum, SHA256 without the dash …) is rejected, even when its value is right for that algorithm.',
    operations: DIGESTED,
    kind: 'signature',
    expected: { status: [400, 401], codes: [], exactness: 'SHOULD' },
  },
  {
    id: 'Auth.digest.algorithmCase',
    level: 'MUST',
    section: 'Endpoints › Header groups › Group S (RFC 3230 §4.1.1: algorithm tokens are case-insensitive)',
    statement: 'The Digest algorithm token is read in any letter case: sha-256 and sha-512 are accepted.',
    operations: ['ncbct.create'],
    kind: 'behaviour',
  },
  {
    id: 'Auth.rejection.401',
    level: 'SHOULD',
    section: 'platform-notes.md › Berlin Group conventions',
    statement: 'Signature and certificate problems give 401 (SIGNATURE_INVALID, CERTIFICATE_INVALID …).',
    operations: SIGNED,
    kind: 'signature',
  },
  {
    id: 'Auth.sca.redirect',
    level: 'MUST',
    section: `${AUTHENTICATION} 5; Resources › Challenge body`,
    statement:
      'SCA is by redirect: an scaRedirect link (verbs GET) sends the PSU to ' +
      'the bank, which returns the PSU to TPP-Redirect-URI.',
    operations: ['basket.startAuthorisation', 'ncbct.create', 'sct.create', 'bulk.create'],
    kind: 'behaviour',
  },
  {
    id: 'Auth.history.90days',
    level: 'MUST',
    section: `${AUTHENTICATION} 6`,
    statement: 'Transaction history without renewed SCA is limited to 90 days; the SCA renewal period is 180 days.',
    operations: [],
    kind: 'behaviour',
    notTestable: 'account information operations are not shown in interface.md',
  },
];
