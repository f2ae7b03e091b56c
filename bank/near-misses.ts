import { NEAR_MISS_CLASSES, type NearMissClass, type RequirementId } from '../spec/index.js';
import type { Faults } from './context.js';
import { FAULTS } from './faults.js';

/**
 * Faults of a bank whose table is newer or wider than interface.md's list (Fault.acceptsNearMissesOf): each accepts
 * exactly the near misses of one closed list (spec/near-misses.ts), BYN but not XYZ, and still refuses every other
 * value outside the list.
 */
const NEAR_MISS_FAULTS = FAULTS.flatMap((fault) => {
  if (!fault.acceptsNearMissesOf) return [];
  const nearMisses: NearMissClass = NEAR_MISS_CLASSES[fault.acceptsNearMissesOf];
  return [{ id: fault.id, nearMisses }];
});

/** Does a switched-on near-miss fault let this value through where `requirementId` would refuse it? */
export function nearMissAccepted(faults: Faults, requirementId: RequirementId, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return NEAR_MISS_FAULTS.some(
    ({ id, nearMisses }) =>
      faults.has(id) && nearMisses.requirementIds.includes(requirementId) && nearMisses.nearMisses.includes(value),
  );
}
