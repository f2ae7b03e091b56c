import { describe, expect, it, vi } from 'vitest';
import { RunRecorder, buildReport, embeddedTarget } from '../../run-model/index.js';
import { RunStop, stopCode } from '../../runner/run/stop.js';
import { outcome, planned } from '../support/outcomes.js';

describe("the run's end (runner/run/stop.ts)", () => {
  it('a signal stops the run once: listeners hear it, the signal aborts, the exit code is the shell one', () => {
    const exit = vi.fn();
    const stop = new RunStop({ exit, deadlineMs: 60_000 });
    const heard: string[] = [];
    stop.whenStopping((end) => heard.push(end.kind));
    stop.stop({ kind: 'interrupted', signal: 'SIGTERM' });
    stop.stop({ kind: 'budget', seconds: 1 });
    expect(heard).toEqual(['interrupted']);
    expect(stop.signal.aborted).toBe(true);
    expect(stop.end).toEqual({ kind: 'interrupted', signal: 'SIGTERM' });
    expect(exit).not.toHaveBeenCalled();
    stop.dispose();
    expect([stopCode({ kind: 'interrupted', signal: 'SIGINT' }), stopCode({ kind: 'budget', seconds: 9 })]).toEqual([
      130, 3,
    ]);
    // A configuration error found while testing (an SCA driver that matched nothing) is one: exit 2.
    expect(stopCode({ kind: 'misconfigured', reason: 'SCA_APPROVE_URL=form:x matched nothing' })).toBe(2);
  });

  it('a second signal ends it at once: what must be written is written, then the exit', () => {
    const order: string[] = [];
    const stop = new RunStop({ exit: (code) => order.push(`exit ${code}`), deadlineMs: 60_000 });
    stop.whenOutOfTime(() => order.push('write the files'));
    stop.whenOutOfTime(() => order.push('the plan so far'), { first: true });
    stop.stop({ kind: 'interrupted', signal: 'SIGINT' });
    expect(order).toEqual([]);
    stop.stop({ kind: 'interrupted', signal: 'SIGINT' });
    expect(order).toEqual(['the plan so far', 'write the files', 'exit 130']);
    stop.dispose();
  });

  it('out of time, the same: the deadline after the first signal', () => {
    vi.useFakeTimers();
    try {
      const exit = vi.fn();
      const stop = new RunStop({ exit, deadlineMs: 4000 });
      stop.stop({ kind: 'interrupted', signal: 'SIGTERM' });
      vi.advanceTimersByTime(3999);
      expect(exit).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(exit).toHaveBeenCalledWith(143);
      stop.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a stopped run ends its process once its verdict is written, without the last-resort writes', () => {
    const order: string[] = [];
    const stop = new RunStop({ exit: (code) => order.push(`exit ${code}`), deadlineMs: 60_000 });
    stop.whenOutOfTime(() => order.push('write the files'));
    expect(stop.exitIfStopped(0)).toBe(0);
    expect(order).toEqual([]);
    stop.stop({ kind: 'interrupted', signal: 'SIGTERM' });
    stop.dispose();
    expect(stop.exitIfStopped(143)).toBe(143);
    expect(order).toEqual(['exit 143']);
  });

  it('the budget stops the run as INCOMPLETE (exit 3)', () => {
    vi.useFakeTimers();
    try {
      const stop = new RunStop({ exit: () => {}, deadlineMs: 60_000 }).budget(2);
      vi.advanceTimersByTime(2000);
      expect(stop.end).toEqual({ kind: 'budget', seconds: 2 });
      stop.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the run's record (run-model/record.ts)", () => {
  const start = { target: embeddedTarget({}), profile: 'embedded', seed: 7, strict: false, startedAt: 1000 };

  it('a stopped run lists every planned test, those never run and those vitest cancelled skipped with why', () => {
    const recorder = new RunRecorder();
    recorder.onEvent({ type: 'started', run: start });
    recorder.onEvent({ type: 'planned', tests: ['a', 'b', 'c', 'd'].map((name) => planned(name)) });
    recorder.onEvent({ type: 'test-finished', outcome: outcome('a', 'passed') });
    recorder.onEvent({ type: 'test-finished', outcome: outcome('b', 'skipped') });
    recorder.onEvent({ type: 'stopping', end: { kind: 'interrupted', signal: 'SIGINT' }, at: 2000 });
    const record = recorder.record('reports', undefined, 3500);
    expect(record.outcomes.map((o) => [o.name, o.state, o.note])).toEqual([
      ['a', 'passed', undefined],
      ['b', 'skipped', 'interrupted by SIGINT before it ran'],
      ['c', 'skipped', 'interrupted by SIGINT before it ran'],
      ['d', 'skipped', 'interrupted by SIGINT before it ran'],
    ]);
    expect(record.info).toMatchObject({ end: { kind: 'interrupted', signal: 'SIGINT' }, durationSeconds: 2.5 });
    const report = buildReport([record], { strict: false });
    expect(report.summary).toMatchObject({ verdict: 'INCOMPLETE', exitCode: 130, total: 4, skipped: 3 });
  });

  it('a completed run whose planned test never reported is not CONFORMANT: INCOMPLETE, exit 3', () => {
    const recorder = new RunRecorder();
    recorder.onEvent({ type: 'started', run: start });
    recorder.onEvent({ type: 'planned', tests: ['a', 'b'].map((name) => planned(name)) });
    recorder.onEvent({ type: 'test-finished', outcome: outcome('a', 'passed') });
    recorder.onEvent({ type: 'ended', end: { kind: 'crashed', reason: 'a test worker exited' }, at: 2000 });
    const report = buildReport([recorder.record('reports')], { strict: false });
    expect(report.summary).toMatchObject({ verdict: 'INCOMPLETE', exitCode: 3 });
    expect(report.outcomes[1]?.note).toBe('not run: the run crashed: a test worker exited');
  });
});
