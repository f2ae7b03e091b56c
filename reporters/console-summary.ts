import { shellQuote } from '../client/curl.js';
import { isSecurityRule, serveAgain, type ReportTarget, type RunReport, type TestOutcome } from '../run-model/index.js';

const row = (name: string, c: { passed: number; failed: number; skipped: number }) =>
  `  ${name.padEnd(30)} ${String(c.passed).padStart(5)} passed ` +
  `${String(c.failed).padStart(4)} failed ${String(c.skipped).padStart(4)} skipped`;

/**
 * A failure's lines in the console: enough to act on, never a wall of text (junit.xml, outcomes.json and the HTML have
 * it all). The request is one short line: its curl carries the signing certificate (1.6 KB of base64) and the
 * Signature, and three of them filled a screen; the replay commands below it send it again.
 */
const MAX_LINES = 60;
const MAX_LINE = 4096;

const cut = (line: string) =>
  line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}… (${line.length} characters: junit.xml has it whole)` : line;

const CURL_LINE = 'request (replay): ';

/** `request (replay): curl … -X GET 'URL' -H …` as the console shows it: the method and URL, and where the rest is. */
export function shortRequestLine(line: string): string {
  const sent = /-X (\S+) '((?:[^']|'\\'')*)'/.exec(line);
  const request = sent ? `${sent[1]} ${(sent[2] as string).replaceAll("'\\''", "'")}` : 'the failing request';
  return `request: ${request} (the whole curl, signed as sent: outcomes.json, junit.xml and the HTML report)`;
}

/**
 * The lines of a failed test: the broken rules and what the checks saw (its error starts with them), a property's
 * shrunk counterexample, the request in one line and the answer, then the commands that send it again.
 */
export function failureLines(o: TestOutcome, reportsDir: string, target?: ReportTarget): string[] {
  const lines = (o.errors[0] ?? 'failed without a message')
    .split('\n')
    .map((l) => (l.startsWith(CURL_LINE) ? shortRequestLine(l) : l));
  const shown = lines.slice(0, MAX_LINES).map(cut);
  if (lines.length > MAX_LINES) shown.push(`… ${lines.length - MAX_LINES} more lines in junit.xml`);
  if (o.meta.replay && !lines.some((l) => l.startsWith('replay: '))) shown.push(`replay: ${o.meta.replay.command}`);
  if (o.meta.failedExchange) {
    const reports = reportsDir === 'reports' ? '' : ` --reports ${shellQuote(reportsDir)}`;
    const replay = `npx psd2-conformance replay --test ${shellQuote(o.name)}${reports}`;
    // The embedded bank is gone with the run: the request goes to one started again on its port.
    const serve = target?.kind === 'embedded' ? serveAgain(target) : undefined;
    shown.push(
      serve && target?.kind === 'embedded'
        ? `signed afresh, once \`${serve}\` runs: ${replay} --base-url ${shellQuote(target.url as string)}`
        : `signed afresh: ${replay}`,
    );
  }
  return shown;
}

/**
 * Each of these warned rules and how many tests saw it: `R.x (2 tests)`. A security rule recorded as a warning
 * (--security-findings warn) is the security line's to name.
 */
function warnedIds(report: RunReport, ids: readonly string[]): string[] {
  const seen = new Map<string, number>();
  for (const o of report.outcomes)
    for (const id of new Set((o.meta.warnings ?? []).map((w) => w.requirementId)))
      if (ids.includes(id) && !isSecurityRule(id)) seen.set(id, (seen.get(id) ?? 0) + 1);
  return [...seen].sort(([a], [b]) => a.localeCompare(b)).map(([id, n]) => `${id} (${n} test${n > 1 ? 's' : ''})`);
}

/**
 * How the closing summary names the warnings: the SHOULD rules deviated from, and apart from them the MUST rules
 * judged at SHOULD where only a convention decides (the exact status or code a refusal carries, a Berlin Group code):
 * a warning on a MUST rule is never named as a SHOULD-level deviation, nor as a MUST failure.
 */
export function warningLines(report: RunReport): string[] {
  // The summary has them apart already, by the rule's own level (warningsOf).
  const should = warnedIds(report, report.summary.warned);
  const must = warnedIds(report, report.summary.conventions);
  return [
    ...(should.length
      ? [
          'SHOULD-level deviations recorded as warnings (--strict fails on them; ' +
            `the HTML report and junit.xml say what each saw): ${should.join(', ')}`,
        ]
      : []),
    ...(must.length
      ? [
          'MUST rules judged at SHOULD where only a convention decides (the exact status or code of a refusal, a ' +
            `Berlin Group code), recorded as warnings (--strict fails on them): ${must.join(', ')}`,
        ]
      : []),
  ];
}

/** The closing summary: by level and operation, every failure with what to do about it, then the verdict. */
export function closingSummary(report: RunReport, reportsDir: string): string {
  const { summary } = report;
  const lines = [
    '',
    `psd2-conformance: ${summary.total} tests against ${summary.target.description} ` +
      `(${[...facts(summary), `${summary.durationSeconds.toFixed(1)} s`].join(', ')})`,
    'by level:',
    ...Object.entries(summary.byLevel).map(([l, c]) => row(l, c)),
    'by operation:',
    ...Object.entries(summary.byOperation)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([op, c]) => row(op, c)),
  ];
  const failed = report.outcomes.filter((o) => o.state === 'failed');
  if (failed.length) {
    lines.push('failures:');
    for (const o of failed)
      lines.push(`  ✗ ${o.name}`, ...failureLines(o, reportsDir, summary.target).map((l) => `      ${l}`));
  }
  lines.push(...warningLines(report));
  const { budget } = summary;
  if (budget)
    lines.push(
      `budgeted run (--max-requests ${budget.maxRequests}): ${budget.leftOut} test(s) left out; ` +
        `${budget.unjudgedRules.length} rule(s) unjudged, counted as untested: ` +
        `${budget.unjudgedRules.join(', ') || '(none: every rule is judged by a test that ran)'}`,
    );
  // Whether another TPP reached what a TPP made (PSD2): a verdict line of its own, just above the run's.
  if (summary.security) lines.push(summary.security.line);
  return [...lines, ...verdictLines(report)].join('\n');
}

/** What the run stands on besides its time: its seed, or the exchanges a proxy session saw. */
function facts(summary: RunReport['summary']): string[] {
  const { seed, exchanges } = summary;
  return [
    ...(seed !== undefined ? [`seed ${Array.isArray(seed) ? seed.join(', ') : seed}`] : []),
    ...(exchanges
      ? [
          `${exchanges.total} exchange${exchanges.total === 1 ? '' : 's'}` +
            (exchanges.omitted ? ` (details of ${exchanges.kept} kept)` : ''),
        ]
      : []),
  ];
}

/**
 * The closing lines: the counts and the verdict on one line when the report judges one party (a run: the bank);
 * when it judges several (the proxy: your requests and the bank), the counts, then each party's verdict on a line of
 * its own, named, so that a TPP's malformed request never reads as the bank's failure.
 */
export function verdictLines(report: RunReport): string[] {
  const { summary } = report;
  const counts = `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`;
  const target = `target: ${summary.target.description}`;
  if (report.verdicts.length < 2) return report.verdicts.map((v) => `${counts} — ${v.line} — ${target}`);
  return [`${counts} — ${target}`, ...report.verdicts.map((v) => `${v.party.name}: ${v.line}`)];
}
