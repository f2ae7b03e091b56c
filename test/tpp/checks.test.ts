import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { certificateFacts } from '../../signing/index.js';
import { judgeCertificate } from '../../tpp/verify/signature/certificate.js';
import { judgeDigest } from '../../tpp/verify/digest.js';
import { headerLines, maskNationalId, matchOperation, judgeRequest } from '../../tpp/index.js';
import { judgeKeyId } from '../../tpp/verify/signature/keyid.js';

/** The single checks behind judgeRequest, on the mistakes the fixtures do not each carry. */

const pem = readFileSync(new URL('../fixtures/verify/tpp-certificate.pem', import.meta.url), 'utf8');
const facts = certificateFacts(new X509Certificate(pem));
const der = facts.x509.raw.toString('base64');
const ISSUER = 'CN=Verify Test CA,O=Example Bank AS,C=NO';
const SERIAL = '9A4F00C1E2D3B4A5968778695A4B3C2D';

describe("node's rawHeaders", () => {
  it('pair up into header lines, names and repeats kept', () => {
    expect(headerLines(['Host', 'b', 'psu-id', 'x', 'PSU-ID', 'y'])).toEqual([
      ['Host', 'b'],
      ['psu-id', 'x'],
      ['PSU-ID', 'y'],
    ]);
  });
});

describe('operation by method and path', () => {
  it.each([
    ['POST', '/v1/payments/norwegian-cross-border-credit-transfers', undefined, 'ncbct.create', undefined],
    ['GET', '/v1/payments/sepa-credit-transfers/enc!!abc==/status', undefined, 'payment.status', undefined],
    ['POST', '/v1/sandbox/agreements', undefined, 'sandbox.agreement.create', undefined],
    ['POST', '/v1/sandbox/agreements/a1/engagements', undefined, 'sandbox.engagement.create', undefined],
    ['POST', '/api-sandbox/v1/sandbox/card-accounts', '/api-sandbox', 'sandbox.cardAccount.create', '/api-sandbox'],
    ['POST', '/gw/psd2/v1/bulk-payments/norwegian-domestic-credit-transfers', undefined, 'bulk.create', '/gw/psd2'],
    ['GET', '/v1/payments/norwegian-cross-border-credit-transfers', undefined, undefined, undefined],
  ])('%s %s (base path %s) is %s', (method, path, basePath, id, base) => {
    const match = matchOperation(method, path, basePath);
    expect(match.operation?.id).toBe(id);
    expect(match.basePath).toBe(base);
  });
});

describe('Digest: the likely cause of a mismatch', () => {
  const body = Buffer.from('{"creditorName":"Blåbær AS","n":[1,2]}');
  const json = { value: JSON.parse(body.toString()) as unknown };
  const sha = (bytes: Buffer | string, algorithm = 'sha256') => createHash(algorithm).update(bytes).digest();
  const cause = (header: string) => judgeDigest({ header, body, json })[0]?.cause;

  it('is silent when the Digest matches, whatever the case of the algorithm token', () => {
    expect(judgeDigest({ header: `sha-256=${sha(body).toString('base64')}`, body, json })).toEqual([]);
    expect(judgeDigest({ header: `SHA-512=${sha(body, 'sha512').toString('base64')}`, body, json })).toEqual([]);
  });

  it('names the closed list, not the match, when only an unnamed algorithm is given (MD5, SHA-384)', () => {
    for (const [token, hash] of [
      ['MD5', 'md5'],
      ['SHA-384', 'sha384'],
    ] as const) {
      const header = `${token}=${sha(body, hash).toString('base64')}`;
      expect(judgeDigest({ header, body, json }).map((f) => f.requirementId)).toEqual(['Auth.digest.algorithm']);
    }
  });

  it.each([
    [`SHA-256=${sha(body).toString('hex')}`, 'the Digest is the hash in hex'],
    [`SHA-256=${sha(body).toString('base64url')}`, 'base64url alphabet'],
    [
      `SHA-256=${sha(body, 'sha512').toString('base64')}`,
      'the value is the SHA-512 hash of the body, labelled SHA-256',
    ],
    [
      `SHA-256=${sha('{\n  "creditorName": "Blåbær AS",\n  "n": [\n    1,\n    2\n  ]\n}').toString('base64')}`,
      'the body pretty-printed with 2 spaces',
    ],
    [
      `SHA-256=${sha('{"creditorName": "Bl\\u00e5b\\u00e6r AS", "n": [1, 2]}').toString('base64')}`,
      "Python's json.dumps",
    ],
    [`SHA-256=${sha('').toString('base64')}`, 'the Digest is of an empty body'],
    [sha(body).toString('base64'), 'the algorithm label is missing'],
    [`SHA256=${sha(body).toString('base64')}`, 'RFC 5843 names it SHA-256'],
    [`MD5=${createHash('md5').update(body).digest('base64')}`, 'interface.md names SHA-256 and SHA-512'],
    [`SHA-256=${sha('something else').toString('base64')}`, 'the body was changed after the Digest was computed'],
  ])('%s: %s', (header, words) => {
    expect(cause(header)).toContain(words);
  });
});

describe('keyId against the certificate', () => {
  const ids = (keyId: string) => judgeKeyId(keyId, facts).map((f) => [f.requirementId, f.level, f.cause]);

  it("is silent for the platform's own form", () => {
    expect(judgeKeyId(`SN=${SERIAL},CA=${ISSUER}`, facts)).toEqual([]);
  });

  it.each([
    [SERIAL, 'Auth.signature.keyId.form', 'keyId is the bare serial'],
    [`SN=${SERIAL}`, 'Auth.signature.keyId.form', 'keyId has no CA=<issuer DN>'],
    [
      `SN=${SERIAL},CA=CN=psd2-conformance Test TPP,O=psd2-conformance Test TPP AS,C=NO`,
      'Auth.signature.keyId.form',
      "CA= names the certificate's own subject",
    ],
    [`SN=${SERIAL},CA=CN=Verify Test CA,C=NO`, 'Auth.signature.keyId.form', undefined],
    [`SN=0x${SERIAL},CA=${ISSUER}`, 'Auth.signature.keyId.platformForm', 'keyId serial is with a 0x prefix'],
    [
      `SN=${SERIAL},CA=cn=Verify Test CA,o=Example Bank AS,c=NO`,
      'Auth.signature.keyId.platformForm',
      'writes attribute names in lower case',
    ],
  ])('%s', (keyId, id, cause) => {
    const found = ids(keyId);
    if (id === undefined) expect(found).toEqual([]);
    else
      expect(found).toEqual([
        [
          id,
          id.endsWith('platformForm') ? 'SHOULD' : 'MUST',
          cause === undefined ? undefined : expect.stringContaining(cause),
        ],
      ]);
  });
});

describe('TPP-Signature-Certificate', () => {
  it('accepts base64 DER and reads the certificate from the usual wrong forms, naming each', () => {
    expect(judgeCertificate(der)).toMatchObject({ findings: [] });
    const cases: [string, string][] = [
      [Buffer.from(pem).toString('base64'), 'the PEM text was base64-encoded once more'],
      [der.replace(/(.{64})/g, '$1 '), 'the base64 holds spaces or line breaks'],
      [facts.x509.raw.toString('base64url'), 'base64url alphabet'],
    ];
    for (const [value, words] of cases) {
      const verdict = judgeCertificate(value);
      expect(verdict.facts?.serialHex, words).toBe(SERIAL);
      expect(verdict.findings.map((f) => [f.requirementId, f.cause])).toEqual([
        ['Auth.certificate.required', expect.stringContaining(words)],
      ]);
    }
    expect(judgeCertificate('bm90IGEgY2VydGlmaWNhdGU=').findings.map((f) => f.message)).toEqual([
      'TPP-Signature-Certificate does not parse as an X.509 certificate',
    ]);
  });
});

describe('secrets and the rest of a request', () => {
  const request = (headers: [string, string][], url = '/v1/payments/sepa-credit-transfers') =>
    judgeRequest({ method: 'POST', url, headers, body: Buffer.from('{}') }, { now: new Date() });

  it('masks a national identity number wherever a finding quotes it', () => {
    expect(maskNationalId('01017012345')).toBe('*********45');
    const verdict = request([
      ['X-PSU-IDENTITY', '01017012345'],
      ['X-PSU-IDENTITY', '01017054321'],
    ]);
    const text = JSON.stringify(verdict);
    expect(text).not.toMatch(/01017012345|01017054321/);
    expect(verdict.findings.find((f) => f.requirementId === 'Headers.sentOnce')?.message).toBe(
      'X-PSU-IDENTITY is sent 2 times; a server reads "*********45, *********21"',
    );
  });

  it('judges the query and the corporate rule where interface.md states them', () => {
    const verdict = request(
      [
        ['PSU-Context', 'CORPORATE'],
        ['PSU-HTTP-Method', 'post'],
      ],
      '/v1/payments/sepa-credit-transfers?allowLogicalDuplicate=1',
    );
    const by = (id: string) => verdict.findings.find((f) => f.requirementId === id);
    expect(by('Payment.allowLogicalDuplicate.query')?.cause).toBe('write true or false, not 1 or 0');
    expect(by('Errors.corporateWithoutCorporateId.400')?.message).toBe(
      'PSU-Context is CORPORATE but PSU-Corporate-ID is missing',
    );
    expect(by('Headers.PSU-HTTP-Method.enum')?.cause).toBe('the value is in the wrong case: write POST');
    expect(verdict.notes).toContain('the request is not signed: nothing to rebuild');
    expect(verdict.conforms).toBe(false);
  });
});

describe('a read of a basket, whose required headers interface.md does not show', () => {
  const get = (headers: [string, string][]) =>
    judgeRequest({ method: 'GET', url: '/v1/signing-baskets/b-1', headers }, { now: new Date() });

  it('unsigned breaks Authentication 1 and 3, since every request is signed', () => {
    const verdict = get([['PSU-ID', '2d3e4f50-0000-4000-8000-000000000001']]);
    expect(verdict.operation?.id).toBe('basket.get');
    expect(verdict.findings.map((f) => [f.level, f.requirementId, f.message])).toEqual([
      [
        'MUST',
        'Auth.signature.required',
        "Signature is missing: every request is signed (Authentication 1), whichever headers basket.get's own list " +
          'requires',
      ],
      [
        'MUST',
        'Auth.certificate.required',
        'TPP-Signature-Certificate is missing: every request is signed (Authentication 3), whichever headers ' +
          "basket.get's own list requires",
      ],
    ]);
    expect(verdict.conforms).toBe(false);
  });

  it('asks nothing of the headers operation 2 leaves open (no X-Request-ID or PSU-ID finding)', () => {
    const ids = get([['Signature', '']]).findings.map((f) => f.requirementId);
    expect(ids).toEqual(['Auth.signature.required', 'Auth.certificate.required']);
  });
});

describe('any request', () => {
  const headerName = fc.constantFrom(
    'Signature',
    'Digest',
    'TPP-Signature-Certificate',
    'Date',
    'PSU-ID',
    'X-Request-ID',
    'psu-id',
  );
  const signatureLike = fc.oneof(
    fc.string(),
    fc
      .tuple(fc.string(), fc.string(), fc.string())
      .map(([k, h, s]) => `keyId="${k}",algorithm="rsa-sha256",headers="${h}",signature="${s}"`),
    fc.string().map((s) => `=?utf-8?B?${Buffer.from(s).toString('base64')}?=`),
  );
  const request = fc.record({
    method: fc.constantFrom('GET', 'POST', 'put'),
    url: fc.constantFrom(
      '/v1/payments/sepa-credit-transfers',
      'https://b/api/v1/sandbox/accounts/x/transactions?limit=0',
      '/',
      '',
    ),
    headers: fc.array(fc.tuple(headerName, signatureLike)),
    body: fc.uint8Array({ maxLength: 64 }),
  });

  it('gets a verdict, never an exception, and conforms exactly when no MUST rule is broken', () => {
    fc.assert(
      fc.property(request, (r) => {
        const verdict = judgeRequest(r, { now: new Date('2026-11-20T10:00:00Z') });
        expect(verdict.conforms).toBe(!verdict.findings.some((f) => f.level === 'MUST'));
      }),
      { numRuns: 300, seed: 17 },
    );
  });
});
