import { randomUUID, sign as rsaSign } from 'node:crypto';
import { SIGNED_HEADERS } from '../spec/index.js';
import { bodyBytes, digestHeader, type DigestAlgorithm } from './digest.js';
import { hasHeader, setHeader } from '../core/index.js';
import { buildKeyId, type KeyIdStyle } from './keyid.js';
import { encodeWord, encodeWords, isAscii, type Rfc2047Options } from './rfc2047.js';
import { buildSignatureHeader } from './signature-header.js';
import { REQUEST_TARGET, signingString } from './signing-string.js';
import type { SigningConfig, SigningIdentity } from './types.js';

export const SIGNATURE_ALGORITHM = 'rsa-sha256';

export interface SignOptions {
  /** keyId's serial and DN form; the platform's by default. */
  keyId?: Partial<KeyIdStyle>;
  /** Default SHA-256. */
  digestAlgorithm?: DigestAlgorithm;
  /** Sign `(request-target)` first. Default false (the platform does not). */
  requestTarget?: boolean;
  /** More headers to sign after the standard ones, when present. */
  extraHeaders?: readonly string[];
  /** The exact `headers` list, replacing the rule above (for tests that need an unusual list). */
  signedHeaders?: readonly string[];
  /**
   * RFC 2047 for the Signature value (Authentication 2): `when-needed` wraps the whole value in one encoded word
   * when it is not ASCII (the platform's form, which may exceed 75 characters); `always` wraps it even when it is;
   * `per-value` writes each parameter value that is not ASCII (keyId with a non-ASCII issuer DN) as encoded words
   * of at most 75 characters inside its quotes, and leaves the rest as is; `never` sends it as is.
   */
  signatureEncoding?: 'when-needed' | 'always' | 'per-value' | 'never';
  /** Charset and B/Q encoding for encoded words; default utf-8 and B. */
  rfc2047?: Rfc2047Options;
  now?: () => Date;
  requestId?: () => string;
}

export interface RequestToSign {
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  headers: Record<string, string>;
  body?: Uint8Array | string;
}

/** `headers` of the Signature: the standard ones present (platform-notes.md), then the extras present. */
export function headersToSign(headers: Record<string, string>, options: SignOptions = {}): string[] {
  if (options.signedHeaders) return options.signedHeaders.map((h) => h.toLowerCase());
  const wanted = [
    ...(options.requestTarget ? [REQUEST_TARGET] : []),
    ...SIGNED_HEADERS,
    ...(options.extraHeaders ?? []),
  ].map((h) => h.toLowerCase());
  return [...new Set(wanted)].filter((h) => h === REQUEST_TARGET || hasHeader(headers, h));
}

/**
 * Signs a request as interface.md's Authentication section asks. Returns request.headers plus Date (IMF-fixdate)
 * and X-Request-ID when absent, Digest when there is a body and no Digest yet, TPP-Signature-Certificate and
 * Signature. Header values that are not ASCII are sent as RFC 2047 encoded words, and signed as sent.
 */
export function signRequest(
  request: RequestToSign,
  identity: SigningIdentity,
  options: SignOptions = {},
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name] = isAscii(value) ? value : encodeWords(value, options.rfc2047);
  }
  if (!hasHeader(headers, 'date')) headers.Date = (options.now?.() ?? new Date()).toUTCString();
  if (!hasHeader(headers, 'x-request-id')) headers['X-Request-ID'] = options.requestId?.() ?? randomUUID();
  if (request.body !== undefined && !hasHeader(headers, 'digest'))
    headers.Digest = digestHeader(bodyBytes(request.body), options.digestAlgorithm);
  setHeader(headers, 'TPP-Signature-Certificate', identity.certificateBase64);

  const signed = headersToSign(headers, options);
  const text = signingString({ method: request.method, target: request.target, headers }, signed);
  const signature = rsaSign('sha256', Buffer.from(text, 'utf8'), identity.privateKey).toString('base64');
  const encoding = options.signatureEncoding ?? 'when-needed';
  const keyId = cachedKeyId(identity, options.keyId);
  const value = buildSignatureHeader({
    keyId: encoding === 'per-value' ? perValue(keyId, options.rfc2047) : keyId,
    algorithm: SIGNATURE_ALGORITHM,
    headers: signed,
    signature,
  });
  const wrap = encoding === 'always' || (encoding === 'when-needed' && !isAscii(value));
  setHeader(headers, 'Signature', wrap ? encodeWord(value, options.rfc2047) : value);
  return headers;
}

/**
 * keyId depends on the identity and the style only, but building it parses the issuer DN: once per identity and
 * style, not once per request (signing is on every request's path).
 */
const keyIds = new WeakMap<SigningIdentity, Map<string, string>>();
function cachedKeyId(identity: SigningIdentity, style: Partial<KeyIdStyle> | undefined): string {
  const key = style ? JSON.stringify(style) : '';
  let byStyle = keyIds.get(identity);
  if (!byStyle) keyIds.set(identity, (byStyle = new Map()));
  let keyId = byStyle.get(key);
  if (keyId === undefined) byStyle.set(key, (keyId = buildKeyId(identity, style)));
  return keyId;
}

/*
 * How we read interface.md › Authentication 2: "When any value in the Signature header is ISO-8859-1 or UTF-8
 * encoded, the header is MIME-encoded per RFC 2047 and wrapped as `=?<charset>?<encoding>?<encoded_signature>?=`".
 * Its subject is "the header", wrapped whole as one word whose payload it calls the encoded signature: the
 * platform's form (`when-needed`), which a Norwegian client of the platform sends and which is longer than RFC
 * 2047's 75 characters (platform-notes.md). "Any value … per RFC 2047" also admits a second reading, the one RFC
 * 2047 itself would give: only the values that are not ASCII become encoded words, each at most 75 characters
 * (`per-value`). RFC 2047 §5 keeps encoded words out of quoted strings, but a draft-cavage parameter value is always
 * quoted, so the words fill the quotes. interface.md does not choose, so the verifier accepts both; the suites
 * judge the whole-value form at MUST and the per-value form at SHOULD.
 */
function perValue(value: string, rfc2047: Rfc2047Options | undefined): string {
  return isAscii(value) ? value : encodeWords(value, rfc2047);
}

/** SignOptions from the validated configuration (keyId form, digest algorithm, request target). */
export function signOptionsFrom(
  signing: Pick<SigningConfig, 'keyId' | 'digestAlgorithm' | 'requestTarget'>,
): SignOptions {
  return { keyId: signing.keyId, digestAlgorithm: signing.digestAlgorithm, requestTarget: signing.requestTarget };
}
