/**
 * A fault's run focused on a few of the tests that detected the fault when the matrix was last measured
 * (detection.json): per rule the fault breaks, the cheapest detecting test that cites it (first, if one does); the
 * two cheapest detecting tests when none cites one (a rule every exchange is checked against). The fault is
 * detected when one of them fails, in this version's code; a focused run sends a handful of requests, not a default
 * run's 788, and skips the imports of the suite files it does not need. A focused run that detects nothing, or fails
 * none of the fault's named rules, proves nothing: the loop then runs every suite against the fault (in-process.ts),
 * so a fault is never counted missed for being focused. `mutation --full-runs` runs every suite for every fault, and
 * is what renews detection.json (a focused run says nothing of the tests it left out).
 */
import type { DetectionFile } from '../../run-model/budget.js';
import type { ManifestTest } from '../../run-model/test-manifest.js';
import { testKey } from '../../run-model/budget.js';

export interface Focus {
  /** Full names (describe blocks and name, as detection.json spells them): the only tests the run registers. */
  tests: string[];
  /** Their suite files, as filters on the path (`/payments.suite.`, for .ts and compiled .js alike). */
  files: string[];
  /** The rules the fault breaks: a focused run that fails none of them falls back to every suite. */
  breaks: readonly string[];
}

/** Tests a focus takes when none of the detecting tests cites a rule the fault breaks. */
const CHEAPEST = 2;

/**
 * The focus of a fault's run, or undefined when the measurement knows no test that detected the fault (a full run).
 */
export function focusOf(
  detection: DetectionFile | undefined,
  manifest: readonly ManifestTest[],
  fault: string,
  breaks: readonly string[],
): Focus | undefined {
  // A test that names the rule first is judged by it whatever goes wrong (a timeout fails the test's first rule);
  // then the fewest requests.
  const cost = (t: ManifestTest, rule: string) =>
    (t.requirementIds[0] === rule ? 0 : 1e6) + (detection?.tests[testKey(t)]?.requests ?? 1e5);
  const detecting = manifest.filter((t) => detection?.tests[testKey(t)]?.faults.includes(fault));
  const chosen = new Set<ManifestTest>();
  for (const rule of breaks) {
    const citing = detecting.filter((t) => (t.requirementIds as readonly string[]).includes(rule));
    // The cheapest; ties keep the manifest's order.
    const cheapest = citing.reduce<ManifestTest | undefined>(
      (a, t) => (!a || cost(t, rule) < cost(a, rule) ? t : a),
      undefined,
    );
    if (cheapest) chosen.add(cheapest);
  }
  // No detecting test names the rule: it is a check every exchange passes through (an error body's code, a link's
  // verbs), so the cheapest detecting tests fail by it too.
  if (!chosen.size)
    for (const t of [...detecting].sort((a, b) => cost(a, '') - cost(b, '')).slice(0, CHEAPEST)) chosen.add(t);
  if (!chosen.size) return undefined;
  const stem = (file: string) =>
    `/${file
      .split('/')
      .at(-1)
      ?.replace(/\.(ts|js)$/, '.')}`;
  return {
    tests: [...chosen].map((t) => t.fullName),
    files: [...new Set([...chosen].map((t) => stem(t.file)))].sort(),
    breaks,
  };
}

/** Whether a focused run settled its fault: it detected it (exit 1) and failed one of the rules the fault breaks. */
export const focusSettles = (focus: Focus, run: { exitCode: number | null; failedRequirements: string[] }): boolean =>
  run.exitCode === 1 && focus.breaks.some((id) => run.failedRequirements.includes(id));
