import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  allureKey,
  outcomeKey,
  type RunContext,
  type ShardRecord,
  type ShardSpec,
  type TestOutcome,
} from '../../run-model/index.js';
import { createOwnedVitest, LOCAL_WORKERS } from '../run/vitest-owned.js';
import { splitHash, splitTests, usableDurations } from './split.js';

/** A test as collected: its stable key (full name), its suite file, and whether it will run or is skipped. */
export interface CollectedTest {
  key: string;
  file: string;
  runs: boolean;
}

export interface ShardPlan {
  record: ShardRecord;
  /** The suite files that hold this shard's tests: the only ones the run loads. */
  files: string[];
}

/** A test of an earlier run: its key in outcomeKey form (`<file name>#<names>`), duration and times (ms). */
interface Timed {
  key: string;
  duration: number;
  start?: number;
  stop?: number;
}

/** What an earlier run says about costs: each test's duration, and what loading a suite file took it. */
export interface Durations {
  byTest: Map<string, number>;
  fileCostMs: number;
  /** The file they were read from. */
  source: string;
}

const ran = (state: string | undefined) => state === 'passed' || state === 'failed';
const fileOfKey = (key: string) => key.slice(0, key.indexOf('#'));

/**
 * The time a run spent outside its tests, per suite file: from the first test's start to the last one's stop, less
 * the tests' own durations (imports, fixtures made in beforeAll), shared among its files.
 */
function timing(tests: Timed[]): Omit<Durations, 'source'> {
  const starts = tests.map((t) => t.start).filter((t): t is number => typeof t === 'number');
  const stops = tests.map((t) => t.stop).filter((t): t is number => typeof t === 'number');
  const outside = Math.max(...stops) - Math.min(...starts) - tests.reduce((sum, t) => sum + t.duration, 0);
  const files = new Set(tests.map((t) => fileOfKey(t.key))).size;
  return {
    byTest: new Map(tests.map((t) => [t.key, t.duration])),
    fileCostMs: starts.length && stops.length && files ? Math.max(0, Math.round(outside / files)) : 0,
  };
}

/** The latest run in Allure's history (history.jsonl): one JSON object a line, newest last. */
async function fromHistory(file: string): Promise<Omit<Durations, 'source'>> {
  const last = (await readFile(file, 'utf8')).trim().split('\n').at(-1);
  const entry = (last ? JSON.parse(last) : {}) as { testResults?: Record<string, Record<string, unknown>> };
  const tests: Timed[] = [];
  for (const r of Object.values(entry.testResults ?? {}))
    if (typeof r.fullName === 'string' && typeof r.duration === 'number' && ran(r.status as string))
      tests.push({
        key: allureKey(r.fullName),
        duration: r.duration,
        ...(typeof r.start === 'number' ? { start: r.start } : {}),
        ...(typeof r.stop === 'number' ? { stop: r.stop } : {}),
      });
  return timing(tests);
}

/** outcomes.json of a whole run (a shard's own holds only its share of the tests, and is not used). */
async function fromOutcomes(dir: string): Promise<Omit<Durations, 'source'>> {
  const summary = join(dir, 'summary.json');
  if (existsSync(summary) && (JSON.parse(await readFile(summary, 'utf8')) as { shard?: unknown }).shard)
    return { byTest: new Map(), fileCostMs: 0 };
  const outcomes = JSON.parse(await readFile(join(dir, 'outcomes.json'), 'utf8')) as TestOutcome[];
  return timing(
    outcomes.filter((o) => ran(o.state)).map((o) => ({ ...o, key: outcomeKey(o), duration: o.durationMs })),
  );
}

/**
 * Durations of earlier runs, first the one to use: looked for in the reports folder and, for a shard's own folder
 * such as reports/shard-2, in its parent: history.jsonl (kept between CI runs), then a whole run's outcomes.json.
 * Every shard of a run must find the same file, or `report` refuses to merge them.
 */
export async function earlierDurations(reportsDir: string): Promise<Durations[]> {
  const found: Durations[] = [];
  for (const dir of new Set([resolve(reportsDir), dirname(resolve(reportsDir))])) {
    const sources: [string, () => Promise<Omit<Durations, 'source'>>][] = [
      [join(dir, 'history.jsonl'), () => fromHistory(join(dir, 'history.jsonl'))],
      [join(dir, 'outcomes.json'), () => fromOutcomes(dir)],
    ];
    for (const [file, read] of sources) {
      if (!existsSync(file)) continue;
      const durations = await read().catch(() => undefined);
      if (durations?.byTest.size) found.push({ ...durations, source: file });
    }
  }
  return found;
}

/** Every test of the run with its file, without running any: the suites register their tests and stop there. */
export async function collectTests(options: {
  root: string;
  config: string;
  context: RunContext;
  grep?: string;
  /** Only the suite files whose names contain one of these (run --suite-file). */
  files?: string[];
}): Promise<CollectedTest[]> {
  const vitest = await createOwnedVitest('test', {
    root: options.root,
    config: options.config,
    run: true,
    watch: false,
    reporters: [],
    // A fresh worker per file costs seconds; registering tests shares nothing worth isolating.
    isolate: false,
    maxWorkers: LOCAL_WORKERS,
    provide: { run: options.context },
    passWithNoTests: true,
    ...(options.grep ? { testNamePattern: options.grep } : {}),
  });
  try {
    const result = await vitest.collect(options.files);
    return result.testModules.flatMap((m) =>
      [...m.children.allTests()].map((t) => ({
        key: t.fullName,
        file: m.moduleId,
        // A test not testable here is declared all the same, and skips itself when it runs.
        runs: t.options.mode !== 'skip' && !t.meta().conformance?.notTestable,
      })),
    );
  } finally {
    await vitest.close();
  }
}

/**
 * This shard's tests: the tests that will run split into `spec.count` shards, by the durations of an earlier run
 * when they cover at least half of them, else by count; the skipped ones (another profile's, not selected) split
 * by count beside them, so that each still shows once in the merged report. Tests outside the shard are not
 * registered at all, so they never show as skipped.
 */
export function planShard(spec: ShardSpec, tests: CollectedTest[], earlier: Durations[] = []): ShardPlan {
  const running = [...new Set(tests.filter((t) => t.runs).map((t) => t.key))];
  const runningSet = new Set(running);
  const idle = [...new Set(tests.filter((t) => !t.runs).map((t) => t.key))].filter((k) => !runningSet.has(k));
  const fileOf = new Map(tests.map((t) => [t.key, t.file]));
  const inFile = (k: string) => fileOf.get(k) ?? '';
  // Durations are stored by file name and test names; the split works on keys. The first source that knows at
  // least half of the tests that run is used.
  const keyed = (d: Durations) => {
    const byKey = new Map<string, number>();
    for (const t of tests) {
      const ms = d.byTest.get(outcomeKey({ file: t.file, name: t.key }));
      if (ms !== undefined) byKey.set(t.key, ms);
    }
    return { ...d, byKey };
  };
  const durations = earlier.map(keyed).find((d) => usableDurations(running, d.byKey));
  const balanced = durations !== undefined;
  const ran = splitTests(running, spec.count, {
    fileOf: inFile,
    ...(balanced ? { durations: durations.byKey, fileCostMs: durations.fileCostMs } : {}),
  });
  const skipped = splitTests(idle, spec.count, { fileOf: inFile });
  const shards = ran.map((keys, i) => [...keys, ...(skipped[i] ?? [])]);
  const mine = shards[spec.index - 1] ?? [];
  const chosen = new Set(mine);
  return {
    record: {
      ...spec,
      tests: mine,
      total: running.length + idle.length,
      split: splitHash(shards),
      balancedBy: balanced ? `durations in ${durations.source}` : 'test count',
    },
    files: [...new Set(tests.filter((t) => chosen.has(t.key)).map((t) => t.file))].sort(),
  };
}

/**
 * The shard a run with this context would run: every test collected (as the run registers them, without running
 * any), split by the durations of an earlier run found from `reportsDir`. `run --shard` and `list --shard` both
 * come here, so the list shows the tests the run will run.
 */
export async function planShardOf(
  spec: ShardSpec,
  options: { root: string; config: string; context: RunContext; grep?: string; files?: string[]; reportsDir: string },
): Promise<ShardPlan> {
  const { reportsDir, ...collect } = options;
  return planShard(spec, await collectTests(collect), await earlierDurations(reportsDir));
}
