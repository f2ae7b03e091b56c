/**
 * Named checks, each defined once and registered by name (as Schemathesis registers its checks): every check
 * says what it judges and which requirement ids it may report, and returns CheckResults that name them.
 */
export type { CheckResult, ObservedExchange } from './types.js';
export {
  CHECKS,
  CheckRegistry,
  defineCheck,
  type Check,
  type CheckContext,
  type CheckDefinition,
  type CheckVerdict,
} from './registry.js';
export * from './body.js';
export * from './status.js';
export * from './baskets.js';
export * from './sandbox.js';
export * from './payments.js';
export * from './negotiation.js';
export * from './errors.js';
export * from './journeys.js';
export { missingFrom } from './compare.js';
export { FORM_WORDS, applyDeclarations, declaredChoiceCheck, errorFormOf } from './declared.js';
export { verdict } from './result.js';
export {
  ACCEPTED_RULE_CHECKS,
  REJECTED_RULE_CHECKS,
  acceptedChecks,
  checkAccepted,
  checkServedOrRefused,
  checkRejected,
  failures,
  rejectedChecks,
} from './apply.js';
export { checkSelection, type CheckSelection } from './selection.js';
