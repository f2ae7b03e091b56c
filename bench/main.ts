import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { bankBench } from './bank.js';
import { COST_LABELS, MUTATION_COMMAND, REQUEST_TARGET, costBench, quiet, readMutationReport } from './cost.js';
import { PROMPTNESS_LABELS, promptnessBench } from './promptness.js';
import { proxyBench } from './proxy.js';
import { DEFAULT_WALL_LABEL, LATENCY_RATIO_LABEL, runBench } from './run.js';
import { SIGNING_RATIO_LABEL, signingBench } from './signing.js';
import { SUITE_RATE_LABEL, suiteBench } from './suite.js';
import type { BenchModule, BenchResult } from './types.js';

/** Every benchmark; other issues add theirs here. Run with `npm run bench` (optionally `-- --duration-ms 2000`). */
export const BENCHMARKS: BenchModule[] = [
  signingBench,
  runBench,
  costBench,
  suiteBench,
  bankBench,
  proxyBench,
  promptnessBench,
];

interface Target {
  bench: string;
  label: string;
  kind: 'ratio' | 'figure';
  most?: number;
  least?: number;
  unit: string;
  /** The issue that set the target; none for one a test's title promised. */
  issue?: number;
  /** The target in words when it cannot be a number yet. */
  unset?: string;
  /** Said instead of a figure when the bench ran but could not measure it (and how to measure it). */
  unmeasured?: string;
}

/** Every fault of the newest mutation report detected within the issue's request target. */
const detectionTarget = (): number | undefined => {
  const report = readMutationReport();
  return report?.total ? (report.total - report.knownGaps) / REQUEST_TARGET : undefined;
};

/**
 * Issues 16's, 21's, 25's and 34's targets, and what tests' titles promised, judged here (not in timed tests: a test's
 * verdict must not depend on how busy the machine is, issue 35): printed with pass or fail.
 */
export const TARGETS: readonly Target[] = [
  { bench: 'run', label: LATENCY_RATIO_LABEL, kind: 'ratio', most: 1.3, unit: '×', issue: 16 },
  { bench: 'run', label: DEFAULT_WALL_LABEL, kind: 'figure', most: 10, unit: 's', issue: 16 },
  { bench: 'signing', label: SIGNING_RATIO_LABEL, kind: 'ratio', least: 0.8, unit: '×', issue: 16 },
  { bench: 'cost', label: COST_LABELS.requests, kind: 'figure', most: REQUEST_TARGET, unit: 'requests', issue: 34 },
  {
    bench: 'cost',
    label: COST_LABELS.detection,
    kind: 'figure',
    ...(detectionTarget() !== undefined ? { least: detectionTarget() } : {}),
    unit: 'faults/request',
    issue: 34,
    unset: `≥ every observable fault ÷ ${REQUEST_TARGET}`,
    unmeasured: `not measured: no mutation report (\`${MUTATION_COMMAND}\` writes reports/mutation.json)`,
  },
  {
    bench: 'cost',
    label: COST_LABELS.firstRequest,
    kind: 'figure',
    most: 1.5,
    unit: 's',
    issue: 25,
    unmeasured: 'not measured: the run recorded no exchange',
  },
  { bench: 'cost', label: COST_LABELS.largest, kind: 'figure', most: 250, unit: 'MB', issue: 25 },
  { bench: 'cost', label: COST_LABELS.wall, kind: 'figure', most: 5, unit: 's', issue: 25 },
  {
    bench: 'cost',
    label: COST_LABELS.mutation,
    kind: 'figure',
    most: 300,
    unit: 's',
    issue: 25,
    unmeasured: `not measured: no full mutation report with its loop's wall time (\`${MUTATION_COMMAND}\`)`,
  },
  { bench: 'promptness', label: PROMPTNESS_LABELS.selection, kind: 'figure', most: 2, unit: 's', issue: 21 },
  { bench: 'promptness', label: PROMPTNESS_LABELS.folder, kind: 'figure', most: 5, unit: 's' },
  { bench: 'promptness', label: PROMPTNESS_LABELS.signal, kind: 'figure', most: 5, unit: 's', issue: 21 },
  { bench: 'promptness', label: PROMPTNESS_LABELS.second, kind: 'figure', most: 2, unit: 's', issue: 21 },
];

export function judgeTargets(results: BenchResult[]): string[] {
  return TARGETS.flatMap((t) => {
    const result = results.find((r) => r.name === t.bench);
    if (!result) return [];
    const list: { label: string; value: number }[] = t.kind === 'ratio' ? result.ratios : result.figures;
    const value = list.find((x) => x.label.startsWith(t.label))?.value;
    const bound =
      t.most !== undefined ? `≤ ${t.most}` : t.least !== undefined ? `≥ ${format(t.least)}` : (t.unset ?? 'none');
    const issue = t.issue !== undefined ? `; issue ${t.issue}` : '';
    if (value === undefined)
      return t.unmeasured ? [`  ----  ${t.label}: ${t.unmeasured} (target ${bound}${issue})`] : [];
    const pass = t.most !== undefined ? value <= t.most : t.least !== undefined ? value >= t.least : undefined;
    const mark = pass === undefined ? '----' : pass ? 'PASS' : 'FAIL';
    return [`  ${mark}  ${t.label}: ${format(value)} ${t.unit} (target ${bound}${issue})`];
  });
}

/**
 * The machine as the figures were taken on it: a busy one makes every time figure slower than the code. Measured
 * after the benches (`after`), the load is mostly theirs, so it is reported, not judged.
 */
export function machineLine(load = loadavg(), cores = cpus().length, after = false): string {
  const [one = 0, five = 0, fifteen = 0] = load;
  const judged = quiet(one, cores) ? ', quiet' : ` — NOT QUIET (quiet: under ${cores / 2}): times are inflated`;
  return (
    `machine: ${cores} cores, load average ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)} ` +
    `(1/5/15 min)${after ? ", the benches' own load included" : judged}`
  );
}

const format = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 0.1 || n === 0 ? n.toFixed(2) : n.toPrecision(2));

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

/** docs/benchmarks.md: the figures with their date, the machine's load and the command that measured them. */
export function benchmarksPage(page: {
  startedAt: Date;
  argv: string[];
  results: BenchResult[];
  targets: string[];
  machineBefore: string;
  machineAfter: string;
}): string {
  return [
    '# Benchmarks',
    '',
    `Written by \`npm run bench -- ${page.argv.join(' ')}\`: every figure below comes from that one run; ` +
      'rerun it to refresh the page. Times taken on a machine that was NOT QUIET are that machine’s, not the code’s.',
    '',
    `- date: ${page.startedAt.toISOString()}`,
    `- node ${process.version}, ${process.platform}/${process.arch}`,
    `- before: ${page.machineBefore}`,
    `- after: ${page.machineAfter}`,
    '',
    '## Targets',
    '',
    '```',
    ...page.targets.map((t) => t.trim()),
    '```',
    '',
    '## Figures',
    '',
    '```',
    ...page.results.map((r) => `${render(r)}\n`),
    '```',
    '',
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--duration-ms');
  const durationMs = at >= 0 ? Number(argv[at + 1]) : undefined;
  const only = argv.filter(
    (a, i) => !a.startsWith('--') && argv[i - 1] !== '--duration-ms' && argv[i - 1] !== '--markdown',
  );
  const json = argv.includes('--json');
  const mdAt = argv.indexOf('--markdown');
  const markdown = mdAt >= 0 ? argv[mdAt + 1] : undefined;
  const results: BenchResult[] = [];
  const unknown = only.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length) {
    console.error(
      `bench: unknown benchmark(s) ${unknown.join(', ')}; there are ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    process.exitCode = 2;
    return;
  }
  const startedAt = new Date();
  const machineBefore = machineLine();
  if (!json) console.log(`${machineBefore}\n`);
  for (const bench of BENCHMARKS.filter((b) => only.length === 0 || only.includes(b.name))) {
    const result = await bench.run(durationMs && Number.isFinite(durationMs) ? { durationMs } : {});
    results.push(result);
    if (!json) console.log(`${render(result)}\n`);
  }
  const ratio = suiteToAutocannon(results);
  if (ratio !== undefined && !json)
    console.log(`suite client rate / autocannon rate (same request, same machine, this run): ${ratio.toFixed(2)} ×\n`);
  const targets = judgeTargets(results);
  const machineAfter = machineLine(loadavg(), cpus().length, true);
  if (targets.length && !json) console.log(`targets:\n${targets.join('\n')}\n`);
  if (!json) console.log(`after the benches, ${machineAfter}`);
  if (json) console.log(JSON.stringify(results, null, 2));
  if (markdown) {
    writeFileSync(markdown, benchmarksPage({ startedAt, argv, results, targets, machineBefore, machineAfter }));
    if (!json) console.log(`written: ${markdown}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
