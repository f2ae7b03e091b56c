import { createPrivateKey, sign, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildKeyId,
  buildSignatureHeader,
  encodeWord,
  containsEncodedWord,
  createCertificateAuthority,
  decodeRfc2047,
  digestHeader,
  identityFrom,
  issueTppCertificate,
  parseSignatureHeader,
  signRequest,
  verifySignature,
  type SigningIdentity,
} from '../../signing/index.js';
import { ecCertificate, hasOpenssl } from './openssl.js';

const ca = createCertificateAuthority({ keyBits: 1024 });
const tpp = issueTppCertificate(ca, { keyBits: 1024 });
const identity = identityFrom(tpp.certificateDer, tpp.privateKey);
const NOW = new Date('2026-03-02T10:00:00Z');
const now = () => NOW;
const BODY = Buffer.from('{"instructedAmount":{"currency":"NOK","amount":"1.00"}}');
const TARGET = '/v1/payments/norwegian-cross-border-credit-transfers';
const PSU = {
  'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001',
  'TPP-Redirect-URI': 'https://tpp.example/cb',
  'PSU-IP-Address': '192.0.2.1',
};

function signed(
  headers: Record<string, string> = PSU,
  options: Parameters<typeof signRequest>[2] = {},
  who: SigningIdentity = identity,
  body: Buffer | null = BODY,
) {
  const out = signRequest({ method: 'POST', target: TARGET, headers, ...(body ? { body } : {}) }, who, {
    now,
    ...options,
  });
  return {
    out,
    verify: (opts: Parameters<typeof verifySignature>[1] = {}) =>
      verifySignature({ method: 'POST', target: TARGET, headers: out, ...(body ? { body } : {}) }, { now, ...opts }),
  };
}

const signature = (headers: Record<string, string>) => {
  const raw = headers.Signature as string;
  return parseSignatureHeader(containsEncodedWord(raw) ? decodeRfc2047(raw) : raw);
};

describe('signRequest', () => {
  it('adds Date (IMF-fixdate), X-Request-ID, Digest, TPP-Signature-Certificate and Signature', () => {
    const { out } = signed();
    expect(out.Date).toBe('Mon, 02 Mar 2026 10:00:00 GMT');
    expect(out['X-Request-ID']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(out.Digest).toBe(digestHeader(BODY));
    // The PEM body without armour and line breaks (platform-notes.md).
    expect(out['TPP-Signature-Certificate']).toBe(
      tpp.certificatePem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''),
    );
    expect(Object.keys(out)).toEqual([
      'PSU-ID',
      'TPP-Redirect-URI',
      'PSU-IP-Address',
      'Date',
      'X-Request-ID',
      'Digest',
      'TPP-Signature-Certificate',
      'Signature',
    ]);
  });

  it(
    'Auth.signature.headers: signs date digest x-request-id psu-id psu-corporate-id ' +
      'tpp-redirect-uri, the optional ones when present',
    () => {
      expect(signature(signed().out).headers).toEqual(['date', 'digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri']);
      expect(signature(signed({ ...PSU, 'PSU-Corporate-ID': 'corp-1' }).out).headers).toEqual([
        'date',
        'digest',
        'x-request-id',
        'psu-id',
        'psu-corporate-id',
        'tpp-redirect-uri',
      ]);
      expect(signature(signed({}, {}, identity, null).out).headers).toEqual(['date', 'x-request-id']);
    },
  );

  it('Auth.signature.algorithm: names rsa-sha256 and the platform-form keyId', () => {
    const params = signature(signed().out);
    expect(params.algorithm).toBe('rsa-sha256');
    expect(params.keyId).toBe(
      `SN=${identity.serialHex.replace(/^0+/, '')},CA=CN=psd2-conformance Test CA,O=psd2-conformance,C=NO`,
    );
  });

  it('keeps a given Date, X-Request-ID and Digest, and adds (request-target) and extra headers on request', () => {
    const given = {
      ...PSU,
      date: 'Mon, 02 Mar 2026 09:59:00 GMT',
      'x-request-id': 'given-id',
      Digest: digestHeader(BODY, 'SHA-512'),
      Host: 'bank.example',
    };
    const { out, verify: check } = signed(given, {
      requestTarget: true,
      extraHeaders: ['host', 'psu-ip-address', 'absent-header'],
    });
    expect(out.date).toBe(given.date);
    expect(out['x-request-id']).toBe('given-id');
    expect(out.Digest).toBe(given.Digest);
    expect(signature(out).headers).toEqual([
      '(request-target)',
      'date',
      'digest',
      'x-request-id',
      'psu-id',
      'tpp-redirect-uri',
      'host',
      'psu-ip-address',
    ]);
    expect(check().ok).toBe(true);
  });

  it('signs with SHA-512 digests on request', () => {
    const { out, verify: check } = signed(PSU, { digestAlgorithm: 'SHA-512' });
    expect(out.Digest).toBe(digestHeader(BODY, 'SHA-512'));
    expect(check()).toMatchObject({ ok: true });
  });

  it('the signature verifies with plain node:crypto over a signing string rebuilt by hand', () => {
    const { out } = signed({ ...PSU, 'PSU-Corporate-ID': 'corp-1' });
    const text = [
      `date: ${out.Date}`,
      `digest: ${out.Digest}`,
      `x-request-id: ${out['X-Request-ID']}`,
      `psu-id: ${PSU['PSU-ID']}`,
      'psu-corporate-id: corp-1',
      `tpp-redirect-uri: ${PSU['TPP-Redirect-URI']}`,
    ].join('\n');
    const publicKey = new X509Certificate(Buffer.from(out['TPP-Signature-Certificate'] as string, 'base64')).publicKey;
    expect(verify('sha256', Buffer.from(text), publicKey, Buffer.from(signature(out).signature, 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from(`${text}\n`), publicKey, Buffer.from(signature(out).signature, 'base64'))).toBe(
      false,
    );
  });

  it('Auth.signature.rfc2047: sends a non-ASCII header value as encoded words and signs it as sent', () => {
    const { out, verify: check } = signed({ ...PSU, 'PSU-Corporate-ID': 'Blåbær AS' });
    expect(out['PSU-Corporate-ID']).toBe('=?utf-8?B?QmzDpWLDpnIgQVM=?=');
    expect(check()).toMatchObject({ ok: true });
  });

  it(
    'Auth.signature.rfc2047: wraps a non-ASCII Signature value (a CA DN with Æ) ' +
      'whole, as the platform does, and verifies it',
    () => {
      const norwegianCa = createCertificateAuthority({
        keyBits: 1024,
        subject: { commonName: 'Ærlig Tillit CA', organization: 'Ærlig Tillit AS', country: 'NO' },
      });
      const identityÆ = identityFrom(
        issueTppCertificate(norwegianCa, { privateKey: tpp.privateKey }).certificateDer,
        tpp.privateKey,
      );
      expect(identityÆ.issuerDn).toBe('CN=Ærlig Tillit CA,O=Ærlig Tillit AS,C=NO');
      const { out, verify: check } = signed(PSU, {}, identityÆ);
      expect(out.Signature).toMatch(/^=\?utf-8\?B\?[A-Za-z0-9+/]+=*\?=$/);
      expect((out.Signature as string).length).toBeGreaterThan(75);
      expect(signature(out).keyId).toContain('CA=CN=Ærlig Tillit CA,O=Ærlig Tillit AS,C=NO');
      expect(check()).toMatchObject({ ok: true });
    },
  );

  it('Auth.signature.rfc2047: wraps an ASCII Signature value too when asked, in B or Q, ISO-8859-1 or UTF-8', () => {
    for (const rfc2047 of [{ encoding: 'B' as const }, { encoding: 'Q' as const, charset: 'iso-8859-1' as const }]) {
      const { out, verify: check } = signed(PSU, { signatureEncoding: 'always', rfc2047 });
      expect(out.Signature).toMatch(/^=\?(utf-8|iso-8859-1)\?[BQ]\?/);
      expect(check()).toMatchObject({ ok: true });
    }
  });
});

describe('verifySignature', () => {
  it('accepts a fresh signature and names keyId and the signed headers', () => {
    const { out, verify: check } = signed();
    expect(check()).toEqual({
      ok: true,
      keyId: signature(out).keyId,
      signedHeaders: ['date', 'digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'],
    });
  });

  it('Auth.signature.rfc2047: accepts a signature over the decoded text of an encoded-word header value', () => {
    // Some clients sign the text and send the encoded words; interface.md does not say which of the two is signed.
    const headers = {
      ...PSU,
      'PSU-Corporate-ID': 'Blåbær AS',
      Date: NOW.toUTCString(),
      'X-Request-ID': 'r-1',
      Digest: digestHeader(BODY),
      'TPP-Signature-Certificate': identity.certificateBase64,
    };
    const list = ['date', 'digest', 'x-request-id', 'psu-id', 'psu-corporate-id', 'tpp-redirect-uri'];
    const text = list
      .map((h) => `${h}: ${Object.entries(headers).find(([k]) => k.toLowerCase() === h)?.[1]}`)
      .join('\n');
    const bytes = sign('sha256', Buffer.from(text, 'utf8'), identity.privateKey).toString('base64');
    const sent = {
      ...headers,
      'PSU-Corporate-ID': encodeWord('Blåbær AS'),
      Signature: buildSignatureHeader({
        keyId: buildKeyId(identity),
        algorithm: 'rsa-sha256',
        headers: list,
        signature: bytes,
      }),
    };
    expect(verifySignature({ method: 'POST', target: TARGET, headers: sent, body: BODY }, { now })).toMatchObject({
      ok: true,
    });
    expect(
      verifySignature(
        {
          method: 'POST',
          target: TARGET,
          headers: { ...sent, 'PSU-Corporate-ID': encodeWord('Blåbær ASA') },
          body: BODY,
        },
        { now },
      ),
    ).toMatchObject({
      ok: false,
      reason: 'signature-invalid',
    });
  });

  it('allows a clock skew of 300 s by default, and a configured window', () => {
    const { out } = signed();
    const at = (ms: number) => () => new Date(NOW.getTime() + ms);
    const request = { method: 'POST', target: TARGET, headers: out, body: BODY };
    expect(verifySignature(request, { now: at(300_000) }).ok).toBe(true);
    expect(verifySignature(request, { now: at(-300_000) }).ok).toBe(true);
    expect(verifySignature(request, { now: at(301_000) })).toMatchObject({ ok: false, reason: 'date-skew' });
    expect(verifySignature(request, { now: at(-301_000) })).toMatchObject({ ok: false, reason: 'date-skew' });
    expect(verifySignature(request, { now: at(30_000), clockSkewSeconds: 10 })).toMatchObject({
      ok: false,
      reason: 'date-skew',
    });
  });

  it("reads an asctime Date as GMT whatever the machine's time zone (RFC 7231 §7.1.1.1)", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      const { out } = signed({ ...PSU, Date: 'Mon Mar  2 10:00:00 2026' });
      expect(verifySignature({ method: 'POST', target: TARGET, headers: out, body: BODY }, { now })).toMatchObject({
        ok: true,
      });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('Auth.signature.headers: requires Date, and each required header the request carries to be signed', () => {
    const { out } = signed(PSU, { signedHeaders: ['date', 'digest', 'x-request-id', 'psu-id'] });
    expect(verifySignature({ method: 'POST', target: TARGET, headers: out, body: BODY }, { now })).toMatchObject({
      ok: false,
      reason: 'required-header-unsigned',
    });
    const noDate = signed(
      { ...PSU, Date: 'x' },
      { signedHeaders: ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'] },
    ).out;
    delete noDate.Date;
    expect(verifySignature({ method: 'POST', target: TARGET, headers: noDate, body: BODY }, { now })).toMatchObject({
      ok: false,
      reason: 'required-header-unsigned',
    });
  });

  it('Headers.Digest.requiredWithBody: a body without Digest is digest-missing; a GET without body needs none', () => {
    const { out } = signed();
    const { Digest: _digest, ...withoutDigest } = out;
    expect(
      verifySignature({ method: 'POST', target: TARGET, headers: withoutDigest, body: BODY }, { now }),
    ).toMatchObject({ ok: false, reason: 'digest-missing' });
    const get = signRequest({ method: 'GET', target: '/v1/signing-baskets/b1', headers: { ...PSU } }, identity, {
      now,
    });
    expect(get.Digest).toBeUndefined();
    expect(verifySignature({ method: 'GET', target: '/v1/signing-baskets/b1', headers: get }, { now })).toMatchObject({
      ok: true,
    });
    expect(
      verifySignature({ method: 'GET', target: '/v1/signing-baskets/b1', headers: get, body: BODY }, { now }),
    ).toMatchObject({ ok: false, reason: 'required-header-unsigned' });
  });

  it('a header listed in headers but absent from the request is malformed', () => {
    const { out } = signed({ ...PSU, Host: 'bank.example' }, { extraHeaders: ['host'] });
    const { Host: _host, ...withoutHost } = out;
    expect(
      verifySignature({ method: 'POST', target: TARGET, headers: withoutHost, body: BODY }, { now }),
    ).toMatchObject({
      ok: false,
      reason: 'signature-malformed',
    });
  });

  it('checks the certificate against a trust store when given one', () => {
    const { verify: check } = signed();
    expect(check({ trustedCertificates: [ca.certificatePem] })).toMatchObject({ ok: true });
    expect(check({ trustedCertificates: [ca.certificateDer] })).toMatchObject({ ok: true });
    const stranger = createCertificateAuthority({ keyBits: 1024 });
    expect(check({ trustedCertificates: [stranger.certificatePem] })).toMatchObject({
      ok: false,
      reason: 'certificate-untrusted',
    });
  });

  it('accepts PEM armour in TPP-Signature-Certificate, and a Signature repeated is malformed', () => {
    const { out } = signed();
    expect(
      verifySignature(
        {
          method: 'POST',
          target: TARGET,
          headers: { ...out, 'TPP-Signature-Certificate': tpp.certificatePem },
          body: BODY,
        },
        { now },
      ),
    ).toMatchObject({ ok: true });
    expect(
      verifySignature(
        {
          method: 'POST',
          target: TARGET,
          headers: { ...out, Signature: [out.Signature as string, out.Signature as string] },
          body: BODY,
        },
        { now },
      ),
    ).toMatchObject({
      ok: false,
      reason: 'signature-malformed',
    });
  });

  it('Auth.signature.algorithm: rejects an algorithm outside the accepted list', () => {
    const { out } = signed();
    expect(
      verifySignature(
        { method: 'POST', target: TARGET, headers: out, body: BODY },
        { now, algorithms: ['rsa-sha512'] },
      ),
    ).toMatchObject({ ok: false, reason: 'algorithm-unsupported' });
  });

  it.skipIf(!hasOpenssl())(
    'Auth.signature.algorithm: rejects rsa-sha256 with a certificate whose key is not RSA',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'psd2-ec-'));
      try {
        ecCertificate('/CN=EC TPP/O=EC/C=NO', join(dir, 'k.pem'), join(dir, 'c.pem'));
        const ec = identityFrom(
          new X509Certificate(readFileSync(join(dir, 'c.pem'))),
          createPrivateKey(readFileSync(join(dir, 'k.pem'))),
        );
        const { out } = signed(PSU, {}, ec);
        expect(verifySignature({ method: 'POST', target: TARGET, headers: out, body: BODY }, { now })).toMatchObject({
          ok: false,
          reason: 'algorithm-unsupported',
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
