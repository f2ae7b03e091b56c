/**
 * fleet.html: the fleet report as one small page that opens from disk (no script, no external asset): the fleet's
 * verdict, each bank's verdict line with a link to its own HTML report, the bank × requirement matrix, the drift, and
 * what changed since the baseline.
 */
import { answerDriftLine, STATE_LEGEND, STATE_SIGNS } from './markdown.js';
import type { FleetReport } from './report.js';

export const FLEET_HTML_FILE = 'fleet.html';

const escape = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The CSS class of a verdict or a rule's state: its words, joined by dashes. */
const kind = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, '-');

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 1.6em; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 2px 6px; }
th.bank { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: normal; }
td.state { text-align: center; }
.conformant, .passed { background: #dff3df; } .not-conformant, .failed { background: #f8d7d7; }
.incomplete, .not-run, .nothing-judged, .inconclusive { background: #fde9c4; }
.not-observed, .skipped, .not-observable { color: #888; }
.verdict { font-weight: bold; padding: 0 4px; }
`;

const rows = (cells: string[][]) => cells.map((r) => `<tr>${r.join('')}</tr>`).join('\n');

function banksTable(report: FleetReport): string {
  return `<table>
<tr><th>bank</th><th>verdict</th><th>verdict line</th><th>choices</th></tr>
${rows(
  report.banks.map((b) => [
    `<td>${b.html ? `<a href="${escape(b.html)}">${escape(b.name)}</a>` : escape(b.name)}</td>`,
    `<td class="verdict ${kind(b.verdict)}">${escape(b.verdict)}</td>`,
    `<td>${escape(b.verdictLine)}</td>`,
    `<td>${escape(b.choices)}</td>`,
  ]),
)}
</table>`;
}

function matrix(report: FleetReport): string {
  const names = report.banks.map((b) => b.name);
  const columns = names.map((n) => `<th class="bank">${escape(n)}</th>`).join('');
  const head = `<tr><th>requirement</th><th>level</th>${columns}</tr>`;
  const body = report.requirements.map((r) => [
    `<td>${escape(r.id)}</td><td>${r.level}</td>`,
    ...names.map((n) => {
      const state = r.states[n];
      return state === undefined
        ? '<td></td>'
        : `<td class="state ${kind(state)}" title="${escape(`${n}: ${state}`)}">${STATE_SIGNS[state] ?? ''}</td>`;
    }),
  ]);
  return `<table>\n${head}\n${rows(body)}\n</table>`;
}

function drift(report: FleetReport): string {
  const { rules, answers } = report.drift;
  const ruleRows = rules.map((r) => [
    `<td>${escape(r.id)}</td><td>${r.level}</td><td>${escape(r.choices)}</td>`,
    `<td class="passed">${escape((r.states.passed ?? []).join(', '))}</td>`,
    `<td class="failed">${escape((r.states.failed ?? []).join(', '))}</td>`,
  ]);
  return [
    rules.length
      ? '<table><tr><th>rule</th><th>level</th><th>choices</th><th>passed</th><th>failed</th></tr>\n' +
        `${rows(ruleRows)}</table>`
      : '<p>No rule passed by some banks and failed by others of the same choices.</p>',
    answers.length
      ? `<ul>${answers.map((a) => `<li>${escape(answerDriftLine(a))}</li>`).join('\n')}</ul>`
      : '<p>No two banks of the same choices to compare answers of.</p>',
  ].join('\n');
}

function baseline(report: FleetReport): string {
  if (!report.baseline) return '';
  const items = report.baseline.changes.map((c) =>
    c.note
      ? `<li>${escape(c.bank)}: ${escape(c.note)}</li>`
      : `<li>${escape(c.bank)}: ${c.regressions.length} regression(s)${
          c.regressions.length ? ` (${escape(c.regressions.join(', '))})` : ''
        }, ${c.newFailures.length} rule(s) newly failing, ${c.fixed.length} fixed, ${c.stillFailing.length} still ` +
        'failing</li>',
  );
  return `<h2>Since the baseline (${escape(report.baseline.dir)})</h2>\n<ul>${items.join('\n')}</ul>`;
}

export function fleetHtml(report: FleetReport): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(`psd2-conformance fleet: ${report.verdict}`)}</title>
<style>${STYLE}</style></head>
<body>
<h1>Fleet: <span class="verdict ${kind(report.verdict)}">${escape(report.verdict)}</span></h1>
<p>${escape(report.verdictLine)}</p>
<p>Written ${escape(report.generatedAt)}.</p>
${banksTable(report)}
<h2>Drift</h2>
<p>Among banks that declare the same choices: rules some pass and others fail, and answers to the same seeded requests
that differ in status, error code or shape.</p>
${drift(report)}
${baseline(report)}
<h2>Banks × requirements</h2>
<p>${escape(STATE_LEGEND)}.</p>
${matrix(report)}
</body></html>
`;
}
