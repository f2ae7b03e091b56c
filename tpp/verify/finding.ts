import { requirement, type OperationSpec, type RequirementId } from '../../spec/index.js';
import type { Finding } from '../types.js';

/** A finding whose level comes from the catalogue, so no check can disagree with it. */
export function finding(requirementId: RequirementId, message: string, cause?: string): Finding {
  return { requirementId, level: requirement(requirementId).level, message, ...(cause ? { cause } : {}) };
}

/** Does the catalogue apply this rule to the operation? A request is judged only by the rules of its operation. */
export const appliesTo = (requirementId: RequirementId, op: OperationSpec | undefined): boolean =>
  op !== undefined && requirement(requirementId).operations.includes(op.id);
