import { REQUIREMENTS, type RequirementId } from './index.js';

/** Edit distance, to suggest the ids closest to a mistyped one. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return row[b.length] as number;
}

/** The catalogue ids closest to `given` (case-insensitive edit distance), nearest first. */
export function closestIds(given: string, count = 3): RequirementId[] {
  const lower = given.toLowerCase();
  return REQUIREMENTS.map((r) => ({ id: r.id, d: distance(lower, r.id.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.id.localeCompare(b.id))
    .slice(0, count)
    .map((x) => x.id);
}
