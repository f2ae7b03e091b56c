import { createHash } from 'node:crypto';
import { parseDigestHeader } from '../../signing/index.js';
import { finding } from './finding.js';
import { bodyVariants } from './reserialise.js';
import type { Finding, OtherBody } from '../types.js';

const HASHES = { 'SHA-256': 'sha256', 'SHA-512': 'sha512' } as const;
type Algorithm = keyof typeof HASHES;

const hash = (algorithm: Algorithm, bytes: Uint8Array) => createHash(HASHES[algorithm]).update(bytes).digest();
const known = (token: string): Algorithm | undefined =>
  (Object.keys(HASHES) as Algorithm[]).find((a) => a.toLowerCase() === token.toLowerCase());

/** Algorithm tokens that are not RFC 5843's, with what was meant. */
function algorithmCause(token: string): string {
  if (/^sha-?(256|512)$/i.test(token.replace(/_/g, '-')))
    return (
      `the algorithm token is "${token}"; RFC 5843 names it ` +
      `${token.replace(/[-_]?(256|512)$/, '-$1').toUpperCase()}`
    );
  return `interface.md names SHA-256 and SHA-512 ("${token}" is neither)`;
}

/** The usual ways the value is the right hash written wrongly. */
function encodingCause(value: string, algorithm: Algorithm, body: Uint8Array): string | undefined {
  const digest = hash(algorithm, body);
  const hex = digest.toString('hex');
  if (value.toLowerCase() === hex) return 'the Digest is the hash in hex; RFC 3230 writes it in base64';
  if (value.replace(/=+$/, '') === digest.toString('base64url'))
    return 'the Digest is in the base64url alphabet (- and _); RFC 3230 uses base64 (+ and /)';
  if (value === Buffer.from(hex).toString('base64'))
    return 'the Digest is base64 of the hex text of the hash, not of its bytes';
  const other: Algorithm = algorithm === 'SHA-256' ? 'SHA-512' : 'SHA-256';
  if (value === hash(other, body).toString('base64'))
    return `the value is the ${other} hash of the body, labelled ${algorithm}`;
  return undefined;
}

/** What a Digest is judged against: the header, the bytes sent, and what the input shows of other bytes. */
export interface DigestInput {
  header: string | undefined;
  body: Uint8Array;
  /** The body parsed, when it is JSON: its re-serialisations are tried. */
  json?: { value: unknown } | undefined;
  /** Bytes the input itself shows the Digest may be over (RecordedRequest.otherBodies), tried first. */
  otherBodies?: readonly OtherBody[] | undefined;
}

/** Which other bytes the input shows, re-serialisation or other encoding of the body the Digest was computed over. */
function bodyCause(value: string, algorithm: Algorithm, input: DigestInput) {
  for (const variant of [...(input.otherBodies ?? []), ...bodyVariants(input.body, input.json)])
    if (hash(algorithm, variant.bytes).toString('base64') === value) return variant.cause;
  return undefined;
}

/**
 * Digest recomputed over the exact bytes sent (SHA-256 and SHA-512, tokens case-insensitive, RFC 3230 §4.1.1).
 * Every instance-digest of a known algorithm must match; a mismatch names the likely cause.
 */
export function judgeDigest(input: DigestInput): Finding[] {
  const { header, body } = input;
  if (header === undefined || header.trim() === '') return [];
  const id = 'Auth.digest.matchesBody';
  // A bare SHA-256 or SHA-512 value parses as a digest list (its padding is an `=`): recognise it first.
  const bare = /^([A-Za-z0-9+/]{43}=|[A-Za-z0-9+/]{86}==)$/.test(header.trim());
  const digests = bare ? undefined : parseDigestHeader(header);
  if (!digests) {
    const colon = /^[A-Za-z0-9-]+:/.test(header.trim());
    return [
      finding(
        id,
        `Digest "${header}" is not of the form <algorithm>=<base64>`,
        bare
          ? 'the algorithm label is missing: write SHA-256=<base64>'
          : colon
            ? 'the algorithm and the value are separated by ":"; RFC 3230 uses "="'
            : undefined,
      ),
    ];
  }
  const out: Finding[] = [];
  // Only an unnamed algorithm is wrong: the rule it breaks is the closed list, not the match (Auth.digest.algorithm).
  if (!digests.some((d) => known(d.algorithm)))
    return [
      finding(
        'Auth.digest.algorithm',
        `Digest names no algorithm of interface.md (SHA-256, SHA-512): "${header}"`,
        algorithmCause(digests[0]?.algorithm ?? ''),
      ),
    ];
  for (const { algorithm: token, value } of digests) {
    const algorithm = known(token);
    if (!algorithm) continue;
    const expected = hash(algorithm, body).toString('base64');
    if (value === expected) continue;
    const cause =
      encodingCause(value, algorithm, body) ??
      bodyCause(value, algorithm, input) ??
      'it matches none of the usual re-serialisations or encodings of the body: the body was ' +
        'changed after the Digest was computed, or the Digest belongs to another request';
    out.push(
      finding(
        id,
        `Digest ${token} does not match the body (over the bytes sent it is ${algorithm}=${expected})`,
        cause,
      ),
    );
  }
  return out;
}
