import { verify as cryptoVerify, X509Certificate } from 'node:crypto';
import { SIGNED_HEADERS } from '../spec/index.js';
import { checkDigest } from './digest.js';
import { matchKeyId, type KeyIdMatch } from './keyid.js';
import { containsEncodedWord, decodeRfc2047, Rfc2047Error } from './rfc2047.js';
import { parseSignatureHeader, SignatureHeaderError, type SignatureParams } from './signature-header.js';
import {
  DEFAULT_SIGNED_HEADERS,
  headerValue,
  headerValues,
  MissingSignedHeaderError,
  signingString,
  type HeaderMap,
} from './signing-string.js';
import type { VerifyFailure, VerifyResult } from './types.js';
import { certificateBytes, certificateFacts, type CertificateFacts } from './x509.js';
import { parseHttpDate } from './http-date.js';

export interface VerifySignatureOptions {
  now?: () => Date;
  /** Largest allowed difference between Date and now; default 300 s. */
  clockSkewSeconds?: number;
  /**
   * CA certificates (PEM text, DER bytes or X509Certificate). Absent: any well-formed certificate, as a sandbox does.
   */
  trustedCertificates?: readonly (string | Uint8Array | X509Certificate)[];
  /** Headers that must be signed when the request carries them; default interface.md's list (spec SIGNED_HEADERS). */
  requiredHeaders?: readonly string[];
  /** Algorithms accepted in the `algorithm` parameter; default rsa-sha256 only. */
  algorithms?: readonly string[];
  /** Digest algorithm tokens accepted (any letter case); default interface.md's SHA-256 and SHA-512. */
  digestAlgorithms?: readonly string[];
}

export interface RequestToVerify {
  method: string;
  target: string;
  headers: HeaderMap;
  body?: Uint8Array;
}

/** draft-cavage-10 algorithm names this verifier knows, with the hash and the key type they need. */
const ALGORITHMS: Record<string, { hash: string; keyType: string }> = {
  'rsa-sha256': { hash: 'sha256', keyType: 'rsa' },
  'rsa-sha512': { hash: 'sha512', keyType: 'rsa' },
};

const fail = (reason: VerifyFailure, message: string): VerifyResult => ({ ok: false, reason, message });

// The bank parses the same certificate on every request of a session: keep a few parsed.
const parsed = new Map<string, CertificateFacts>();
function parseCertificate(text: string): CertificateFacts | undefined {
  const cached = parsed.get(text);
  if (cached) return cached;
  const bytes = certificateBytes(text);
  if (!bytes) return undefined;
  try {
    const facts = certificateFacts(bytes);
    if (parsed.size >= 64) parsed.delete(parsed.keys().next().value as string);
    parsed.set(text, facts);
    return facts;
  } catch {
    return undefined;
  }
}

// Every request of a session names the same certificate by the same keyId: matching them parsed the keyId's DN each
// time (0.1 s of the bank's CPU in a default run, 2026-11-27). Kept per parsed certificate, a few keyIds each.
const keyIdMatches = new WeakMap<CertificateFacts, Map<string, KeyIdMatch>>();
function matchedKeyId(keyId: string, certificate: CertificateFacts): KeyIdMatch {
  let matches = keyIdMatches.get(certificate);
  if (!matches) keyIdMatches.set(certificate, (matches = new Map()));
  let match = matches.get(keyId);
  if (match) return match;
  match = matchKeyId(keyId, certificate);
  if (matches.size >= 16) matches.delete(matches.keys().next().value as string);
  matches.set(keyId, match);
  return match;
}

function toX509(ca: string | Uint8Array | X509Certificate): X509Certificate {
  return ca instanceof X509Certificate ? ca : new X509Certificate(typeof ca === 'string' ? ca : Buffer.from(ca));
}

function isTrusted(certificate: X509Certificate, trusted: readonly (string | Uint8Array | X509Certificate)[]): boolean {
  return trusted.map(toX509).some((ca) => certificate.checkIssued(ca) && certificate.verify(ca.publicKey));
}

function single(headers: HeaderMap, name: string): { value?: string; repeated: boolean } {
  const values = headerValues(headers, name);
  return { value: values?.[0], repeated: (values?.length ?? 0) > 1 };
}

/**
 * Verifies a signed request as the reference bank must: Signature parsed (RFC 2047 unwrapped), algorithm
 * known, certificate parsed (and trusted, with a trust store), keyId naming that certificate, the headers
 * interface.md requires signed, Digest against the body, Date within the skew window, then the RSA signature
 * over the rebuilt signing string. The first problem found is the reason returned: a gate's pass or fail, as a bank
 * decides. To judge a request by requirement id, with every finding and its likely cause, use `judgeRequest` of
 * `psd2-conformance/tpp`.
 */
export function verifySignature(request: RequestToVerify, options: VerifySignatureOptions = {}): VerifyResult {
  const signatureHeader = single(request.headers, 'signature');
  if (signatureHeader.value === undefined || signatureHeader.value.trim() === '')
    return fail('signature-missing', 'the request has no Signature header');
  if (signatureHeader.repeated) return fail('signature-malformed', 'the request has more than one Signature header');

  let params: SignatureParams;
  try {
    params = readSignatureHeader(signatureHeader.value);
  } catch (err) {
    if (err instanceof SignatureHeaderError) return fail('signature-malformed', err.message);
    if (err instanceof Rfc2047Error)
      return fail('signature-malformed', `Signature header is not valid RFC 2047: ${err.message}`);
    throw err;
  }

  const accepted = (options.algorithms ?? ['rsa-sha256']).map((a) => a.toLowerCase());
  const algorithmName = params.algorithm?.toLowerCase();
  if (algorithmName === undefined)
    return fail('algorithm-unsupported', 'Signature names no algorithm (rsa-sha256 is expected)');
  const algorithm = ALGORITHMS[algorithmName];
  if (!algorithm || !accepted.includes(algorithmName))
    return fail(
      'algorithm-unsupported',
      `algorithm "${params.algorithm}" is not supported (accepted: ${accepted.join(', ')})`,
    );

  const certificateHeader = single(request.headers, 'tpp-signature-certificate');
  if (certificateHeader.value === undefined || certificateHeader.value.trim() === '')
    return fail('certificate-missing', 'the request has no TPP-Signature-Certificate header');
  if (certificateHeader.repeated)
    return fail('certificate-unparsable', 'the request has more than one TPP-Signature-Certificate header');
  const certificate = parseCertificate(certificateHeader.value);
  if (!certificate)
    return fail('certificate-unparsable', 'TPP-Signature-Certificate is not a base64 DER X.509 certificate');
  if (options.trustedCertificates && !isTrusted(certificate.x509, options.trustedCertificates)) {
    return fail('certificate-untrusted', 'TPP-Signature-Certificate is not issued by a trusted CA');
  }
  const keyType = certificate.x509.publicKey.asymmetricKeyType;
  if (keyType !== algorithm.keyType)
    return fail('algorithm-unsupported', `algorithm ${algorithmName} does not fit the certificate's ${keyType} key`);

  const keyId = matchedKeyId(params.keyId, certificate);
  if (!keyId.ok) return fail('keyid-mismatch', keyId.message);

  const signed = params.headers ?? [...DEFAULT_SIGNED_HEADERS];
  const body = request.body ?? new Uint8Array(0);
  if (headerValues(request.headers, 'date') === undefined)
    return fail('required-header-unsigned', 'the request has no Date header; Date must be sent and signed');
  for (const name of options.requiredHeaders ?? SIGNED_HEADERS) {
    const present = headerValues(request.headers, name) !== undefined || (name === 'digest' && body.length > 0);
    if (present && !signed.includes(name))
      return fail(
        'required-header-unsigned',
        `headers does not list ${name}, which the request carries and must be signed`,
      );
  }

  const digest = headerValue(request.headers, 'digest');
  if (digest === undefined && body.length > 0)
    return fail('digest-missing', 'the request has a body but no Digest header');
  if (digest !== undefined) {
    const check = checkDigest(digest, body, options.digestAlgorithms ? { algorithms: options.digestAlgorithms } : {});
    if (!check.ok) return fail('digest-mismatch', check.message);
  }

  const date = parseHttpDate(headerValue(request.headers, 'date') as string, { forms: 'lenient' });
  const now = (options.now?.() ?? new Date()).getTime();
  const skew = (options.clockSkewSeconds ?? 300) * 1000;
  if (Number.isNaN(date))
    return fail('date-skew', `Date "${headerValue(request.headers, 'date')}" is not an HTTP date`);
  if (Math.abs(now - date) > skew)
    return fail(
      'date-skew',
      `Date is ${Math.round((date - now) / 1000)} s from now; at most ${skew / 1000} s is allowed`,
    );

  const signature = Buffer.from(params.signature, 'base64');
  const candidates: HeaderMap[] = [request.headers, decodedHeaders(request.headers, signed)].filter(
    (h): h is HeaderMap => h !== undefined,
  );
  for (const headers of candidates) {
    let text: string;
    try {
      text = signingString({ method: request.method, target: request.target, headers }, signed);
    } catch (err) {
      if (err instanceof MissingSignedHeaderError) return fail('signature-malformed', err.message);
      throw err;
    }
    if (cryptoVerify(algorithm.hash, Buffer.from(text, 'utf8'), certificate.x509.publicKey, signature)) {
      return { ok: true, keyId: params.keyId, signedHeaders: signed };
    }
  }
  return fail(
    'signature-invalid',
    "the signature does not verify over the signing string with the certificate's public key",
  );
}

/** Nothing but RFC 2047 encoded words (with linear white space between them): the whole value is encoded. */
const ONLY_ENCODED_WORDS = /^=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=(?:\s+=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)*$/;

/**
 * The Signature header's parameters, in either form Authentication 2 can be read to ask for (signing/sign.ts says
 * how we read it): the whole value as encoded words is decoded, then parsed; otherwise the value is parsed and
 * each parameter value decoded, so a decoded value may hold `"` or `\` (an issuer DN can) without breaking the
 * quoting. A value that parses only once decoded whole (words mixed with text) is read that way last.
 */
function readSignatureHeader(value: string): SignatureParams {
  if (!containsEncodedWord(value)) return parseSignatureHeader(value);
  if (ONLY_ENCODED_WORDS.test(value.trim())) return parseSignatureHeader(decodeRfc2047(value.trim()));
  let params: SignatureParams;
  try {
    params = parseSignatureHeader(value);
  } catch (err) {
    if (err instanceof SignatureHeaderError) return parseSignatureHeader(decodeRfc2047(value));
    throw err;
  }
  const decode = (text: string) => (containsEncodedWord(text) ? decodeRfc2047(text) : text);
  return {
    ...params,
    keyId: decode(params.keyId),
    ...(params.algorithm !== undefined ? { algorithm: decode(params.algorithm) } : {}),
    ...(params.headers
      ? {
          headers: decode(params.headers.join(' '))
            .trim()
            .split(/\s+/)
            .map((h) => h.toLowerCase()),
        }
      : {}),
    extra: Object.fromEntries(Object.entries(params.extra).map(([k, v]) => [k, decode(v)])),
  };
}

/**
 * Signed header values with RFC 2047 words decoded, or undefined when none has any: some clients sign the
 * text and send the encoded words, and interface.md does not say which of the two is signed.
 */
function decodedHeaders(headers: HeaderMap, signed: readonly string[]): HeaderMap | undefined {
  let changed = false;
  const out: HeaderMap = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !signed.includes(name.toLowerCase())) {
      out[name] = value;
      continue;
    }
    const values = typeof value === 'string' ? [value] : value;
    out[name] = values.map((v) => {
      if (!containsEncodedWord(v)) return v;
      try {
        const decoded = decodeRfc2047(v);
        changed ||= decoded !== v;
        return decoded;
      } catch {
        return v;
      }
    });
  }
  return changed ? out : undefined;
}
