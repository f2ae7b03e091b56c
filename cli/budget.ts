import { chooseWithinBudget, readDetection, testKey, type BudgetChoice } from '../run-model/budget.js';
import { readTestManifest } from '../run-model/test-manifest.js';
import { selected, type Selection } from '../run-model/index.js';
import { UserError } from '../core/index.js';

/**
 * `run --max-requests N`: the tests the selection keeps, cut to the budget by the shipped detection file
 * (run-model/detection.json). The left-out tests are skipped as unjudged; the rules that only they cite are named
 * in the verdict as untested.
 */
export function budgetFor(
  selection: Selection,
  maxRequests: number,
): { budget: NonNullable<Selection['budget']>; choice: BudgetChoice } {
  const detection = readDetection();
  const manifest = readTestManifest();
  if (!detection || !manifest)
    throw new UserError(
      '--max-requests needs run-model/detection.json and the test manifest, which this installation lacks: ' +
        'run without --max-requests, or renew them (docs/requests.md)',
    );
  const tests = manifest.filter((t) => !selected(selection, t.requirementIds, t.operation, t.level));
  const choice = chooseWithinBudget(detection, tests, maxRequests);
  const chosen = new Set(choice.chosen);
  const judged = new Set(tests.filter((t) => chosen.has(testKey(t))).flatMap((t) => t.requirementIds));
  const leftOut = tests.filter((t) => !chosen.has(testKey(t)));
  const unjudgedRules = [...new Set(leftOut.flatMap((t) => t.requirementIds))].filter((id) => !judged.has(id)).sort();
  return { budget: { maxRequests, leftOut: leftOut.map((t) => t.fullName), unjudgedRules }, choice };
}
