import { describe, expect, it } from 'vitest';
import { Progress } from '../../reporters/console.reporter.js';
import { Terminal } from '../../reporters/terminal.js';
import type { PlannedTest, RunEvent, TestOutcome } from '../../run-model/index.js';

/** Progress a person can trust: the total from the plan, estimates only when meaningful, never silent. */
const FILE = '/x/suites/payments.suite.ts';
const meta = { requirementIds: [], level: 'MUST', operation: 'ncbct.create' } as PlannedTest['meta'];
const planned = (n: number): RunEvent => ({
  type: 'planned',
  tests: Array.from({ length: n }, (_, i) => ({ name: `t${i}`, file: FILE, meta })),
});
const finished = (name: string, state: TestOutcome['state'] = 'passed'): RunEvent => ({
  type: 'test-finished',
  outcome: { name, file: FILE, state, durationMs: 5, meta, errors: [] },
});

function progress(options: { live?: boolean; earlier?: { tests: number; ms: number } } = {}) {
  let now = 0;
  const lines: string[] = [];
  const terminal = new Terminal({ stderr: (t) => lines.push(t.replace(/\n$/, '')), stdout: () => {} });
  const shown: string[] = [];
  if (options.live)
    Object.assign(terminal, { live: true, status: (t: string) => shown.push(t), end: () => shown.push('(ended)') });
  const p = new Progress({
    terminal,
    now: () => now,
    everyMs: 5000,
    ...(options.earlier ? { earlier: options.earlier } : {}),
  });
  const at = (ms: number) => (now = ms);
  return { p, lines, shown, at };
}

describe('progress', () => {
  it('knows the total before the first test, from the plan, and says so', () => {
    const { p, lines } = progress();
    p.onEvent({ type: 'phase', phase: 'collecting', at: 0 });
    p.onEvent(planned(242));
    expect(lines).toEqual(['collecting the suites…', '242 tests to report']);
    expect(p.status()).toBe('0/242 tests, 0 failed, 0 s elapsed');
    p.stop();
  });

  it('guesses what remains only from the pace of a quarter of the tests, or from the last run of as many', () => {
    const { p, at } = progress();
    p.onEvent(planned(8));
    p.onEvent({ type: 'phase', phase: 'testing', at: 0 });
    at(6000);
    p.onEvent(finished('t0'));
    // 1 of 8 after 6 s says nothing about the rest (the first tests make their fixtures).
    expect(p.status()).toBe('1/8 tests, 0 failed, 6 s elapsed');
    p.onEvent(finished('t1', 'failed'));
    expect(p.status()).toBe('2/8 tests, 1 failed, 6 s elapsed, ~18 s remaining');
    p.stop();
    const earlier = progress({ earlier: { tests: 8, ms: 14_000 } });
    earlier.p.onEvent(planned(8));
    earlier.p.onEvent({ type: 'phase', phase: 'testing', at: 0 });
    earlier.at(6000);
    expect(earlier.p.status()).toBe('0/8 tests, 0 failed, 6 s elapsed, ~8 s remaining');
    earlier.p.stop();
  });

  it('never silent: a heartbeat while starting and collecting, then one naming the tests in flight', () => {
    const { p, lines, at } = progress();
    p.onEvent({ type: 'phase', phase: 'starting', at: 0, detail: 'the embedded reference bank' });
    at(5000);
    p.tick();
    p.onEvent(planned(4));
    p.onEvent({ type: 'phase', phase: 'testing', at: 5000 });
    p.onEvent({
      type: 'test-started',
      name: 'ncbct > Payment.create.201 [MUST] a payment that hangs',
      file: FILE,
      at: 0,
    });
    at(8000);
    p.tick();
    at(11_000);
    p.tick();
    expect(lines).toEqual([
      'starting (the embedded reference bank)…',
      '… starting (5 s)',
      '4 tests to report',
      'running the tests…',
      '… 0/4 tests, 0 failed, 6 s elapsed; nothing finished for 6 s, in flight: ' +
        'Payment.create.201 [MUST] a payment that hangs',
    ]);
    p.stop();
  });

  it('a terminal gets one live line, ended before the reports are written', () => {
    const { p, shown, lines } = progress({ live: true });
    p.onEvent(planned(2));
    p.onEvent({ type: 'phase', phase: 'testing', at: 0 });
    p.onEvent(finished('t0'));
    expect(shown.at(-1)).toBe('1/2 tests, 0 failed, 0 s elapsed');
    p.onEvent({ type: 'phase', phase: 'reporting', at: 0 });
    // The tests' last status stays as a line of its own, and the live line goes before the report lines.
    expect(lines).toContain('1/2 tests, 0 failed, 0 s elapsed');
    expect(shown).toContain('');
    p.stop();
    expect(shown.at(-1)).toBe('(ended)');
  });

  it('a suite file a stopped run never reached is "– name: not run", never a ✓ over nothing', () => {
    const { p, lines } = progress();
    const OTHER = '/x/suites/payment-bodies.suite.ts';
    p.onEvent({
      type: 'planned',
      tests: [
        ...['t0', 't1', 't2'].map((name) => ({ name, file: FILE, meta })),
        ...['b0', 'b1'].map((name) => ({ name, file: OTHER, meta })),
      ],
    });
    p.onEvent({ type: 'phase', phase: 'testing', at: 0 });
    p.onEvent(finished('t0'));
    p.onEvent({ type: 'stopping', end: { kind: 'interrupted', signal: 'SIGINT' }, at: 0 });
    // vitest reports a test it cancelled as skipped, without a reason of its own.
    p.onEvent(finished('t1', 'skipped'));
    p.onEvent({ type: 'file-finished', file: FILE, at: 0 });
    p.onEvent({ type: 'file-finished', file: OTHER, at: 0 });
    expect(lines.slice(-2)).toEqual([
      '– payments.suite.ts: 1/1 passed, 2 not run',
      '– payment-bodies.suite.ts: not run (2 tests)',
    ]);
    p.stop();
  });

  it('a run that is not stopping still counts a skipped test as skipped, under ✓', () => {
    const { p, lines } = progress();
    p.onEvent(planned(2));
    p.onEvent({ type: 'phase', phase: 'testing', at: 0 });
    p.onEvent(finished('t0'));
    p.onEvent(finished('t1', 'skipped'));
    p.onEvent({ type: 'file-finished', file: FILE, at: 0 });
    expect(lines.at(-1)).toBe('✓ payments.suite.ts: 1/2 passed, 1 skipped');
    p.stop();
  });
});
