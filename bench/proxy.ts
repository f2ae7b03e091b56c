import { request, Agent } from 'undici';
import { signRequest, testIdentity } from '../signing/index.js';
import { createProxy } from '../tpp/index.js';
import { startServe } from './bank.js';
import type { BenchModule, BenchResult } from './types.js';

const PATH = '/v1/payments/norwegian-cross-border-credit-transfers?allowLogicalDuplicate=true';
const WARM_UP = 50;
/** Exchanges per way when no duration is given: about 5 s in all on the reference machine. */
const DEFAULT_EXCHANGES = 500;

const HEADERS = {
  'Content-Type': 'application/json',
  'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001',
  'PSU-IP-Address': '192.0.2.10',
  'TPP-Session-ID': '0b6a2c1e-0000-4000-8000-000000000001',
  'TPP-Redirect-URI': 'https://tpp.example/callback',
  'x-accept-fix': 'amount-as-string',
};

const body = (i: number) =>
  JSON.stringify({
    instructedAmount: { amount: `${(i % 900) + 100}.00`, currency: 'NOK' },
    creditorName: 'Max Mustermann GmbH',
    creditorAgent: 'DEUTDEFF',
    creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
    debtorAccount: { bban: '90412263056', currency: 'NOK' },
    remittanceInformationUnstructured: `proxy bench ${i}`,
  });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Milliseconds for one exchange: the request sent, the whole answer read; a 201 or the figure is not of creations. */
async function exchange(agent: Agent, url: string, headers: Record<string, string>, payload: string): Promise<number> {
  const started = performance.now();
  const response = await request(url, { method: 'POST', headers, body: payload, dispatcher: agent });
  await response.body.arrayBuffer();
  const ms = performance.now() - started;
  if (response.statusCode !== 201) throw new Error(`bench: ${url} answered ${response.statusCode}, not 201`);
  return ms;
}

/**
 * What the proxy adds to one exchange: the same signed NCBCT creation sent one at a time straight to the reference
 * bank, through the proxy, and unsigned through `proxy --sign`, interleaved in one run so that the bank's warm-up
 * and the machine's load weigh on all three alike. The proxy runs in this process (as the library does), the bank
 * in its own.
 */
export async function benchProxy(options: { durationMs?: number } = {}): Promise<BenchResult> {
  const count = options.durationMs ? Math.max(100, Math.round(options.durationMs / 10)) : DEFAULT_EXCHANGES;
  const identity = await testIdentity();
  const bank = await startServe();
  const plain = await createProxy({ target: bank.url });
  const signing = await createProxy({ target: bank.url, sign: true, identity });
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const ways = { direct: [] as number[], proxy: [] as number[], sign: [] as number[] };
  try {
    for (let i = 0; i < WARM_UP + count; i++) {
      const payload = body(i);
      const signed = signRequest({ method: 'POST', target: PATH, headers: { ...HEADERS }, body: payload }, identity);
      const direct = await exchange(agent, `${bank.url}${PATH}`, signed, payload);
      const proxied = await exchange(agent, `${plain.url}${PATH}`, signed, payload);
      const unsigned = await exchange(agent, `${signing.url}${PATH}`, { ...HEADERS }, payload);
      if (i < WARM_UP) continue;
      ways.direct.push(direct);
      ways.proxy.push(proxied);
      ways.sign.push(unsigned);
    }
  } finally {
    await agent.close();
    await plain.close();
    await signing.close();
    await bank.stop();
  }
  const [direct, proxy, sign] = [ways.direct, ways.proxy, ways.sign].map((ms) => ms.sort((a, b) => a - b)) as [
    number[],
    number[],
    number[],
  ];
  const p50 = (ms: number[]) => percentile(ms, 50);
  const p99 = (ms: number[]) => percentile(ms, 99);
  return {
    name: 'proxy',
    operation:
      `one signed NCBCT creation (201), sent one at a time, ${count} per way after ${WARM_UP} to warm up: ` +
      'straight to the reference bank, through the proxy, and unsigned through proxy --sign',
    figures: [
      { label: 'direct, median', value: p50(direct), unit: 'ms' },
      { label: 'direct, p99', value: p99(direct), unit: 'ms' },
      { label: 'through the proxy, median', value: p50(proxy), unit: 'ms' },
      { label: 'through the proxy, p99', value: p99(proxy), unit: 'ms' },
      { label: 'through proxy --sign, median', value: p50(sign), unit: 'ms' },
      { label: 'through proxy --sign, p99', value: p99(sign), unit: 'ms' },
      { label: 'proxy overhead per exchange, median', value: p50(proxy) - p50(direct), unit: 'ms' },
      { label: 'proxy overhead per exchange, p99', value: p99(proxy) - p99(direct), unit: 'ms' },
      { label: 'proxy --sign overhead per exchange, median', value: p50(sign) - p50(direct), unit: 'ms' },
      { label: 'proxy --sign overhead per exchange, p99', value: p99(sign) - p99(direct), unit: 'ms' },
    ],
    ratios: [
      { label: 'proxy / direct, median', value: p50(proxy) / p50(direct) },
      { label: 'proxy --sign / direct, median', value: p50(sign) / p50(direct) },
    ],
  };
}

export const proxyBench: BenchModule = { name: 'proxy', run: benchProxy };
