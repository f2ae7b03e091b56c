import { randomUUID } from 'node:crypto';
import { createCertificateAuthority, issueTppCertificate } from './certificates.js';
import { digestHeader, parseDigestHeader, type DigestAlgorithm } from './digest.js';
import { getHeader, removeHeader, setHeader } from '../core/index.js';
import { parseKeyId } from './keyid.js';
import { containsEncodedWord, decodeRfc2047, encodeWord, isAscii } from './rfc2047.js';
import { buildSignatureHeader, parseSignatureHeader, type SignatureParams } from './signature-header.js';
import type { VerifyFailure } from './types.js';
import type { RequirementId } from '../spec/index.js';

/** A request as signRequest returned it, with the body as sent. */
export interface SignedMessage {
  headers: Record<string, string>;
  body?: Uint8Array;
}

/**
 * One way to spoil a signed request after signing, and the reason verifySignature gives for it.
 * `requirementId` names the interface.md rule a bank breaks when it accepts the spoiled request; absent when
 * no rule of interface.md covers it (a clock-skew window is a verifier's own choice).
 * Apply to a request signed with a body and a PSU-ID header, as a payment initiation is.
 */
export interface Tampering {
  name: string;
  expectedReason: VerifyFailure;
  requirementId?: RequirementId;
  /** `others.certificateBase64`: another identity's certificate to swap in (by default one made in this process). */
  apply(signed: SignedMessage, others?: { certificateBase64?: string }): SignedMessage;
}

const copy = (m: SignedMessage): SignedMessage => ({
  headers: { ...m.headers },
  ...(m.body !== undefined ? { body: m.body } : {}),
});

function withHeader(m: SignedMessage, name: string, value: string | undefined): SignedMessage {
  const out = copy(m);
  if (value === undefined) removeHeader(out.headers, name);
  else setHeader(out.headers, name, value);
  return out;
}

/** Rewrites the Signature's parameters, keeping an RFC 2047 wrapping when the new value needs one. */
function rewriteSignature(m: SignedMessage, change: (p: SignatureParams) => SignatureParams): SignedMessage {
  const raw = getHeader(m.headers, 'signature') ?? '';
  const wrapped = containsEncodedWord(raw);
  const params = change(parseSignatureHeader(wrapped ? decodeRfc2047(raw) : raw));
  const value = buildSignatureHeader({
    keyId: params.keyId,
    algorithm: params.algorithm ?? 'rsa-sha256',
    headers: params.headers ?? ['date'],
    signature: params.signature,
  });
  return withHeader(m, 'Signature', wrapped || !isAscii(value) ? encodeWord(value) : value);
}

let other: string | undefined;
/**
 * A second TPP's certificate from another CA, generated once per process: two RSA keys, about 1.5 s of CPU, so a
 * caller with a cached identity from another CA passes its certificate instead.
 */
function otherCertificate(): string {
  other ??= issueTppCertificate(createCertificateAuthority()).certificateDer.toString('base64');
  return other;
}

function digestAlgorithm(m: SignedMessage): DigestAlgorithm {
  const first = parseDigestHeader(getHeader(m.headers, 'digest') ?? '')?.[0]?.algorithm.toUpperCase();
  return first === 'SHA-512' ? 'SHA-512' : 'SHA-256';
}

function nextSerial(serial: string): string {
  const hex = serial.replace(/^0x/i, '') || '0';
  return (BigInt(`0x${hex}`) + 1n).toString(16).toUpperCase();
}

/** Flips the low bit of the first signature byte. */
function flipped(signature: string): string {
  const bytes = Buffer.from(signature, 'base64');
  bytes[0] = (bytes[0] as number) ^ 0x01;
  return bytes.toString('base64');
}

export const TAMPERINGS: readonly Tampering[] = [
  {
    name: 'body changed after signing',
    expectedReason: 'digest-mismatch',
    requirementId: 'Auth.digest.matchesBody',
    // A trailing space keeps a JSON body valid, so only the Digest can catch it.
    apply: (m) => ({ ...copy(m), body: Buffer.concat([Buffer.from(m.body ?? new Uint8Array(0)), Buffer.from(' ')]) }),
  },
  {
    name: 'Digest of another body',
    expectedReason: 'digest-mismatch',
    requirementId: 'Auth.digest.matchesBody',
    apply: (m) => withHeader(m, 'Digest', digestHeader('{"another":"body"}', digestAlgorithm(m))),
  },
  {
    name: 'Digest removed',
    expectedReason: 'digest-missing',
    requirementId: 'Headers.Digest.requiredWithBody',
    apply: (m) => withHeader(m, 'Digest', undefined),
  },
  {
    name: 'signed header changed (X-Request-ID)',
    expectedReason: 'signature-invalid',
    requirementId: 'Auth.signature.valid',
    apply: (m) => withHeader(m, 'X-Request-ID', randomUUID()),
  },
  {
    name: 'signature bytes flipped',
    expectedReason: 'signature-invalid',
    requirementId: 'Auth.signature.valid',
    apply: (m) => rewriteSignature(m, (p) => ({ ...p, signature: flipped(p.signature) })),
  },
  {
    name: "certificate swapped for another identity's",
    expectedReason: 'keyid-mismatch',
    requirementId: 'Auth.signature.keyId.form',
    apply: (m, others) => withHeader(m, 'TPP-Signature-Certificate', others?.certificateBase64 ?? otherCertificate()),
  },
  {
    name: 'keyId serial wrong',
    expectedReason: 'keyid-mismatch',
    requirementId: 'Auth.signature.keyId.form',
    apply: (m) =>
      rewriteSignature(m, (p) => {
        const parts = parseKeyId(p.keyId);
        return parts
          ? { ...p, keyId: `SN=${nextSerial(parts.serial)},CA=${parts.ca}` }
          : { ...p, keyId: `SN=1,CA=${p.keyId}` };
      }),
  },
  {
    name: 'psu-id left out of the signed headers',
    expectedReason: 'required-header-unsigned',
    requirementId: 'Auth.signature.headers',
    apply: (m) => {
      const out =
        getHeader(m.headers, 'psu-id') === undefined
          ? withHeader(m, 'PSU-ID', '2d3e4f50-0000-4000-8000-000000000001')
          : copy(m);
      return rewriteSignature(out, (p) => ({ ...p, headers: (p.headers ?? ['date']).filter((h) => h !== 'psu-id') }));
    },
  },
  {
    name: 'algorithm hmac-sha256',
    expectedReason: 'algorithm-unsupported',
    requirementId: 'Auth.signature.algorithm',
    apply: (m) => rewriteSignature(m, (p) => ({ ...p, algorithm: 'hmac-sha256' })),
  },
  {
    name: 'Date 1 hour off',
    expectedReason: 'date-skew',
    apply: (m) =>
      withHeader(m, 'Date', new Date(Date.parse(getHeader(m.headers, 'date') ?? '') + 60 * 60 * 1000).toUTCString()),
  },
  {
    name: 'Signature removed',
    expectedReason: 'signature-missing',
    requirementId: 'Auth.signature.required',
    apply: (m) => withHeader(m, 'Signature', undefined),
  },
  {
    name: 'Signature not name="value" pairs',
    expectedReason: 'signature-malformed',
    requirementId: 'Auth.signature.valid',
    apply: (m) => withHeader(m, 'Signature', 'rsa-sha256 c2lnbmF0dXJl'),
  },
  {
    name: 'certificate removed',
    expectedReason: 'certificate-missing',
    requirementId: 'Auth.certificate.required',
    apply: (m) => withHeader(m, 'TPP-Signature-Certificate', undefined),
  },
  {
    name: 'certificate garbage',
    expectedReason: 'certificate-unparsable',
    requirementId: 'Auth.certificate.required',
    apply: (m) => withHeader(m, 'TPP-Signature-Certificate', Buffer.from('not a certificate').toString('base64')),
  },
];
