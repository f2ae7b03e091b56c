import { bankBench } from './bank.js';
import { proxyBench } from './proxy.js';
import { signingBench } from './signing.js';
import { SUITE_RATE_LABEL, suiteBench } from './suite.js';
import type { BenchModule, BenchResult } from './types.js';

/** Every benchmark; other issues add theirs here. Run with `npm run bench` (optionally `-- --duration-ms 2000`). */
export const BENCHMARKS: BenchModule[] = [signingBench, suiteBench, bankBench, proxyBench];

const format = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));

export function render(result: BenchResult): string {
  const width = Math.max(...result.figures.map((f) => f.label.length), ...result.ratios.map((r) => r.label.length));
  return [
    `${result.name}: ${result.operation}`,
    ...result.figures.map((f) => `  ${f.label.padEnd(width)}  ${format(f.value).padStart(10)} ${f.unit}`),
    ...result.ratios.map((r) => `  ${r.label.padEnd(width)}  ${format(r.value).padStart(10)} ×`),
  ].join('\n');
}

/** The suite client's signed NCBCT rate over autocannon's for the same request, when both ran. */
export function suiteToAutocannon(results: BenchResult[]): number | undefined {
  const suite = results
    .find((r) => r.name === 'suite')
    ?.figures.find((f) => f.label.startsWith(SUITE_RATE_LABEL))?.value;
  const cannon = results.find((r) => r.name === 'bank')?.figures.find((f) => f.label === 'creations')?.value;
  return suite && cannon ? suite / cannon : undefined;
}

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--duration-ms');
  const durationMs = at >= 0 ? Number(argv[at + 1]) : undefined;
  const only = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--duration-ms');
  const json = argv.includes('--json');
  const results: BenchResult[] = [];
  const unknown = only.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length) {
    console.error(
      `bench: unknown benchmark(s) ${unknown.join(', ')}; there are ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    process.exitCode = 2;
    return;
  }
  for (const bench of BENCHMARKS.filter((b) => only.length === 0 || only.includes(b.name))) {
    const result = await bench.run(durationMs && Number.isFinite(durationMs) ? { durationMs } : {});
    results.push(result);
    if (!json) console.log(`${render(result)}\n`);
  }
  const ratio = suiteToAutocannon(results);
  if (ratio !== undefined && !json)
    console.log(`suite client rate / autocannon rate (same request, same machine, this run): ${ratio.toFixed(2)} ×\n`);
  if (json) console.log(JSON.stringify(results, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
