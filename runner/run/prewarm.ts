import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/**
 * A suite worker started before the run needs it. A `run` spends its first 1.5-2 s importing the CLI, the bank and
 * vitest before vitest forks its worker, which then spent another second importing vitest's runtime and the suites'
 * modules (2026-11-26, 2 cores). The bin forks the worker at once instead (`prewarmSuiteWorker`), exactly as vitest
 * forked it the last time (the record kept beside the compiled trees), so that both imports overlap. vitest's pool
 * takes it over (`takePrewarmed`, through prewarmed-pool.ts) only when vitest asks for the very same process: the same
 * entry, node options and environment. Otherwise it is ended unused and vitest forks its own, as it always did.
 *
 * (The embedded bank in a process of its own, started the same way, made the first request later, not sooner: the
 * three processes' imports then shared 2 cores. It stays in the run's process.)
 *
 * This module imports no vitest: the bin loads it before anything else.
 */
export interface WorkerSpawn {
  /** vitest's worker entry (its `workers/forks.js`). */
  entry: string;
  execArgv: string[];
  /** The worker's environment: the variables it adds to (or changes in) the run's own environment. */
  env: Record<string, string>;
}

interface Prewarmed {
  child: ChildProcess;
  entry: string;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
}

let prewarmed: Prewarmed | undefined;
let recordPath: string | undefined;
/**
 * The run's environment before vite adds to it (NODE_ENV, MODE, BASE_URL …, while vitest starts): the worker's
 * environment is this and the record's additions.
 */
let startEnv: NodeJS.ProcessEnv = { ...process.env };

const readRecord = (path: string): WorkerSpawn | undefined => {
  try {
    const record = JSON.parse(readFileSync(path, 'utf8')) as Partial<WorkerSpawn>;
    const { entry, execArgv, env } = record;
    if (typeof entry !== 'string' || !Array.isArray(execArgv) || typeof env !== 'object' || env === null) return;
    return { entry, execArgv, env };
  } catch {
    return undefined;
  }
};

/** Lets the run's process end without waiting on a worker nobody took. */
function detach(child: ChildProcess, ref: boolean): void {
  const method = ref ? 'ref' : 'unref';
  child[method]();
  child.channel?.[method]();
  for (const stream of [child.stdout, child.stderr] as ({ ref?: () => void; unref?: () => void } | null)[])
    stream?.[method]?.();
}

/**
 * Forks the suite worker the last run's vitest forked (the record at `record`), if there is a record. Nothing is
 * started without one, the first time after an installation: that run writes it.
 */
export function prewarmSuiteWorker(record: string): void {
  recordPath = record;
  startEnv = { ...process.env };
  const spawn = readRecord(record);
  if (!spawn || prewarmed) return;
  const env = { ...startEnv, ...spawn.env };
  try {
    const child = fork(spawn.entry, [], {
      env,
      execArgv: spawn.execArgv,
      stdio: 'pipe',
      serialization: 'advanced',
    });
    child.on('error', () => undefined);
    detach(child, false);
    prewarmed = { child, entry: spawn.entry, execArgv: spawn.execArgv, env };
  } catch {
    prewarmed = undefined;
  }
}

/**
 * The variables vitest and vite add to a worker's environment, the only ones the record keeps: whatever else differs
 * from the run's start (a value read from a file, say) is not written to disk, and a worker started without it does
 * not match, so vitest forks its own.
 */
const ADDED_BY_VITEST = new Set([
  'TEST',
  'VITEST',
  'VITEST_MODE',
  'FORCE_TTY',
  'NODE_ENV',
  'MODE',
  'DEV',
  'PROD',
  'SSR',
]);
const VITE_BASE_URL = '/';

/** What vitest's worker has that the run's environment had not at its start, as the record keeps it. */
const added = (env: NodeJS.ProcessEnv): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env).filter(
      (e): e is [string, string] =>
        e[1] !== undefined &&
        startEnv[e[0]] !== e[1] &&
        (ADDED_BY_VITEST.has(e[0]) || (e[0] === 'BASE_URL' && e[1] === VITE_BASE_URL)),
    ),
  );

/**
 * The prewarmed worker, if it is the process vitest is about to fork (`wanted`); else undefined, and a prewarmed worker
 * that does not match is ended. Either way the record becomes `wanted`, for the next run.
 */
export function takePrewarmed(wanted: {
  entry: string;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
}): ChildProcess | undefined {
  const record: WorkerSpawn = { entry: wanted.entry, execArgv: wanted.execArgv, env: added(wanted.env) };
  if (recordPath && !isDeepStrictEqual(readRecord(recordPath), record)) {
    try {
      mkdirSync(dirname(recordPath), { recursive: true });
      writeFileSync(recordPath, `${JSON.stringify(record, null, 2)}\n`);
    } catch {
      // A read-only installation prewarms nothing; the run is the same without it.
    }
  }
  const candidate = prewarmed;
  prewarmed = undefined;
  if (!candidate) return undefined;
  const { child } = candidate;
  const same =
    candidate.entry === wanted.entry &&
    isDeepStrictEqual(candidate.execArgv, wanted.execArgv) &&
    isDeepStrictEqual(candidate.env, wanted.env);
  if (!same || child.exitCode !== null || child.signalCode !== null || !child.connected) {
    child.kill();
    return undefined;
  }
  detach(child, true);
  return child;
}
