import {
  ANOTHER_KEY_TYPE,
  ANOTHER_RSA_DIGEST,
  CLASS,
  DIGEST_CLASS,
  HS2019,
  RFC2047,
  validSignatureWithout,
} from '../matrix/labels.js';
import { invalidClass, observedClass, validClass, type ValueClass } from '../matrix/types.js';
import { OPERATIONS, type OperationId } from '../operations.js';
import type { ExpectedRejection, Requirement } from './types.js';

const AUTHENTICATION = 'Authentication';
/**
 * Berlin Group: signature and certificate problems are 401 (SIGNATURE_INVALID, CERTIFICATE_INVALID …); any 4xx conforms
 * at MUST.
 */
const unsigned: ExpectedRejection = { status: [401, 400, 403], codes: [], exactness: 'SHOULD' };
/**
 * The operations whose signed requests are judged: the nine interface.md specifies. The others are named only ("their
 * request and response shapes: not shown") or come from platform-notes.md, so their headers are not shown either: the
 * suites sign every request to them, but judge their refusal of a spoiled one nowhere.
 */
const SIGNED: OperationId[] = OPERATIONS.filter((o) => o.standing === 'specified').map((o) => o.id);
/** The specified operations that carry a body, and so a Digest (Group S; Authentication 3). */
const DIGESTED: OperationId[] = [
  'ncbct.create',
  'sct.create',
  'bulk.create',
  'sandbox.engagement.create',
  'sandbox.cardAccount.create',
];

const invalid = invalidClass;
const valid = validClass;
const BODY = { body: true } as const;

/**
 * The headers Authentication 1 makes the signature cover when present, each with what an operation must carry to
 * have it (psu-corporate-id is sent only by a corporate PSU: the corporate tests sign it).
 */
const SIGNED_LIST: [string, ValueClass['needs']][] = [
  ['date', undefined],
  ['digest', BODY],
  ['x-request-id', undefined],
  ['psu-id', { header: 'psu-id' }],
  ['tpp-redirect-uri', { header: 'tpp-redirect-uri' }],
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
    classes: [
      invalid('signed header changed (X-Request-ID)'),
      invalid('signature bytes flipped'),
      invalid('Signature not name="value" pairs'),
    ],
    expected: unsigned,
  },
  {
    id: 'Auth.signature.keyId.form',
    level: 'MUST',
    section: `${AUTHENTICATION} 1`,
    statement: 'keyId has the form SN=<serial_hex>,CA=<issuer DN> and names the signing certificate.',
    operations: SIGNED,
    kind: 'signature',
    classes: [invalid("certificate swapped for another identity's"), invalid('keyId serial wrong')],
    expected: unsigned,
  },
  {
    id: 'Auth.signature.algorithm',
    level: 'MUST',
    section: `${AUTHENTICATION} 1`,
    statement: 'algorithm names the algorithm of the signing certificate; rsa-sha256 is expected.',
    operations: SIGNED,
    kind: 'signature',
    classes: [invalid(ANOTHER_KEY_TYPE)],
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
    classes: [invalid(ANOTHER_RSA_DIGEST), invalid(HS2019)],
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
    classes: [
      invalid('psu-id left out of the signed headers', { header: 'psu-id' }),
      ...SIGNED_LIST.map(([name, needs]) => invalid(validSignatureWithout(name), needs)),
    ],
    expected: unsigned,
  },
  {
    id: 'Auth.signature.rfc2047',
    level: 'MUST',
    section: `${AUTHENTICATION} 2`,
    statement: 'A Signature value with ISO-8859-1 or UTF-8 content, MIME-encoded per RFC 2047, is accepted.',
    operations: SIGNED,
    kind: 'behaviour',
    classes: [valid(RFC2047.whole), valid(RFC2047.nonAsciiWhole), valid(RFC2047.nonAsciiPerValue)],
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
    classes: [invalid('certificate garbage')],
    expected: unsigned,
  },
  {
    id: 'Auth.digest.matchesBody',
    level: 'MUST',
    section: `${AUTHENTICATION} 3; Endpoints › Header groups › Group S`,
    statement: 'A Digest that does not match the body is rejected.',
    operations: DIGESTED,
    kind: 'signature',
    classes: [invalid('body changed after signing', BODY), invalid('Digest of another body', BODY)],
    expected: { status: [400, 401], codes: [], exactness: 'SHOULD' },
  },
  {
    id: 'Auth.digest.sha512',
    level: 'MUST',
    section: 'Endpoints › Header groups › Group S',
    statement: 'A SHA-512 Digest is accepted as well as SHA-256.',
    operations: DIGESTED,
    kind: 'behaviour',
    classes: [valid('a SHA-512 Digest', BODY)],
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
    classes: [invalid(DIGEST_CLASS.otherAlgorithm, BODY), invalid(DIGEST_CLASS.withoutDash, BODY)],
    expected: { status: [400, 401], codes: [], exactness: 'SHOULD' },
  },
  {
    id: 'Auth.digest.algorithmCase',
    level: 'MUST',
    section: 'Endpoints › Header groups › Group S (RFC 3230 §4.1.1: algorithm tokens are case-insensitive)',
    statement: 'The Digest algorithm token is read in any letter case: sha-256 and sha-512 are accepted.',
    operations: DIGESTED,
    kind: 'behaviour',
    classes: [valid('sha-256=<base64> in lower case', BODY), valid('sha-512=<base64> in lower case', BODY)],
  },
  {
    id: 'Auth.rejection.401',
    level: 'SHOULD',
    section: 'platform-notes.md › Berlin Group conventions',
    statement: 'Signature and certificate problems give 401 (SIGNATURE_INVALID, CERTIFICATE_INVALID …).',
    operations: SIGNED,
    kind: 'signature',
    classes: [invalid('Date 1 hour off'), observedClass(CLASS.everyAnswer)],
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
