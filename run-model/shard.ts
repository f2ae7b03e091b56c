import { UserError } from '../core/index.js';

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

/** A result folder, with the shard it ran when it ran one. */
export interface ShardedRun {
  dir: string;
  shard?: ShardRecord;
}

const name = (r: ShardedRun) => `${r.dir} (${r.shard ? `shard ${r.shard.index}/${r.shard.count}` : 'a whole run'})`;

/** A shard record as summary.json holds it, or undefined when the run was not a shard. */
export function shardOf(value: unknown): ShardRecord | undefined {
  const s = value as Partial<ShardRecord> | undefined;
  if (!s || typeof s !== 'object') return undefined;
  if (
    typeof s.index !== 'number' ||
    typeof s.count !== 'number' ||
    !Array.isArray(s.tests) ||
    typeof s.split !== 'string'
  )
    return undefined;
  return s as ShardRecord;
}

/**
 * Shards merge only as a complete set: every shard 1..n of one split, each once. A merge that lost a shard would
 * judge part of the interface and could say CONFORMANT; one that doubled a shard would count its tests twice.
 * Whole runs (no shard) merge as before.
 */
export function checkShardSet(runs: ShardedRun[]): void {
  const shards = runs.filter((r) => r.shard);
  if (shards.length === 0) return;
  const whole = runs.find((r) => !r.shard);
  if (whole)
    throw new UserError(
      `cannot merge ${name(whole)} with shards (${name(shards[0] as ShardedRun)}): give the shards of one run only`,
    );
  const first = shards[0] as ShardedRun & { shard: ShardRecord };
  const count = first.shard.count;
  const other = shards.find((r) => r.shard?.count !== count);
  if (other) throw new UserError(`the shards disagree on n: ${name(first)} and ${name(other)}`);
  const split = shards.find((r) => r.shard?.split !== first.shard.split);
  if (split)
    throw new UserError(
      `${name(first)} and ${name(split)} were split differently (other tests, or other ` +
        `durations): run every shard from the same commit, options and history.jsonl`,
    );
  const seen = new Map<number, string>();
  for (const r of shards) {
    const index = r.shard?.index as number;
    if (seen.has(index)) throw new UserError(`shard ${index}/${count} is given twice: ${seen.get(index)} and ${r.dir}`);
    seen.set(index, r.dir);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length)
    throw new UserError(
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing (given: ${[
        ...seen.keys(),
      ]
        .sort((a, b) => a - b)
        .map((i) => `${i}/${count}`)
        .join(', ')}): merge all ${count} shards of the run, or none`,
    );
}
