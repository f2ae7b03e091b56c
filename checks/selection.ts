import type { CheckResult } from './types.js';

/** Which checks judge a run (`run --checks` / `--exclude-checks`): empty lists keep every check. */
export interface CheckSelection {
  checks?: string[];
  excludeChecks?: string[];
}

/** The results the selection keeps: a result of an excluded (or unchosen) check judges nothing. */
export function checkSelection(selection: CheckSelection | undefined): (results: CheckResult[]) => CheckResult[] {
  const chosen = selection?.checks?.length ? new Set(selection.checks) : undefined;
  const excluded = new Set(selection?.excludeChecks ?? []);
  if (!chosen && excluded.size === 0) return (results) => results;
  return (results) => results.filter((r) => (!chosen || chosen.has(r.check)) && !excluded.has(r.check));
}
