import { createHash } from 'node:crypto';
import { DIGEST_ALGORITHMS, NEAR_MISS_DIGEST_ALGORITHMS } from '../spec/index.js';

/** Digest algorithms interface.md names (Group S: "base64 SHA-256 or SHA-512 hash of the body"). */
export type DigestAlgorithm = (typeof DIGEST_ALGORITHMS)[number];

/**
 * BSD `sum` (GNU sum's default): a 16-bit rotating checksum, written in decimal. RFC 3230 defines UNIXsum as the first
 * word of the UNIX `sum` command's output; `printf abc | sum` gives 16556.
 */
function unixSum(bytes: Uint8Array): string {
  let checksum = 0;
  for (const byte of bytes) checksum = (((checksum >> 1) | ((checksum & 1) << 15)) + byte) & 0xffff;
  return String(checksum);
}

const hashed =
  (algorithm: string) =>
  (bytes: Uint8Array): string =>
    createHash(algorithm).update(bytes).digest('base64');

/**
 * The value of each algorithm token this library computes, by upper-cased token: interface.md's two, and its near
 * misses (spec/headers.ts), so that a near miss can be sent with the value that is right for it: then only its
 * algorithm is wrong.
 */
const VALUE_OF: Record<string, (bytes: Uint8Array) => string> = {
  'SHA-256': hashed('sha256'),
  'SHA-512': hashed('sha512'),
  'SHA-384': hashed('sha384'),
  'SHA-224': hashed('sha224'),
  SHA: hashed('sha1'),
  MD5: hashed('md5'),
  UNIXSUM: unixSum,
  // The named two without their dash: the right hash under a token RFC 5843 does not define.
  SHA256: hashed('sha256'),
  SHA512: hashed('sha512'),
};

/** Every token digestValue can compute: interface.md's algorithms and their near misses. */
export const COMPUTABLE_DIGEST_ALGORITHMS: readonly string[] = [...DIGEST_ALGORITHMS, ...NEAR_MISS_DIGEST_ALGORITHMS];

export function bodyBytes(body: Uint8Array | string | undefined): Uint8Array {
  if (body === undefined) return new Uint8Array(0);
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
}

/** The instance-digest value of the body for an algorithm token in any letter case (RFC 3230 §4.1.1). */
export function digestValue(body: Uint8Array | string, algorithm: string): string {
  const compute = VALUE_OF[algorithm.toUpperCase()];
  if (!compute) throw new Error(`no digest algorithm ${algorithm} (known: ${COMPUTABLE_DIGEST_ALGORITHMS.join(', ')})`);
  return compute(bodyBytes(body));
}

/**
 * `SHA-256=<base64>` over the exact bytes that go on the wire (a string body is sent as UTF-8). The token is written as
 * given, so `sha-256` gives `sha-256=<base64>`.
 */
export function digestHeader(body: Uint8Array | string, algorithm: string = 'SHA-256'): string {
  return `${algorithm}=${digestValue(body, algorithm)}`;
}

export interface InstanceDigest {
  /** As sent, e.g. `sha-256`. */
  algorithm: string;
  value: string;
}

/**
 * Splits a Digest header into its instance-digests (RFC 3230 §4.3.2: `alg=value, alg=value`).
 * Returns undefined when a member has no `=`, i.e. the header is not a digest list at all.
 */
export function parseDigestHeader(header: string): InstanceDigest[] | undefined {
  const parts = header
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return undefined;
  const out: InstanceDigest[] = [];
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) return undefined;
    out.push({ algorithm: part.slice(0, eq).trim(), value: part.slice(eq + 1).trim() });
  }
  return out;
}

/** `algorithm`: the accepted token that matched, as the accepted list writes it. */
export type DigestCheck = { ok: true; algorithm: string } | { ok: false; message: string };

export interface DigestCheckOptions {
  /**
   * The algorithm tokens accepted, in any letter case; interface.md's SHA-256 and SHA-512 by default. Others are
   * ignored, as RFC 3230 §4.3.2 lets a recipient ignore an instance-digest it does not support.
   */
  algorithms?: readonly string[];
}

/**
 * Checks a Digest header against the body. Algorithm tokens are case-insensitive (RFC 3230 §4.1.1); every
 * instance-digest of an accepted algorithm must match, and at least one must be of an accepted algorithm: a Digest
 * naming only others (SHA-384, MD5 …) is refused, however right its value.
 */
export function checkDigest(
  header: string,
  body: Uint8Array | string | undefined,
  { algorithms = DIGEST_ALGORITHMS }: DigestCheckOptions = {},
): DigestCheck {
  const digests = parseDigestHeader(header);
  if (!digests) return { ok: false, message: `Digest "${header}" is not of the form <algorithm>=<base64>` };
  let matched: string | undefined;
  for (const { algorithm, value } of digests) {
    const accepted = algorithms.find((a) => a.toLowerCase() === algorithm.toLowerCase());
    if (!accepted || !VALUE_OF[accepted.toUpperCase()]) continue;
    const expected = digestValue(bodyBytes(body), accepted);
    if (value !== expected)
      return { ok: false, message: `Digest ${algorithm} does not match the body (expected ${expected})` };
    matched ??= accepted;
  }
  if (!matched)
    return {
      ok: false,
      message: `Digest names no algorithm accepted here (${algorithms.join(', ')}): ${digests
        .map((d) => d.algorithm)
        .join(', ')}`,
    };
  return { ok: true, algorithm: matched };
}
