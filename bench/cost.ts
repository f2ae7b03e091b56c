import { existsSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { timedDefaultRun } from './run.js';
import type { BenchModule, BenchResult } from './types.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where `npm run mutation` writes its report by default (cli/commands/mutation.ts, --out reports). */
export const MUTATION_REPORT = `${ROOT}reports/mutation.json`;
export const MUTATION_COMMAND = 'npm run mutation';

/** Labels main.ts reads the targets from (issues 25 and 34). */
export const COST_LABELS = {
  requests: 'requests per default run',
  detection: 'detection per request (faults detected ÷ requests of a default run)',
  firstRequest: 'start-up: command to first request',
  largest: 'peak RSS of the largest process',
  wall: 'default run wall time, HTML included',
  mutation: 'mutation loop wall time (whole matrix)',
  load: 'load average (1 min) before the run',
} as const;

/**
 * The request target, which detection per request is judged against: every fault a run can observe (the report's
 * known gaps left out) within 1200 requests. Issue 25 set 800; issue 34 raised it to 1200 so that a default run sends
 * every (rule, operation, class) cell a request can reach instead of sampling the classes.
 */
export const REQUEST_TARGET = 1200;

/** A quiet machine: the last minute's load under half its cores. Figures on a busy one are slower than the code. */
export const quiet = (load: number, cores = cpus().length): boolean => load < cores / 2;

interface MutationFigures {
  detected: number;
  total: number;
  /** Faults the report names as known gaps: no run can observe them through interface.md's operations. */
  knownGaps: number;
  /** Present when the report says how the loop ran (this branch on). */
  loop?: { mode: string; runs: number; wallSeconds: number; finishedAt: string; full: boolean };
  at: string;
}

/** The newest mutation report, if there is one: the score, and the loop's wall time when it recorded it. */
export function readMutationReport(path = MUTATION_REPORT): MutationFigures | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const report = JSON.parse(readFileSync(path, 'utf8')) as {
      overall?: { detected: number; total: number };
      knownGaps?: unknown[];
      loop?: MutationFigures['loop'];
    };
    if (!report.overall) return undefined;
    return {
      detected: report.overall.detected,
      total: report.overall.total,
      knownGaps: Array.isArray(report.knownGaps) ? report.knownGaps.length : 0,
      ...(report.loop ? { loop: report.loop } : {}),
      at: statSync(path).mtime.toISOString(),
    };
  } catch {
    return undefined;
  }
}

/**
 * What a verdict costs: requests, start-up, memory of every process, the default run's wall and the mutation
 * loop's (issue 25). The run is the same default run the `run` bench times (one run per bench process).
 */
export const costBench: BenchModule = {
  name: 'cost',
  async run(): Promise<BenchResult> {
    const loadBefore = loadavg()[0] ?? 0;
    const run = await timedDefaultRun();
    const loadAfter = loadavg()[0] ?? 0;
    const mutation = readMutationReport();
    const largest = Math.max(0, ...run.processes.map((p) => p.peakRssMb));
    const runs = run.samples
      ? `the median of ${run.samples.length} default runs (${run.samples.map((s) => `${s.toFixed(2)} s`).join(', ')})`
      : 'one default run';
    return {
      name: 'cost',
      operation:
        `${runs} against the embedded bank (exit ${run.exitCode}), with the newest mutation report ` +
        (mutation ? `(${mutation.at})` : `(none: \`${MUTATION_COMMAND}\` writes one)`) +
        `; ${cpus().length} cores, load ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after` +
        (quiet(loadBefore) ? '' : ' — NOT QUIET: the figures are slower than on a quiet machine'),
      figures: [
        { label: COST_LABELS.load, value: loadBefore, unit: '' },
        { label: 'load average (1 min) after the run', value: loadAfter, unit: '' },
        { label: COST_LABELS.requests, value: run.requests, unit: 'requests' },
        ...(mutation && run.requests
          ? [{ label: COST_LABELS.detection, value: mutation.detected / run.requests, unit: 'faults/request' }]
          : []),
        ...(mutation
          ? [
              {
                label: 'faults detected (newest mutation report)',
                value: mutation.detected,
                unit: `of ${mutation.total}`,
              },
            ]
          : []),
        ...(run.firstRequestSeconds !== undefined
          ? [{ label: COST_LABELS.firstRequest, value: run.firstRequestSeconds, unit: 's' }]
          : []),
        { label: COST_LABELS.wall, value: run.seconds, unit: 's' },
        { label: 'of which reports after the verdict', value: run.reportSeconds, unit: 's' },
        { label: COST_LABELS.largest, value: largest, unit: 'MB' },
        ...run.processes.map((p) => ({
          label: `  peak RSS: ${p.command} (pid ${p.pid}${p.threads ? `, ${p.threads} threads` : ''})`,
          value: p.peakRssMb,
          unit: 'MB',
        })),
        ...(mutation?.loop?.full
          ? [{ label: `${COST_LABELS.mutation}, ${mutation.loop.mode}`, value: mutation.loop.wallSeconds, unit: 's' }]
          : []),
      ],
      ratios: [],
    };
  },
};
