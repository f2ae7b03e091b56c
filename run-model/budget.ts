import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ManifestTest } from './test-manifest.js';

/**
 * A request budget (`run --max-requests N`, MAX_REQUESTS): which tests a run sends when it may send only N requests,
 * chosen by measured detection value. The measurement is the mutation matrix's (`psd2-conformance mutation` writes
 * detection.json beside mutation.json): for every test, the requests a default run sent for it and the deliberate
 * faults it failed on. The package ships one (run-model/detection.json); docs/requests.md says how it goes stale and
 * how it is renewed.
 */

/** What the mutation matrix measured of one test. */
export interface TestDetection {
  /** Requests a default run against the clean bank sent for the test (its sub-runs included, set-up excluded). */
  requests: number;
  /** The faults whose run failed this test. */
  faults: string[];
}

export interface DetectionFile {
  generatedBy: string;
  /** The seed of the measured runs: another seed sends other values, the same cases. */
  seed: number;
  /** When the matrix ran (ISO date): docs/requests.md says when to renew it. */
  measured: string;
  /** Faults the matrix ran (a fault no test detects is listed here and in no test). */
  faults: string[];
  /** Per test, keyed by `testKey`. */
  tests: Record<string, TestDetection>;
  /** Per suite file, the requests that made its shared data (sent once, whichever of its tests runs first). */
  setup: Record<string, number>;
}

/** A test's key in the detection file: its suite file and its full name (describe blocks, then the name). */
export const testKey = (t: Pick<ManifestTest, 'file' | 'fullName'>): string => `${basename(t.file)} › ${t.fullName}`;

/**
 * The key of a failed test as a mutation run names it (`<file> › <describe> > <name>`, runner/mutation-run.ts): the
 * manifest joins describe blocks and name with spaces.
 */
export const failedTestKey = (failed: string): string => failed.replaceAll(' > ', ' ');

export const DETECTION_PATH = fileURLToPath(new URL('./detection.json', import.meta.url));

/** The shipped (or given) detection file; undefined when there is none. */
export function readDetection(path = DETECTION_PATH): DetectionFile | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as DetectionFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Requests per test from a run's exchanges (`run --exchanges`, one JSON line each, labelled `<file> > <describe> >
 * <name>[ > run i]`), and per file the set-up requests made in a scope of their own (`<file> > (<label>)`).
 */
export function requestsPerTest(
  lines: readonly string[],
  tests: readonly Pick<ManifestTest, 'file' | 'fullName'>[],
): { tests: Record<string, number>; setup: Record<string, number> } {
  const perTest: Record<string, number> = {};
  const setup: Record<string, number> = {};
  const byFile = new Map<string, Pick<ManifestTest, 'file' | 'fullName'>[]>();
  for (const t of tests) byFile.set(basename(t.file), [...(byFile.get(basename(t.file)) ?? []), t]);
  for (const line of lines) {
    if (!line.trim()) continue;
    const label = String((JSON.parse(line) as { test?: unknown }).test ?? '');
    const [file = '', ...rest] = label.split(' > ');
    // `<describe> > <name>[ > run i]` as the manifest's full name, `<describe> <name>`, then the sub-scope.
    const inner = `${rest.join(' ')} `;
    const owner = byFile.get(basename(file))?.find((t) => inner.startsWith(`${t.fullName} `));
    if (owner) perTest[testKey(owner)] = (perTest[testKey(owner)] ?? 0) + 1;
    else setup[basename(file)] = (setup[basename(file)] ?? 0) + 1;
  }
  return { tests: perTest, setup };
}

/** One mutation run's result, as far as the detection file needs it. */
export interface MeasuredRun {
  fault?: string;
  variants?: string[];
  /** `<file basename> › <describe> > <name>` of every failed test (failedTestKey makes it a key). */
  failedTests?: string[];
}

/** The detection file of a matrix: the clean run's requests, and which default-bank fault runs failed each test. */
export function detectionOf(input: {
  seed: number;
  measured: string;
  runs: readonly MeasuredRun[];
  requests: { tests: Record<string, number>; setup: Record<string, number> };
}): DetectionFile {
  const tests: Record<string, TestDetection> = {};
  for (const [key, requests] of Object.entries(input.requests.tests)) tests[key] = { requests, faults: [] };
  const faultRuns = input.runs.filter((r) => r.fault && !r.variants?.length);
  for (const run of faultRuns)
    for (const failed of run.failedTests ?? [])
      (tests[failedTestKey(failed)] ??= { requests: 0, faults: [] }).faults.push(run.fault!);
  return {
    generatedBy: 'psd2-conformance mutation (run-model/budget.ts): renew with docs/requests.md, do not edit by hand',
    seed: input.seed,
    measured: input.measured,
    faults: faultRuns.map((r) => r.fault!).sort(),
    tests: Object.fromEntries(Object.entries(tests).sort(([a], [b]) => a.localeCompare(b))),
    setup: input.requests.setup,
  };
}

export interface BudgetChoice {
  maxRequests: number;
  /** Keys of the tests chosen, in the order they were chosen. */
  chosen: string[];
  /** Keys of the tests left out: the run skips them as unjudged. */
  leftOut: string[];
  /** Requests the chosen tests sent when measured (set-up included). */
  estimatedRequests: number;
  /** Faults the measurement says the chosen tests detect, of all it ran. */
  faultsCovered: number;
  faultsMeasured: number;
  /** Tests the detection file does not know (added since it was measured). */
  unmeasured: string[];
}

/**
 * Chooses tests until the budget is spent. First, greedily, the test that detects the most faults not yet detected
 * per request (its file's set-up counted with the first test of the file); then the tests the file does not know
 * (new since the measurement: their value is unknown, so they are not dropped for a measured test that adds
 * nothing), at the median cost; then the rest, most faults per request first, so that a bigger budget judges more.
 * A test that does not fit is skipped and a cheaper one may still fit. Deterministic: ties keep manifest order.
 */
export function chooseWithinBudget(
  detection: DetectionFile,
  tests: readonly Pick<ManifestTest, 'file' | 'fullName'>[],
  maxRequests: number,
): BudgetChoice {
  const keys = tests.map(testKey);
  const fileOf = new Map(tests.map((t) => [testKey(t), basename(t.file)]));
  const measuredCosts = keys.map((k) => detection.tests[k]?.requests).filter((n): n is number => n !== undefined);
  const median = [...measuredCosts].sort((a, b) => a - b)[Math.floor(measuredCosts.length / 2)] ?? 1;
  const cost = (k: string) => Math.max(1, detection.tests[k]?.requests ?? median);
  const paidFiles = new Set<string>();
  const withSetup = (k: string) => {
    const file = fileOf.get(k) ?? '';
    return cost(k) + (paidFiles.has(file) ? 0 : (detection.setup[file] ?? 0));
  };
  const chosen: string[] = [];
  const covered = new Set<string>();
  let spent = 0;
  const take = (k: string) => {
    spent += withSetup(k);
    paidFiles.add(fileOf.get(k) ?? '');
    chosen.push(k);
    for (const f of detection.tests[k]?.faults ?? []) covered.add(f);
  };
  const open = new Set(keys);
  const fits = (k: string) => spent + withSetup(k) <= maxRequests;
  // 1. Greedy set cover: the most new faults per request.
  for (;;) {
    let best: string | undefined;
    let bestValue = 0;
    for (const k of open) {
      if (!fits(k)) continue;
      const fresh = (detection.tests[k]?.faults ?? []).filter((f) => !covered.has(f)).length;
      const value = fresh / withSetup(k);
      if (value > bestValue) [best, bestValue] = [k, value];
    }
    if (!best) break;
    open.delete(best);
    take(best);
  }
  // 2. Tests the measurement does not know; 3. the rest, by faults per request.
  const unmeasured = keys.filter((k) => !detection.tests[k]);
  const rest = [...open]
    .filter((k) => detection.tests[k])
    .sort(
      (a, b) => (detection.tests[b]?.faults.length ?? 0) / cost(b) - (detection.tests[a]?.faults.length ?? 0) / cost(a),
    );
  for (const k of [...unmeasured, ...rest])
    if (open.has(k) && fits(k)) {
      open.delete(k);
      take(k);
    }
  return {
    maxRequests,
    chosen,
    leftOut: keys.filter((k) => open.has(k)),
    estimatedRequests: spent,
    faultsCovered: covered.size,
    faultsMeasured: detection.faults.length,
    unmeasured,
  };
}
