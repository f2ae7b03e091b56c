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

/** The differences of a test, the same ones seen in several exchanges (a property's runs) said once, with a count. */
export function collapsed(t: TestComparison): { request: string; line: string; count: number; first: string }[] {
  const seen = new Map<string, { request: string; line: string; count: number; first: string }>();
  for (const e of t.exchanges)
    for (const d of e.differences) {
      const line = differenceLine(d);
      const key = `${e.request}\u0000${line}`;
      const entry = seen.get(key);
      if (entry) entry.count++;
      else seen.set(key, { request: e.request, line, count: 1, first: `${runOf(e.scope)}#${e.seq}` });
    }
  return [...seen.values()];
}

/** `run 3, ` for a property's run, nothing for a test's own exchanges. */
const runOf = (scope: string) => (/ > run \d+$/.test(scope) ? `${scope.split(' > ').at(-1)}, ` : '');

/** The comparison for a console: per test, its requirements, who breaks what, then each kind of difference once. */
export function compareText(c: Comparison, options: { limit?: number } = {}): string[] {
  const limit = options.limit ?? 8;
  const lines = [`A: ${c.a}`, `B: ${c.b}`];
  for (const t of c.tests) {
    lines.push('', `${t.test}`, `  requirements: ${t.requirements.join(', ') || '-'}`, `  ${breaksLine(t)}`);
    const differences = collapsed(t);
    for (const d of differences.slice(0, limit))
      lines.push(
        `  ${d.request} (${d.first}${d.count > 1 ? `, and ${d.count - 1} more exchange(s) alike` : ''})`,
        `    ${d.line}`,
      );
    if (differences.length > limit) lines.push(`  … and ${differences.length - limit} more difference(s) (--json)`);
    if (t.diverged)
      lines.push(
        `  from ${runOf(t.diverged.scope)}#${t.diverged.seq} on, the runs sent different requests: ` +
          `A ${t.diverged.a ?? 'nothing'}, B ${t.diverged.b ?? 'nothing'}`,
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
