import { summarise, type RunSummary, type TestOutcome } from './outcome.js';
import type { ShardRecord } from './shard.js';
import type { Target } from './target.js';
import type { CoverageRow, CoverageState } from './coverage.js';

/** What `run` records about itself in summary.json, beside the counts. */
export interface RunInfo {
  target: Target;
  profile: string;
  seed: number;
  cancelled: boolean;
  /** The shard the run ran (with its test list), when it ran one. */
  shard: ShardRecord;
  /** ISO times the run started and stopped. */
  startedAt: string;
  stoppedAt: string;
  durationSeconds: number;
}

/** The target of a report: one run's, shards' of one run, or (a mistake worth showing) shards of several. */
export type ReportTarget =
  Target | { kind: 'unknown'; description: string } | { kind: 'several'; description: string; targets: ReportTarget[] };

export interface ReportSummary extends RunSummary {
  target: ReportTarget;
  profile: string;
  /** One seed, or one per shard when the shards ran with different seeds. */
  seed: number | number[];
  /** The earliest start and the latest stop of the runs merged (absent for runs that did not record them). */
  startedAt?: string;
  stoppedAt?: string;
  /** Wall-clock time: shards run side by side, so the longest one. */
  durationSeconds: number;
  strict: boolean;
  /** A run (or a shard) the time budget cut short. */
  cancelled?: boolean;
  /** Set when the report is one shard's alone (its verdict covers that shard's tests only), with its test list. */
  shard?: ShardRecord;
  /** Requirements of the catalogue by coverage outcome (a requirement fails when one of its tests fails). */
  requirements: Record<CoverageState, number>;
  /** The result folders merged into this report, with what each ran (a shard as i/n, without its test list). */
  shards?: ({ dir: string; total: number; shard?: string } & Partial<Omit<RunInfo, 'shard'>>)[];
}

const distinct = <T>(values: T[]): T[] => [...new Set(values)];

const UNKNOWN: ReportTarget = { kind: 'unknown', description: 'an unknown target' };

/** Shards of one run name one target; each started its own embedded bank, so only their ports differ. */
export function mergeTargets(targets: (Target | undefined)[]): ReportTarget {
  const known: ReportTarget[] = targets.map((t) => t ?? UNKNOWN);
  const descriptions = distinct(known.map((t) => t.description));
  if (descriptions.length > 1)
    return {
      kind: 'several',
      description: descriptions.join('; '),
      targets: descriptions.map((d) => known.find((t) => t.description === d) as ReportTarget),
    };
  const first = known[0] ?? UNKNOWN;
  if (first.kind !== 'embedded' || distinct(known.map((t) => (t as Target).url)).length === 1) return first;
  const { url: _port, ...rest } = first;
  return rest;
}

/** ISO times sort as they read: the earliest start and the latest stop. */
function span(infos: Partial<RunInfo>[]): { startedAt?: string; stoppedAt?: string } {
  const starts = infos.map((i) => i.startedAt).filter((t): t is string => typeof t === 'string');
  const stops = infos.map((i) => i.stoppedAt).filter((t): t is string => typeof t === 'string');
  return {
    ...(starts.length ? { startedAt: starts.sort()[0] as string } : {}),
    ...(stops.length ? { stoppedAt: stops.sort().at(-1) as string } : {}),
  };
}

/**
 * summary.json of one run, or of several shards merged: target, profile, seed, duration, counts, failed requirement
 * ids.
 */
export function reportSummary(
  runs: { dir: string; info?: Partial<RunInfo>; outcomes: TestOutcome[] }[],
  rows: CoverageRow[],
  strict: boolean,
): ReportSummary {
  const counts = summarise(
    runs.flatMap((r) => r.outcomes),
    strict,
  );
  const infos = runs.map((r) => r.info ?? {});
  const seeds = distinct(infos.map((i) => i.seed).filter((s): s is number => typeof s === 'number'));
  const requirements = {
    passed: 0,
    failed: 0,
    inconclusive: 0,
    skipped: 0,
    'not testable': 0,
    'no test': 0,
  } satisfies Record<CoverageState, number>;
  for (const row of rows) requirements[row.state]++;
  return {
    target: mergeTargets(infos.map((i) => i.target)),
    profile: distinct(infos.map((i) => i.profile ?? 'unknown')).join(', '),
    seed: seeds.length === 1 ? (seeds[0] as number) : seeds,
    ...span(infos),
    ...(infos.some((i) => i.cancelled) ? { cancelled: true } : {}),
    durationSeconds: Math.max(0, ...infos.map((i) => i.durationSeconds ?? 0)),
    strict,
    ...counts,
    requirements,
    ...(runs.length === 1 && infos[0]?.shard ? { shard: infos[0].shard } : {}),
    ...(runs.length > 1
      ? {
          shards: runs.map((r, k) => {
            const { shard, ...info } = infos[k] ?? {};
            return {
              dir: r.dir,
              total: r.outcomes.length,
              ...info,
              ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
            };
          }),
        }
      : {}),
  };
}
