import fc from 'fast-check';
import { shellQuote } from '../../client/index.js';
import type { ConformanceMeta } from '../../run-model/index.js';
import type { RunContext } from './context.js';
import { ConformanceError } from './judge.js';
import { maskValues } from './allure.js';
import { inSubScope } from './session.js';
import { ConfigurationError, configurationErrorIn } from './fixtures.js';

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
 * The first of the run's sampled values that fails, or -1. Values are the examples, then the ones fc.check generates
 * for the same seed, in the same order (fc.sample walks the same random stream, and fast-check puts examples before
 * it), so index i is fast-check's path "i". All are sent at once: the run's permits keep them within
 * HTTP_CONCURRENCY and HTTP_REQUESTS_PER_SECOND.
 */
async function firstFailing<T>(
  ctx: RunContext,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  runs: { numRuns: number; examples: T[] },
): Promise<{ index: number; reason?: unknown }> {
  const values = [...runs.examples, ...fc.sample(arbitrary, { seed: ctx.seed, numRuns: runs.numRuns })];
  const settled = await Promise.allSettled(values.map((v, i) => inSubScope(`run ${i}`, () => predicate(v))));
  const index = settled.findIndex((r) => r.status === 'rejected');
  const failed = settled[index];
  return failed?.status === 'rejected' ? { index, reason: failed.reason } : { index };
}

/** A counterexample in a failure message: at most this long (the report attaches it whole). */
export const COUNTEREXAMPLE_LIMIT = 2048;

const shown = (counterexample: string): string =>
  counterexample.length <= COUNTEREXAMPLE_LIMIT
    ? counterexample
    : `${counterexample.slice(0, COUNTEREXAMPLE_LIMIT)}\n… ${counterexample.length - COUNTEREXAMPLE_LIMIT} more ` +
      'characters: the HTML report attaches the counterexample whole ("counterexample (shrunk, fast-check)")';

/** A property of a conformance test: the values to send, and what must hold for each. */
export interface Property<T> {
  ctx: RunContext;
  /** The test's meta: a failure records its replay (seed, path, counterexample) there. */
  meta: ConformanceMeta;
  /** The test's name, which the replay command selects with --grep. */
  testName: string;
  arbitrary: fc.Arbitrary<T>;
  /** Sends one value and judges the answer: throws when the target broke a rule. */
  predicate: (value: T) => Promise<void>;
  /** Random runs after the examples (the run's --num-runs unless given). */
  numRuns?: number;
  /** Values sent first, in every run (fast-check's examples). */
  examples?: T[];
}

/**
 * fc.check with the run's seed and number of runs. `examples` run first, before `numRuns` random values
 * (fast-check's examples: the replay path counts them too). The runs are sampled ahead and sent concurrently; the
 * first that fails is replayed by fast-check from its index and shrunk one request at a time, so the counterexample
 * and its path are the ones a sequential run would find. A failure names the seed and the fast-check path, the
 * shrunk counterexample, and the command that replays exactly that counterexample.
 */
export async function forAll<T>(property: Property<T>): Promise<void> {
  const { ctx, meta, testName, arbitrary, predicate, numRuns = ctx.numRuns, examples = [] } = property;
  // A replay runs the counterexample of its path alone, as fast-check does.
  const sampled = ctx.replayPath ? undefined : await firstFailing(ctx, arbitrary, predicate, { numRuns, examples });
  if (sampled?.index === -1) return;
  // The run's configuration failed, not the bank: nothing to shrink.
  const misconfigured = configurationErrorIn(sampled?.reason);
  if (misconfigured) throw misconfigured;
  const failedAt = sampled?.index;
  // Shrinking against a server that times out or resets costs a timeout per step and proves nothing about the
  // value: after the first transport failure every later run passes, so the failing value is reported as found.
  let transportFailed = false;
  let attempt = 0;
  let misconfiguredWhileShrinking: ConfigurationError | undefined;
  const guarded = async (value: T): Promise<void> => {
    if (transportFailed || misconfiguredWhileShrinking) return;
    try {
      await inSubScope(`shrink ${attempt++}`, () => predicate(value));
    } catch (err) {
      if (err instanceof ConformanceError && err.failed.some((r) => r.check === 'response_received'))
        transportFailed = true;
      misconfiguredWhileShrinking = configurationErrorIn(err);
      throw err;
    }
  };
  const path = ctx.replayPath ?? String(failedAt);
  const details = await fc.check(fc.asyncProperty(arbitrary, guarded), {
    seed: ctx.seed,
    numRuns: examples.length + numRuns,
    examples: examples.map((example): [T] => [example]),
    endOnFailure: false,
    path,
  });
  if (misconfiguredWhileShrinking) throw misconfiguredWhileShrinking;
  // A value that failed concurrently but passes alone depends on what ran beside it: report it as it failed.
  if (!details.failed) {
    if (failedAt === undefined) return;
    const reason = sampled?.reason instanceof Error ? sampled.reason.message : String(sampled?.reason);
    throw new PropertyFailure(
      `property failed at run ${failedAt + 1} (seed ${ctx.seed}, path ${failedAt}) but passed when sent again ` +
        `alone: the answer depends on what ran beside it:\n${reason}`,
      sampled?.reason,
    );
  }
  const counterexamplePath = details.counterexamplePath ?? '';
  const runs = failedAt === undefined ? details.numRuns : failedAt + 1;
  const command = rerunCommand(ctx, testName, details.seed, counterexamplePath);
  // A generator inside the value (a broken case carries its arbitrary) says nothing to a reader.
  const counterexample = details.counterexample
    ? JSON.stringify(details.counterexample[0], (_, v: unknown) => (v instanceof fc.Arbitrary ? '(generator)' : v), 2)
    : undefined;
  meta.replay = {
    seed: details.seed,
    ...(counterexamplePath ? { path: counterexamplePath } : {}),
    command,
    ...(counterexample ? { counterexample } : {}),
  };
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const secrets = [ctx.config.psu.identity, ctx.config.corporatePsu.identity];
  throw new PropertyFailure(
    [
      `property failed after ${runs} run(s) (seed ${details.seed}, path ${counterexamplePath || '-'}); ` +
        'shrunk counterexample:',
      ...(counterexample ? [shown(maskValues(counterexample, secrets))] : []),
      cause,
      `replay: ${command}`,
    ].join('\n'),
    details.errorInstance,
  );
}
