import { CHECKS } from './registry.js';
import type { CheckResult } from './types.js';

/** Which checks judge a run (`run --checks` / `--exclude-checks`): empty lists keep every check. */
export interface CheckSelection {
  checks?: string[];
  excludeChecks?: string[];
}

/** The check names nearest to a mistyped one (edit distance), for a one-line error. */
export function nearestCheckNames(name: string, known: readonly string[] = CHECKS.names()): string[] {
  const distance = (a: string, b: string): number => {
    let row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++)
        next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length]!;
  };
  const scored = known.map((k) => ({ k, d: k.includes(name) || name.includes(k) ? 1 : distance(name, k) }));
  const best = Math.min(...scored.map((s) => s.d));
  return scored
    .filter((s) => s.d <= Math.max(best, 2) && s.d <= Math.max(3, name.length / 2))
    .map((s) => s.k)
    .slice(0, 3);
}

/** The results the selection keeps: a result of an excluded (or unchosen) check judges nothing. */
export function checkSelection(selection: CheckSelection | undefined): (results: CheckResult[]) => CheckResult[] {
  const chosen = selection?.checks?.length ? new Set(selection.checks) : undefined;
  const excluded = new Set(selection?.excludeChecks ?? []);
  if (!chosen && excluded.size === 0) return (results) => results;
  return (results) => results.filter((r) => (!chosen || chosen.has(r.check)) && !excluded.has(r.check));
}
