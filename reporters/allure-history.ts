import { existsSync, readFileSync } from 'node:fs';
import { writeWhole } from './write.js';

/** history.jsonl keeps this many runs unless told otherwise (`run --history-limit N`). */
export const HISTORY_LIMIT = 20;

/**
 * What a history entry keeps of each test: what Allure's trend and a test's history tab read (status, times), and
 * what shard balancing reads (full name, duration, times). Labels, parameters and links, which made an entry about
 * 330 KB, are left out.
 */
const KEPT = ['id', 'fullName', 'status', 'start', 'stop', 'duration', 'historyId'] as const;

interface HistoryEntry {
  testResults?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** One run's entry as Allure wrote it, with each test cut down to what is kept. */
export function slimEntry(line: string): string {
  const entry = JSON.parse(line) as HistoryEntry;
  const testResults = Object.fromEntries(
    Object.entries(entry.testResults ?? {}).map(([id, result]) => [
      id,
      { ...Object.fromEntries(KEPT.filter((k) => k in result).map((k) => [k, result[k]])), url: '' },
    ]),
  );
  return JSON.stringify({ ...entry, testResults });
}

const entries = (path: string): string[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
    : [];

/** How many entries a history file holds. */
export const historyLength = (path: string): number => entries(path).length;

/**
 * Appends the entry Allure just wrote (the last line of `rendered`, its own copy of the history, which held `before`
 * entries) to `history`, cut down, and keeps the newest `limit` entries.
 */
export function appendHistory(history: string, rendered: { path: string; before: number }, limit: number): void {
  const lines = entries(rendered.path);
  const added = lines.length > rendered.before ? lines.at(-1) : undefined;
  if (added === undefined) return;
  const kept = [...entries(history), slimEntry(added)].slice(-Math.max(1, limit));
  writeWhole(history, `${kept.join('\n')}\n`);
}
