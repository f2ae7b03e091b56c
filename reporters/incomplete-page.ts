/**
 * The HTML report of a run that did not complete (a signal, the time budget, a dead worker), written at once when
 * the run stops: one self-contained page that opens from disk, with the amber INCOMPLETE banner the Allure report
 * would open with, every test by state (what failed first, with the rules it broke and its error), and how to get
 * the full report. Rendering the Allure report takes seconds a stopping run has not got; this page takes
 * milliseconds, and is written synchronously, also at the stop's deadline.
 */
import { brokenRequirements, type RunReport, type TestOutcome } from '../run-model/index.js';
import { BANNER_STYLE, html, verdictBanner } from './verdict-banner.js';

/** At most this many lines of a failure's message on the page (junit.xml has it whole). */
const ERROR_LINES = 30;

const ORDER: Record<TestOutcome['state'], number> = { failed: 0, passed: 1, skipped: 2 };

function row(o: TestOutcome): string {
  const rules = o.state === 'failed' ? brokenRequirements(o) : o.meta.requirementIds;
  const error = o.errors[0]?.split('\n').slice(0, ERROR_LINES).join('\n');
  return [
    `<tr class="psd2-${o.state}"><td>${o.state}</td><td>${o.meta.level}</td>`,
    `<td>${html(o.name)}${error ? `<pre>${html(error)}</pre>` : ''}${o.note ? `<div>${html(o.note)}</div>` : ''}</td>`,
    `<td>${rules.map((id) => `<code>${html(id)}</code>`).join(' ')}</td></tr>`,
  ].join('');
}

const PAGE_STYLE = `<style>
#psd2-incomplete { flex: 1 1 auto; overflow: auto; padding: 16px 24px; font: 14px/20px Arial, Helvetica, sans-serif; }
#psd2-incomplete table { border-collapse: collapse; width: 100%; }
#psd2-incomplete td, #psd2-incomplete th { border-bottom: 1px solid #ddd; padding: 4px 8px; vertical-align: top; }
#psd2-incomplete th { text-align: left; }
#psd2-incomplete pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; font-size: 12px; }
#psd2-incomplete .psd2-failed td:first-child { color: #b42318; font-weight: bold; }
#psd2-incomplete .psd2-passed td:first-child { color: #067647; }
#psd2-incomplete .psd2-skipped { color: #667085; }
</style>`;

/** The page, as text: the banner, what the run did before it stopped, and every test (failed first). */
export function incompletePage(report: RunReport, options: { reportsDir: string }): string {
  const { summary } = report;
  const tests = [...report.outcomes].sort((a, b) => ORDER[a.state] - ORDER[b.state]);
  const title = `${summary.verdict} · psd2-conformance: ${summary.target.description}`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${html(title)}</title>`,
    BANNER_STYLE,
    PAGE_STYLE,
    '</head><body>',
    verdictBanner(report),
    '<main id="psd2-incomplete">',
    `<p>${html(summary.verdictLine)}</p>`,
    '<p>The run stopped before every test ran, so this page stands in for the Allure report: it lists what ran. ' +
      'The reports folder keeps what the run wrote (summary.json, outcomes.json, junit.xml, coverage.md); ' +
      `<code>psd2-conformance report ${html(options.reportsDir)}</code> writes this report again, and the Allure ` +
      'report from its allure-results/ when the run kept them.</p>',
    `<p>${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped of ${summary.total} tests.</p>`,
    '<table><thead><tr><th>state</th><th>level</th><th>test</th><th>requirements</th></tr></thead><tbody>',
    ...tests.map(row),
    '</tbody></table>',
    '</main>',
    '</body></html>',
    '',
  ].join('\n');
}
