import { nearestNames } from '../core/index.js';

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

/**
 * The known variable an unknown name most likely meant, or undefined when it resembles none: compared
 * without case and separators, by the CLI's one nearest-name function (BASEURL, BASE_ULR, base_url, PSU-ID).
 */
export function resemblance(name: string, known: readonly string[]): string | undefined {
  // Two letters or fewer (CI, TZ, X) are too short to be anyone's typo.
  if (known.includes(name) || letters(name).length < 3) return undefined;
  return nearestNames(name, known, { fold: letters, count: 1 })[0];
}

/** Every name of an env file that is no known variable but resembles one, in the file's order. */
export function nearMisses(names: string[], known: readonly string[], file: string): NearMiss[] {
  return names.flatMap((name) => {
    const resembles = resemblance(name, known);
    return resembles ? [{ name, resembles, file }] : [];
  });
}
