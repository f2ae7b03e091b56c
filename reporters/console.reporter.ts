import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endReason, suiteFileOf, type RunEvent, type RunPhase, type TestOutcome } from '../run-model/index.js';
import { closingSummary } from './console-summary.js';
import { defineReporter, type ReporterContext } from './registry.js';
import type { Terminal } from './terminal.js';

const secondsOf = (ms: number) => `${Math.round(ms / 1000)} s`;

const PHASE_WORDS: Record<RunPhase, string> = {
  starting: 'starting',
  collecting: 'collecting the suites',
  testing: 'running the tests',
  reporting: 'writing the reports',
};

/** How long the tests of the last run in history.jsonl took (first start to last stop), and how many there were. */
export function lastRun(historyPath: string): { tests: number; ms: number } | undefined {
  if (!existsSync(historyPath)) return undefined;
  try {
    const last = readFileSync(historyPath, 'utf8').trim().split('\n').at(-1);
    const results = Object.values((JSON.parse(last ?? '{}') as { testResults?: object }).testResults ?? {}) as {
      start?: number;
      stop?: number;
    }[];
    const starts = results.map((r) => r.start).filter((n): n is number => typeof n === 'number');
    const stops = results.map((r) => r.stop).filter((n): n is number => typeof n === 'number');
    if (!starts.length || !stops.length) return undefined;
    return { tests: results.length, ms: Math.max(...stops) - Math.min(...starts) };
  } catch {
    return undefined;
  }
}

export interface ProgressOptions {
  terminal: Terminal;
  /** A status line at most this often without a terminal, and a heartbeat after this long without one. */
  everyMs?: number;
  now?: () => number;
  /** The last run's tests and how long they took, for an estimate from the start. */
  earlier?: { tests: number; ms: number };
}

/**
 * Progress a person can trust: the total from the plan (known before the first test), done and failed, elapsed, and
 * an estimate only once it means something (from the last run of as many tests, or from the pace once a quarter is
 * done); a heartbeat in every phase (starting, collecting, writing the reports), so the run is never silent; in a
 * terminal one live line, elsewhere a line per suite file and a status line at most every `everyMs`.
 */
export class Progress {
  private phase: RunPhase = 'starting';
  private phaseSince: number;
  private testingSince: number | undefined;
  private total = 0;
  /** Planned tests per suite file, and whether the run is stopping: a file's tests it never ran are "not run". */
  private readonly plannedIn = new Map<string, number>();
  private stopping = false;
  private readonly finished = new Map<string, TestOutcome>();
  private readonly inFlight = new Map<string, string>();
  private lastLine: number;
  private doneAtLastLine = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly terminal: Terminal;
  private readonly everyMs: number;
  private readonly now: () => number;
  private readonly earlier: ProgressOptions['earlier'];

  constructor(options: ProgressOptions) {
    this.terminal = options.terminal;
    this.everyMs = options.everyMs ?? 5000;
    this.now = options.now ?? Date.now;
    this.earlier = options.earlier;
    this.phaseSince = this.now();
    this.lastLine = this.phaseSince;
  }

  onEvent(event: RunEvent): void {
    switch (event.type) {
      case 'phase':
        return this.enter(event.phase, event.detail);
      case 'planned':
        this.total = event.tests.length;
        this.plannedIn.clear();
        for (const t of event.tests) this.plannedIn.set(t.file, (this.plannedIn.get(t.file) ?? 0) + 1);
        return this.terminal.note(`${this.total} tests to report`);
      case 'test-started':
        this.inFlight.set(`${event.file}\u0000${event.name}`, event.name);
        return this.draw();
      case 'test-finished':
        this.inFlight.delete(`${event.outcome.file}\u0000${event.outcome.name}`);
        this.finished.set(`${event.outcome.file}\u0000${event.outcome.name}`, event.outcome);
        return this.draw();
      case 'file-finished':
        return this.line(this.fileLine(event.file));
      case 'notice':
        return this.line(event.text);
      case 'stopping':
        this.stopping = true;
        return this.line(
          `stopping: ${endReason(event.end)}; writing what the run has` +
            (event.end.kind === 'interrupted' ? ' (press Ctrl-C again to end at once)' : ''),
        );
      case 'ended':
        return this.stop();
      case 'started':
        return;
    }
  }

  private get done(): TestOutcome[] {
    return [...this.finished.values()];
  }

  /** done/total, failed, elapsed, and what remains once an estimate means something. */
  status(): string {
    const elapsed = this.now() - (this.testingSince ?? this.phaseSince);
    const failed = this.done.filter((o) => o.state === 'failed').length;
    const remaining = this.remaining(elapsed);
    return (
      `${this.done.length}/${this.total} tests, ${failed} failed, ${secondsOf(elapsed)} elapsed` +
      (remaining === undefined ? '' : `, ~${secondsOf(remaining)} remaining`)
    );
  }

  /** Ends the live line and the timer. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.testingSince !== undefined && this.terminal.live) this.terminal.note(this.status());
    this.terminal.end();
  }

  /** Once a second: the live line redrawn, or in plain output a status or heartbeat line every `everyMs`. */
  tick(): void {
    if (this.terminal.live) return this.draw();
    if (this.now() - this.lastLine < this.everyMs) return;
    if (this.phase !== 'testing') return this.line(`… ${this.phaseLine()}`);
    if (this.done.length !== this.doneAtLastLine) {
      this.doneAtLastLine = this.done.length;
      return this.line(this.status());
    }
    const names = [...this.inFlight.values()].map((n) => n.split(' > ').pop()?.slice(0, 60) ?? n);
    this.line(
      `… ${this.status()}; nothing finished for ${secondsOf(this.now() - this.lastLine)}, in flight: ` +
        `${names.slice(0, 3).join('; ') || '(none)'}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`,
    );
  }

  private enter(phase: RunPhase, detail?: string): void {
    this.phase = phase;
    this.phaseSince = this.now();
    if (phase === 'testing') this.testingSince = this.phaseSince;
    if (phase === 'reporting' && this.testingSince !== undefined) this.endTesting();
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.terminal.live ? 1000 : Math.min(this.everyMs, 1000));
      this.timer.unref();
    }
    this.line(`${PHASE_WORDS[phase]}${detail ? ` (${detail})` : ''}…`);
  }

  /** The tests are done: their last status stays as a line of its own, and the live line goes. */
  private endTesting(): void {
    if (this.terminal.live) this.terminal.note(this.status());
    this.terminal.status('');
  }

  private phaseLine(): string {
    return `${PHASE_WORDS[this.phase]} (${secondsOf(this.now() - this.phaseSince)})`;
  }

  /**
   * Milliseconds left: the last run's time for as many tests (within a tenth) less the time spent, or the pace so far
   * once a quarter of the tests and 3 s are behind; before either, no guess.
   */
  private remaining(elapsed: number): number | undefined {
    const left = this.total - this.done.length;
    if (this.total === 0 || left <= 0) return undefined;
    const earlier = this.earlier;
    if (earlier && Math.abs(earlier.tests - this.total) <= this.total / 10 && earlier.ms > elapsed)
      return earlier.ms - elapsed;
    if (this.done.length * 4 < this.total || elapsed < 3000) return undefined;
    return (elapsed / this.done.length) * left;
  }

  /**
   * A suite file's line once vitest is done with it: passed of those run, skipped (not selected, not testable here:
   * not passes), and, once the run is stopping, the tests it never ran. A file whose tests a stopped run never
   * reached is `– name: not run`, never a ✓ over nothing.
   */
  private fileLine(file: string): string {
    const mine = this.done.filter((o) => o.file === file);
    // Tests a stopped run cancelled are reported skipped without a reason of their own.
    const cancelled = this.stopping ? mine.filter((o) => o.state === 'skipped' && !o.note && !o.meta.notTestable) : [];
    const notRun = cancelled.length + (this.stopping ? Math.max(0, (this.plannedIn.get(file) ?? 0) - mine.length) : 0);
    const ran = mine.filter((o) => !cancelled.includes(o));
    const failed = ran.filter((o) => o.state === 'failed').length;
    const skipped = ran.filter((o) => o.state === 'skipped').length;
    const name = suiteFileOf(file).replace(/^suites\//, '');
    if (notRun && ran.length === 0) return `– ${name}: not run (${notRun} test${notRun === 1 ? '' : 's'})`;
    return (
      `${failed ? '✗' : notRun ? '–' : '✓'} ${name}: ${ran.length - failed - skipped}/${ran.length} passed` +
      `${skipped ? `, ${skipped} skipped` : ''}${notRun ? `, ${notRun} not run` : ''}`
    );
  }

  private line(text: string): void {
    this.terminal.note(text);
    this.lastLine = this.now();
    this.draw();
  }

  private draw(): void {
    if (!this.terminal.live) return;
    this.terminal.status(this.phase === 'testing' ? this.status() : `${this.phaseLine()}…`);
  }
}

/** The console: progress while the run goes, then the closing summary with the verdict. Always on. */
export default defineReporter({
  name: 'console',
  description: 'progress while the run goes, then every failure and the verdict (always on)',
  writes: [],
  always: true,
  create: (context: ReporterContext) => {
    const earlier = lastRun(join(context.out, 'history.jsonl'));
    const progress = new Progress({ terminal: context.terminal, ...(earlier ? { earlier } : {}) });
    return {
      onEvent: (event) => progress.onEvent(event),
      files: (report) => {
        progress.stop();
        context.terminal.print(closingSummary(report, context.out));
        return {};
      },
    };
  },
});
