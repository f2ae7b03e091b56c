import { distance } from 'fastest-levenshtein';

export interface NearestOptions {
  /** At most this many names (3 unless told). */
  count?: number;
  /**
   * What a reader does not see as a difference, applied to both sides before comparing (e.g. case and separators
   * of variable names: base_url, Base-Url and BASEURL all mean BASE_URL). Unless told, case only.
   */
  fold?: (name: string) => string;
}

const lowerCase = (name: string): string => name.toLowerCase();

/**
 * How far a name may be from a known one and still be a slip of the fingers: a third of the known name's length,
 * at least one edit. A swap of neighbours is two edits (Levenshtein), so a name of six letters or more survives one
 * (BASE_ULR, ncbct.craete); a short name survives one slip (PROFIL), and a stranger (API_BASE_URL, zzzz) none.
 */
const tolerance = (known: string): number => Math.max(1, Math.floor(known.length / 3));

/**
 * The known names nearest to a mistyped one (all at the least distance, in the order given): the one "did you mean"
 * of the CLI and the configuration, for operation ids, requirement ids, check names, variables, faults and variants.
 * A name given exactly as known is no mistake (none suggested); a name near nothing suggests nothing.
 */
export function nearestNames(given: string, known: readonly string[], options: NearestOptions = {}): string[] {
  const fold = options.fold ?? lowerCase;
  if (known.includes(given)) return [];
  const wanted = fold(given);
  const near = known
    .map((name) => ({ name, edits: distance(wanted, fold(name)) }))
    .filter(({ name, edits }) => edits <= tolerance(fold(name)));
  const least = Math.min(...near.map(({ edits }) => edits));
  return near
    .filter(({ edits }) => edits === least)
    .slice(0, options.count ?? 3)
    .map(({ name }) => name);
}

/** ` (did you mean a, b?)` when there is a near name, else nothing: the tail of a one-line error. */
export function didYouMean(given: string, known: readonly string[], options: NearestOptions = {}): string {
  const near = nearestNames(given, known, options);
  return near.length ? ` (did you mean ${near.join(', ')}?)` : '';
}
