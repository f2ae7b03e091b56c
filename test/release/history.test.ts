import { describe, expect, it } from 'vitest';
import {
  appendHistory,
  flakyTests,
  historyEntry,
  historyMarkdown,
  historySummary,
  parseHistory,
  requirementHistory,
  testKey,
} from '../../release/history.js';
import { factsOf, type RunView } from '../../release/run-view.js';
import { rule, test, view } from './views.js';

const run = (at: string, ruleState: string, testState: 'passed' | 'failed', options: Partial<RunView> = {}) => ({
  ...view([test('t.one', testState), test('t.two', 'passed')], [rule('R.a', ruleState), rule('R.b', 'passed')]),
  startedAt: at,
  ...options,
});

describe('verdict history', () => {
  it('keeps one compact line per run: requirement states by id, test states by a hash of the name', () => {
    const entry = historyEntry(run('2026-01-01T00:00:00Z', 'not observed', 'failed'));
    expect(entry).toEqual({
      at: '2026-01-01T00:00:00Z',
      target: 'bank A',
      seed: 7,
      r: { 'R.a': 'o', 'R.b': 'p' },
      t: { [testKey('t.one')]: 'f', [testKey('t.two')]: 'p' },
    });
    expect(testKey('t.one')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('is bounded: the oldest runs go beyond the limit; a damaged line is dropped', () => {
    let text = '';
    for (let day = 1; day <= 25; day++)
      text = appendHistory(
        parseHistory(text),
        historyEntry(run(`2026-01-${String(day).padStart(2, '0')}T00:00:00Z`, 'passed', 'passed')),
      );
    const kept = parseHistory(text);
    expect(kept).toHaveLength(20);
    expect(kept[0]?.at).toBe('2026-01-06T00:00:00Z');
    expect(appendHistory([], historyEntry(run('x', 'passed', 'passed')), 1).split('\n')).toHaveLength(2);
    expect(parseHistory('not json\n{"at":"a"}\n' + text.split('\n')[0])).toHaveLength(1);
  });

  it('says since when each requirement has its verdict, among runs of the same target', () => {
    const history = [
      historyEntry(run('2026-01-01T00:00:00Z', 'passed', 'passed')),
      historyEntry(run('2026-01-02T00:00:00Z', 'failed', 'passed')),
      historyEntry(run('2026-01-03T00:00:00Z', 'failed', 'passed')),
      historyEntry(run('2026-01-04T00:00:00Z', 'passed', 'passed', { target: 'bank B' })),
    ];
    const rows = requirementHistory(history, run('2026-01-05T00:00:00Z', 'failed', 'passed'));
    expect(rows).toEqual([
      { id: 'R.a', level: 'MUST', state: 'failed', since: '2026-01-02T00:00:00Z', before: 'passed', runs: 4 },
      { id: 'R.b', level: 'MUST', state: 'passed', since: '2026-01-01T00:00:00Z', runs: 4 },
    ]);
    const fixed = requirementHistory(history, run('2026-01-05T00:00:00Z', 'passed', 'passed'));
    expect(fixed[0]).toMatchObject({ state: 'passed', since: '2026-01-05T00:00:00Z', before: 'failed' });
  });

  it('a narrowed run keeps only what it judged, so that what it skipped by choice reads as no change', () => {
    const grep = { narrowed: true };
    const narrowed = {
      ...view([test('t.one', 'skipped'), test('t.two', 'failed')], [rule('R.a', 'skipped'), rule('R.b', 'failed')]),
      startedAt: '2026-01-02T00:00:00Z',
      ...grep,
    };
    expect(historyEntry(narrowed)).toEqual({
      at: '2026-01-02T00:00:00Z',
      target: 'bank A',
      seed: 7,
      narrowed: true,
      r: { 'R.b': 'f' },
      t: { [testKey('t.two')]: 'f' },
    });
    const history = [historyEntry(run('2026-01-01T00:00:00Z', 'passed', 'passed')), historyEntry(narrowed)];
    const after = historySummary(history, run('2026-01-03T00:00:00Z', 'passed', 'passed'));
    expect(after.changed.map((c) => [c.id, c.before, c.since])).toEqual([['R.b', 'failed', '2026-01-03T00:00:00Z']]);
    expect(requirementHistory(history, run('2026-01-03T00:00:00Z', 'passed', 'passed'))[0]).toEqual({
      id: 'R.a',
      level: 'MUST',
      state: 'passed',
      since: '2026-01-01T00:00:00Z',
      runs: 2,
    });
    // The narrowed run itself says nothing of the rule it skipped.
    expect(requirementHistory(history.slice(0, 1), narrowed).map((r) => r.id)).toEqual(['R.b']);
  });

  it('reads a run as narrowed from its summary: a selection, a shard or a request budget', () => {
    expect(factsOf({ selection: ['--grep "Basket"', '--level MUST'] }).narrowed).toBe(true);
    expect(factsOf({ shard: { index: 2, count: 4, tests: [] } }).narrowed).toBe(true);
    expect(factsOf({ budget: { maxRequests: 400, unjudgedRules: [] } }).narrowed).toBe(true);
    expect(factsOf({ selection: [] }).narrowed).toBeUndefined();
    expect(factsOf({ seed: 7 }).narrowed).toBeUndefined();
  });

  it('flags a test whose verdict changed with the same seed and target, and only then', () => {
    const history = [
      historyEntry(run('2026-01-01T00:00:00Z', 'passed', 'passed')),
      historyEntry(run('2026-01-02T00:00:00Z', 'passed', 'passed', { seed: 8 })),
      historyEntry(run('2026-01-03T00:00:00Z', 'passed', 'passed', { target: 'bank B' })),
    ];
    expect(flakyTests(history, run('2026-01-04T00:00:00Z', 'failed', 'failed'))).toEqual([
      { name: 't.one', passed: 1, failed: 1, seed: 7, target: 'bank A' },
    ]);
    expect(flakyTests(history.slice(1), run('2026-01-04T00:00:00Z', 'failed', 'failed'))).toEqual([]);
  });

  it('sums up and reads as Markdown', () => {
    const history = [historyEntry(run('2026-01-01T00:00:00Z', 'passed', 'passed'))];
    const summary = historySummary(history, run('2026-01-02T00:00:00Z', 'failed', 'failed'));
    expect(summary.runs).toBe(2);
    expect(summary.changed.map((c) => c.id)).toEqual(['R.a']);
    expect(summary.flaky.map((f) => f.name)).toEqual(['t.one']);
    const md = historyMarkdown(summary, 'bank A');
    expect(md).toContain('- t.one: passed 1, failed 1 (seed 7)');
    expect(md).toContain('| `R.a` | MUST | failed | passed | 2026-01-02T00:00:00Z |');
  });
});
