import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { ConformanceMeta, TestOutcome } from '../../run-model/index.js';

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}

export interface ProgressOptions {
  /** A terminal: one live line, redrawn (stderr). Otherwise (CI, a pipe): plain lines. */
  live?: boolean;
  /** Where the live line is drawn. */
  write?: (text: string) => void;
  /** Plain lines: a status line at most this often, and a heartbeat after this long without one. */
  everyMs?: number;
  now?: () => number;
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const shortName = (testCase: TestCase) => testCase.name.replace(/^\S+(?: \+ \S+)* \[\w+\] /, '').slice(0, 60);

/**
 * A vitest reporter that turns finished tests into TestOutcomes and shows progress a person can follow: in a
 * terminal a live line (done/total, failed, elapsed, estimated remaining); elsewhere a line per file and a
 * status line every `everyMs`, naming what is in flight when nothing finished, so a run is never silent for
 * longer than that.
 */
export class OutcomeCollector implements Reporter {
  readonly outcomes: TestOutcome[] = [];
  private total = 0;
  private readonly inFlight = new Map<string, TestCase>();
  private readonly started: number;
  private lastLine: number;
  private doneAtLastLine = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly live: boolean;
  private readonly write: (text: string) => void;
  private readonly everyMs: number;
  private readonly now: () => number;

  constructor(
    private readonly progress: (line: string) => void = () => {},
    options: ProgressOptions = {},
  ) {
    this.live = options.live ?? false;
    this.write = options.write ?? ((text) => process.stderr.write(text));
    this.everyMs = options.everyMs ?? 5000;
    this.now = options.now ?? Date.now;
    this.started = this.now();
    this.lastLine = this.started;
  }

  onInit(): void {
    this.timer = setInterval(() => this.tick(), this.live ? 1000 : Math.min(this.everyMs, 1000));
    this.timer.unref();
  }

  onTestModuleCollected(module: TestModule): void {
    this.total += [...module.children.allTests()].length;
  }

  onTestCaseReady(testCase: TestCase): void {
    this.inFlight.set(testCase.id, testCase);
  }

  onTestCaseResult(testCase: TestCase): void {
    this.inFlight.delete(testCase.id);
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
    if (this.live) this.draw();
  }

  onTestModuleEnd(module: { moduleId: string }): void {
    const mine = this.outcomes.filter((o) => o.file === module.moduleId);
    const failed = mine.filter((o) => o.state === 'failed').length;
    const skipped = mine.filter((o) => o.state === 'skipped').length;
    const name = module.moduleId.split('/suites/').pop() ?? module.moduleId;
    // Skipped tests (not selected, or cancelled by the budget) are not passes: say so.
    this.line(
      `${failed ? '✗' : '✓'} ${name}: ` +
        `${mine.length - failed - skipped}/${mine.length} ` +
        `passed${skipped ? `, ${skipped} skipped` : ''}`,
    );
  }

  /** Ends the live line and the timer (the run is over). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.live) this.write('\r\x1b[K');
  }

  /** done/total, failed, elapsed and an estimate of what remains, from the pace so far. */
  status(): string {
    const done = this.outcomes.length;
    const failed = this.outcomes.filter((o) => o.state === 'failed').length;
    const elapsed = this.now() - this.started;
    const remaining =
      done > 0 && this.total > done ? `, ~${seconds((elapsed / done) * (this.total - done))} remaining` : '';
    return `${done}/${this.total} tests, ${failed} failed, ${seconds(elapsed)} elapsed${remaining}`;
  }

  private line(text: string): void {
    if (this.live) this.write('\r\x1b[K');
    this.progress(text);
    this.lastLine = this.now();
    if (this.live) this.draw();
  }

  private draw(): void {
    this.write(`\r\x1b[K${this.status()}`);
  }

  /** Plain output: a status line when tests finished, a heartbeat naming what is in flight when none did. */
  tick(): void {
    if (this.live) return this.draw();
    if (this.now() - this.lastLine < this.everyMs) return;
    const done = this.outcomes.length;
    if (done !== this.doneAtLastLine) {
      this.doneAtLastLine = done;
      return this.line(this.status());
    }
    const names = [...this.inFlight.values()].map(shortName);
    const shown = names.slice(0, 3).join('; ');
    this.line(
      `… ${this.status()}; nothing finished for ${seconds(this.now() - this.lastLine)}, in flight: ` +
        `${shown || '(none)'}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`,
    );
  }
}
