// Prints "N passed, N failed" from vitest's JSON reporter output.
// A missing or unreadable report counts as a failure, never as "0 failed".
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'reports/unit/vitest.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (err) {
  console.log(`ci-summary: no vitest JSON report at ${file} (${err.code ?? err.message})`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failed = report.numFailedTests ?? 0;
// A test file that fails to load has no assertion results: count it as one failure.
const suiteErrors = (report.testResults ?? []).filter(
  (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
).length;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed + suiteErrors} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed + suiteErrors > 0 ? 1 : 0);
