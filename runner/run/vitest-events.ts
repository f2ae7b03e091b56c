import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import type { ConformanceMeta, PlannedTest, RunListener, TestOutcome } from '../../run-model/index.js';
import { isTeardownNoise } from './teardown-noise.js';

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}

/** A test that records no conformance meta (none should): counted as a MUST test of no operation. */
const NO_META: ConformanceMeta = { requirementIds: [], level: 'MUST', operation: 'cross-cutting' };

/** A collected test as the run plans it. */
export const plannedTest = (test: TestCase): PlannedTest => ({
  name: test.fullName,
  file: test.module.moduleId,
  meta: test.meta().conformance ?? NO_META,
});

/** A finished test as the run model keeps it; undefined while it has no result. */
export function outcomeOf(test: TestCase): TestOutcome | undefined {
  const result = test.result();
  if (result.state === 'pending') return undefined;
  const diagnostic = test.diagnostic();
  // A test that never ran has no times of its own: it was decided now, within the run.
  const start = diagnostic?.startTime ?? Date.now();
  const note = result.state === 'skipped' ? result.note : undefined;
  return {
    name: test.fullName,
    file: test.module.moduleId,
    state: result.state,
    durationMs: diagnostic?.duration ?? 0,
    start,
    stop: start + Math.round(diagnostic?.duration ?? 0),
    meta: test.meta().conformance ?? NO_META,
    errors: result.state === 'failed' ? result.errors.map((e) => e.message) : [],
    ...(note ? { note } : {}),
  };
}

/**
 * The vitest reporter of a run: it turns vitest's events into the run model's (a test started, finished, a suite
 * file done) and keeps what vitest reports outside any test (a worker that died), which makes the run INCOMPLETE.
 */
export class VitestEvents implements Reporter {
  readonly errors: string[] = [];

  constructor(private listener: RunListener) {}

  /** The next run of a shared vitest (the mutation loop's) reports to its own listener, with no earlier errors. */
  retarget(listener: RunListener): this {
    this.listener = listener;
    this.errors.length = 0;
    return this;
  }

  onTestCaseReady(test: TestCase): void {
    this.listener.onEvent({ type: 'test-started', name: test.fullName, file: test.module.moduleId, at: Date.now() });
  }

  onTestCaseResult(test: TestCase): void {
    const outcome = outcomeOf(test);
    if (outcome) this.listener.onEvent({ type: 'test-finished', outcome });
  }

  onTestModuleEnd(module: TestModule): void {
    this.listener.onEvent({ type: 'file-finished', file: module.moduleId, at: Date.now() });
  }

  onTestRunEnd(modules: readonly TestModule[], unhandled: readonly SerializedError[]): void {
    this.errors.push(...unhandled.filter((e) => !isTeardownNoise(e)).map((e) => e.message));
    for (const module of modules) this.errors.push(...module.errors().map((e) => e.message));
  }
}
