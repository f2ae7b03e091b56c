import type { Vitest } from 'vitest/node';

type CreateVitest = (typeof import('vitest/node'))['createVitest'];

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
