import { describe, expect, it } from 'vitest';
import { warningLines } from '../../reporters/console-summary.js';
import { buildReport, type TestOutcome } from '../../run-model/index.js';
import type { RequirementId } from '../../spec/index.js';

/** A passed test with warnings on these rules (one SHOULD rule, one MUST rule judged at SHOULD by a convention). */
const warned = (name: string, ids: string[]): TestOutcome => ({
  name,
  file: 'suites/x.suite.ts',
  state: 'passed',
  durationMs: 1,
  meta: {
    requirementIds: ['NCBCT.creditorName.max70'],
    level: 'MUST',
    operation: 'ncbct.create',
    warnings: ids.map((id) => ({ requirementId: id as RequirementId, message: 'expected 400, got 422' })),
  },
  errors: [],
});

const SHOULD_RULE = 'Payment.logicalDuplicate.rejectedByDefault';
const MUST_RULE = 'NCBCT.creditorName.max70';

describe('the warnings of a run', () => {
  const report = buildReport(
    [{ dir: 'r', info: {}, outcomes: [warned('a', [MUST_RULE]), warned('b', [MUST_RULE, SHOULD_RULE])] }],
    { strict: false },
  );

  it('SHOULD-level deviations name SHOULD rules only; a MUST rule warned by a convention has a line of its own', () => {
    expect(warningLines(report)).toEqual([
      'SHOULD-level deviations recorded as warnings (--strict fails on them; the HTML report and junit.xml say what ' +
        `each saw): ${SHOULD_RULE} (1 test)`,
      'MUST rules judged at SHOULD where only a convention decides (the exact status or code of a refusal, a Berlin ' +
        `Group code), recorded as warnings (--strict fails on them): ${MUST_RULE} (2 tests)`,
    ]);
  });

  it('summary.json keeps them apart the same way', () => {
    expect(report.summary.warned).toEqual([SHOULD_RULE]);
    expect(report.summary.conventions).toEqual([MUST_RULE]);
  });

  it('no warning, no line', () => {
    const clean = buildReport([{ dir: 'r', info: {}, outcomes: [warned('a', [])] }], { strict: false });
    expect(warningLines(clean)).toEqual([]);
  });
});
