import fc from 'fast-check';
import { shellQuote } from '../../client/index.js';
import type { ConformanceMeta } from '../../runner/outcome.js';
import type { RunContext } from './context.js';
import { ConformanceError } from './judge.js';

/** The failure of a property: named as an assertion so Allure files it under "failed" when the target broke a rule. */
export class PropertyFailure extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = cause instanceof Error && /Assertion/.test(cause.name) ? 'PropertyAssertionError' : 'PropertyError';
  }
}

/** --grep takes a regular expression; a test name holds "(", "+", "[" … that must match literally. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The flags that point a new run at the same target: the embedded bank needs the same faults and variants. */
const targetFlags = (ctx: RunContext): string[] =>
  ctx.profile === 'embedded'
    ? [
        ...(ctx.faults ?? []).flatMap((f) => ['--fault', shellQuote(f)]),
        ...(ctx.variants ?? []).flatMap((v) => ['--variant', shellQuote(v)]),
      ]
    : [];

/** Where a replay writes its reports: apart, so pasting a replay line never overwrites the run's own reports/. */
export const REPLAY_REPORTS = 'reports/replay';

/** The command that runs one test again against the same target, with the same seed (and a fast-check path). */
export function rerunCommand(ctx: RunContext, testName: string, seed: number, path?: string): string {
  return [
    'npx',
    'psd2-conformance',
    'run',
    ...targetFlags(ctx),
    '--seed',
    String(seed),
    ...(path ? ['--replay-path', shellQuote(path)] : []),
    '--grep',
    shellQuote(literal(testName)),
    '--reports',
    REPLAY_REPORTS,
  ].join(' ');
}

/**
 * fc.assert with the run's seed and number of runs. A failure names the seed and the fast-check path,
 * the shrunk counterexample, and the command that replays exactly that counterexample. `examples` run first,
 * before `numRuns` random values (fast-check's examples: the replay path counts them too).
 */
export async function forAll<T>(
  ctx: RunContext,
  meta: ConformanceMeta,
  testName: string,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  { numRuns = ctx.numRuns, examples = [] }: { numRuns?: number; examples?: T[] } = {},
): Promise<void> {
  // Shrinking against a server that times out or resets costs a timeout per step and proves nothing about the
  // value: after the first transport failure every later run passes, so the failing value is reported as found.
  let transportFailed = false;
  const guarded = async (value: T): Promise<void> => {
    if (transportFailed) return;
    try {
      await predicate(value);
    } catch (err) {
      if (err instanceof ConformanceError && err.failed.some((r) => r.check === 'response_received'))
        transportFailed = true;
      throw err;
    }
  };
  const details = await fc.check(fc.asyncProperty(arbitrary, guarded), {
    seed: ctx.seed,
    numRuns: examples.length + numRuns,
    examples: examples.map((example): [T] => [example]),
    endOnFailure: false,
    ...(ctx.replayPath ? { path: ctx.replayPath } : {}),
  });
  if (!details.failed) return;
  const path = details.counterexamplePath ?? '';
  const command = rerunCommand(ctx, testName, details.seed, path);
  // A generator inside the value (a broken case carries its arbitrary) says nothing to a reader.
  const counterexample = details.counterexample
    ? JSON.stringify(details.counterexample[0], (_, v: unknown) => (v instanceof fc.Arbitrary ? '(generator)' : v), 2)
    : undefined;
  meta.replay = {
    seed: details.seed,
    ...(path ? { path } : {}),
    command,
    ...(counterexample ? { counterexample } : {}),
  };
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new PropertyFailure(
    [
      `property failed after ${details.numRuns} run(s) (seed ${details.seed}, path ${path || '-'}); shrunk counterexample:`,
      cause,
      `replay: ${command}`,
    ].join('\n'),
    details.errorInstance,
  );
}
