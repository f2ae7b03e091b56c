import { describe, expect, it } from 'vitest';
import { requirement } from '../../spec/index.js';
import {
  createCertificateAuthority,
  identityFrom,
  issueTppCertificate,
  signRequest,
  TAMPERINGS,
  verifySignature,
} from '../../signing/index.js';

const ca = createCertificateAuthority({ keyBits: 1024 });
const tpp = issueTppCertificate(ca, { keyBits: 1024 });
const identity = identityFrom(tpp.certificateDer, tpp.privateKey);
const now = () => new Date('2026-03-02T10:00:00Z');
const TARGET = '/v1/payments/norwegian-cross-border-credit-transfers';
const body = Buffer.from('{"creditorName":"Blåbær AS"}');

function signedPayment(extra: Record<string, string> = {}) {
  const headers = signRequest(
    {
      method: 'POST',
      target: TARGET,
      headers: {
        'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001',
        'TPP-Redirect-URI': 'https://tpp.example/cb',
        ...extra,
      },
      body,
    },
    identity,
    { now },
  );
  return { headers, body };
}
const check = (m: { headers: Record<string, string>; body?: Uint8Array }) =>
  verifySignature({ method: 'POST', target: TARGET, headers: m.headers, ...(m.body ? { body: m.body } : {}) }, { now });

describe('TAMPERINGS', () => {
  it('the untampered request verifies', () => {
    expect(check(signedPayment())).toMatchObject({ ok: true });
  });

  it.each(TAMPERINGS.map((t) => [t.requirementId ?? 'no interface.md rule', t.name, t] as const))(
    '%s: %s is rejected with its reason',
    (_id, _name, tampering) => {
      const original = signedPayment();
      const snapshot = JSON.stringify(original.headers);
      const tampered = tampering.apply(original);
      expect(check(tampered)).toMatchObject({ ok: false, reason: tampering.expectedReason });
      expect(JSON.stringify(original.headers)).toBe(snapshot); // apply does not change its input
    },
  );

  it.each(TAMPERINGS.map((t) => [t.name, t] as const))(
    '%s: also caught when the Signature value is RFC 2047-wrapped',
    (_name, tampering) => {
      const wrapped = signRequest(
        { method: 'POST', target: TARGET, headers: { 'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001' }, body },
        identity,
        { now, signatureEncoding: 'always' },
      );
      expect(check({ headers: wrapped, body })).toMatchObject({ ok: true });
      expect(check(tampering.apply({ headers: wrapped, body }))).toMatchObject({
        ok: false,
        reason: tampering.expectedReason,
      });
    },
  );

  it('names only requirement ids of the catalogue, and covers every reason but untrusted', () => {
    for (const t of TAMPERINGS) if (t.requirementId) expect(requirement(t.requirementId).id).toBe(t.requirementId);
    const reasons = new Set(TAMPERINGS.map((t) => t.expectedReason));
    for (const r of [
      'signature-missing',
      'signature-malformed',
      'algorithm-unsupported',
      'certificate-missing',
      'certificate-unparsable',
      'keyid-mismatch',
      'digest-missing',
      'digest-mismatch',
      'required-header-unsigned',
      'signature-invalid',
      'date-skew',
    ]) {
      expect(reasons).toContain(r);
    }
  });
});
