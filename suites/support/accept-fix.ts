import type { CheckResult } from '../../checks/index.js';

/**
 * interface.md gives the payment operations one x-accept-fix value: "On basket start and SCT the value is
 * amount-as-string". The other named changes (Versioning 3) are about account and card-account data, so a bank may
 * refuse them on a payment: whether such a request gets its success status is judged at SHOULD. What an accepted
 * answer holds (its schema, its amounts as strings) stays at its own level.
 */
export const fixAcceptance =
  (value: string | undefined) =>
  (result: CheckResult): CheckResult =>
    value !== undefined && value !== 'amount-as-string' && result.check === 'status_code_conformance'
      ? { ...result, level: 'SHOULD' }
      : result;
