import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient, type HttpClient } from '../client/index.js';
import { loadConfig, type Config } from '../config/index.js';
import { signOptionsFrom, signRequest, testIdentity, type SigningIdentity } from '../signing/index.js';
import { makeIban, mod11CheckDigit, type OperationId } from '../spec/index.js';
import { ncbctBody } from '../suites/support/bodies.js';
import type { RunContext } from '../suites/support/context.js';
import { baseHeaders, operation, pathFor } from '../suites/support/request.js';
import type { BenchModule, BenchResult } from './types.js';

const BIN = fileURLToPath(new URL('../bin/psd2-conformance.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The reference bank in its own process, as `serve` runs it, so the client measured does not share its thread. */
async function serveBank(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, BASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`the reference bank exited (${code}) before listening`)));
  });
  return { url, stop: () => void child.kill('SIGTERM') };
}

/** One signed request as the suites send it (suites/support/session.ts), without vitest around it. */
function signedCaller(client: HttpClient, ctx: RunContext, identity: SigningIdentity) {
  return (id: OperationId, body: unknown, query: Record<string, string | boolean> = {}) => {
    const bytes = Buffer.from(JSON.stringify(body), 'utf8');
    const target = pathFor(ctx, id, {}, query);
    const headers = signRequest(
      { method: operation(id).method, target, headers: baseHeaders(ctx, id, true), body: bytes },
      identity,
      signOptionsFrom(ctx.config.signing),
    );
    return client.send({ method: operation(id).method, path: target, headers, body: bytes });
  };
}

function fundedBban(): string {
  for (let n = 1; ; n++) {
    const payload = `9710${String(n).padStart(6, '0')}`;
    const check = mod11CheckDigit(payload, [2, 3, 4, 5, 6, 7]);
    if (check !== undefined) return `${payload}${check}`;
  }
}

/** Signed valid NCBCT creations per second through the suite's client, `concurrency` in flight. */
async function clientRate(
  url: string,
  config: Config,
  durationMs: number,
): Promise<{ rate: number; sent: number; failed: number }> {
  const identity = await testIdentity({ cacheDir: config.signing.cacheDir });
  const ctx = { baseUrl: url, config } as RunContext;
  const client = createClient(url, config.http);
  const call = signedCaller(client, ctx, identity);
  try {
    const bban = fundedBban();
    await call('sandbox.customer.create', { customerNumber: '10000000001', name: 'Bench Kunde', type: 'private' });
    const account = await call('sandbox.account.create', {
      customerNumber: '10000000001',
      accountName: 'Bench',
      bban,
      iban: makeIban('NO', bban),
      currency: 'NOK',
      product: 'Brukskonto',
      cashAccountType: 'CACC',
      creditLine: 0,
      balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 1_000_000_000, currency: 'NOK' } }],
    });
    if ((account.response?.status ?? 0) >= 300)
      throw new Error(
        `bench: could not create the debtor account (${account.response?.status ?? account.error?.kind})`,
      );
    const body = ncbctBody(
      { id: bban, bban, iban: makeIban('NO', bban), customerNumber: '10000000001' },
      '1.00',
      'bench',
    );
    const once = () => call('ncbct.create', body, { allowLogicalDuplicate: true });
    for (let i = 0; i < 20; i++) await once(); // warm-up: JIT, keep-alive connections
    let sent = 0;
    let failed = 0;
    const started = performance.now();
    const worker = async () => {
      while (performance.now() - started < durationMs) {
        const x = await once();
        sent++;
        if (x.response?.status !== 201) failed++;
      }
    };
    await Promise.all(Array.from({ length: config.http.concurrency }, worker));
    return { rate: (sent - failed) / ((performance.now() - started) / 1000), sent, failed };
  } finally {
    await client.close();
  }
}

/** The suite client's figure, by label, for the ratio to autocannon's (bench/main.ts). */
export const SUITE_RATE_LABEL = 'suite client: signed valid NCBCT creations';

export const suiteBench: BenchModule = {
  name: 'suite',
  async run(options = {}): Promise<BenchResult> {
    const durationMs = options.durationMs ?? 5000;
    const config = loadConfig({ env: { ...process.env, BASE_URL: '' } });
    const bank = await serveBank();
    let client: Awaited<ReturnType<typeof clientRate>>;
    try {
      client = await clientRate(bank.url, config, durationMs);
    } finally {
      bank.stop();
    }
    const figures = [
      { label: `${SUITE_RATE_LABEL} (${config.http.concurrency} in flight)`, value: client.rate, unit: 'requests/s' },
      ...(client.failed
        ? [{ label: 'suite client: answers other than 201', value: client.failed, unit: 'requests' }]
        : []),
    ];
    return {
      name: 'suite',
      operation:
        "the suite's client against the reference bank (serve in its own process); the run itself: bench/run.ts",
      figures,
      ratios: [],
    };
  },
};
