/**
 * fleet-junit.xml: one <testsuite> per bank, named by the bank, with every test of its run (classname
 * `<bank>.<suite file>`) and the run's properties; a bank not run is a suite with one error that says why. Built with
 * the run's own JUnit writer (reporters/junit.reporter.ts), so a bank reads in a CI test view as its own run does.
 */
import { junitDocument, junitProperties, junitTestsuite } from '../reporters/junit.reporter.js';
import { suiteFileOf } from '../run-model/index.js';
import type { BankResult } from './bank-result.js';
import type { FleetReport } from './report.js';

export const FLEET_JUNIT_FILE = 'fleet-junit.xml';

function bankSuite(bank: BankResult) {
  const { report } = bank;
  if (!report)
    return junitTestsuite({
      name: bank.name,
      classname: bank.name,
      outcomes: [],
      properties: { verdict: bank.verdict, 'verdict.line': bank.verdictLine },
      errors: [{ message: `${bank.name}: not run`, text: bank.verdictLine }],
    });
  const suite = junitTestsuite({
    name: bank.name,
    classname: bank.name,
    outcomes: report.outcomes,
    properties: { ...junitProperties(report), 'verdict.line': bank.verdictLine },
    timestamp: report.summary.startedAt,
  });
  // A testcase's class is its bank and suite file: a CI view groups the fleet by bank, then by file.
  const files = report.outcomes.map((o) => suiteFileOf(o.file));
  return { ...suite, testcase: suite.testcase.map((c, i) => ({ ...c, '@classname': `${bank.name}.${files[i]}` })) };
}

export function fleetJunitXml(report: FleetReport, banks: readonly BankResult[]): string {
  const seconds = Math.max(0, ...banks.map((b) => b.report?.summary.durationSeconds ?? 0));
  return junitDocument(
    { name: `psd2-conformance fleet: ${report.verdictLine}`, seconds, timestamp: report.generatedAt },
    banks.map(bankSuite),
  );
}
