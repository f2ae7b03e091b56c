import { createHash, randomBytes, sign } from 'node:crypto';
import forge from 'node-forge';
import { createCertificateAuthority, issueTppCertificate } from '../signing/certificates.js';
import { signRequest } from '../signing/sign.js';
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

  const nodeRate = rate(prepare(engines['node:crypto'] as Engine), durationMs);
  const forgeRate = rate(prepare(engines['node-forge'] as Engine), durationMs);
  const signRequestRate = rate(
    () => signRequest({ method: 'POST', target: '/v1/payments/sepa-credit-transfers', headers, body }, identity),
    durationMs,
  );
  return {
    name: 'signing',
    operation:
      'Digest (SHA-256) of a 1 KiB body + draft-cavage-10 signing string + RSA-SHA256 signature (2048-bit key)',
    figures: [
      { label: 'node:crypto', value: nodeRate, unit: 'requests/s' },
      { label: 'node-forge', value: forgeRate, unit: 'requests/s' },
      { label: 'signRequest (node:crypto, all headers)', value: signRequestRate, unit: 'requests/s' },
    ],
    ratios: [{ label: 'node:crypto / node-forge', value: nodeRate / forgeRate }],
  };
}

export const signingBench: BenchModule = { name: 'signing', run: benchSigning };
