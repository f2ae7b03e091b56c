import { AUTHENTICATION_RULES } from './authentication.js';
import { BASKET_RULES } from './baskets.js';
import { ERROR_RULES } from './errors.js';
import { FIELD_RULE_REQUIREMENTS } from './field-rules/index.js';
import { HEADER_RULES } from './headers.js';
import { JOURNEY_RULES, SECURITY_RULES } from './journeys.js';
import { PAYMENT_RULES } from './payments.js';
import { REQUEST_RULES } from './requests.js';
import { SANDBOX_RULES } from './sandbox.js';
import { SHARED_TYPE_RULES } from './shared-types.js';
import type { RequirementId } from './ids.generated.js';
import type { Requirement } from './types.js';
import { VERSIONING_RULES } from './versioning.js';

export type { ExpectedRejection, Level, Requirement, RuleKind } from './types.js';
export type { RequirementId } from './ids.generated.js';
export * from './field-rules/index.js';
export {
  PSD2_ARTICLES,
  PSD2_TEXTS,
  psd2Section,
  type Psd2Article,
  type Psd2ArticleId,
  type Psd2Source,
} from './psd2.js';

/**
 * The requirement catalogue: every rule of interface.md, plus the SHOULD conventions that fill its gaps and the
 * security rules PSD2 itself states (by article). Field rules come from the rule table (field-rules/table.ts), the
 * others from the modules beside it.
 */
export const REQUIREMENTS: readonly Requirement[] = [
  ...FIELD_RULE_REQUIREMENTS,
  ...SHARED_TYPE_RULES,
  ...PAYMENT_RULES,
  ...BASKET_RULES,
  ...SANDBOX_RULES,
  ...HEADER_RULES,
  ...AUTHENTICATION_RULES,
  ...ERROR_RULES,
  ...VERSIONING_RULES,
  ...REQUEST_RULES,
  ...JOURNEY_RULES,
  ...SECURITY_RULES,
];

const byId = new Map<string, Requirement>(REQUIREMENTS.map((r) => [r.id, r]));

/**
 * The catalogue row of an id; the type makes a mistyped id a compile error, the check catches one built at run time.
 */
export function requirement(id: RequirementId): Requirement {
  const found = byId.get(id);
  if (!found) throw new Error(`unknown requirement id ${id}`);
  return found;
}

/** Whether a string read at run time (a flag, a schema annotation, a recorded report) is a catalogue id. */
export function hasRequirement(id: string): id is RequirementId {
  return byId.has(id);
}
export { FRACTION_DIGITS, IBAN_STRUCTURE, KID_WRONG_CHECK_DIGIT } from './shared-types.js';
export { BROKEN_DATES, DATE_CLASS, weekdayAhead } from './field-rules/table.js';
export { CORPORATE_WITHOUT_ID } from './errors.js';
export { NON_JSON_ACCEPT, OFFER_CLASS } from './headers.js';
export { UNKNOWN_FIX } from './versioning.js';
export { NOT_INT32, SANDBOX_CLASS } from './sandbox.js';
