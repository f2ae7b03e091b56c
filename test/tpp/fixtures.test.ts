import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readRequests, judgeRequest, type RecordedRequest } from '../../tpp/index.js';

/**
 * Every recorded request under test/fixtures/verify/ (made by make-fixtures.ts) with, written here by hand, the
 * exact set of requirement ids verify must fail and words its likely cause must contain. Judged at the time the
 * fixtures were recorded.
 */
const DIR = fileURLToPath(new URL('../fixtures/verify/', import.meta.url));
const RECORDED = new Date('2026-11-20T10:00:00Z');

interface Expected {
  ids: string[];
  /** Requirement id → words its finding's cause contains. */
  causes?: Record<string, string>;
  /** Words one of the notes contains. */
  note?: string;
}

const VALID: Expected = { ids: [] };

const EXPECTED: Record<string, Expected> = {
  // Valid requests, each a different operation, format or tolerated form.
  'valid-ncbct.http': VALID,
  'valid-sct.curl': VALID,
  'valid-bulk-and-sct.har#1': VALID,
  'valid-bulk-and-sct.har#2': VALID,
  'valid-sandbox-engagement.http': { ids: [], note: '/api-sandbox before /v1 taken as the base path' },
  'valid-get-transactions.curl': VALID,
  'valid-get-basket.http': VALID,
  'valid-rfc2047-whole-value.http': { ids: [], note: 'one RFC 2047 encoded word' },
  'valid-nordic-ca-rfc2047.http': { ids: [], note: 'one RFC 2047 encoded word' },
  'valid-rfc2047-per-value.http': {
    ids: [],
    note: 'keyId is an RFC 2047 encoded word (decoded: SN=3C5E7A9B1D2F40618293A4B5C6D7E8F9,CA=CN=Blåbær Test CA',
  },
  'valid-odd-case.http': {
    ids: [],
    note: 'header names in their own case (pSu-Id, tpp-REDIRECT-uri, X-REQUEST-ID) are fine',
  },
  'valid-sha512-lower-case-token.http': VALID,
  'valid-x-psu-identity.curl': VALID,
  'valid-request-target.http': VALID,
  'unknown-operation.http': {
    ids: [],
    note: 'no operation of interface.md is POST /v1/consents: only its signing is judged',
  },
  'several.http#1': VALID,
  // Digest and body.
  'body-reserialised.http': {
    ids: ['Auth.digest.matchesBody'],
    causes: {
      'Auth.digest.matchesBody':
        'the body was re-serialised after the Digest: the Digest matches the body without spaces',
    },
  },
  'digest-other-encoding.http': {
    ids: ['Auth.digest.matchesBody'],
    causes: {
      'Auth.digest.matchesBody': 'the Digest is over the body in another encoding: it matches the ISO-8859-1 bytes',
    },
  },
  'digest-curl-data-newline.curl': {
    ids: ['Auth.digest.matchesBody'],
    causes: {
      'Auth.digest.matchesBody':
        'the Digest matches bodies/ncbct.json as it is, line breaks included, but curl -d @file sends it without ' +
        'them: send it with --data-binary @bodies/ncbct.json',
    },
    note: 'curl -d @bodies/ncbct.json sends the file without its line breaks',
  },
  'digest-missing.http': { ids: ['Headers.Digest.requiredWithBody'] },
  'body-not-json.curl': {
    ids: ['Body.json'],
    causes: { 'Body.json': 'the body is form-encoded' },
    note: 'Content-Type is "application/x-www-form-urlencoded" (curl -d\'s default)',
  },
  'body-schema.har#1': { ids: ['NCBCT.creditorName.max70'] },
  // Headers.
  'headers-missing.http': {
    ids: ['Headers.TPP-Session-ID.required', 'Headers.x-accept-fix.required'],
    causes: { 'Headers.x-accept-fix.required': 'send x-accept-fix: amount-as-string' },
  },
  'psu-id-national-identity.curl': {
    ids: ['Headers.PSU-ID.uuid'],
    causes: { 'Headers.PSU-ID.uuid': 'that belongs in X-PSU-IDENTITY' },
  },
  'psu-ip-with-port.http': {
    ids: ['Headers.PSU-IP-Address.ip'],
    causes: { 'Headers.PSU-IP-Address.ip': 'send the port in PSU-IP-Port' },
  },
  'header-twice.http': {
    ids: ['Headers.sentOnce', 'Auth.signature.valid'],
    causes: { 'Auth.signature.valid': 'with only the first x-request-id value' },
  },
  'certificate-missing.http': { ids: ['Headers.TPP-Signature-Certificate.required'] },
  'unsigned-get-basket.http': {
    ids: ['Auth.signature.required', 'Auth.certificate.required'],
  },
  'certificate-pem.http': {
    ids: ['Auth.certificate.required'],
    causes: {
      'Auth.certificate.required':
        'the certificate in TPP-Signature-Certificate is PEM with BEGIN/END lines, expected base64 DER',
    },
  },
  // Signature.
  'keyid-lower-case-leading-zero.http': {
    ids: ['Auth.signature.keyId.platformForm'],
    causes: {
      'Auth.signature.keyId.platformForm':
        'keyId serial is lower-case with a leading zero; the platform writes upper-case without leading zeros',
    },
  },
  'keyid-dn-variant.curl': {
    ids: ['Auth.signature.keyId.platformForm'],
    causes: {
      'Auth.signature.keyId.platformForm':
        'keyId CA writes spaces as %20, has spaces after the commas, lists the attributes least specific first',
    },
  },
  'keyid-other-certificate.http': {
    ids: ['Auth.signature.keyId.form'],
    causes: { 'Auth.signature.keyId.form': 'they are two different certificates' },
  },
  'keyid-decimal-serial.http': {
    ids: ['Auth.signature.keyId.form'],
    causes: { 'Auth.signature.keyId.form': "keyId serial is the certificate's serial in decimal" },
  },
  'psu-id-not-signed.http': {
    ids: ['Auth.signature.headers'],
    causes: { 'Auth.signature.headers': 'psu-id is present but not signed' },
  },
  'several.http#2': {
    ids: ['Auth.signature.headers'],
    causes: { 'Auth.signature.headers': 'x-request-id is present but not signed' },
  },
  'date-missing.http': {
    ids: ['Auth.signature.headers'],
    causes: { 'Auth.signature.headers': 'send Date as an HTTP-date' },
  },
  'signature-original-case.http': {
    ids: ['Auth.signature.valid'],
    causes: {
      'Auth.signature.valid': 'the signature verifies over a signing string with header names in their original case',
    },
  },
  'signature-request-target-unlisted.http': {
    ids: ['Auth.signature.valid'],
    causes: { 'Auth.signature.valid': 'the signature verifies over a signing string with (request-target)' },
  },
  'signature-without-digest-line.curl': {
    ids: ['Auth.signature.valid'],
    causes: { 'Auth.signature.valid': 'the signature verifies over a signing string without the Digest line' },
  },
  'signature-header-changed.http': {
    ids: ['Auth.signature.valid'],
    causes: { 'Auth.signature.valid': 'a signed header value changed after signing' },
  },
  'algorithm-hs2019.http': {
    ids: ['Auth.signature.algorithm'],
    causes: { 'Auth.signature.algorithm': 'hs2019 is the name of later drafts' },
  },
  'rfc2047-missing.http': {
    ids: ['Auth.signature.rfc2047'],
    causes: { 'Auth.signature.rfc2047': '=?utf-8?B?<base64 of the value>?=' },
  },
  'rfc2047-bad-base64.http': {
    ids: ['Auth.signature.rfc2047'],
    causes: { 'Auth.signature.rfc2047': 'the RFC 2047 word is not valid base64' },
  },
  'date-skew.http': {
    ids: ['Auth.date.window'],
    causes: { 'Auth.date.window': 'the request was signed long before it was sent' },
  },
  'date-iso-8601.http': { ids: ['Auth.date.window'], causes: { 'Auth.date.window': 'Date is ISO 8601' } },
};

const FILES = readdirSync(DIR).filter((f) => /\.(http|curl|har)$/.test(f));
const requests: RecordedRequest[] = FILES.flatMap(
  (file) => readRequests(readFileSync(join(DIR, file)), { name: file, path: join(DIR, file) }).requests,
);

describe('verify judges every recorded fixture with the right requirement ids and causes', () => {
  it('has at least 25 recorded requests in HAR, curl and raw HTTP, and an expectation for each', () => {
    expect(requests.length).toBeGreaterThanOrEqual(25);
    for (const ext of ['.har', '.curl', '.http'])
      expect(
        FILES.some((f) => f.endsWith(ext)),
        ext,
      ).toBe(true);
    expect(requests.map((r) => r.source).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(requests.map((r) => [r.source as string, r] as const))('%s', (source, request) => {
    const expected = EXPECTED[source] as Expected;
    const verdict = judgeRequest(request, { now: RECORDED });
    const ids = [...new Set(verdict.findings.map((f) => f.requirementId))].sort();
    expect(ids, JSON.stringify(verdict.findings, null, 2)).toEqual([...expected.ids].sort());
    for (const [id, words] of Object.entries(expected.causes ?? {}))
      expect(
        verdict.findings.filter((f) => f.requirementId === id).map((f) => f.cause ?? ''),
        id,
      ).toContainEqual(expect.stringContaining(words));
    if (expected.note) expect(verdict.notes).toContainEqual(expect.stringContaining(expected.note));
    expect(verdict.conforms).toBe(verdict.findings.every((f) => f.level !== 'MUST'));
  });

  it('names the SHOULD-only fixtures conformant: a platform-form remark or a skewed Date is not a MUST failure', () => {
    const judged = (source: string) =>
      judgeRequest(requests.find((r) => r.source === source) as RecordedRequest, { now: RECORDED });
    for (const source of [
      'keyid-lower-case-leading-zero.http',
      'keyid-dn-variant.curl',
      'date-skew.http',
      'psu-ip-with-port.http',
    ])
      expect(judged(source).conforms, source).toBe(true);
    for (const source of ['body-reserialised.http', 'keyid-other-certificate.http', 'rfc2047-missing.http'])
      expect(judged(source).conforms, source).toBe(false);
  });

  it('says how far Date is off, and from which clock', () => {
    const skewed = requests.find((r) => r.source === 'date-skew.http') as RecordedRequest;
    expect(judgeRequest(skewed, { now: RECORDED }).findings[0]?.message).toBe(
      'Date is 612 s behind the given time (--now); a bank allows a few minutes (here 300 s)',
    );
    expect(judgeRequest(skewed, { now: RECORDED, maxSkewSeconds: 700 }).findings).toEqual([]);
    const later = judgeRequest(skewed, {}).findings[0]?.message ?? '';
    expect(later).toMatch(/^Date is \d+ s (behind|ahead of) this machine's clock/);
  });
});
