/**
 * A diff in words for the console, as a Markdown table for a merge request, and as JSON: the same changes in each.
 */
import { DIFF_KINDS, DIFF_TITLES, type Change, type DiffKind, type DiffSide, type RunDiff } from './diff.js';
import { regressionCount, type GateResult } from './gate.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 || word.endsWith('s') ? '' : 's'}`;

const KIND_WORDS: Record<DiffKind, [string, string]> = {
  newFailures: ['new failure', 'new failures'],
  fixed: ['fixed', 'fixed'],
  stillFailing: ['still failing', 'still failing'],
  notJudged: ['no longer judged', 'no longer judged'],
  added: ['new', 'new'],
  removed: ['removed', 'removed'],
  levelChanged: ['level changed', 'level changed'],
};

/** `1 new failure, 2 fixed, …`: the kinds that have entries, in a fixed order. */
export function countLine(side: DiffSide): string {
  const parts = DIFF_KINDS.filter((k) => side[k].length).map((k) => {
    const [one, many] = KIND_WORDS[k];
    return `${side[k].length} ${side[k].length === 1 ? one : many}`;
  });
  return parts.length ? parts.join(', ') : 'no change';
}

const states = (c: Change) =>
  c.before !== undefined && c.after !== undefined
    ? `${c.before} → ${c.after}`
    : c.after !== undefined
      ? `now ${c.after}`
      : `was ${c.before ?? '?'}`;

const levels = (c: Change) => (c.levelBefore ? `${c.levelBefore} → ${c.level}` : c.level);

const describe = (label: string, run: RunDiff['base']) =>
  `${label}: ${run.target}${run.seed !== undefined ? `, seed ${run.seed}` : ''}` +
  `${run.startedAt ? `, ${run.startedAt}` : ''}${run.dir ? ` (${run.dir})` : ''}`;

/** At most this many entries per kind in the console (the JSON and Markdown hold all). */
const CONSOLE_LIMIT = 20;

/** The diff for a person at a console: the counts, then each change that matters, by kind. */
export function diffText(diff: RunDiff, options: { limit?: number } = {}): string[] {
  const limit = options.limit ?? CONSOLE_LIMIT;
  const lines = [
    describe('baseline', diff.base),
    describe('this run', diff.head),
    `requirements: ${countLine(diff.requirements)}`,
    `tests: ${countLine(diff.tests)}`,
  ];
  for (const [what, side] of [
    ['requirement', diff.requirements],
    ['test', diff.tests],
  ] as const)
    for (const kind of DIFF_KINDS) {
      const list = side[kind];
      if (!list.length || kind === 'levelChanged') continue;
      lines.push(`  ${DIFF_TITLES[kind]} (${plural(list.length, what)}):`);
      for (const c of list.slice(0, limit)) lines.push(`    ${levels(c)} ${c.id} (${states(c)})`);
      if (list.length > limit) lines.push(`    … and ${list.length - limit} more (diff --json lists every one)`);
    }
  for (const [what, side] of [
    ['requirement', diff.requirements],
    ['test', diff.tests],
  ] as const)
    if (side.levelChanged.length) {
      lines.push(`  level changed (${plural(side.levelChanged.length, what)}):`);
      for (const c of side.levelChanged.slice(0, limit)) lines.push(`    ${levels(c)} ${c.id}`);
    }
  return lines;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The diff as a Markdown section: the counts, then one table row per change (still failing included). */
export function diffMarkdown(diff: RunDiff, heading = '## Changes since the baseline'): string {
  const rows: string[] = [];
  for (const [what, side] of [
    ['requirement', diff.requirements],
    ['test', diff.tests],
  ] as const)
    for (const kind of DIFF_KINDS)
      for (const c of side[kind])
        rows.push(
          `| ${DIFF_TITLES[kind]} | ${what} | ${levels(c)} | ${cell(c.id)} | ${c.before ?? '-'} | ${c.after ?? '-'} |`,
        );
  return [
    heading,
    '',
    `- ${cell(describe('Baseline', diff.base))}`,
    `- ${cell(describe('This run', diff.head))}`,
    `- Requirements: ${countLine(diff.requirements)}`,
    `- Tests: ${countLine(diff.tests)}`,
    '',
    ...(rows.length
      ? ['| change | of | level | id | before | after |', '|---|---|---|---|---|---|', ...rows]
      : ['No test and no requirement changed.']),
    '',
  ].join('\n');
}

/**
 * `diff`'s closing lines: the regressions counted as the release gate of `run --baseline` counts them (one per
 * failed MUST test that gates), each with why, and the exit code they give.
 */
export function regressionLines(gating: GateResult['gating'], limit = CONSOLE_LIMIT): string[] {
  const lines = [`${regressionCount(gating.length)}${gating.length ? ' (exit 1):' : ' (exit 0)'}`];
  for (const g of gating.slice(0, limit)) lines.push(`  ${g.level} ${g.test}: ${g.why}`);
  if (gating.length > limit) lines.push(`  … and ${gating.length - limit} more (--json lists every one)`);
  return lines;
}
