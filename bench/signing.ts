import { createHash, randomBytes, randomUUID, sign } from 'node:crypto';
import forge from 'node-forge';
import { createCertificateAuthority, issueTppCertificate } from '../signing/certificates.js';
import { loadConfig } from '../config/index.js';
import { signOptionsFrom, signRequest } from '../signing/sign.js';
import { signingString } from '../signing/signing-string.js';
import { identityFrom } from '../signing/x509.js';
import type { BenchModule, BenchResult } from './types.js';

/** The same steps with either library: Digest of the body, signing string, RSA-SHA256 signature, base64. */
interface Engine {
  digest(body: Buffer): string;
  sign(text: string): string;
}

/** Operations per second of fn, run for about durationMs after a short warm-up. */
function rate(fn: () => void, durationMs: number): number {
  for (let i = 0; i < 3; i++) fn();
  let count = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(durationMs * 1e6));
  let elapsed = 0n;
  while (elapsed < budget || count < 5) {
    fn();
    count++;
    elapsed = process.hrtime.bigint() - start;
  }
  return count / (Number(elapsed) / 1e9);
}

/**
 * Operations per second of each fn, measured in alternating slices of about 50 ms: on a shared machine a load
 * that comes and goes then weighs on both alike, and their ratio stays honest.
 */
function interleavedRates(fns: (() => void)[], durationMs: number): number[] {
  for (const fn of fns) for (let i = 0; i < 3; i++) fn();
  const counts = fns.map(() => 0);
  const nanos = fns.map(() => 0n);
  const slice = BigInt(50e6);
  const rounds = Math.max(1, Math.round(durationMs / 50 / fns.length));
  for (let round = 0; round < rounds; round++)
    for (const [i, fn] of fns.entries()) {
      const start = process.hrtime.bigint();
      let elapsed = 0n;
      while (elapsed < slice) {
        fn();
        counts[i] = (counts[i] as number) + 1;
        elapsed = process.hrtime.bigint() - start;
      }
      nanos[i] = (nanos[i] as bigint) + elapsed;
    }
  return counts.map((c, i) => c / (Number(nanos[i]) / 1e9));
}

/** Signed requests prepared per second for a 1 KiB body, with node:crypto beside node-forge (2048-bit RSA key). */
export async function benchSigning(options: { durationMs?: number } = {}): Promise<BenchResult> {
  const durationMs = options.durationMs ?? 1000;
  const tpp = issueTppCertificate(createCertificateAuthority());
  const identity = identityFrom(tpp.certificateDer, tpp.privateKey);
  const body = randomBytes(1024);
  const headers = {
    'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001',
    'TPP-Redirect-URI': 'https://tpp.example/cb',
    'X-Request-ID': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
    Date: new Date().toUTCString(),
  };
  const forgeKey = forge.pki.privateKeyFromPem(tpp.privateKeyPem);

  const engines: Record<string, Engine> = {
    'node:crypto': {
      digest: (b) => `SHA-256=${createHash('sha256').update(b).digest('base64')}`,
      sign: (text) => sign('sha256', Buffer.from(text, 'utf8'), identity.privateKey).toString('base64'),
    },
    'node-forge': {
      digest: (b) => {
        const md = forge.md.sha256.create();
        md.update(b.toString('binary'));
        return `SHA-256=${forge.util.encode64(md.digest().getBytes())}`;
      },
      sign: (text) => {
        const md = forge.md.sha256.create();
        md.update(text, 'utf8');
        return forge.util.encode64(forgeKey.sign(md));
      },
    },
  };
  const prepare = (engine: Engine) => () => {
    const all = { ...headers, Digest: engine.digest(body) };
    engine.sign(
      signingString({ method: 'POST', target: '/v1/payments/sepa-credit-transfers', headers: all }, [
        'date',
        'digest',
        'x-request-id',
        'psu-id',
        'tpp-redirect-uri',
      ]),
    );
  };

  const forgeRate = rate(prepare(engines['node-forge'] as Engine), durationMs);
  // The suite client's path (suites/support/session.ts): a fresh X-Request-ID and Date, Digest, keyId and
  // certificate, the signing string, RSA, the Signature header; beside node:crypto doing only the cryptography.
  const signOptions = signOptionsFrom(loadConfig({ env: { BASE_URL: '' } }).signing);
  const { Date: _date, 'X-Request-ID': _id, ...suiteHeaders } = headers;
  const [nodeRate, signRequestRate] = interleavedRates(
    [
      prepare(engines['node:crypto'] as Engine),
      () =>
        signRequest(
          {
            method: 'POST',
            target: '/v1/payments/sepa-credit-transfers',
            headers: { ...suiteHeaders, 'X-Request-ID': randomUUID() },
            body,
          },
          identity,
          signOptions,
        ),
    ],
    durationMs * 2,
  ) as [number, number];
  return {
    name: 'signing',
    operation:
      'Digest (SHA-256) of a 1 KiB body + draft-cavage-10 signing string + RSA-SHA256 signature (2048-bit key)',
    figures: [
      { label: 'node:crypto', value: nodeRate, unit: 'requests/s' },
      { label: 'node-forge', value: forgeRate, unit: 'requests/s' },
      { label: 'signRequest (node:crypto, all headers)', value: signRequestRate, unit: 'requests/s' },
    ],
    ratios: [
      { label: 'node:crypto / node-forge', value: nodeRate / forgeRate },
      { label: SIGNING_RATIO_LABEL, value: signRequestRate / nodeRate },
    ],
  };
}

/** The suite client's signing rate over node:crypto's bare one, same process, same core (target ≥ 0.8). */
export const SIGNING_RATIO_LABEL = 'suite client signing / node:crypto (one core)';

export const signingBench: BenchModule = { name: 'signing', run: benchSigning };
