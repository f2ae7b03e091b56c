// Prints "N passed, N failed" from vitest's JSON reporter output(s), summed over the files given (both halves of
// `npm test`: reports/tests/unit.json and reports/tests/integration.json by default).
// A missing or unreadable report counts as a failure, never as "0 failed".
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const DEFAULT_REPORTS = ['reports/tests/unit.json', 'reports/tests/integration.json'];

/** Counts of one report; `missing` when the file cannot be read as JSON. */
export function countReport(file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `ci-summary: no vitest JSON report at ${file} (${err.code ?? err.message})`,
    };
  }
  // A test file that failed with no failed test of its own (it did not load, or a beforeAll threw and its tests
  // were skipped) counts as one failure: vitest exits 1 for it, so the closing line must not say "0 failed".
  const suiteErrors = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && !(r.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + suiteErrors,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** The closing lines for the given reports: notes for unreadable ones, then "N passed, N failed[, N skipped]". */
export function summarise(files) {
  const counts = files.map(countReport);
  const sum = (key) => counts.reduce((total, c) => total + c[key], 0);
  const [passed, failed, skipped] = [sum('passed'), sum('failed'), sum('skipped')];
  return {
    lines: [
      ...counts.flatMap((c) => (c.note ? [c.note] : [])),
      `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
    ],
    failed,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = process.argv.slice(2);
  const { lines, failed } = summarise(files.length ? files : DEFAULT_REPORTS);
  for (const line of lines) console.log(line);
  process.exit(failed > 0 ? 1 : 0);
}
