/** A comparison in words (console), as Markdown, and the line that sums it up. */
import type { AnswerDifference } from './answers.js';
import { EXCHANGES_PER_TEST, type Comparison, type TestComparison } from './compare.js';

const where = (d: AnswerDifference) => (d.path === undefined ? '' : ` ${d.path || '(body)'}`);

/** `value /transactionStatus: A "RCVD", B "RECEIVED"` */
export const differenceLine = (d: AnswerDifference): string => `${d.kind}${where(d)}: A ${d.a}, B ${d.b}`;

/** Whether either side breaks a rule in this test, in words. */
export function breaksLine(t: TestComparison): string {
  const side = (label: string, state: string | undefined, ids: string[]) =>
    `${label} ${state ?? 'did not run it'}${ids.length ? ` (breaks ${ids.join(', ')})` : ''}`;
  if (!t.breaks.a.length && !t.breaks.b.length) {
    const states = `A ${t.state.a ?? 'did not run it'}, B ${t.state.b ?? 'did not run it'}`;
    return `neither side breaks a rule here (${states})`;
  }
  return `${side('A', t.state.a, t.breaks.a)}; ${side('B', t.state.b, t.breaks.b)}`;
}

export function summaryLine(c: Comparison): string {
  const differing = c.tests.filter((t) => t.exchanges.length).length;
  const diverged = c.tests.filter((t) => t.diverged).length;
  if (!c.tests.length) return `no difference: ${c.pairs} exchange(s) compared, the same answers from A and B`;
  return (
    `${differing} test(s) answered differently, ${diverged} sent different requests from some point ` +
    `(${c.pairs} exchange(s) compared)`
  );
}

/** The comparison for a console: per test, its requirements, who breaks what, then each difference. */
export function compareText(c: Comparison, options: { limit?: number } = {}): string[] {
  const limit = options.limit ?? 5;
  const lines = [`A: ${c.a}`, `B: ${c.b}`];
  for (const t of c.tests) {
    lines.push('', `${t.test}`, `  requirements: ${t.requirements.join(', ') || '-'}`, `  ${breaksLine(t)}`);
    for (const e of t.exchanges.slice(0, limit)) {
      lines.push(`  ${e.request} (${e.scope.includes(' > run ') ? `${e.scope.split(' > ').at(-1)}, ` : ''}#${e.seq})`);
      for (const d of e.differences.slice(0, 8)) lines.push(`    ${differenceLine(d)}`);
      if (e.differences.length > 8) lines.push(`    … and ${e.differences.length - 8} more`);
    }
    if (t.exchanges.length > limit) lines.push(`  … and ${t.exchanges.length - limit} more exchange(s) (--json)`);
    if (t.diverged)
      lines.push(
        `  from #${t.diverged.seq} the runs sent different requests: A ${t.diverged.a ?? 'nothing'}, ` +
          `B ${t.diverged.b ?? 'nothing'}`,
      );
  }
  lines.push('', summaryLine(c));
  return lines;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The comparison as Markdown: one table row per difference, with its test's requirements and who breaks what. */
export function compareMarkdown(c: Comparison): string {
  const rows = c.tests.flatMap((t) => [
    ...t.exchanges
      .slice(0, EXCHANGES_PER_TEST)
      .flatMap((e) =>
        e.differences.map(
          (d) =>
            `| ${cell(t.test)} | ${cell(e.request)} #${e.seq} | ${d.kind} | ${cell(d.path ?? '')} | ` +
            `${cell(d.a)} | ${cell(d.b)} | ${t.requirements.join(', ')} | ${cell(breaksLine(t))} |`,
        ),
      ),
    ...(t.diverged
      ? [
          `| ${cell(t.test)} | #${t.diverged.seq} | requests | | ${cell(t.diverged.a ?? 'nothing')} | ` +
            `${cell(t.diverged.b ?? 'nothing')} | ${t.requirements.join(', ')} | ${cell(breaksLine(t))} |`,
        ]
      : []),
  ]);
  return [
    '# Two targets side by side',
    '',
    `- A: ${cell(c.a)}`,
    `- B: ${cell(c.b)}`,
    `- ${summaryLine(c)}`,
    '',
    ...(rows.length
      ? [
          '| test | request | what | member | A | B | requirements | rules broken |',
          '|---|---|---|---|---|---|---|---|',
          ...rows,
        ]
      : []),
    '',
  ].join('\n');
}
