import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSignatureHeader, parseSignatureHeader, SignatureHeaderError } from '../../signing/index.js';

const SIG =
  'SjWJWbWN7i0wzBvtPl8rbASWz5xQW6mcJmn+ibttBqtifLN7Sazz6m79cNfwwb8DMJ5cou1s7uEGKKCs+FLEEaDV5lp7q25WqS+lavg7T8hc0G' +
  'ppauB6hbgEKTwblDHYGEtbGmtdHgVCk9SuS13F0hZ8FD0k/5OxEPXe5WozsbM=';

describe('Signature header', () => {
  it('Auth.signature.keyId.form: parses a keyId whose quoted value holds commas and "=" (the CA DN)', () => {
    const header =
      `keyId="SN=9FA1,CA=CN=D-TRUST CA 2-1 2015,O=D-Trust ` +
      `GmbH,C=DE",algorithm="rsa-sha256",headers="date digest ` +
      `x-request-id",signature="${SIG}"`;
    expect(parseSignatureHeader(header)).toEqual({
      keyId: 'SN=9FA1,CA=CN=D-TRUST CA 2-1 2015,O=D-Trust GmbH,C=DE',
      algorithm: 'rsa-sha256',
      headers: ['date', 'digest', 'x-request-id'],
      signature: SIG,
      extra: {},
    });
  });

  it('tolerates spaces around separators, a "Signature " scheme prefix, name case and unknown parameters', () => {
    const parsed = parseSignatureHeader(
      `Signature keyid = "a" , Algorithm="rsa-sha256",  HEADERS="Date  Digest", created="1", signature="${SIG}"`,
    );
    expect(parsed).toEqual({
      keyId: 'a',
      algorithm: 'rsa-sha256',
      headers: ['date', 'digest'],
      signature: SIG,
      extra: { created: '1' },
    });
  });

  it('round-trips build and parse, escaping quotes and backslashes in keyId', () => {
    const keyIds = fc.string({ minLength: 1, unit: fc.constantFrom(...'SN=CA,O "\\\\æ'.split('')) });
    fc.assert(
      fc.property(
        keyIds,
        fc.uniqueArray(fc.constantFrom('date', 'digest', 'x-request-id', 'psu-id', '(request-target)'), {
          minLength: 1,
        }),
        (keyId, headers) => {
          const built = buildSignatureHeader({ keyId, algorithm: 'rsa-sha256', headers, signature: SIG });
          expect(parseSignatureHeader(built)).toEqual({
            keyId,
            algorithm: 'rsa-sha256',
            headers,
            signature: SIG,
            extra: {},
          });
        },
      ),
    );
  });

  it.each([
    ['an unquoted value', `keyId=Test,signature="${SIG}"`],
    ['an unterminated quote', `keyId="Test,signature="${SIG}`],
    ['a repeated parameter', `keyId="a",keyId="b",signature="${SIG}"`],
    ['no keyId', `algorithm="rsa-sha256",signature="${SIG}"`],
    ['an empty keyId', `keyId="",signature="${SIG}"`],
    ['no signature', 'keyId="a",algorithm="rsa-sha256"'],
    ['a signature that is not base64', 'keyId="a",signature="not base64!"'],
    ['a signature of bad length', 'keyId="a",signature="abcde"'],
    ['an empty headers list', `keyId="a",headers=" ",signature="${SIG}"`],
    ['a trailing comma', `keyId="a",signature="${SIG}",`],
    ['junk between parameters', `keyId="a" x signature="${SIG}"`],
    ['not name=value pairs at all', 'rsa-sha256 c2lnbmF0dXJl'],
    ['an empty header', ''],
  ])('Auth.signature.valid: rejects %s as malformed', (_label, header) => {
    expect(() => parseSignatureHeader(header)).toThrow(SignatureHeaderError);
  });
});
