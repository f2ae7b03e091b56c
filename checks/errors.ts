import { requirement, type RequirementId } from '../spec/index.js';
import { checkRejected } from './apply.js';
import { expectedCodeCheck } from './body.js';
import { defineCheck } from './registry.js';
import type { CheckResult, ObservedExchange } from './types.js';

/** interface.md › Errors: the additional rules, and the conventions for what it leaves open. */

const accepted = (exchange: ObservedExchange): boolean => {
  const status = exchange.response?.status ?? 0;
  return status >= 200 && status < 300;
};

const PROPER_ERROR_RULES: readonly RequirementId[] = [
  'Errors.insufficientFunds.notServerError',
  'Versioning.acceptFix.unknown',
];

export const properErrorCheck = defineCheck({
  name: 'proper_error',
  judges:
    'a request a bank may accept or refuse (beyond the balance, an unknown x-accept-fix) is answered, never with a 5xx',
  reports: PROPER_ERROR_RULES,
  judge: ({ exchange, requirementId }, verdict) => {
    // Judged for the test's rule, when it is one of this check's.
    if (!requirementId || !PROPER_ERROR_RULES.includes(requirementId)) return [];
    const status = exchange.response?.status ?? 0;
    return [verdict(requirementId, status > 0 && status < 500, `status ${status}`)];
  },
});

export const kidVerifiedCheck = defineCheck<{ kid: string }>({
  name: 'kid_verified',
  judges: 'a KID with a wrong check digit is not accepted (whether a bank verifies it at all is a convention)',
  reports: ['StructuredRemittance.kid.checkDigit'],
  judge: ({ exchange, facts }, verdict) =>
    accepted(exchange)
      ? [
          verdict(
            'StructuredRemittance.kid.checkDigit',
            false,
            `KID ${facts?.kid} accepted (${exchange.response?.status})`,
          ),
        ]
      : [],
});

export const kidErrorStatusCheck = defineCheck({
  name: 'kid_error_status',
  judges: 'a bank that accepts a KID made no KID error: "KID errors give 400" has nothing to judge and passes',
  reports: ['Errors.kid.400'],
  judge: ({ exchange }, verdict) =>
    accepted(exchange)
      ? [verdict('Errors.kid.400', true, `no KID error to judge: the bank accepted (${exchange.response?.status})`)]
      : [],
});

/**
 * Errors rule 2, "KID errors give 400 (not 401)": an accepted KID is judged by kid_verified and kid_error_status;
 * a rejected one as Errors.kid.400 expects, and its code against the KID convention's (SHOULD).
 */
export function checkKidError(exchange: ObservedExchange, kid: string): CheckResult[] {
  if (accepted(exchange))
    return [...kidVerifiedCheck.run({ exchange, facts: { kid } }), ...kidErrorStatusCheck.run({ exchange })];
  const convention = requirement('StructuredRemittance.kid.checkDigit').expected;
  return [
    ...checkRejected(exchange, 'Errors.kid.400'),
    ...(convention
      ? expectedCodeCheck.run({
          exchange,
          requirementId: 'Errors.kid.400',
          expected: { ...convention, exactness: 'SHOULD', codeExactness: 'SHOULD' },
        })
      : []),
  ];
}
