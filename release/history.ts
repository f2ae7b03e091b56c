/**
 * History that helps: per requirement, when its verdict last changed (against the same target); per test, whether
 * it is flaky (its verdict changed between runs with the same seed and target, where nothing should change). Kept in
 * `verdicts.jsonl` beside the reports, one compact line per run, the last 20 runs by default (bounded like
 * history.jsonl): requirement states by id, test states by an 8-character hash of the test's name.
 * A run narrowed to some tests (`--grep`, a shard, a request budget …) keeps only what it judged, passed or failed:
 * the rest it skipped or left unjudged by choice, which says nothing of the bank, and would otherwise read as a change
 * of verdict.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Level } from '../spec/index.js';
import type { RunView } from './run-view.js';

export const VERDICTS_FILE = 'verdicts.jsonl';
export const VERDICTS_LIMIT = 20;

/** One run as the history keeps it. */
export interface HistoryEntry {
  /** When the run started (ISO). */
  at: string;
  target: string;
  seed?: number;
  /** Set when the run was narrowed to some tests: it holds only the requirements and tests it judged. */
  narrowed?: true;
  /** Requirement id → state (one letter for the common ones, the word otherwise). */
  r: Record<string, string>;
  /** Hash of a test's name → p (passed), f (failed), s (skipped). */
  t: Record<string, string>;
}

const CODES: Record<string, string> = {
  passed: 'p',
  failed: 'f',
  skipped: 's',
  inconclusive: 'i',
  'not observed': 'o',
  'not observable': 'x',
  untested: 'u',
  'not testable': 'x',
  'no test': 'u',
};
const WORDS: Record<string, string> = {
  p: 'passed',
  f: 'failed',
  s: 'skipped',
  i: 'inconclusive',
  o: 'not observed',
  x: 'not observable',
  u: 'untested',
};
const code = (state: string) => CODES[state] ?? state;
const word = (stored: string) => WORDS[stored] ?? stored;

/** The short key a test is kept under: enough to tell apart a few hundred names, small enough for 20 runs. */
export const testKey = (name: string): string => createHash('sha256').update(name).digest('hex').slice(0, 8);

const JUDGED = new Set(['p', 'f']);

/** A completed run as one history line; an incomplete run is not kept (its states say when it stopped). */
export function historyEntry(view: RunView, at = view.startedAt ?? new Date().toISOString()): HistoryEntry {
  const narrowed = view.narrowed === true;
  const kept = (states: [string, string][]) => (narrowed ? states.filter(([, state]) => JUDGED.has(state)) : states);
  return {
    at,
    target: view.target,
    ...(view.seed !== undefined ? { seed: view.seed } : {}),
    ...(narrowed ? { narrowed: true as const } : {}),
    r: Object.fromEntries(kept(view.requirements.map((r) => [r.id, code(r.state)]))),
    t: Object.fromEntries(kept(view.tests.map((t) => [testKey(t.name), code(t.state)]))),
  };
}

/** The history's lines, oldest first; a line that is not an entry is dropped (a history is help, not a verdict). */
export function parseHistory(text: string): HistoryEntry[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        const e = JSON.parse(line) as Partial<HistoryEntry>;
        return typeof e.at === 'string' && typeof e.target === 'string' && e.r && e.t ? [e as HistoryEntry] : [];
      } catch {
        return [];
      }
    });
}

export const readHistory = (file: string): HistoryEntry[] =>
  existsSync(file) ? parseHistory(readFileSync(file, 'utf8')) : [];

/** The history with this run added, the oldest dropped beyond `limit`, as the file's text. */
export function appendHistory(history: readonly HistoryEntry[], entry: HistoryEntry, limit = VERDICTS_LIMIT): string {
  return `${[...history, entry]
    .slice(-limit)
    .map((e) => JSON.stringify(e))
    .join('\n')}\n`;
}

export interface RequirementHistory {
  id: string;
  level: Level;
  state: string;
  /** The first run of the current streak of this state (this run, when it just changed). */
  since: string;
  /** The state before the streak; absent when the history shows no other state. */
  before?: string;
  /** Runs of the same target the history holds for it, this one included. */
  runs: number;
}

/**
 * Per requirement, since when it has its current state, among the runs of the same target that judged it (oldest
 * first, this one last). A requirement whose state the whole history shows has no `before`; one this run did not
 * judge because it was narrowed to other tests has no row.
 */
export function requirementHistory(history: readonly HistoryEntry[], current: RunView): RequirementHistory[] {
  const now = historyEntry(current);
  const runs = [...history.filter((e) => e.target === current.target), now];
  return current.requirements.flatMap((r) => {
    const state = now.r[r.id];
    if (state === undefined) return [];
    const held = runs.filter((e) => e.r[r.id] !== undefined);
    let first = held.length - 1;
    while (first > 0 && held[first - 1]?.r[r.id] === state) first--;
    const previous = first > 0 ? held[first - 1]?.r[r.id] : undefined;
    return [
      {
        id: r.id,
        level: r.level,
        state: r.state,
        since: held[first]?.at ?? now.at,
        ...(previous !== undefined ? { before: word(previous) } : {}),
        runs: held.length,
      },
    ];
  });
}

export interface FlakyTest {
  name: string;
  passed: number;
  failed: number;
  /** The seed and target the runs shared. */
  seed?: number;
  target: string;
}

/**
 * Tests whose verdict changed between runs with the same seed and target (this one among them): the same requests
 * to the same bank should get the same verdict, so a test that both passed and failed is flaky (or the bank is).
 */
export function flakyTests(history: readonly HistoryEntry[], current: RunView): FlakyTest[] {
  const now = historyEntry(current);
  const same = [...history.filter((e) => e.target === current.target && e.seed === current.seed), now];
  return current.tests.flatMap((t) => {
    const key = testKey(t.name);
    const states = same.map((e) => e.t[key]);
    const passed = states.filter((s) => s === 'p').length;
    const failed = states.filter((s) => s === 'f').length;
    if (!passed || !failed) return [];
    return [
      {
        name: t.name,
        passed,
        failed,
        ...(current.seed !== undefined ? { seed: current.seed } : {}),
        target: current.target,
      },
    ];
  });
}

/** What the summary and the HTML report say of the history: the rules that changed in it, and the flaky tests. */
export interface HistorySummary {
  /** Runs of this target the history holds (this one included), at most the limit. */
  runs: number;
  /** Requirements whose state changed within the history, the most recent change first. */
  changed: RequirementHistory[];
  flaky: FlakyTest[];
}

export function historySummary(history: readonly HistoryEntry[], current: RunView): HistorySummary {
  const rows = requirementHistory(history, current);
  return {
    runs: history.filter((e) => e.target === current.target).length + 1,
    changed: rows.filter((r) => r.before !== undefined).sort((a, b) => b.since.localeCompare(a.since)),
    flaky: flakyTests(history, current),
  };
}

/** The history as a Markdown page (a global attachment of the HTML report). */
export function historyMarkdown(summary: HistorySummary, target: string): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const lines = [
    `# Verdict history of ${target}`,
    '',
    `${summary.runs} run(s) of this target in the history (the last ${VERDICTS_LIMIT} runs are kept).`,
    '',
    '## Flaky tests (the verdict changed with the same seed and target)',
    '',
    ...(summary.flaky.length
      ? summary.flaky.map((f) => `- ${cell(f.name)}: passed ${f.passed}, failed ${f.failed} (seed ${f.seed ?? '?'})`)
      : ['None.']),
    '',
    '## Requirements whose verdict changed',
    '',
    ...(summary.changed.length
      ? [
          '| requirement | level | now | before | since |',
          '|---|---|---|---|---|',
          ...summary.changed.map((r) => `| \`${r.id}\` | ${r.level} | ${r.state} | ${r.before} | ${r.since} |`),
        ]
      : ['None: every requirement has had its verdict throughout the history.']),
  ];
  return `${lines.join('\n')}\n`;
}
