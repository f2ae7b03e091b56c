import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MAX_WORD_LENGTH,
  NORWEGIAN_CA_SUBJECT,
  buildKeyId,
  certificateFacts,
  createCertificateAuthority,
  identityFrom,
  issueTppCertificate,
  matchKeyId,
  norwegianTestIdentity,
  signRequest,
  testIdentity,
  verifySignature,
  type SignOptions,
  type SigningIdentity,
} from '../../signing/index.js';

/**
 * interface.md › Authentication 1 and 2 with an issuer DN that is not ASCII (Norwegian issuers' names can hold æøå).
 */
const ISSUER = 'CN=Bankenes Testsertifikat Ærø,O=Bankenes Betalingssentral Blåbær AS,C=NO';
const KEY_ID = `SN=1A2B3C,CA=${ISSUER}`;
/** KEY_ID as RFC 2047 B words of at most 75 characters, cut between characters (worked out apart from this code). */
const KEY_ID_WORDS =
  '=?utf-8?B?U049MUEyQjNDLENBPUNOPUJhbmtlbmVzIFRlc3RzZXJ0aWZpa2F0IMOGcsO4?= ' +
  '=?utf-8?B?LE89QmFua2VuZXMgQmV0YWxpbmdzc2VudHJhbCBCbMOlYsOmciBBUyxDPU5P?=';

function identityUnder(caSubject: typeof NORWEGIAN_CA_SUBJECT, serialHex: string): SigningIdentity {
  const ca = createCertificateAuthority({ keyBits: 1024, subject: caSubject });
  const tpp = issueTppCertificate(ca, { keyBits: 1024, serialHex });
  return identityFrom(new X509Certificate(tpp.certificatePem), tpp.privateKey);
}
const norwegian = identityUnder(NORWEGIAN_CA_SUBJECT, '1A2B3C');

const NOW = new Date('2026-11-23T10:00:00Z');
const request = {
  method: 'POST',
  target: '/v1/payments/norwegian-cross-border-credit-transfers',
  headers: {
    'X-Request-ID': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
    'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001',
    'TPP-Redirect-URI': 'https://tpp.example/callback',
    'Content-Type': 'application/json',
  },
  body: '{"instructedAmount":{"amount":"1.00","currency":"NOK"}}',
};
const sign = (identity: SigningIdentity, options: SignOptions = {}) =>
  signRequest(request, identity, { now: () => NOW, ...options });
const verify = (headers: Record<string, string>) =>
  verifySignature(
    { method: request.method, target: request.target, headers, body: Buffer.from(request.body) },
    { now: () => NOW },
  );

describe('a signing identity whose issuer DN has æ, ø and å (Authentication 1 and 2)', () => {
  it('keyId carries the issuer DN in UTF-8, in the platform form', () => {
    expect(norwegian.issuerDn).toBe(ISSUER);
    expect(buildKeyId(norwegian)).toBe(KEY_ID);
  });

  it('per-value form: keyId alone becomes encoded words of at most 75 characters; the rest stays as it was', () => {
    const plain = sign(norwegian, { signatureEncoding: 'never' }).Signature as string;
    const perValue = sign(norwegian, { signatureEncoding: 'per-value' }).Signature as string;
    expect(plain.startsWith(`keyId="${KEY_ID}",algorithm="rsa-sha256",`)).toBe(true);
    expect(perValue).toBe(plain.replace(`keyId="${KEY_ID}"`, `keyId="${KEY_ID_WORDS}"`));
    for (const word of KEY_ID_WORDS.split(' ')) expect(word.length).toBeLessThanOrEqual(MAX_WORD_LENGTH);
  });

  it("whole-value form (the platform's): the entire value as one UTF-8 B word, longer than 75 characters", () => {
    const plain = sign(norwegian, { signatureEncoding: 'never' }).Signature as string;
    const whole = sign(norwegian).Signature as string;
    expect(whole).toBe(`=?utf-8?B?${Buffer.from(plain, 'utf8').toString('base64')}?=`);
    expect(whole.length).toBeGreaterThan(MAX_WORD_LENGTH);
    // An ASCII keyId needs no encoding: the default sends it as it is.
    expect(sign(identityUnder({ commonName: 'Plain CA', country: 'NO' }, '0A')).Signature).toMatch(/^keyId="SN=A,/);
  });

  it.each<[string, SignOptions]>([
    ['whole value, UTF-8, B', {}],
    ['per value, UTF-8, B', { signatureEncoding: 'per-value' }],
    ['per value, UTF-8, Q', { signatureEncoding: 'per-value', rfc2047: { encoding: 'Q' } }],
    ['per value, ISO-8859-1, B', { signatureEncoding: 'per-value', rfc2047: { charset: 'iso-8859-1' } }],
    ['whole value, ISO-8859-1, Q', { rfc2047: { charset: 'iso-8859-1', encoding: 'Q' } }],
  ])('the verifier accepts the signed request (%s) and matches keyId against the issuer', (_, options) => {
    const headers = sign(norwegian, options);
    expect(headers.Signature).toMatch(/=\?(utf-8|iso-8859-1)\?[BQ]\?/);
    expect(verify(headers)).toEqual({
      ok: true,
      keyId: KEY_ID,
      signedHeaders: ['date', 'digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'],
    });
  });

  it('a DN value holding a double quote survives both forms (decoded after parsing, not before)', () => {
    const quoted = identityUnder({ commonName: 'Blåbær "Test" CA', country: 'NO' }, '0B');
    expect(buildKeyId(quoted)).toBe('SN=B,CA=CN=Blåbær \\"Test\\" CA,C=NO');
    expect(verify(sign(quoted, { signatureEncoding: 'per-value' })).ok).toBe(true);
    expect(verify(sign(quoted)).ok).toBe(true);
  });

  it('refuses a keyId whose issuer differs only in a letter: ø for o is another issuer', () => {
    const headers = sign(norwegian, { signatureEncoding: 'never' });
    const wrong = headers.Signature!.replace('Ærø', 'Æro');
    const result = verify({ ...headers, Signature: wrong });
    expect(result).toMatchObject({ ok: false, reason: 'keyid-mismatch' });
  });

  it(
    'matches the issuer however keyId writes æøå: decomposed ' + '(NFD), RFC 4514 hex escapes, percent-encoded UTF-8',
    () => {
      const facts = certificateFacts(norwegian.certificateDer);
      expect(matchKeyId(KEY_ID.normalize('NFD'), facts)).toEqual({ ok: true });
      expect(KEY_ID.normalize('NFD')).not.toBe(KEY_ID);
      const hex = KEY_ID.replace('Ærø', '\\C3\\86r\\C3\\B8').replace('Blåbær', 'Bl\\C3\\A5b\\C3\\A6r');
      expect(matchKeyId(hex, facts)).toEqual({ ok: true });
      const percent = KEY_ID.replace('Ærø', '%C3%86r%C3%B8').replace(/ /g, '%20');
      expect(matchKeyId(percent, facts)).toEqual({ ok: true });
    },
  );
});

describe('norwegianTestIdentity', () => {
  const dir = mkdtempSync(join(tmpdir(), 'psd2-norwegian-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated once and cached beside the ASCII test identity, issued by the Norwegian test CA', async () => {
    const identity = await norwegianTestIdentity({ cacheDir: dir });
    expect(identity.issuerDn).toBe(ISSUER);
    expect(buildKeyId(identity)).toMatch(
      /^SN=[0-9A-F]+,CA=CN=Bankenes Testsertifikat Ærø,O=Bankenes Betalingssentral Blåbær AS,C=NO$/,
    );
    expect(existsSync(join(dir, 'test-identity-norwegian-ca.json'))).toBe(true);
    const ascii = await testIdentity({ cacheDir: dir });
    expect(ascii.issuerDn).not.toBe(identity.issuerDn);
    expect(ascii.serialHex).not.toBe(identity.serialHex);
    expect((await norwegianTestIdentity({ cacheDir: dir })).serialHex).toBe(identity.serialHex);
    expect(verify(sign(identity)).ok).toBe(true);
  });
});
