import { createHash } from 'node:crypto';

/** Shard `index` (1-based) of `count`, as `--shard index/count` names it. */
export interface ShardSpec {
  index: number;
  count: number;
}

/** What a shard records about itself, so that `report` can tell a complete set of shards from a partial one. */
export interface ShardRecord extends ShardSpec {
  /** The stable keys (full names) of this shard's tests, sorted. */
  tests: string[];
  /** How many tests the whole run has, over all shards. */
  total: number;
  /** sha256 of the whole split: equal in every shard of one run, different when shards were split differently. */
  split: string;
  /** "test count", or the durations file the split was balanced by. */
  balancedBy: string;
}

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
 * Splits tests into `count` shards of consecutive tests (ordered by file, then key), deterministically for the
 * same keys and options. Each cut falls where the shard's load comes closest to an equal share of what is left,
 * so no shard is off by more than about one test. A file's tests stay together, so a shard loads few files and
 * sets up few fixtures: loading a file costs more than most tests take.
 *
 * Without durations (or with durations of less than half of the tests) every test weighs 1 and the shards hold
 * equal counts, differing by one at most. With durations a test weighs its duration (the others the median), and
 * a file its loading cost the first time a shard meets it: the shards then take near-equal time.
 */
export function splitTests(keys: string[], count: number, options: SplitOptions = {}): string[][] {
  const place = (k: string) => `${options.fileOf?.(k) ?? ''}\u0000${k}`;
  const unique = [...new Set(keys)].sort((a, b) => (place(a) < place(b) ? -1 : place(a) > place(b) ? 1 : 0));
  const timed =
    options.durations && usableDurations(unique, options.durations)
      ? { ...options, durations: options.durations }
      : undefined;
  const typical = timed
    ? median(unique.filter((k) => timed.durations.has(k)).map((k) => timed.durations.get(k) as number))
    : 1;
  const testCost = (k: string) => (timed ? Math.max(1, Math.round(timed.durations.get(k) ?? typical)) : 1);
  const fileCost = timed?.fileOf ? Math.round(timed.fileCostMs ?? 0) : 0;
  // A test's cost in the shard that takes it: its own, plus its file's when the shard has not loaded that file.
  const costIn = (key: string, files: Set<string>) => {
    const file = timed?.fileOf?.(key);
    return testCost(key) + (file !== undefined && !files.has(file) ? fileCost : 0);
  };
  const total = (from: number) => {
    let sum = 0;
    const files = new Set<string>();
    for (const key of unique.slice(from)) {
      sum += costIn(key, files);
      const file = timed?.fileOf?.(key);
      if (file !== undefined) files.add(file);
    }
    return sum;
  };
  const shards: string[][] = [];
  let at = 0;
  for (let shard = 0; shard < count; shard++) {
    const left = count - shard;
    if (left === 1) {
      shards.push(unique.slice(at));
      break;
    }
    const target = total(at) / left;
    const files = new Set<string>();
    let load = 0;
    let end = at;
    // Take the next test while that brings the load closer to the target, leaving a test for each shard after.
    while (end < unique.length - (left - 1)) {
      const key = unique[end] as string;
      const next = load + costIn(key, files);
      if (end > at && Math.abs(next - target) >= Math.abs(load - target)) break;
      load = next;
      const file = timed?.fileOf?.(key);
      if (file !== undefined) files.add(file);
      end++;
    }
    shards.push(unique.slice(at, end));
    at = end;
  }
  return shards;
}

/** The fingerprint of a split: which test went to which shard. */
export function splitHash(shards: string[][]): string {
  return createHash('sha256').update(JSON.stringify(shards)).digest('hex');
}
