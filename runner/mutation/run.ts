import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FaultId, VariantId } from '../../bank/ids.generated.js';
import { requestsPerTest } from '../../run-model/budget.js';
import { readTestManifest } from '../../run-model/test-manifest.js';
import type { Focus } from './focus.js';
import type { MutationRun } from './types.js';
import { BIN, PACKAGE_ROOT as ROOT } from '../paths.js';
import { gateLevel, type TestOutcome } from '../../run-model/index.js';

export interface MutationRunOptions {
  seed?: number;
  /** Per-run budget handed to `run --budget`; the child is killed a little after it. */
  budgetSeconds: number;
  extraArgs?: string[];
  /** Aborted when the mutation run is stopped: the child gets SIGTERM (and writes its INCOMPLETE reports). */
  signal?: AbortSignal;
  /** Record the exchanges and count the requests per test (the clean run: detection.json's costs). */
  countRequests?: boolean;
}

/** Every child run still going, so that a mutation run that must end now can end them too. */
/**
 * The headers timeout of a mutation run unless HTTP_HEADERS_TIMEOUT_MS is set: the embedded bank answers in
 * milliseconds, so 5 s without headers is a fault (hang-on-unknown-basket, slow-payments, whose delay follows the
 * run's timeout), and waiting the default 15 s for each made those two faults 126 s of a 1,064 s matrix.
 */
export const MUTATION_HEADERS_TIMEOUT_MS = 5000;

/** The environment of a mutation run: the caller's, with the mutation loop's headers timeout when it sets none. */
export const mutationEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  HTTP_HEADERS_TIMEOUT_MS: String(MUTATION_HEADERS_TIMEOUT_MS),
  ...env,
});

export const RUNNING = new Set<ReturnType<typeof spawn>>();

/** What one run switches on in the embedded bank: a fault, variants, both or neither. */
export interface MutationJob {
  fault?: FaultId;
  variants?: VariantId[];
  /** Only the tests that detected the fault when last measured, in one process (focus.ts); every suite when unset. */
  focus?: Focus;
}

/** The tests that fail the gate: MUST-level failures, or every failure under --strict. */
function failedTests(reports: string, strict: boolean): string[] | undefined {
  try {
    const outcomes = JSON.parse(readFileSync(join(reports, 'outcomes.json'), 'utf8')) as TestOutcome[];
    return outcomes
      .filter((o) => o.state === 'failed' && (strict || gateLevel(o) === 'MUST'))
      .map((o) => `${o.file.split('/').at(-1)} › ${o.name}`);
  } catch {
    return undefined;
  }
}

/** Requests per test of a run that recorded its exchanges; undefined when it wrote none (it ended early). */
export function countedRequests(reports: string): MutationRun['requests'] {
  try {
    const lines = readFileSync(join(reports, 'exchanges.jsonl'), 'utf8').split('\n');
    return requestsPerTest(lines, readTestManifest() ?? []);
  } catch {
    return undefined;
  }
}

/**
 * One `psd2-conformance run` against the embedded bank, in a child process so that each fault or variant gets a
 * fresh bank and vitest. `--profile embedded` asks for the reference bank (a .env target is ignored); BASE_URL leaves
 * the child's environment, since a blank one would be a configuration error (a missing CI secret).
 */
export function runOnce(job: MutationJob, options: MutationRunOptions): Promise<MutationRun> {
  const { fault, variants = [] } = job;
  const reports = mkdtempSync(join(tmpdir(), 'psd2-mutation-'));
  const args = [
    BIN,
    'run',
    '--profile',
    'embedded',
    // What the score reads, and nothing else: no HTML, no Allure results, no 6 MB of exchanges per run.
    '--report',
    'summary,outcomes',
    '--reports',
    reports,
    '--budget',
    String(options.budgetSeconds),
    ...(options.seed !== undefined ? ['--seed', String(options.seed)] : []),
    ...(fault ? ['--fault', fault] : []),
    ...variants.flatMap((v) => ['--variant', v]),
    ...(options.extraArgs ?? []),
    ...(options.countRequests ? ['--exchanges', join(reports, 'exchanges.jsonl')] : []),
  ];
  const started = performance.now();
  const { BASE_URL: _target, ...env } = mutationEnv(process.env);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(options.signal ? { signal: options.signal, killSignal: 'SIGTERM' as const } : {}),
    });
    RUNNING.add(child);
    child.on('error', () => {
      // Aborted: the run is being stopped; 'close' says how the child ended.
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), (options.budgetSeconds + 60) * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      RUNNING.delete(child);
      let failedRequirements: string[] = [];
      try {
        failedRequirements = (
          JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as { failedRequirements: string[] }
        ).failedRequirements;
      } catch {
        // No summary: the run ended before writing it; the reason below says why.
      }
      const failed = failedTests(reports, args.includes('--strict'));
      const requests = options.countRequests ? countedRequests(reports) : undefined;
      rmSync(reports, { recursive: true, force: true });
      const last = stderr.trim().split('\n').at(-1) ?? '';
      const reason = signal ? `killed (${signal}) after the budget` : code !== 0 && code !== 1 ? last : undefined;
      resolve({
        ...(fault ? { fault } : {}),
        ...(variants.length ? { variants } : {}),
        exitCode: code,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        failedRequirements,
        ...(failed ? { failedTests: failed } : {}),
        ...(requests ? { requests } : {}),
        ...(reason ? { reason } : {}),
      });
    });
  });
}

/**
 * Runs every job with at most `parallel` at once, keeping the input order in the result; once `signal` is aborted no
 * further job starts (the result then has holes where they would have been).
 */
export async function pool<T, R>(
  items: T[],
  parallel: number,
  work: (item: T) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, items.length)) }, worker));
  return results;
}
