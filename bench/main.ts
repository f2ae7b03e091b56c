import { bankBench } from './bank.js';
import { proxyBench } from './proxy.js';
import { DEFAULT_WALL_LABEL, LATENCY_RATIO_LABEL, runBench } from './run.js';
import { SIGNING_RATIO_LABEL, signingBench } from './signing.js';
import { SUITE_RATE_LABEL, suiteBench } from './suite.js';
import type { BenchModule, BenchResult } from './types.js';

/** Every benchmark; other issues add theirs here. Run with `npm run bench` (optionally `-- --duration-ms 2000`). */
export const BENCHMARKS: BenchModule[] = [signingBench, runBench, suiteBench, bankBench, proxyBench];

/** Issue 16's targets, judged here (not in timed unit tests): printed with pass or fail. */
export const TARGETS = [
  { bench: 'run', label: LATENCY_RATIO_LABEL, kind: 'ratio', most: 1.3, unit: '×' },
  { bench: 'run', label: DEFAULT_WALL_LABEL, kind: 'figure', most: 10, unit: 's' },
  { bench: 'signing', label: SIGNING_RATIO_LABEL, kind: 'ratio', least: 0.8, unit: '×' },
] as const;

export function judgeTargets(results: BenchResult[]): string[] {
  return TARGETS.flatMap((t) => {
    const result = results.find((r) => r.name === t.bench);
    if (!result) return [];
    const list: { label: string; value: number }[] = t.kind === 'ratio' ? result.ratios : result.figures;
    const value = list.find((x) => x.label.startsWith(t.label))?.value;
    if (value === undefined) return [];
    const pass = 'most' in t ? value <= t.most : value >= t.least;
    const bound = 'most' in t ? `≤ ${t.most}` : `≥ ${t.least}`;
    return [`  ${pass ? 'PASS' : 'FAIL'}  ${t.label}: ${value.toFixed(2)} ${t.unit} (target ${bound})`];
  });
}

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
  const targets = judgeTargets(results);
  if (targets.length && !json) console.log(`targets (issue 16):\n${targets.join('\n')}\n`);
  if (json) console.log(JSON.stringify(results, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
