import { summarise, type RunSummary, type TestOutcome } from '../runner/outcome.js';
import type { CoverageRow, CoverageState } from './coverage.js';

/** What `run` records about itself in summary.json, beside the counts. */
export interface RunInfo {
  target: string;
  profile: string;
  seed: number;
  durationSeconds: number;
}

export interface ReportSummary extends RunSummary {
  target: string;
  profile: string;
  /** One seed, or one per shard when the shards ran with different seeds. */
  seed: number | number[];
  /** Wall-clock time: shards run side by side, so the longest one. */
  durationSeconds: number;
  strict: boolean;
  /** Requirements of the catalogue by coverage outcome (a requirement fails when one of its tests fails). */
  requirements: Record<CoverageState, number>;
  /** The result folders merged into this report, with what each ran. */
  shards?: ({ dir: string; total: number } & Partial<RunInfo>)[];
}

const distinct = <T>(values: T[]): T[] => [...new Set(values)];

/** summary.json of one run, or of several shards merged: target, profile, seed, duration, counts, failed requirement ids. */
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
    target: distinct(infos.map((i) => i.target ?? 'unknown')).join(', '),
    profile: distinct(infos.map((i) => i.profile ?? 'unknown')).join(', '),
    seed: seeds.length === 1 ? (seeds[0] as number) : seeds,
    durationSeconds: Math.max(0, ...infos.map((i) => i.durationSeconds ?? 0)),
    strict,
    ...counts,
    requirements,
    ...(runs.length > 1 ? { shards: runs.map((r, k) => ({ dir: r.dir, total: r.outcomes.length, ...infos[k] })) } : {}),
  };
}
