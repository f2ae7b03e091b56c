import { describe, expect, it } from 'vitest';
import type { DetectionFile } from '../../run-model/budget.js';
import type { ManifestTest } from '../../run-model/test-manifest.js';
import { inShard } from '../../run-model/index.js';
import { focusOf, focusSettles } from '../../runner/mutation/focus.js';

const test = (file: string, fullName: string, requirementIds: string[]): ManifestTest =>
  ({ name: fullName, fullName, file, requirementIds, operation: 'cross-cutting', level: 'MUST' }) as ManifestTest;

const manifest = [
  test('suites/payments.suite.ts', 'payments A.rule + B.rule [MUST] many', ['A.rule', 'B.rule']),
  test('suites/payments.suite.ts', 'payments B.rule [MUST] first', ['B.rule']),
  test('suites/payment-bodies.suite.ts', 'bodies C.rule + A.rule [MUST] cheap', ['C.rule', 'A.rule']),
  test('suites/errors.suite.ts', 'errors D.rule [MUST] other', ['D.rule']),
];

const detection: DetectionFile = {
  generatedBy: 'a test',
  seed: 1,
  measured: '2026-11-26',
  faults: ['f', 'g'],
  tests: {
    'payments.suite.ts › payments A.rule + B.rule [MUST] many': { requests: 9, faults: ['f'] },
    'payments.suite.ts › payments B.rule [MUST] first': { requests: 30, faults: ['f'] },
    'payment-bodies.suite.ts › bodies C.rule + A.rule [MUST] cheap': { requests: 1, faults: ['f', 'g'] },
    'errors.suite.ts › errors D.rule [MUST] other': { requests: 1, faults: ['g'] },
  },
  setup: {},
};

describe('a fault run focused on the tests that detected the fault when last measured', () => {
  it('per rule the fault breaks: a detecting test that names it first, then the fewest requests', () => {
    // A.rule: "many" names it first (9 requests) over "cheap" (1 request, A.rule second); B.rule: "first" (30)
    // names it first, over "many" (9, B.rule second).
    expect(focusOf(detection, manifest, 'f', ['A.rule', 'B.rule'])).toEqual({
      tests: ['payments A.rule + B.rule [MUST] many', 'payments B.rule [MUST] first'],
      files: ['/payments.suite.'],
      breaks: ['A.rule', 'B.rule'],
    });
    // Where no detecting test names the rule first, the cheapest that cites it.
    expect(focusOf(detection, manifest, 'g', ['A.rule'])).toEqual({
      tests: ['bodies C.rule + A.rule [MUST] cheap'],
      files: ['/payment-bodies.suite.'],
      breaks: ['A.rule'],
    });
  });

  it('where no detecting test cites a rule the fault breaks: the two cheapest detecting tests', () => {
    // D.rule is cited only by a test that detected g, not f: 1 request ("cheap"), then 9 ("many"), not 30.
    expect(focusOf(detection, manifest, 'f', ['D.rule'])).toEqual({
      tests: ['bodies C.rule + A.rule [MUST] cheap', 'payments A.rule + B.rule [MUST] many'],
      files: ['/payment-bodies.suite.', '/payments.suite.'],
      breaks: ['D.rule'],
    });
  });

  it('no focus (every suite runs) without a measurement, or for a fault no measured test detected', () => {
    expect(focusOf(undefined, manifest, 'f', ['A.rule'])).toBeUndefined();
    expect(focusOf(detection, manifest, 'unknown-fault', ['A.rule'])).toBeUndefined();
  });

  it('settles the fault only when the run detected it (exit 1) and failed one of the rules it breaks', () => {
    const focus = { tests: ['x'], files: ['/x.'], breaks: ['A.rule'] };
    expect(focusSettles(focus, { exitCode: 1, failedRequirements: ['C.rule', 'A.rule'] })).toBe(true);
    expect(focusSettles(focus, { exitCode: 1, failedRequirements: ['C.rule'] })).toBe(false);
    expect(focusSettles(focus, { exitCode: 0, failedRequirements: [] })).toBe(false);
    expect(focusSettles(focus, { exitCode: 3, failedRequirements: ['A.rule'] })).toBe(false);
  });

  it("registers a test named as vitest spells it (' > ') or as the manifest does (spaces)", () => {
    const selection = {
      operations: [],
      excludeOperations: [],
      requirements: [],
      tests: ['payments B.rule [MUST] first'],
    };
    expect(inShard(selection, 'payments > B.rule [MUST] first')).toBe(true);
    expect(inShard(selection, 'payments B.rule [MUST] first')).toBe(true);
    expect(inShard(selection, 'payments > A.rule [MUST] first')).toBe(false);
    expect(inShard({ ...selection, tests: ['payments > B.rule [MUST] first'] }, 'payments B.rule [MUST] first')).toBe(
      true,
    );
    expect(inShard({ operations: [], excludeOperations: [], requirements: [] }, 'anything')).toBe(true);
  });
});
