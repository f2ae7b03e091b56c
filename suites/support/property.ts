import fc from 'fast-check';
import type { ConformanceMeta } from '../../runner/outcome.js';
import type { RunContext } from './context.js';

/**
 * fc.assert with the run's seed and number of runs. A failure names the seed and the fast-check path,
 * and the command that replays exactly that counterexample.
 */
export async function forAll<T>(ctx: RunContext, meta: ConformanceMeta, testName: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, numRuns = ctx.numRuns): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), { seed: ctx.seed, numRuns, endOnFailure: false, ...(ctx.replayPath ? { path: ctx.replayPath } : {}) });
  if (!details.failed) return;
  const command = `npx psd2-conformance run --seed ${details.seed} --replay-path ${details.counterexamplePath ?? ''} --grep ${JSON.stringify(testName)}`;
  meta.replay = { seed: details.seed, ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}), command };
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    [`property failed after ${details.numRuns} run(s) (seed ${details.seed}, path ${details.counterexamplePath ?? '-'}); shrunk counterexample:`, cause, `replay: ${command}`].join('\n'),
  );
}
