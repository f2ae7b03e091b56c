import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRfc2047, encodeWord, encodeWords, MAX_WORD_LENGTH, Rfc2047Error } from '../../signing/index.js';

describe('RFC 2047 encoded words (Authentication 2)', () => {
  it('Auth.signature.rfc2047: encodes æøå as the UTF-8 and ISO-8859-1 bytes, in B and in Q', () => {
    // UTF-8 of æ ø å is C3 A6, C3 B8, C3 A5; ISO-8859-1 is E6, F8, E5.
    expect(encodeWord('æøå')).toBe(
      `=?utf-8?B?${Buffer.from([0xc3, 0xa6, 0xc3, 0xb8, 0xc3, 0xa5]).toString('base64')}?=`,
    );
    expect(encodeWord('æøå')).toBe('=?utf-8?B?w6bDuMOl?=');
    expect(encodeWord('æøå', { encoding: 'Q' })).toBe('=?utf-8?Q?=C3=A6=C3=B8=C3=A5?=');
    expect(encodeWord('æøå', { charset: 'iso-8859-1' })).toBe('=?iso-8859-1?B?5vjl?=');
    expect(encodeWord('Blåbær syltetøy', { charset: 'iso-8859-1', encoding: 'Q' })).toBe(
      '=?iso-8859-1?Q?Bl=E5b=E6r_syltet=F8y?=',
    );
  });

  it('Auth.signature.rfc2047: round-trips Norwegian text in every charset and encoding', () => {
    const norwegian = fc.string({ unit: fc.constantFrom(...'abcæøåÆØÅ ,"=?_-.0123456789'.split('')), maxLength: 120 });
    fc.assert(
      fc.property(
        norwegian,
        fc.constantFrom('utf-8' as const, 'iso-8859-1' as const),
        fc.constantFrom('B' as const, 'Q' as const),
        (text, charset, encoding) => {
          expect(decodeRfc2047(encodeWord(text, { charset, encoding }))).toBe(text);
          const words = encodeWords(text, { charset, encoding });
          expect(decodeRfc2047(words)).toBe(text);
          for (const word of words.split(' ')) expect(word.length).toBeLessThanOrEqual(MAX_WORD_LENGTH);
        },
      ),
    );
  });

  it('never splits a character across two words', () => {
    const words = encodeWords('ø'.repeat(100)).split(' ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) expect(decodeRfc2047(word)).toMatch(/^ø+$/);
  });

  it("decodes the platform's whole-Signature-value word, longer than 75 characters", () => {
    const value =
      'keyId="SN=9FA1,CA=CN=Bank Ærlig CA,O=Bank Ærlig ' +
      'AS,C=NO",algorithm="rsa-sha256",headers="date digest ' +
      'x-request-id",signature="AAAA"';
    const word = `=?utf-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
    expect(word.length).toBeGreaterThan(MAX_WORD_LENGTH);
    expect(decodeRfc2047(word)).toBe(value);
    expect(decodeRfc2047(`=?UTF-8?b?${Buffer.from(value, 'utf8').toString('base64')}?=`)).toBe(value);
  });

  it('follows RFC 2047 §8: space between adjacent words is dropped, other text is kept', () => {
    expect(decodeRfc2047('=?ISO-8859-1?Q?a?= =?ISO-8859-1?Q?b?=')).toBe('ab');
    expect(decodeRfc2047('=?ISO-8859-1?Q?a?=  \t =?ISO-8859-1?Q?b?=')).toBe('ab');
    expect(decodeRfc2047('=?ISO-8859-1?Q?a?= b')).toBe('a b');
    expect(decodeRfc2047('(=?ISO-8859-1?Q?a_b?=)')).toBe('(a b)');
    expect(decodeRfc2047('=?US-ASCII?Q?Keith_Moore?=')).toBe('Keith Moore');
    expect(decodeRfc2047('plain text')).toBe('plain text');
  });

  it('rejects bad base64, bad Q escapes and unknown charsets', () => {
    expect(() => decodeRfc2047('=?utf-8?B?w6b*?=')).toThrow(Rfc2047Error);
    expect(() => decodeRfc2047('=?utf-8?Q?=G1?=')).toThrow(Rfc2047Error);
    expect(() => decodeRfc2047('=?x-no-such-charset?B?w6Y=?=')).toThrow(Rfc2047Error);
    expect(() => decodeRfc2047('=?utf-8?B?/w==?=')).toThrow(Rfc2047Error); // 0xFF is not UTF-8
    expect(() => encodeWord('€', { charset: 'iso-8859-1' })).toThrow(Rfc2047Error);
  });
});
