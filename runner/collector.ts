import type { Reporter, TestCase } from 'vitest/node';
import type { ConformanceMeta, TestOutcome } from './outcome.js';

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}

/**
 * A vitest reporter that turns finished tests into TestOutcomes and prints one progress line a
 * file, so a long run shows it is alive without flooding CI logs.
 */
export class OutcomeCollector implements Reporter {
  readonly outcomes: TestOutcome[] = [];

  constructor(private readonly progress: (line: string) => void = () => {}) {}

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state === 'pending') return;
    const meta = testCase.meta().conformance ?? { requirementIds: [], level: 'MUST', operation: 'cross-cutting' };
    const diagnostic = testCase.diagnostic();
    // A test that never ran has no times of its own: it was decided now, within the run.
    const start = diagnostic?.startTime ?? Date.now();
    this.outcomes.push({
      name: testCase.fullName,
      file: testCase.module.moduleId,
      state: result.state,
      durationMs: diagnostic?.duration ?? 0,
      start,
      stop: start + Math.round(diagnostic?.duration ?? 0),
      meta,
      errors: result.state === 'failed' ? result.errors.map((e) => e.message) : [],
    });
  }

  onTestModuleEnd(module: { moduleId: string }): void {
    const mine = this.outcomes.filter((o) => o.file === module.moduleId);
    const failed = mine.filter((o) => o.state === 'failed').length;
    const skipped = mine.filter((o) => o.state === 'skipped').length;
    const name = module.moduleId.split('/suites/').pop() ?? module.moduleId;
    // Skipped tests (not selected, or cancelled by the budget) are not passes: say so.
    this.progress(
      `${failed ? '✗' : '✓'} ${name}: ${mine.length - failed - skipped}/${mine.length} passed${skipped ? `, ${skipped} skipped` : ''}`,
    );
  }
}
