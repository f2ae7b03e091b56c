import { sign as rsaSign } from 'node:crypto';
import {
  buildKeyId,
  buildSignatureHeader,
  certificateBytes,
  certificateFacts,
  digestHeader,
  encodeWord,
  encodeWords,
  formatDn,
  isAscii,
  parseDigestHeader,
  parseHttpDate,
  signingString,
  type KeyIdStyle,
  type Rfc2047Options,
  type SigningIdentity,
} from '../../signing/index.js';
import { findHeaderName } from '../../core/index.js';
import { parseSignature } from '../verify/signature/signature-parse.js';
import { judgeRequest } from '../verify/judge-request.js';

export interface ResignOptions {
  /** The time the new Date says. */
  now: Date;
  /** When the recorded request was sent: a Date that was minutes off then is as many minutes off now. */
  sentAt?: Date;
  requestId: () => string;
}

export interface Resigned {
  headers: Record<string, string>;
  /** What was renewed, and what was sent as recorded because it was the defect under test. */
  notes: string[];
}

/** A Date within this of the time it was sent was simply the time of sending. */
const SKEW_KEPT_FROM_MS = 2_000;

const KEY_ID_STYLES: KeyIdStyle[] = (['upper', 'lower'] as const).flatMap((serialCase) =>
  [false, true].flatMap((leadingZeros) =>
    (['platform', 'rfc2253'] as const).map((dnStyle) => ({ serialCase, leadingZeros, dnStyle })),
  ),
);

/** The keyId form a recording used, so that a re-signed request names the new certificate the same way. */
function keyIdStyleOf(keyId: string, certificateBase64: string | undefined): KeyIdStyle | undefined {
  const bytes = certificateBase64 ? certificateBytes(certificateBase64) : undefined;
  if (!bytes) return undefined;
  try {
    const facts = certificateFacts(bytes);
    const certificate = { serialHex: facts.serialHex, issuerDn: formatDn([...facts.issuer].reverse()) };
    return KEY_ID_STYLES.find((style) => buildKeyId(certificate, style) === keyId);
  } catch {
    return undefined;
  }
}

/** How the recorded Signature was written: one RFC 2047 word around the whole value, words inside values, or plain. */
function encodingOf(raw: string): { form: 'whole' | 'per-value' | 'plain'; options: Rfc2047Options } {
  const whole = /^=\?([^?\s]+)\?([BbQq])\?/.exec(raw.trim());
  if (whole) {
    const charset = (whole[1] as string).toLowerCase() === 'iso-8859-1' ? 'iso-8859-1' : 'utf-8';
    return { form: 'whole', options: { charset, encoding: (whole[2] as string).toUpperCase() as 'B' | 'Q' } };
  }
  return { form: /=\?[^?\s]+\?[BbQq]\?/.test(raw) ? 'per-value' : 'plain', options: {} };
}

const find = findHeaderName;

/**
 * A recorded request signed again for now, the way it was signed then: a fresh Date (keeping a deliberate offset)
 * and X-Request-ID, Digest recomputed with its algorithm, and the Signature rebuilt over the same `headers` list
 * with the given identity, its keyId in the recorded form and its RFC 2047 wrapping. What was broken on purpose
 * stays broken: a Digest that did not match its body, a Signature that did not verify, a keyId that named another
 * certificate, an absent header, are sent as recorded, so the bank judges the same defect.
 */
export function resign(
  request: { method: string; url: string; target: string; headers: Record<string, string>; body?: string },
  identity: SigningIdentity,
  options: ResignOptions,
): Resigned {
  const notes: string[] = [];
  const headers = { ...request.headers };
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  const dateName = find(headers, 'date');
  const recordedDate = dateName ? parseHttpDate(headers[dateName] as string, { forms: 'strict' }) : NaN;
  const sentAt = options.sentAt?.getTime();
  // Judged at its own Date, so that only what was wrong then counts, not the time passed since.
  const before = judgeRequest(
    { method: request.method, url: request.url, headers: Object.entries(headers), ...(body ? { body } : {}) },
    { now: Number.isNaN(recordedDate) ? (options.sentAt ?? options.now) : new Date(recordedDate) },
  );
  const broke = (id: string) => before.findings.some((f) => f.requirementId === id);

  if (dateName && !Number.isNaN(recordedDate)) {
    const offset = sentAt === undefined ? 0 : recordedDate - sentAt;
    const kept = Math.abs(offset) >= SKEW_KEPT_FROM_MS ? offset : 0;
    headers[dateName] = new Date(options.now.getTime() + kept).toUTCString();
    if (kept) notes.push(`Date kept ${Math.round(kept / 1000)} s off the time of sending, as recorded`);
  }
  const requestIdName = find(headers, 'x-request-id');
  if (requestIdName) headers[requestIdName] = options.requestId();
  const digestName = find(headers, 'digest');
  if (digestName && body) {
    if (broke('Auth.digest.matchesBody')) notes.push('Digest did not match the body: sent as recorded');
    else {
      const algorithm = parseDigestHeader(headers[digestName] as string)?.[0]?.algorithm.toUpperCase();
      headers[digestName] = digestHeader(body, algorithm === 'SHA-512' ? 'SHA-512' : 'SHA-256');
    }
  }

  const signatureName = find(headers, 'signature');
  const raw = signatureName ? (headers[signatureName] as string) : undefined;
  const params = raw ? parseSignature(raw).params : undefined;
  if (!signatureName || !raw || !params || before.signingString?.verified !== true) {
    notes.push(
      raw
        ? 'the recorded Signature did not verify at its own time: sent as recorded (the defect under test)'
        : 'the recording is not signed: sent without a Signature',
    );
    return { headers, notes };
  }
  const certificateName = find(headers, 'tpp-signature-certificate');
  const recordedCertificate = certificateName ? headers[certificateName] : undefined;
  let keyId = params.keyId;
  if (broke('Auth.signature.keyId.form')) notes.push('keyId did not name the certificate: sent as recorded');
  else {
    const style = keyIdStyleOf(params.keyId, recordedCertificate);
    keyId = buildKeyId(identity, style ?? {});
    if (!style) notes.push("keyId rebuilt in the platform's form (the recorded form was not recognised)");
  }
  if (certificateName) headers[certificateName] = identity.certificateBase64;
  const signed = params.headers ?? ['date'];
  const text = signingString({ method: request.method, target: request.target, headers }, signed);
  const signature = rsaSign('sha256', Buffer.from(text, 'utf8'), identity.privateKey).toString('base64');
  const encoding = encodingOf(raw);
  const value = buildSignatureHeader({
    keyId: encoding.form === 'per-value' && !isAscii(keyId) ? encodeWords(keyId, encoding.options) : keyId,
    algorithm: params.algorithm ?? 'rsa-sha256',
    headers: signed,
    signature,
  });
  headers[signatureName] = encoding.form === 'whole' || !isAscii(value) ? encodeWord(value, encoding.options) : value;
  notes.push(`re-signed over ${signed.join(' ')}, keyId ${keyId}`);
  return { headers, notes };
}
