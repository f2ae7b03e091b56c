import type { CoverageRow, CoverageState } from '../run-model/index.js';

/** Words, not emoji: a CI log or a browser without an emoji font shows them too; failures in bold. */
const OUTCOME: Record<CoverageState, string> = {
  passed: 'passed',
  failed: '**FAILED**',
  inconclusive: 'inconclusive',
  skipped: 'skipped',
  'not testable': 'not testable',
  'no test': 'no test',
};

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * The matrix in Markdown: the broken rules first as a list (it wraps), with the tests that broke them; then every
 * requirement. The heading names the target judged, when given.
 */
export function coverageMarkdown(rows: CoverageRow[], title: string, target?: string): string {
  const count = (s: CoverageState) => rows.filter((r) => r.state === s).length;
  const failed = rows.filter((r) => r.state === 'failed');
  const lines = [
    target ? `# Requirement coverage of ${target}` : '# Requirement coverage',
    '',
    title,
    '',
    `${rows.length} requirements: ${count('passed')} passed, ${count('failed')} failed, ` +
      `${count('inconclusive')} inconclusive, ${count('skipped')} skipped, ` +
      `${count('not testable')} not testable, ${count('no test')} without a test.`,
    '',
  ];
  if (failed.length) {
    lines.push('## Broken rules', '');
    for (const r of failed)
      lines.push(
        `- **\`${r.id}\`** (${r.level}), failed by: ${r.tests
          .filter((t) => t.state === 'failed')
          .map((t) => t.name)
          .join('; ')}`,
      );
    lines.push('', '## Every requirement', '');
  }
  lines.push(
    '| requirement | level | outcome | tests | note |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) => `| \`${r.id}\` | ${r.level} | ${OUTCOME[r.state]} | ${r.tests.length} | ${cell(r.note ?? '')} |`,
    ),
  );
  return `${lines.join('\n')}\n`;
}
