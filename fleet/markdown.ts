/** The fleet report in words: fleet.md, and the lines the console prints of it. */
import type { AnswerDrift } from './drift.js';
import type { FleetReport } from './report.js';

/** A rule's state in a matrix cell: one sign, so that forty banks fit side by side. */
export const STATE_SIGNS: Record<string, string> = {
  passed: '✓',
  failed: '✗',
  inconclusive: '?',
  'not observed': '·',
  skipped: '–',
  'not observable': '○',
  untested: ' ',
};

/** The signs in words, for a matrix's legend: `✓ passed, ✗ failed, …` (untested shows none). */
export const STATE_LEGEND = Object.entries(STATE_SIGNS)
  .filter(([, s]) => s.trim())
  .map(([state, s]) => `${s} ${state}`)
  .join(', ');

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const sign = (state: string | undefined) => (state === undefined ? '' : (STATE_SIGNS[state] ?? state));

/** One line per bank that drifts in its answers, with its first difference. */
export function answerDriftLine(d: AnswerDrift): string {
  if (d.note) return `${d.bank} against ${d.reference}: ${d.note}`;
  if (!d.tests.length && !d.diverged)
    return `${d.bank} against ${d.reference}: the same answers in status, code and shape (${d.pairs} exchanges)`;
  const first = d.tests[0]?.differences[0];
  const what = first
    ? `; first: ${first.request} ${first.kind}${first.path ? ` ${first.path}` : ''}: ` +
      `${d.reference} ${first.reference}, ${d.bank} ${first.bank}`
    : '';
  return (
    `${d.bank} against ${d.reference}: ${d.tests.length} test(s) answered differently in status, code or shape` +
    `${d.diverged ? `, ${d.diverged} sent different requests from some point` : ''} (${d.pairs} exchanges)${what}`
  );
}

/** What the console shows of the fleet: each bank's verdict line, where it drifts, and the fleet's line last. */
export function fleetLines(report: FleetReport): string[] {
  const lines = report.banks.map((b) => `${b.name}: ${b.verdictLine}`);
  const rules = report.drift.rules;
  if (rules.length)
    lines.push(
      `drift: ${rules.length} rule(s) some banks of the same choices pass and others fail ` +
        `(${rules
          .slice(0, 5)
          .map((r) => r.id)
          .join(', ')}${rules.length > 5 ? ', …' : ''})`,
    );
  for (const d of report.drift.answers.filter((a) => a.tests.length || a.note))
    lines.push(`drift: ${answerDriftLine(d)}`);
  for (const c of report.baseline?.changes ?? [])
    if (c.regressions.length) lines.push(`since the baseline, ${c.bank}: ${c.regressions.length} regression(s)`);
  lines.push(`fleet: ${report.verdictLine}`);
  return lines;
}

function driftMarkdown(report: FleetReport): string[] {
  const { rules, answers } = report.drift;
  const lines = ['', '## Drift', ''];
  lines.push(
    'Among banks that declare the same choices (the same bank profile, or none), the rules some pass and others ' +
      'fail, and the answers to the same seeded requests that differ in status, error code or shape (compare’s ' +
      'masking; values are each bank’s own data).',
    '',
  );
  if (!rules.length) lines.push('No rule passed by some banks and failed by others of the same choices.');
  else {
    lines.push('| rule | level | choices | passed | failed |', '|---|---|---|---|---|');
    for (const r of rules)
      lines.push(
        `| ${r.id} | ${r.level} | ${cell(r.choices)} | ${(r.states.passed ?? []).join(', ')} | ` +
          `${(r.states.failed ?? []).join(', ')} |`,
      );
  }
  lines.push('');
  if (!answers.length) lines.push('No two banks of the same choices to compare answers of.');
  for (const d of answers) {
    lines.push(`- ${cell(answerDriftLine(d))}`);
    for (const t of d.tests.slice(0, 10)) {
      lines.push(`  - ${cell(t.test)} (${t.requirements.join(', ') || 'no requirement'})`);
      for (const x of t.differences)
        lines.push(
          `    - \`${x.request}\` ${x.kind}${x.path ? ` \`${x.path}\`` : ''}: ${d.reference} ${cell(x.reference)}, ` +
            `${d.bank} ${cell(x.bank)}`,
        );
      if (t.more) lines.push(`    - … and ${t.more} more`);
    }
    if (d.tests.length > 10) lines.push(`  - … and ${d.tests.length - 10} more test(s) (fleet.json)`);
  }
  return lines;
}

function baselineMarkdown(report: FleetReport): string[] {
  if (!report.baseline) return [];
  const list = (ids: string[]) => (ids.length ? ids.join(', ') : '-');
  const lines = ['', `## Since the baseline (${report.baseline.dir})`, ''];
  lines.push('| bank | regressions | newly failing rules | fixed | still failing | tests new / gone |');
  lines.push('|---|---|---|---|---|---|');
  for (const c of report.baseline.changes)
    lines.push(
      c.note
        ? `| ${c.bank} | ${c.note} | | | | |`
        : `| ${c.bank} | ${list(c.regressions)} | ${list(c.newFailures)} | ${list(c.fixed)} | ` +
            `${c.stillFailing.length} | ${c.testsAdded} / ${c.testsRemoved} |`,
    );
  if (report.baseline.gone.length)
    lines.push('', `In the baseline, not in this fleet: ${report.baseline.gone.join(', ')}.`);
  return lines;
}

/** fleet.md: each bank's verdict line first, then the bank × requirement matrix, the drift and the baseline. */
export function fleetMarkdown(report: FleetReport): string {
  const names = report.banks.map((b) => b.name);
  return [
    `# Fleet: ${report.verdict}`,
    '',
    report.verdictLine,
    '',
    ...report.banks.map((b) => `- **${b.name}** (${b.folder}): ${cell(b.verdictLine)}`),
    '',
    '## Banks × requirements',
    '',
    `${STATE_LEGEND}; empty: the bank did not report the rule.`,
    '',
    `| requirement | level | ${names.map(cell).join(' | ')} |`,
    `|---|---|${names.map(() => ':-:').join('|')}|`,
    ...report.requirements.map((r) => `| ${r.id} | ${r.level} | ${names.map((n) => sign(r.states[n])).join(' | ')} |`),
    ...driftMarkdown(report),
    ...baselineMarkdown(report),
    '',
  ].join('\n');
}
