import type { PlannedTest, TestOutcome } from '../../run-model/index.js';

const PAYMENTS = {
  requirementIds: ['Payment.create.201'],
  level: 'MUST',
  operation: 'ncbct.create',
} as PlannedTest['meta'];

/** A planned test of a suite file, with the meta of an NCBCT creation test unless given another. */
export const planned = (
  name: string,
  meta: PlannedTest['meta'] = PAYMENTS,
  file = '/x/suites/payments.suite.ts',
): PlannedTest => ({ name, file, meta });

/** That test's outcome, in this state. */
export const outcome = (name: string, state: TestOutcome['state'], meta?: PlannedTest['meta']): TestOutcome => ({
  ...planned(name, meta),
  state,
  durationMs: 1,
  errors: [],
});
