import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/index.js';
import type { RunReport } from '../run-model/index.js';
import { allureScript, writeHtml } from './allure-html.js';
import { WarmAllure } from './allure-warm.js';
import { writeSkippedResults } from './allure-skipped.js';
import { ALLURE_RESULTS } from './allure.reporter.js';
import { COVERAGE_MARKDOWN } from './coverage.reporter.js';
import { PARTIES_MARKDOWN } from './parties.reporter.js';
import { defineReporter, type ReporterContext } from './registry.js';
import { verdictBanner } from './verdict-banner.js';
import { incompletePage } from './incomplete-page.js';

export const HISTORY_FILE = 'history.jsonl';

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The report's overview: what the verdict stands on, as Allure's own "variables" widget shows them. */
function variables(report: RunReport): Record<string, string> {
  const { summary } = report;
  const { exchanges } = summary;
  const rows = report.coverage.length;
  return {
    Target: summary.target.description,
    'Target kind': summary.target.kind,
    Profile: summary.profile,
    // A proxy session has no seed (the TPP chose what was sent); it has exchanges instead.
    ...(summary.seed !== undefined
      ? { Seed: Array.isArray(summary.seed) ? summary.seed.join(', ') : String(summary.seed) }
      : {}),
    ...(exchanges
      ? { Exchanges: `${exchanges.total}${exchanges.omitted ? ` (details of ${exchanges.kept} kept)` : ''}` }
      : {}),
    // One line per party when the report judges several (the proxy).
    ...(report.verdicts.length > 1
      ? Object.fromEntries(report.verdicts.map((v) => [capital(v.party.name), v.line]))
      : { Verdict: summary.verdictLine }),
    // Allure's header spans the tests' own times; the run also started its target, collected and reported.
    'Run duration': `${summary.durationSeconds.toFixed(1)} s (start-up, tests and reports)`,
    'Requirements failed': `${summary.requirements.failed} of ${rows}`,
    'Requirements passed': `${summary.requirements.passed} of ${rows}`,
    'Coverage matrix': 'see Global Attachments',
  };
}

/** One party's verdict with its qualifier (`CONFORMANT on the selected tests only (…)`); the parties' otherwise. */
export const titleVerdict = (report: Pick<RunReport, 'verdicts' | 'summary'>): string =>
  report.verdicts.length === 1 && report.verdicts[0] ? report.verdicts[0].head : report.summary.verdict;

async function render(report: RunReport, context: ReporterContext, warm?: WarmAllure): Promise<void> {
  const { out, log, signal } = context;
  const results = report.sources.map((d) => join(d, ALLURE_RESULTS)).filter((d) => existsSync(d));
  const skipped = join(out, 'allure-skipped');
  if (results.length && writeSkippedResults(report.outcomes, results, skipped)) results.push(skipped);
  if (results.length === 0)
    return log(
      report.summary.end.kind === 'completed'
        ? 'no allure-results to render'
        : `HTML report: ${join(out, 'html', 'index.html')} (INCOMPLETE: the tests that ran; no allure-results)`,
    );
  const written = await writeHtml({
    resultsDirs: results,
    out,
    // The browser tab and the report's title say the verdict too, with its qualifier (a narrowed or budgeted run).
    reportName: `${titleVerdict(report)} · psd2-conformance: ${report.summary.target.description}`,
    banner: verdictBanner(report),
    variables: variables(report),
    // A lens's pages (release gate, verdict history, matrix), when the release reporter wrote them.
    globalAttachments: [
      join(out, COVERAGE_MARKDOWN),
      ...[PARTIES_MARKDOWN, ...(report.sections ?? []).map((s) => s.file)]
        .map((file) => join(out, file))
        .filter((f) => existsSync(f)),
    ],
    history: { path: join(out, HISTORY_FILE), limit: context.historyLimit },
    log,
    signal,
    warm,
  });
  if (signal.aborted) return log('HTML report not written: the run was stopped');
  // Asked for and not written (allure failed or missing): the run's verdict would have no report to read.
  if (!written) throw new UserError(`the HTML report could not be written to ${join(out, 'html')}`);
  log(`HTML report: ${join(out, 'html', 'index.html')} (one file: it opens from disk)`);
}

/**
 * The Allure 3 HTML report (one self-contained file), opening with the verdict, and the history of earlier runs; for
 * a run that did not complete, a page of its own with the same INCOMPLETE banner, written as the run stops.
 */
export default defineReporter({
  name: 'html',
  description: 'html/: the Allure report in one file, opening with the verdict (also in html-single/); history.jsonl',
  writes: ['html/', 'html-single/', HISTORY_FILE],
  create: (context) => {
    // Allure's modules are imported while the tests run, by a process that then waits for the report to render;
    // from the first test's end, so that it does not hold back the suites' own imports and the first request.
    let warm: WarmAllure | undefined;
    let said = false;
    context.signal.addEventListener('abort', () => warm?.dispose(), { once: true });
    return {
      onEvent: (event) => {
        if (event.type !== 'test-finished' || warm || context.signal.aborted) return;
        try {
          warm = new WarmAllure(allureScript());
        } catch {
          // No allure package: the render says so.
        }
      },
      // A run that did not complete has its page at once: rendering Allure's takes seconds a stopping run has not
      // got. When the run was not stopped (a worker died), `finish` renders Allure's over it.
      files: (report) => {
        if (report.summary.end.kind === 'completed') return {};
        const page = incompletePage(report, { reportsDir: context.out });
        // Said once (the files may be written twice), and only when Allure's page will not follow it.
        if (context.signal.aborted && !said)
          context.log(`HTML report: ${join(context.out, 'html', 'index.html')} (INCOMPLETE: the tests that ran)`);
        said = true;
        return { [join('html', 'index.html')]: page, [join('html-single', 'index.html')]: page };
      },
      finish: async (report) => {
        try {
          await render(report, context, warm);
        } finally {
          warm?.dispose();
        }
      },
    };
  },
});
