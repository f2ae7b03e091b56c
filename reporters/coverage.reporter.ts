import {
  CELL_STATES,
  COVERAGE_STATES,
  JUDGED_CELL_STATES,
  countCells,
  type CellRow,
  type CellState,
  whereStated,
  type CoverageRow,
  type CoverageState,
  type RunReport,
} from '../run-model/index.js';
import { join } from 'node:path';
import { defineReporter } from './registry.js';

export const COVERAGE_MARKDOWN = 'coverage.md';
export const COVERAGE_JSON = 'coverage.json';
export const MATRIX_JSON = 'matrix.json';

/** Words, not emoji: a CI log or a browser without an emoji font shows them too; failures in bold. */
const OUTCOME: Record<CoverageState, string> = {
  passed: 'passed',
  failed: '**FAILED**',
  inconclusive: 'inconclusive',
  'not observed': 'not observed',
  skipped: 'skipped',
  'not observable': 'not observable',
  untested: 'untested',
};

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The states whose rules were not judged, each with the reason: the list the verdict line points to. */
const UNJUDGED: readonly CoverageState[] = ['not observed', 'not observable', 'inconclusive', 'skipped', 'untested'];

/**
 * The matrix in Markdown: the verdict line; the broken rules first as a list (it wraps), with the tests that broke
 * them; the rules not judged, with why; then every requirement. The heading names the target judged.
 */
export function coverageMarkdown(
  rows: CoverageRow[],
  title: string,
  target?: string,
  cells: readonly CellRow[] = [],
): string {
  const count = (s: CoverageState) => rows.filter((r) => r.state === s).length;
  const failed = rows.filter((r) => r.state === 'failed');
  const lines = [
    target ? `# Requirement coverage of ${target}` : '# Requirement coverage',
    '',
    title,
    '',
    `${rows.length} requirements: ${COVERAGE_STATES.map((s) => `${count(s)} ${s}`).join(', ')}.`,
    '',
  ];
  if (failed.length) {
    lines.push('## Broken rules', '');
    for (const r of failed)
      lines.push(
        `- **\`${r.id}\`** (${r.level}; ${whereStated(r.section)}), failed by: ${r.tests
          .filter((t) => t.state === 'failed')
          .map((t) => t.name)
          .join('; ')}`,
      );
    lines.push('');
  }
  const unjudged = rows.filter((r) => UNJUDGED.includes(r.state));
  if (unjudged.length) {
    lines.push('## Rules not judged, and why', '');
    for (const state of UNJUDGED)
      for (const r of unjudged.filter((x) => x.state === state))
        lines.push(`- \`${r.id}\` (${r.level}) ${state}: ${r.note ?? ''}`);
    lines.push('');
  }
  lines.push(
    '## Every requirement',
    '',
    '| requirement | level | outcome | tests | note |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| \`${r.id}\` | ${r.level}${r.declaredBy ? ` (declared by ${r.declaredBy})` : ''} | ${OUTCOME[r.state]} | ` +
        `${r.tests.length} | ${cell(r.note ?? '')} |`,
    ),
  );
  if (cells.length) lines.push('', ...matrixMarkdown(cells));
  return `${lines.join('\n')}\n`;
}

const CELL_OUTCOME: Record<CellState, string> = {
  passed: 'passed',
  failed: '**FAILED**',
  inconclusive: 'inconclusive',
  'not observed': 'not observed',
  skipped: 'skipped',
  'not reachable': 'not reachable',
  'not judged': '**not judged**',
};

/** The test plan's counts in one line, the reachable cells no test sent first: what a default run keeps at 0. */
export function matrixLine(rows: readonly CellRow[]): string {
  const counts = countCells(rows);
  return (
    `${counts.cells} cells (rule × operation × class): ${counts['not judged']} reachable but not judged, ` +
    `${counts.judged} judged (${counts.passed} passed, ${counts.failed} failed, ${counts.inconclusive} ` +
    `inconclusive), ${counts['not observed']} not observed, ${counts.skipped} skipped, ` +
    `${counts['not reachable']} not reachable`
  );
}

/**
 * The test plan in Markdown (issue 34): its counts, the cells not judged and why, then every cell, one line each,
 * rule by rule in catalogue order.
 */
export function matrixMarkdown(rows: readonly CellRow[]): string[] {
  const lines = ['## The test plan: rule × operation × class', '', `${matrixLine(rows)}.`, ''];
  for (const state of CELL_STATES.filter((s) => !JUDGED_CELL_STATES.includes(s))) {
    const of = rows.filter((r) => r.state === state);
    if (!of.length) continue;
    lines.push(`### ${state} (${of.length})`, '');
    for (const r of of) lines.push(`- \`${r.requirementId}\` × ${r.operation} × ${r.label}: ${r.note ?? ''}`);
    lines.push('');
  }
  lines.push(
    '### Every cell',
    '',
    '| requirement | operation | class | side | outcome | tests |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| \`${r.requirementId}\` | ${r.operation} | ${cell(r.label)} | ${r.side} | ${CELL_OUTCOME[r.state]} | ` +
        `${r.tests.length} |`,
    ),
  );
  return lines;
}

/** The line under the heading: the verdict and what it was judged on. */
export function coverageTitle(report: RunReport): string {
  const { summary } = report;
  const { seed } = summary;
  const seeded = seed === undefined ? '' : `, seed ${Array.isArray(seed) ? seed.join(', ') : seed}`;
  const judgedOn = `Target: ${summary.target.description}; profile ${summary.profile}${seeded}.`;
  // Each party by name when the report judges several (the proxy); a run's one verdict as it is.
  const named = report.verdicts.length > 1;
  return report.verdicts
    .map(
      (v) =>
        `${named ? `${v.party.name}: ` : ''}${v.line.replace(' (reasons in coverage.md)', ' (reasons below)')}. ` +
        judgedOn,
    )
    .concat(summary.security ? [summary.security.line] : [])
    .join('\n\n');
}

/** coverage.md and coverage.json: every catalogue requirement with its tests and what its verdict stands on. */
export default defineReporter({
  name: 'coverage',
  description: 'coverage.md and coverage.json: every requirement, its tests, and what its verdict stands on',
  writes: [COVERAGE_MARKDOWN, COVERAGE_JSON, MATRIX_JSON],
  create: ({ log, out }) => ({
    files: (report) => {
      log(
        `coverage matrix: ${join(out, COVERAGE_MARKDOWN)} ` +
          `(${report.summary.requirements.failed} requirement(s) failed)`,
      );
      const cells = report.cells ?? [];
      if (cells.length) log(`test plan: ${matrixLine(cells)}`);
      return {
        [COVERAGE_MARKDOWN]: coverageMarkdown(
          report.coverage,
          coverageTitle(report),
          report.summary.target.description,
          cells,
        ),
        [COVERAGE_JSON]: `${JSON.stringify(report.coverage, null, 2)}\n`,
        ...(cells.length ? { [MATRIX_JSON]: `${JSON.stringify(cells, null, 1)}\n` } : {}),
      };
    },
  }),
});
