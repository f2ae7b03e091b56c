import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { testIdentity } from '../signing/identity.js';
import { signRequest } from '../signing/sign.js';
import type { BenchModule, BenchResult } from './types.js';

const BIN = new URL('../bin/psd2-conformance.mjs', import.meta.url).pathname;
const PATH = '/v1/payments/norwegian-cross-border-credit-transfers?allowLogicalDuplicate=true';
const CONNECTIONS = 10;
const PRESIGNED = 400;

/** The reference bank in a process of its own, so that the load generator does not share its event loop. */
export async function startServe(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the reference bank did not start: ${out}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += String(d);
      const found = /listening on (http:\/\/\S+)/.exec(out);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the reference bank exited with ${code}: ${out}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Distinct valid NCBCT requests, each signed once up front: the figure is the bank's, not the signer's. */
async function presigned(): Promise<autocannon.Request[]> {
  const identity = await testIdentity();
  return Array.from({ length: PRESIGNED }, (_, i) => {
    const body = JSON.stringify({
      instructedAmount: { amount: `${(i % 900) + 100}.00`, currency: 'NOK' },
      creditorName: 'Max Mustermann GmbH',
      creditorAgent: 'DEUTDEFF',
      creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
      debtorAccount: { bban: '90412263056', currency: 'NOK' },
      remittanceInformationUnstructured: `bench ${i}`,
    });
    const headers = signRequest(
      {
        method: 'POST',
        target: PATH,
        headers: {
          'Content-Type': 'application/json',
          'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001',
          'PSU-IP-Address': '192.0.2.10',
          'TPP-Session-ID': 'bench',
          'TPP-Redirect-URI': 'https://tpp.example/callback',
          'x-accept-fix': 'amount-as-string',
        },
        body,
      },
      identity,
    );
    return { method: 'POST', path: PATH, headers, body };
  });
}

/** Signed NCBCT creations per second against the reference bank on this machine, with p50 and p99 latency. */
export async function benchBank(options: { durationMs?: number } = {}): Promise<BenchResult> {
  const requests = await presigned();
  const bank = await startServe();
  try {
    // A short warm-up so that the schema compilation and JIT are not in the figure.
    await autocannon({ url: bank.url, connections: 2, amount: 200, requests });
    const result = await autocannon({
      url: bank.url,
      connections: CONNECTIONS,
      duration: Math.max(1, Math.round((options.durationMs ?? 5000) / 1000)),
      requests,
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(
        `bench: ${result.non2xx} non-2xx answers and ${result.errors} errors; the figure would not be of creations`,
      );
    return {
      name: 'bank',
      operation:
        `one signed NCBCT creation (201) against the reference bank, ${CONNECTIONS} keep-alive connections, ` +
        `${PRESIGNED} pre-signed distinct requests`,
      figures: [
        { label: 'creations', value: result.requests.average, unit: 'requests/s' },
        { label: 'latency p50', value: result.latency.p50, unit: 'ms' },
        { label: 'latency p99', value: result.latency.p99, unit: 'ms' },
      ],
      ratios: [],
    };
  } finally {
    await bank.stop();
  }
}

export const bankBench: BenchModule = { name: 'bank', run: benchBank };
