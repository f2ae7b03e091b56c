import { describe, expect, it } from 'vitest';
import {
  chooseWithinBudget,
  detectionOf,
  readDetection,
  requestsPerTest,
  testKey,
  type DetectionFile,
} from '../../run-model/budget.js';
import { readTestManifest } from '../../run-model/test-manifest.js';

const t = (file: string, fullName: string) => ({ file: `suites/${file}`, fullName });
const A = t('a.suite.ts', 'group cheap and catches f1');
const B = t('a.suite.ts', 'group dear and catches f1 f2');
const C = t('b.suite.ts', 'other catches f3');
const D = t('b.suite.ts', 'other catches nothing');

const detection: DetectionFile = {
  generatedBy: 'test',
  seed: 1,
  measured: '2026-11-26',
  faults: ['f1', 'f2', 'f3', 'f4'],
  tests: {
    [testKey(A)]: { requests: 1, faults: ['f1'] },
    [testKey(B)]: { requests: 10, faults: ['f1', 'f2'] },
    [testKey(C)]: { requests: 2, faults: ['f3'] },
    [testKey(D)]: { requests: 2, faults: [] },
  },
  setup: { 'b.suite.ts': 3 },
};

describe('a request budget (run --max-requests)', () => {
  it('chooses the most new faults per request first, counting a file’s set-up once', () => {
    const choice = chooseWithinBudget(detection, [A, B, C, D], 6);
    // C costs 2 + 3 (set-up) for f3: 0.2 per request; A 1 for f1; B 10 does not fit; D fits after C (no set-up).
    expect(choice.chosen).toEqual([testKey(A), testKey(C)]);
    expect(choice.leftOut).toEqual([testKey(B), testKey(D)]);
    expect([choice.estimatedRequests, choice.faultsCovered, choice.faultsMeasured]).toEqual([6, 2, 4]);
    expect(chooseWithinBudget(detection, [A, B, C, D], 8).chosen).toEqual([testKey(A), testKey(C), testKey(D)]);
  });

  it('a budget that fits everything leaves nothing out; tests the file does not know come before measured ones', () => {
    expect(chooseWithinBudget(detection, [A, B, C, D], 100).leftOut).toEqual([]);
    const fresh = t('b.suite.ts', 'other new');
    const choice = chooseWithinBudget(detection, [A, C, D, fresh], 8);
    expect(choice.unmeasured).toEqual([testKey(fresh)]);
    expect(choice.chosen).toEqual([testKey(A), testKey(C), testKey(fresh)]);
  });

  it('requests per test come from the exchanges’ labels; set-up scopes count for their file', () => {
    const line = (test: string) => JSON.stringify({ test });
    const counted = requestsPerTest(
      [
        line('suites/a.suite.ts > group > cheap and catches f1'),
        line('suites/a.suite.ts > group > dear and catches f1 f2 > run 0'),
        line('suites/a.suite.ts > group > dear and catches f1 f2 > run 1'),
        line('suites/a.suite.ts > (shared debtor)'),
        '',
      ],
      [A, B],
    );
    expect(counted).toEqual({ tests: { [testKey(A)]: 1, [testKey(B)]: 2 }, setup: { 'a.suite.ts': 1 } });
  });

  it('the detection file lists which fault runs failed each test', () => {
    const d = detectionOf({
      seed: 1,
      measured: '2026-11-26',
      runs: [
        { fault: 'f1', failedTests: ['a.suite.ts › group > cheap and catches f1'] },
        { fault: 'f9', failedTests: [] },
        { fault: 'f1', variants: ['v'], failedTests: ['a.suite.ts › group > dear and catches f1 f2'] },
      ],
      requests: { tests: { [testKey(A)]: 1, [testKey(B)]: 4 }, setup: {} },
    });
    expect(d.faults).toEqual(['f1', 'f9']);
    expect(d.tests[testKey(A)]).toEqual({ requests: 1, faults: ['f1'] });
    expect(d.tests[testKey(B)]).toEqual({ requests: 4, faults: [] });
  });

  it('the shipped detection file knows nearly every test of the manifest (renew it: docs/requests.md)', () => {
    const shipped = readDetection();
    // The x-accept-fix matrix runs only with --accept-fix-matrix: a default run (so the measurement) never sends it.
    const manifest = (readTestManifest() ?? []).filter((m) => !m.file.endsWith('accept-fix-matrix.suite.ts'));
    expect(shipped).toBeDefined();
    const unknown = manifest.filter((m) => !shipped?.tests[testKey(m)]);
    expect(unknown.length, unknown.map(testKey).join('\n')).toBeLessThanOrEqual(manifest.length * 0.05);
  });
});
