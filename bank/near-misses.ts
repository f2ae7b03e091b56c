import { NEAR_MISS_CLASSES, type NearMissClass, type NearMissClassId, type RequirementId } from '../spec/index.js';
import type { Faults } from './context.js';
import type { FaultId } from './ids.generated.js';

/**
 * Faults of a bank whose table is newer or wider than interface.md's list: each accepts exactly the near misses of
 * one closed list (spec/near-misses.ts), BYN but not XYZ, and still refuses every other value outside the list.
 */
export const NEAR_MISS_FAULTS = {
  'accept-unlisted-currency': 'currency',
  'accept-unlisted-country': 'country',
  'accept-unlisted-purpose-code': 'purposeCode',
  'accept-unlisted-reporting-code': 'regulatoryReportingCode',
  'accept-unlisted-engagement-role': 'engagementRole',
  'accept-unlisted-card-status': 'cardAccountStatus',
  'accept-unlisted-balance-type': 'cardBalanceType',
  'accept-unlisted-psu-context': 'psuContext',
  'accept-unlisted-psu-http-method': 'psuHttpMethod',
} as const satisfies Partial<Record<FaultId, NearMissClassId>>;

/** Does a switched-on near-miss fault let this value through where `requirementId` would refuse it? */
export function nearMissAccepted(faults: Faults, requirementId: RequirementId, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return (Object.entries(NEAR_MISS_FAULTS) as [FaultId, NearMissClassId][]).some(([fault, id]) => {
    const nearMisses: NearMissClass = NEAR_MISS_CLASSES[id];
    return (
      faults.has(fault) && nearMisses.requirementIds.includes(requirementId) && nearMisses.nearMisses.includes(value)
    );
  });
}
