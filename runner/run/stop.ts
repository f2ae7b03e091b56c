import { STOP_SIGNALS, exitCodeOf, type RunEnd, type StopSignal } from '../../run-model/index.js';
import { launcherEnd, launcherOf, rebased } from './launcher.js';

/**
 * How long a stopping run has to write what it has before the process ends regardless. A stopped run is to end
 * within 5 s of the signal (issue 21); with the workers in processes of their own, collecting the suites is not
 * cut short, so the deadline leaves 2 s for ending those and the process on a busy machine.
 */
export const STOP_DEADLINE_MS = 3000;

export interface RunStopOptions {
  /** Ends the process (process.exit in the CLI; a test passes its own). */
  exit?: (code: number) => void;
  deadlineMs?: number;
}

/**
 * The exit code of a run that ends this way before its verdict: 130/143 for a signal, 2 misconfigured, else 3; 0 for
 * a completed one (exitCodeOf gives the verdict's code then, and there is none yet).
 */
export const stopCode = (end: RunEnd): number => exitCodeOf(end, { exitCode: 0 });

/**
 * The end of a run, owned by the runner: SIGINT, SIGTERM or SIGHUP, the time budget, or a dead worker stop the run.
 * Stopping aborts `signal` (vitest's run is cancelled, child processes end, reporters that take long give up) and
 * starts a deadline: whatever is still running when it passes, the files registered with `atDeadline` are written
 * synchronously and the process ends with 130, 143 or 3, never 0. A second signal ends it at once the same way.
 */
export class RunStop {
  private readonly controller = new AbortController();
  private readonly onStop: ((end: RunEnd) => void)[] = [];
  private readonly atDeadline: (() => void)[] = [];
  private readonly handlers = new Map<StopSignal, () => void>();
  private timers: NodeJS.Timeout[] = [];
  /** Listeners to remove when the run ends by itself. */
  private readonly untie: (() => void)[] = [];
  private reason: RunEnd | undefined;
  private readonly exit: (code: number) => void;
  private readonly deadlineMs: number;

  constructor(options: RunStopOptions = {}) {
    this.exit = options.exit ?? ((code) => process.exit(code));
    this.deadlineMs = options.deadlineMs ?? STOP_DEADLINE_MS;
  }

  /** Aborted once the run is stopping. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the run is stopping; undefined while it runs. */
  get end(): RunEnd | undefined {
    return this.reason;
  }

  /**
   * Stops the run on SIGINT, SIGTERM and SIGHUP (instead of Node's default of dying with nothing written), and on what
   * its launcher shows of a signal that never reached it (launcher.ts): `npx` starts the CLI through `sh -c`, whose
   * dash dies of a SIGTERM npx passes on, and keeps a SIGINT until the run has ended. Within about a second, the run
   * ends as that signal would have ended it, so its reports give the exit code the caller of npx sees.
   */
  listen(): this {
    for (const name of STOP_SIGNALS) {
      const handler = () => this.stop({ kind: 'interrupted', signal: name });
      this.handlers.set(name, handler);
      process.on(name, handler);
    }
    this.watchLauncher();
    return this;
  }

  /**
   * Every half second, whether the launcher shows a signal (launcherEnd). A shell's wakeup is taken for a SIGINT
   * only at the next look and if the run did not itself stop and continue meanwhile (Ctrl-Z, then fg: the shell wakes
   * for that too, and the run's SIGCONT handler may come after the look that saw it).
   */
  private watchLauncher(): void {
    let launcher = launcherOf(process.ppid);
    let continued = false;
    let held: RunEnd | undefined;
    const onContinue = () => {
      continued = true;
    };
    process.on('SIGCONT', onContinue);
    this.untie.push(() => process.off('SIGCONT', onContinue));
    const watch = setInterval(() => {
      if (continued) [launcher, continued, held] = [rebased(launcher), false, undefined];
      const end = launcherEnd(launcher, process.ppid);
      if (end?.kind === 'interrupted' && end.signal === 'SIGINT' && !held) {
        held = end;
        return;
      }
      if (!end) return;
      clearInterval(watch);
      this.stop(end);
    }, 500);
    watch.unref();
    this.timers.push(watch);
  }

  /** Stops the run when the budget is spent. */
  budget(seconds: number): this {
    const timer = setTimeout(() => this.stop({ kind: 'budget', seconds }), seconds * 1000);
    timer.unref();
    this.timers.push(timer);
    return this;
  }

  /** Called once, when the run is asked to stop. */
  whenStopping(fn: (end: RunEnd) => void): void {
    if (this.reason) fn(this.reason);
    else this.onStop.push(fn);
  }

  /**
   * Done synchronously if the run has not ended by the deadline (or at a second signal): `first` for what must
   * happen before the files are written (the runner passing on what it knows).
   */
  whenOutOfTime(fn: () => void, options: { first?: boolean } = {}): void {
    if (options.first) this.atDeadline.unshift(fn);
    else this.atDeadline.push(fn);
  }

  stop(end: RunEnd): void {
    if (this.reason) {
      // A second signal: no more waiting.
      if (end.kind === 'interrupted') this.now();
      return;
    }
    this.reason = end;
    this.controller.abort();
    for (const fn of this.onStop.splice(0)) fn(end);
    // Not unref'd: this timer must fire even if something else keeps the process alive.
    this.timers.push(setTimeout(() => this.now(), this.deadlineMs));
  }

  /** Ends the process now: the last-resort writes, then the exit code of how the run ended. */
  now(): void {
    for (const fn of this.atDeadline.splice(0))
      try {
        fn();
      } catch {
        // Writing what there is must not keep the process from ending.
      }
    this.exit(stopCode(this.reason ?? { kind: 'crashed', reason: 'stopped' }));
  }

  /**
   * The run's exit code is final: vitest sets `process.exitCode = 1` when a cancelled run winds down in the
   * background, after the verdict, and must not turn a 130 or 143 into a 1 (nor a 0 into a 1).
   */
  settle(code: number): number {
    process.on('exit', () => {
      process.exitCode = code;
    });
    return code;
  }

  /**
   * A stopped run whose verdict is written ends its process now. Workers vitest could not end in time (busy
   * importing or collecting) would otherwise keep it alive until they finish, seconds after the verdict; they end
   * with it (their execArgv). A run that was not stopped ends when it has nothing left to do.
   */
  exitIfStopped(code: number): number {
    if (this.reason) this.exit(code);
    return code;
  }

  /** The run ended by itself: the deadline and the signal handlers go. */
  dispose(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const [name, handler] of this.handlers) process.off(name, handler);
    this.handlers.clear();
    for (const fn of this.untie.splice(0)) fn();
  }
}
