import type { TestOutcome } from '../run-model/index.js';
import { requirement, type RequirementId } from '../spec/index.js';

const isSecurity = (id: RequirementId) => requirement(id).category === 'security';

/**
 * The security rules (catalogue category security: another TPP's resources) in one line of their own: SHOULD rules,
 * so a deviation is a warning in the default profile, but one a reader must not miss among the others.
 */
export function securityLine(outcomes: readonly TestOutcome[]): string | undefined {
  const tests = outcomes.filter((o) => o.meta.requirementIds.some(isSecurity));
  if (!tests.length) return undefined;
  const deviations = tests.filter(
    (o) => o.state === 'failed' || o.meta.warnings?.some((w) => isSecurity(w.requirementId)),
  );
  const skipped = tests.filter((o) => o.state === 'skipped').length;
  const clean = tests.length - deviations.length - skipped;
  return (
    `security (another TPP's resources): ${tests.length} test(s), ${clean} without deviation` +
    (deviations.length
      ? `, DEVIATION in: ${deviations.map((o) => o.meta.requirementIds.join(' + ')).join(', ')}`
      : '') +
    (skipped ? `, ${skipped} not run` : '')
  );
}
