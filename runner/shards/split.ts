import { createHash } from 'node:crypto';

/** The median, rounded to whole milliseconds: a test without a duration of its own weighs as a typical one. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 1);
}

/** Durations count only when they cover at least half of the tests; else the split is by count. */
export function usableDurations(keys: string[], durations: ReadonlyMap<string, number> | undefined): boolean {
  if (!durations || keys.length === 0) return false;
  return keys.filter((k) => durations.has(k)).length * 2 >= keys.length;
}

/** How to split: which file each test lives in, and what an earlier run says about costs. */
export interface SplitOptions {
  /** The suite file of a test: a file's tests are kept together. */
  fileOf?: (key: string) => string;
  /** Milliseconds by test key, from an earlier run; a test without one weighs the median. */
  durations?: ReadonlyMap<string, number>;
  /** What loading a suite file costs a shard once (imports, fixtures), in ms. */
  fileCostMs?: number;
}

/**
 * What a test costs the shard that takes it: its own time, and its file's loading the first time the shard meets it.
 */
interface CostModel {
  fileOf: (key: string) => string | undefined;
  testCost: (key: string) => number;
  fileCost: number;
}

const costIn = (model: CostModel, key: string, files: Set<string>): number => {
  const file = model.fileOf(key);
  return model.testCost(key) + (file !== undefined && !files.has(file) ? model.fileCost : 0);
};

/** A shard's estimated time: its tests, and each of its files loaded once. */
function loadOf(model: CostModel, keys: string[]): number {
  const files = new Set<string>();
  let load = 0;
  for (const key of keys) {
    load += costIn(model, key, files);
    const file = model.fileOf(key);
    if (file !== undefined) files.add(file);
  }
  return load;
}

/** How many tests a shard may hold: within a fifth of the mean, and never off by less than one. */
function countBand(tests: number, count: number): { fewest: number; most: number } {
  const mean = tests / count;
  return {
    fewest: Math.min(Math.floor(mean), Math.ceil(mean * 0.8)),
    most: Math.max(Math.ceil(mean), Math.floor(mean * 1.2)),
  };
}

/**
 * Consecutive tests (a file's stay together, so a shard loads few files): each cut where the shard's load comes
 * closest to an equal share of what is left, within the count band.
 */
function consecutive(ordered: string[], count: number, model: CostModel): string[][] {
  const { fewest, most } = countBand(ordered.length, count);
  const shards: string[][] = [];
  let at = 0;
  for (let shard = 0; shard < count; shard++) {
    const left = count - shard;
    if (left === 1) {
      shards.push(ordered.slice(at));
      break;
    }
    const target = loadOf(model, ordered.slice(at)) / left;
    const files = new Set<string>();
    let load = 0;
    let end = at;
    while (end < ordered.length) {
      const [size, rest] = [end - at, ordered.length - end];
      if (size >= most || rest - 1 < fewest * (left - 1)) break;
      const key = ordered[end] as string;
      const next = load + costIn(model, key, files);
      const needed = size < fewest || rest > most * (left - 1);
      if (!needed && Math.abs(next - target) >= Math.abs(load - target)) break;
      load = next;
      const file = model.fileOf(key);
      if (file !== undefined) files.add(file);
      end++;
    }
    shards.push(ordered.slice(at, end));
    at = end;
  }
  return shards;
}

/**
 * Longest first, each test to the shard where it ends the least loaded (its file's loading counted where that
 * file is new), among the shards that hold fewer than an equal share of the count. For slow tests bunched in one
 * file, which consecutive cuts cannot spread.
 */
function spread(ordered: string[], count: number, model: CostModel): string[][] {
  const cap = Math.ceil(ordered.length / count);
  const byCost = [...ordered].sort((a, b) => model.testCost(b) - model.testCost(a));
  const shards = Array.from({ length: count }, () => ({ keys: [] as string[], files: new Set<string>(), load: 0 }));
  for (const key of byCost) {
    let best: (typeof shards)[number] | undefined;
    let bestLoad = Infinity;
    for (const s of shards) {
      const after = s.load + costIn(model, key, s.files);
      if (s.keys.length < cap && after < bestLoad) [best, bestLoad] = [s, after];
    }
    const chosen = best as (typeof shards)[number];
    chosen.keys.push(key);
    chosen.load = bestLoad;
    const file = model.fileOf(key);
    if (file !== undefined) chosen.files.add(file);
  }
  const rank = new Map(ordered.map((k, i) => [k, i]));
  return shards.map((s) => s.keys.sort((a, b) => (rank.get(a) as number) - (rank.get(b) as number)));
}

/**
 * Splits tests into `count` shards, deterministically for the same keys and options, each shard's count within a
 * fifth of the mean.
 *
 * Without durations (or with durations of fewer than half of the tests) every test weighs 1: consecutive tests in
 * file and key order, equal counts (one apart at most), a file's tests together so that a shard loads few files.
 *
 * With durations a test weighs its duration (the others the median) and a file its loading cost the first time a
 * shard meets it. Of two splits, consecutive and spread, the one whose slowest shard is fastest is taken: loading a
 * file costs more than most tests take, so consecutive usually wins; spread wins when slow tests bunch in one file.
 */
export function splitTests(keys: string[], count: number, options: SplitOptions = {}): string[][] {
  const place = (k: string) => `${options.fileOf?.(k) ?? ''}\u0000${k}`;
  const ordered = [...new Set(keys)].sort((a, b) => (place(a) < place(b) ? -1 : place(a) > place(b) ? 1 : 0));
  const durations = options.durations && usableDurations(ordered, options.durations) ? options.durations : undefined;
  if (!durations) return consecutive(ordered, count, { fileOf: () => undefined, testCost: () => 1, fileCost: 0 });
  const typical = median(ordered.filter((k) => durations.has(k)).map((k) => durations.get(k) as number));
  const model: CostModel = {
    fileOf: options.fileOf ?? (() => undefined),
    testCost: (k) => Math.max(1, Math.round(durations.get(k) ?? typical)),
    fileCost: Math.round(options.fileCostMs ?? 0),
  };
  const slowest = (shards: string[][]) => Math.max(...shards.map((s) => loadOf(model, s)));
  const [together, apart] = [consecutive(ordered, count, model), spread(ordered, count, model)];
  return slowest(apart) < slowest(together) ? apart : together;
}

/** The fingerprint of a split: which test went to which shard. */
export function splitHash(shards: string[][]): string {
  return createHash('sha256').update(JSON.stringify(shards)).digest('hex');
}
