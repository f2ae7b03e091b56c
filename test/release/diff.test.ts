import { describe, expect, it } from 'vitest';
import { diffRuns, regressions, unchanged } from '../../release/diff.js';
import { countLine, diffMarkdown, diffText, regressionLines } from '../../release/diff-render.js';
import { gate, gateHeadline } from '../../release/gate.js';
import { rule, test, view } from './views.js';

const base = view(
  [
    test('a', 'passed'),
    test('b', 'failed', { broke: ['R.b'] }),
    test('c', 'failed', { broke: ['R.c'] }),
    test('d', 'failed', { broke: ['R.d'] }),
    test('gone', 'passed'),
    test('lvl', 'passed', { level: 'SHOULD' }),
  ],
  [rule('R.a', 'passed'), rule('R.b', 'failed'), rule('R.c', 'failed'), rule('R.old', 'passed', 'SHOULD')],
);
const head = view(
  [
    test('a', 'failed', { broke: ['R.a'] }),
    test('b', 'failed', { broke: ['R.b'] }),
    test('c', 'passed'),
    test('d', 'skipped'),
    test('new', 'failed', { broke: ['R.new'] }),
    test('lvl', 'passed', { level: 'MUST' }),
  ],
  [rule('R.a', 'failed'), rule('R.b', 'failed'), rule('R.c', 'passed'), rule('R.new', 'failed')],
);

describe('diff of two runs', () => {
  const diff = diffRuns(base, head);

  it('sorts every test into new failure, fixed, still failing, not judged, new, removed and level changed', () => {
    const ids = (list: { id: string }[]) => list.map((c) => c.id);
    expect(ids(diff.tests.newFailures)).toEqual(['a']);
    expect(ids(diff.tests.fixed)).toEqual(['c']);
    expect(ids(diff.tests.stillFailing)).toEqual(['b']);
    expect(ids(diff.tests.notJudged)).toEqual(['d']);
    expect(ids(diff.tests.added)).toEqual(['new']);
    expect(ids(diff.tests.removed)).toEqual(['gone']);
    expect(diff.tests.levelChanged).toEqual([
      { id: 'lvl', level: 'MUST', levelBefore: 'SHOULD', before: 'passed', after: 'passed' },
    ]);
  });

  it('does the same requirement by requirement', () => {
    expect(diff.requirements.newFailures).toEqual([{ id: 'R.a', level: 'MUST', before: 'passed', after: 'failed' }]);
    expect(diff.requirements.fixed.map((c) => c.id)).toEqual(['R.c']);
    expect(diff.requirements.added).toEqual([{ id: 'R.new', level: 'MUST', after: 'failed' }]);
    expect(diff.requirements.removed).toEqual([{ id: 'R.old', level: 'SHOULD', before: 'passed' }]);
  });

  it('a regression is a new failure or a new failing test or rule, at the levels asked for', () => {
    expect(regressions(diff)).toEqual([
      { kind: 'test', id: 'a', level: 'MUST', why: 'new failure' },
      { kind: 'test', id: 'new', level: 'MUST', why: 'new and failing' },
      { kind: 'requirement', id: 'R.a', level: 'MUST', why: 'new failure' },
      { kind: 'requirement', id: 'R.new', level: 'MUST', why: 'new and failing' },
    ]);
    expect(regressions(diff, ['SHOULD'])).toEqual([]);
  });

  it('one count of regressions, per test, in the same words in run --baseline, diff and the HTML banner', () => {
    // Two tests regressed (a failed anew, new fails): not four, though two rules regressed with them.
    const result = gate({ base, head, strict: false, today: '2026-06-01' });
    expect(result.gating.map((g) => [g.test, g.why])).toEqual([
      ['a', 'new failure (passed in the baseline)'],
      ['new', 'new test, failing'],
    ]);
    const headline = gateHeadline(result, { baseline: true, strict: false });
    expect(headline).toBe('release gate: 2 regression(s) gate this run (exit 1)');
    expect(regressionLines(result.gating)).toEqual([
      '2 regression(s) (exit 1):',
      '  MUST a: new failure (passed in the baseline)',
      '  MUST new: new test, failing',
    ]);
    const none = gate({ base, head: base, strict: false, today: '2026-06-01' });
    expect(gateHeadline(none, { baseline: true, strict: false })).toBe(
      'release gate: nothing gates this run (no regression) (exit 0 unless the run did not complete)',
    );
    expect(regressionLines(none.gating)).toEqual(['no regression (exit 0)']);
    // Without a baseline there is nothing to regress from: the failures gate, and say so.
    expect(gateHeadline(gate({ head, strict: false, today: '2026-06-01' }), { baseline: false, strict: false })).toBe(
      'release gate: 3 failure(s) gate this run (exit 1)',
    );
  });

  it('a run against itself has no change', () => {
    const same = diffRuns(base, base);
    expect(unchanged(same)).toBe(true);
    expect(regressions(same)).toEqual([]);
    expect(countLine(same.tests)).toBe('3 still failing');
    expect(unchanged(diff)).toBe(false);
  });

  it('reads as counts and lines at the console, and as a Markdown table', () => {
    const text = diffText(diff).join('\n');
    expect(text).toContain('requirements: 1 new failure, 1 fixed, 1 still failing, 1 new, 1 removed');
    expect(text).toContain('tests: 1 new failure, 1 fixed, 1 still failing, 1 no longer judged, 1 new, 1 removed');
    expect(text).toContain('    MUST R.a (passed → failed)');
    expect(text).toContain('    SHOULD → MUST lvl');
    const md = diffMarkdown(diff);
    expect(md).toContain('| change | of | level | id | before | after |');
    expect(md).toContain('| new failures | requirement | MUST | R.a | passed | failed |');
    expect(md).toContain('| removed | test | MUST | gone | passed | - |');
    expect(diffMarkdown(diffRuns(head, head))).toContain('| still failing | test | MUST | a | failed | failed |');
  });
});
