/**
 * The mutation loop in one process: one vitest for every run, and per run the embedded bank started here with that
 * run's fault or variants (a fresh bank, so nothing a run creates reaches the next). A child `run` per fault paid a
 * Node start, tsx, the CLI's imports, a vitest and its vite server each time; here those are paid once, and each
 * run pays its bank, its workers and its tests. The verdict of a run is the same report a `run` writes
 * (run-model/report.ts), read in memory instead of from summary.json and outcomes.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config/index.js';
import { RunRecorder, buildReport, endReason, gateLevel, type RunEnd } from '../../run-model/index.js';
import { createSharedVitest, runConformance, type SharedVitest } from '../run/run.js';
import { RunStop } from '../run/stop.js';
import { focusSettles } from './focus.js';
import { countedRequests, mutationEnv, type MutationJob } from './run.js';
import type { MutationRun } from './types.js';

export interface InProcessOptions {
  seed: number;
  /** Per-run budget: a run still going after it ends INCOMPLETE (exit 3), as `run --budget` would. */
  budgetSeconds: number;
  /** SHOULD failures fail the run too (a fault that breaks only SHOULD rules). */
  strict: boolean;
  /** Aborted when the mutation run is stopped: the run in progress stops with `stoppedBy()`. */
  signal?: AbortSignal;
  stoppedBy?: () => RunEnd;
  /** Record the run's exchanges and count its requests per test (the clean run: detection.json's costs). */
  countRequests?: boolean;
}

/** The exit code `run` would end with for this report (2: no test ran, as `run` says for an empty selection). */
const exitCodeOf = (summary: { exitCode: number; passed: number; failed: number; end: RunEnd }): number =>
  summary.end.kind === 'completed' && summary.passed + summary.failed === 0 ? 2 : summary.exitCode;

/** One run of every suite against a bank with the job's fault and variants, on the shared vitest. */
export async function runInProcess(
  shared: SharedVitest,
  job: MutationJob,
  options: InProcessOptions,
): Promise<MutationRun> {
  const { fault, variants = [], focus } = job;
  const started = performance.now();
  // The suites write a failed test's record under the reports folder: one of the run's own, removed after it.
  const reportsDir = mkdtempSync(join(tmpdir(), 'psd2-mutation-'));
  // The run's end without ending the process: the mutation command owns the signals and the exit code.
  const stop = new RunStop({ exit: () => undefined }).budget(options.budgetSeconds);
  const onAbort = () => stop.stop(options.stoppedBy?.() ?? { kind: 'crashed', reason: 'the mutation run stopped' });
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const recorder = new RunRecorder();
  let end: RunEnd;
  let reason: string | undefined;
  try {
    end = await runConformance({
      config: loadConfig({ env: { ...mutationEnv(process.env), BASE_URL: '' } }),
      target: { kind: 'embedded' },
      seed: options.seed,
      strict: options.strict,
      allowPayments: false,
      selection: { operations: [], excludeOperations: [], requirements: [], ...(focus ? { tests: focus.tests } : {}) },
      ...(focus ? { files: focus.files } : {}),
      ...(fault ? { faults: [fault] } : {}),
      variants,
      reportsDir,
      ...(options.countRequests ? { exchangesPath: join(reportsDir, 'exchanges.jsonl') } : {}),
      listener: recorder,
      stop,
      shared,
      planFirst: false,
    });
  } catch (err) {
    end = { kind: 'crashed', reason: (err as Error).message };
    reason = (err as Error).message;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    stop.dispose();
  }
  const requests = options.countRequests && end.kind === 'completed' ? countedRequests(reportsDir) : undefined;
  rmSync(reportsDir, { recursive: true, force: true });
  const report = buildReport([recorder.record(reportsDir, end)], { strict: options.strict });
  const exitCode = exitCodeOf(report.summary);
  if (!reason && end.kind !== 'completed') reason = endReason(end);
  return {
    ...(fault ? { fault } : {}),
    ...(variants.length ? { variants } : {}),
    exitCode,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    failedRequirements: [...report.summary.failedRequirements],
    failedTests: report.outcomes
      .filter((o) => o.state === 'failed' && (options.strict || gateLevel(o) === 'MUST'))
      .map((o) => `${o.file.split('/').at(-1)} › ${o.name}`),
    ...(reason ? { reason } : {}),
    ...(requests ? { requests } : {}),
    ...(focus ? { focused: { tests: focus.tests.length, fellBack: false } } : {}),
  };
}

/**
 * A job's run: focused first when the job has a focus, then with every suite when the focused run did not settle
 * the fault (the full run's verdict stands, and its time includes the focused run's).
 */
async function runJob(shared: SharedVitest, job: MutationJob, options: InProcessOptions): Promise<MutationRun> {
  const first = await runInProcess(shared, job, options);
  if (!job.focus || focusSettles(job.focus, first) || options.signal?.aborted || first.exitCode === 3) return first;
  const { focus, ...unfocused } = job;
  const full = await runInProcess(shared, unfocused, options);
  return {
    ...full,
    seconds: Math.round((first.seconds + full.seconds) * 10) / 10,
    focused: { tests: focus.tests.length, fellBack: true },
  };
}

/**
 * Every job on `lanes` vitests side by side (each its own workers and, per run, its own bank), each lane taking the
 * next job when its run ends; a vitest is closed when its lane has no job left. The runs come back in the jobs'
 * order; `each` hears of every run as it ends.
 */
export async function runAllInProcess(
  jobs: readonly MutationJob[],
  options: Omit<InProcessOptions, 'strict'> & {
    strictFor: (job: MutationJob) => boolean;
    countsRequests?: (job: MutationJob) => boolean;
    each?: (job: MutationJob, run: MutationRun) => void;
    /** Runs at a time (default 1). */
    lanes?: number;
  },
): Promise<MutationRun[]> {
  const runs: (MutationRun | undefined)[] = jobs.map(() => undefined);
  let next = 0;
  const lane = async () => {
    let shared = await createSharedVitest();
    let last: MutationRun | undefined;
    try {
      for (let index = next++; index < jobs.length && !options.signal?.aborted; index = next++) {
        const job = jobs[index] as MutationJob;
        // A run its budget stopped leaves the vitest it cancelled unfit for the next (that one ends INCOMPLETE
        // too): the next job gets a vitest of its own.
        if (last?.exitCode === 3) {
          await shared.vitest.close();
          shared = await createSharedVitest();
        }
        last = await runJob(shared, job, {
          ...options,
          strict: options.strictFor(job),
          countRequests: options.countsRequests?.(job) ?? false,
        });
        runs[index] = last;
        options.each?.(job, last);
      }
    } finally {
      await shared.vitest.close();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.lanes ?? 1, jobs.length)) }, lane));
  return runs.filter((run): run is MutationRun => run !== undefined);
}
