/** A name in the env file that psd2-conformance does not read, but that looks like one it does (a typo). */
export interface NearMiss {
  /** The name as the file spells it, e.g. BASEURL. */
  name: string;
  /** The variable it resembles, e.g. BASE_URL. */
  resembles: string;
  /** The env file that sets it. */
  file: string;
}

/** Case and separators carry no meaning to a reader: base_url, Base-Url and BASEURL all mean BASE_URL. */
const letters = (name: string): string => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours (ULR for URL). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  return (d[a.length] as number[])[b.length] as number;
}

/** One slip in a short name, two in a long one: close enough to be a typo, far enough not to match a stranger. */
const allowed = (known: string): number => (known.length >= 8 ? 2 : 1);

/**
 * The known variable an unknown name most likely meant, or undefined when it resembles none: compared
 * without case and separators, then by edit distance (BASEURL, BASE_ULR, base_url, BASEURI, PSU-ID).
 */
export function resemblance(name: string, known: readonly string[]): string | undefined {
  if (known.includes(name)) return undefined;
  const wanted = letters(name);
  if (wanted.length < 3) return undefined;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(wanted, letters(candidate));
    if (distance <= allowed(letters(candidate)) && (!best || distance < best.distance))
      best = { name: candidate, distance };
  }
  return best?.name;
}

/** Every name of an env file that is no known variable but resembles one, in the file's order. */
export function nearMisses(names: string[], known: readonly string[], file: string): NearMiss[] {
  return names.flatMap((name) => {
    const resembles = resemblance(name, known);
    return resembles ? [{ name, resembles, file }] : [];
  });
}
