import { createHash } from 'node:crypto';

/** Digest algorithms the suite sends (RFC 5843); interface.md names SHA-256 and SHA-512. */
export type DigestAlgorithm = 'SHA-256' | 'SHA-512';

const NODE_HASH: Record<DigestAlgorithm, string> = { 'SHA-256': 'sha256', 'SHA-512': 'sha512' };

export function bodyBytes(body: Uint8Array | string | undefined): Uint8Array {
  if (body === undefined) return new Uint8Array(0);
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
}

/** `SHA-256=<base64>` over the exact bytes that go on the wire (a string body is sent as UTF-8). */
export function digestHeader(body: Uint8Array | string, algorithm: DigestAlgorithm = 'SHA-256'): string {
  const hash = createHash(NODE_HASH[algorithm]).update(bodyBytes(body)).digest('base64');
  return `${algorithm}=${hash}`;
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

export type DigestCheck = { ok: true; algorithm: DigestAlgorithm } | { ok: false; message: string };

/**
 * Checks a Digest header against the body. Algorithm tokens are case-insensitive (RFC 3230 §4.1.1);
 * every instance-digest we know must match, and at least one must be known.
 */
export function checkDigest(header: string, body: Uint8Array | string | undefined): DigestCheck {
  const digests = parseDigestHeader(header);
  if (!digests) return { ok: false, message: `Digest "${header}" is not of the form <algorithm>=<base64>` };
  let matched: DigestAlgorithm | undefined;
  for (const { algorithm, value } of digests) {
    const known = (Object.keys(NODE_HASH) as DigestAlgorithm[]).find(
      (a) => a.toLowerCase() === algorithm.toLowerCase(),
    );
    if (!known) continue;
    const expected = digestHeader(bodyBytes(body), known).slice(known.length + 1);
    if (value !== expected)
      return { ok: false, message: `Digest ${algorithm} does not match the body (expected ${expected})` };
    matched ??= known;
  }
  if (!matched) return { ok: false, message: `Digest names no supported algorithm (SHA-256, SHA-512): "${header}"` };
  return { ok: true, algorithm: matched };
}
