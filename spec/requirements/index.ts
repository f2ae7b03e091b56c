import { AUTHENTICATION_RULES } from './authentication.js';
import { BASKET_RULES } from './baskets.js';
import { ERROR_RULES } from './errors.js';
import { HEADER_RULES } from './headers.js';
import { PAYMENT_RULES } from './payments.js';
import { REQUEST_RULES } from './requests.js';
import { SANDBOX_RULES } from './sandbox.js';
import { SHARED_TYPE_RULES } from './shared-types.js';
import type { Requirement } from './types.js';
import { VERSIONING_RULES } from './versioning.js';

export type { ExpectedRejection, Level, Requirement, RuleKind } from './types.js';

/** The requirement catalogue: every rule of interface.md, plus the SHOULD conventions that fill its gaps. */
export const REQUIREMENTS: readonly Requirement[] = [
  ...SHARED_TYPE_RULES,
  ...PAYMENT_RULES,
  ...BASKET_RULES,
  ...SANDBOX_RULES,
  ...HEADER_RULES,
  ...AUTHENTICATION_RULES,
  ...ERROR_RULES,
  ...VERSIONING_RULES,
  ...REQUEST_RULES,
];

const byId = new Map(REQUIREMENTS.map((r) => [r.id, r]));

export function requirement(id: string): Requirement {
  const found = byId.get(id);
  if (!found) throw new Error(`unknown requirement id ${id}`);
  return found;
}

export function hasRequirement(id: string): boolean {
  return byId.has(id);
}
