import { describe, expect, it } from 'vitest';
import { summarise, type TestOutcome } from '../../run-model/index.js';
import type { RequirementId } from '../../spec/index.js';

const outcome = (
  state: TestOutcome['state'],
  level: 'MUST' | 'SHOULD',
  ids: string[],
  operation = 'ncbct.create' as const,
): TestOutcome => ({
  name: ids.join(','),
  file: 'suites/x.suite.ts',
  state,
  durationMs: 1,
  // Made-up ids stand for rules the summary only counts; it looks up the level of failed checks only.
  meta: { requirementIds: ids as RequirementId[], level, operation },
  errors: [],
});

describe('run summary', () => {
  it('exit code 0 when only SHOULD tests fail, 1 under --strict', () => {
    const outcomes = [outcome('passed', 'MUST', ['A']), outcome('failed', 'SHOULD', ['B'])];
    expect(summarise(outcomes, false).exitCode).toBe(0);
    expect(summarise(outcomes, true).exitCode).toBe(1);
  });

  it('exit code 1 and the failed ids when a MUST test fails; counts by level and operation', () => {
    const s = summarise(
      [
        outcome('failed', 'MUST', ['NCBCT.creditorName.max70']),
        outcome('passed', 'MUST', ['X']),
        outcome('skipped', 'SHOULD', ['Y']),
      ],
      false,
    );
    expect(s).toMatchObject({
      total: 3,
      passed: 1,
      failed: 1,
      skipped: 1,
      exitCode: 1,
      failedRequirements: ['NCBCT.creditorName.max70'],
    });
    expect(s.byLevel).toEqual({
      MUST: { passed: 1, failed: 1, skipped: 0 },
      SHOULD: { passed: 0, failed: 0, skipped: 1 },
    });
    expect(s.byOperation['ncbct.create']).toEqual({ passed: 1, failed: 1, skipped: 1 });
  });

  it('a SHOULD test failed by a MUST-level check gates as MUST: exit 1, counted under MUST', () => {
    const failedByMust: TestOutcome = {
      ...outcome('failed', 'SHOULD', ['Negotiation.acceptLanguage.contentLanguage']),
      meta: {
        requirementIds: ['Negotiation.acceptLanguage.contentLanguage'],
        level: 'SHOULD',
        operation: 'sandbox.transactions.list',
        failedChecks: ['Sandbox.transaction.bankTransactionCode.length4to14'],
      },
    };
    const s = summarise([failedByMust], false);
    expect(s.exitCode).toBe(1);
    expect(s.byLevel.MUST).toEqual({ passed: 0, failed: 1, skipped: 0 });
    // The rule the checks found broken, not the one the test set out to judge.
    expect(s.failedRequirements).toEqual(['Sandbox.transaction.bankTransactionCode.length4to14']);
  });
});
