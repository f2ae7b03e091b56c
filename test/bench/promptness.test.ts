import { describe, expect, it } from 'vitest';
import { judgeTargets } from '../../bench/main.js';
import { PROMPTNESS_LABELS } from '../../bench/promptness.js';
import type { BenchResult } from '../../bench/types.js';

/** What tests no longer time (issue 35: no verdict on the machine's speed), the bench judges against its target. */
const promptness = (values: Partial<Record<keyof typeof PROMPTNESS_LABELS, number>>): BenchResult => ({
  name: 'promptness',
  operation: 'one command',
  figures: Object.entries(values).map(([key, value]) => ({
    label: PROMPTNESS_LABELS[key as keyof typeof PROMPTNESS_LABELS],
    value,
    unit: 's',
  })),
  ratios: [],
});

describe('the promptness bench (issue 35)', () => {
  it('judges the refusals and the signals against the promises the tests used to time', () => {
    const lines = judgeTargets([promptness({ bare: 1.5, selection: 2.4, folder: 1.2, signal: 3.9, second: 0.3 })]);
    expect(lines).toEqual([
      '  FAIL  a selection mistake refused: run --grep zzzz: 2.40 s (target ≤ 2; issue 21)',
      '  PASS  an output folder that cannot hold files refused: run --reports /proc/x: 1.20 s (target ≤ 5)',
      '  PASS  SIGINT while the tests run, to the exit: 3.90 s (target ≤ 5; issue 21)',
      '  PASS  a second SIGINT, to the exit: 0.30 s (target ≤ 2; issue 21)',
    ]);
  });

  it('a run that never reached its tests has no signal figure: judged a failure, not a pass', () => {
    const [, , signal] = judgeTargets([promptness({ selection: 1, folder: 1, signal: Number.NaN, second: 1 })]);
    expect(signal).toMatch(/^ {2}FAIL {2}SIGINT while the tests run/);
  });
});
