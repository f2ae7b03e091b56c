import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { COMPUTABLE_DIGEST_ALGORITHMS, checkDigest, digestHeader, parseDigestHeader } from '../../signing/index.js';
import { DIGEST_ALGORITHMS, NEAR_MISS_DIGEST_ALGORITHMS } from '../../spec/index.js';

const vectors = JSON.parse(
  readFileSync(new URL('../fixtures/cavage-10/test-vectors.json', import.meta.url), 'utf8'),
) as {
  request: { body: string };
  digest: { sha256: string; sha512: string; emptyBody: { sha256: string; sha512: string } };
};
const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

// FIPS 180-4 digests of the empty message, as published.
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const EMPTY_SHA512 =
  'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a' +
  '81a538327af927da3e';

/** node-forge's own SHA implementation: independent of node:crypto. */
function forgeDigest(body: Uint8Array, algorithm: 'SHA-256' | 'SHA-512'): string {
  const md = algorithm === 'SHA-256' ? forge.md.sha256.create() : forge.md.sha512.create();
  md.update(Buffer.from(body).toString('binary'));
  return `${algorithm}=${forge.util.encode64(md.digest().getBytes())}`;
}

describe('Digest (RFC 3230, RFC 5843)', () => {
  it('of an empty body is the published SHA-256 and SHA-512 of the empty message', () => {
    expect(digestHeader('')).toBe(`SHA-256=${b64(EMPTY_SHA256)}`);
    expect(digestHeader(new Uint8Array(0), 'SHA-512')).toBe(`SHA-512=${b64(EMPTY_SHA512)}`);
    expect(digestHeader('')).toBe(vectors.digest.emptyBody.sha256);
    expect(digestHeader('', 'SHA-512')).toBe(vectors.digest.emptyBody.sha512);
  });

  it("of the Appendix C body is the vector (also the Digest the draft's request carries)", () => {
    expect(digestHeader(vectors.request.body)).toBe(vectors.digest.sha256);
    expect(digestHeader(vectors.request.body)).toBe('SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=');
    expect(digestHeader(Buffer.from(vectors.request.body), 'SHA-512')).toBe(vectors.digest.sha512);
  });

  it("is over the UTF-8 bytes of a string body, equal to forge's digest of those bytes", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.constantFrom('SHA-256' as const, 'SHA-512' as const),
        (body, algorithm) => {
          expect(digestHeader(body, algorithm)).toBe(forgeDigest(Buffer.from(body, 'utf8'), algorithm));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('Auth.digest.sha512: a SHA-512 Digest is accepted as well as SHA-256', () => {
    const body = Buffer.from(vectors.request.body);
    expect(checkDigest(vectors.digest.sha512, body)).toEqual({ ok: true, algorithm: 'SHA-512' });
    expect(checkDigest(vectors.digest.sha256, body)).toEqual({ ok: true, algorithm: 'SHA-256' });
  });

  it('accepts the algorithm token in any case (RFC 3230 §4.1.1)', () => {
    const value = vectors.digest.sha256.slice('SHA-256='.length);
    for (const token of ['sha-256', 'Sha-256', 'SHA-256'])
      expect(checkDigest(`${token}=${value}`, Buffer.from(vectors.request.body)).ok).toBe(true);
  });

  it('checks every known instance-digest of a list and ignores unknown algorithms', () => {
    const body = Buffer.from(vectors.request.body);
    expect(parseDigestHeader(`MD5=abc, ${vectors.digest.sha256}`)).toEqual([
      { algorithm: 'MD5', value: 'abc' },
      { algorithm: 'SHA-256', value: vectors.digest.sha256.slice(8) },
    ]);
    expect(checkDigest(`MD5=abc, ${vectors.digest.sha256}`, body).ok).toBe(true);
    expect(checkDigest(`${vectors.digest.sha256},${vectors.digest.emptyBody.sha512}`, body).ok).toBe(false);
  });

  it('Auth.digest.matchesBody: a Digest of another body, an unknown algorithm or a non-digest is refused', () => {
    const body = Buffer.from(vectors.request.body);
    expect(checkDigest(vectors.digest.emptyBody.sha256, body).ok).toBe(false);
    expect(checkDigest('MD5=rL0Y20zC+Fzt72VPzMSk2A==', body).ok).toBe(false);
    expect(checkDigest('X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE', body).ok).toBe(false);
    expect(checkDigest('', body).ok).toBe(false);
  });

  // Published digests of "abc" (FIPS 180-4 examples, RFC 1321 for MD5) and `printf abc | sum` for UNIXsum.
  const ABC: Record<string, string> = {
    'SHA-256': b64('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'),
    'SHA-512': b64(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce' +
        '80e2a9ac94fa54ca49f',
    ),
    'SHA-384': b64('cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7'),
    'SHA-224': b64('23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7'),
    SHA: b64('a9993e364706816aba3e25717850c26c9cd0d89d'),
    MD5: b64('900150983cd24fb0d6963f7d28e17f72'),
    UNIXsum: '16556',
    SHA256: b64('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'),
    SHA512: b64(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce' +
        '80e2a9ac94fa54ca49f',
    ),
  };

  it('computes every token it knows as published, the token written as given', () => {
    expect(Object.keys(ABC).sort()).toEqual([...COMPUTABLE_DIGEST_ALGORITHMS].sort());
    for (const [token, value] of Object.entries(ABC)) {
      expect(digestHeader('abc', token)).toBe(`${token}=${value}`);
      expect(digestHeader('abc', token.toLowerCase())).toBe(`${token.toLowerCase()}=${value}`);
    }
    expect(() => digestHeader('abc', 'CRC32C')).toThrow('no digest algorithm CRC32C');
  });

  it('Auth.digest.algorithm: a near miss is refused by default, its value right; a widened list accepts it', () => {
    expect(NEAR_MISS_DIGEST_ALGORITHMS.filter((a) => (DIGEST_ALGORITHMS as readonly string[]).includes(a))).toEqual([]);
    for (const token of NEAR_MISS_DIGEST_ALGORITHMS) {
      const refused = checkDigest(digestHeader('abc', token), 'abc');
      expect(refused, token).toEqual({
        ok: false,
        message: `Digest names no algorithm accepted here (SHA-256, SHA-512): ${token}`,
      });
      expect(checkDigest(digestHeader('abc', token), 'abc', { algorithms: [token] }), token).toEqual({
        ok: true,
        algorithm: token,
      });
      // Widened, the value must still be right for the token.
      expect(checkDigest(`${token}=${ABC['SHA-256']}`, 'abc', { algorithms: [token] }).ok, token).toBe(
        token === 'SHA256',
      );
    }
  });
});
