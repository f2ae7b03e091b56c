import type { Vitest } from 'vitest/node';

type CreateVitest = (typeof import('vitest/node'))['createVitest'];

/**
 * Worker processes when the work is CPU on this machine: collecting the suites, or running them against the embedded
 * bank, which answers in microseconds. Each worker imports the whole suite graph again (about 330 modules, and ajv
 * compiles the schemas: 1-1.5 s of CPU each), so on 2 cores a default run took 11.3-12.3 s with 3 workers and 8.0 s
 * with one (2026-11-26). Against a bank over the network, the config's workers let suite files wait on it side by side.
 */
export const LOCAL_WORKERS = 1;

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * vitest as the runner drives it. vitest's logger answers SIGINT and SIGTERM by ending the process a millisecond
 * later with whatever exit code was set (0, before a verdict): an interrupted run went green with nothing written.
 * Its handlers are taken off again, so that the run's own stop (runner/run/stop.ts) decides how the run ends.
 */
export async function createOwnedVitest(...args: Parameters<CreateVitest>): Promise<Vitest> {
  const { createVitest } = await import('vitest/node');
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const vitest = await createVitest(...args);
  for (const signal of SIGNALS)
    for (const listener of process.listeners(signal))
      if (!before.get(signal)?.has(listener)) process.off(signal, listener as (...a: unknown[]) => void);
  return vitest;
}
