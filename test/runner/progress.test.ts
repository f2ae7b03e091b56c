import { describe, expect, it } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import { OutcomeCollector } from '../../runner/run/collector.js';

/** Progress a person can follow: never more than the interval without a line, naming what is in flight. */
const testCase = (id: string, name: string, state: 'passed' | 'failed' = 'passed') =>
  ({
    id,
    name,
    fullName: name,
    module: { moduleId: '/x/suites/payments.suite.ts' },
    result: () => ({ state, errors: state === 'failed' ? [{ message: 'no' }] : [] }),
    meta: () => ({}),
    diagnostic: () => ({ startTime: 0, duration: 5 }),
  }) as unknown as TestCase;

function collector() {
  let now = 0;
  const lines: string[] = [];
  const c = new OutcomeCollector((l) => lines.push(l), { now: () => now, everyMs: 5000 });
  c.onTestModuleCollected({ children: { allTests: () => [1, 2, 3, 4][Symbol.iterator]() } } as unknown as TestModule);
  return { c, lines, advance: (ms: number) => (now += ms) };
}

describe('progress', () => {
  it('a status line with done/total, failed, elapsed and an estimate of what remains', () => {
    const { c, lines, advance } = collector();
    c.onTestCaseReady(testCase('a', 'NCBCT.x [MUST] first'));
    advance(2000);
    c.onTestCaseResult(testCase('a', 'NCBCT.x [MUST] first', 'failed'));
    advance(4000);
    c.tick();
    expect(lines).toEqual(['1/4 tests, 1 failed, 6 s elapsed, ~18 s remaining']);
  });

  it('nothing finished: a heartbeat names the tests in flight, at most every interval', () => {
    const { c, lines, advance } = collector();
    c.onTestCaseReady(testCase('a', 'Payment.create.201 [MUST] a payment that hangs'));
    advance(3000);
    c.tick();
    expect(lines).toEqual([]);
    advance(3000);
    c.tick();
    expect(lines).toEqual([
      '… 0/4 tests, 0 failed, 6 s elapsed; nothing finished for 6 s, in flight: a payment that hangs',
    ]);
  });

  it('a terminal gets one live line, redrawn', () => {
    let drawn = '';
    const c = new OutcomeCollector(() => {}, { live: true, write: (t) => (drawn += t), now: () => 1000 });
    c.onTestModuleCollected({ children: { allTests: () => [1, 2][Symbol.iterator]() } } as unknown as TestModule);
    c.onTestCaseResult(testCase('a', 'x'));
    expect(drawn).toBe('\r\x1b[K1/2 tests, 0 failed, 0 s elapsed, ~0 s remaining');
  });
});
