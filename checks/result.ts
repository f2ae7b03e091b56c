import { requirement, type Level, type RequirementId } from '../spec/index.js';
import type { CheckResult } from './types.js';

/**
 * Builds a CheckResult whose level comes from the catalogue, so no check can disagree with it.
 * `atMost` lowers it: a MUST rule whose exact status is only a convention is judged at SHOULD.
 */
export function verdict(
  check: string,
  requirementId: RequirementId,
  ok: boolean,
  message: string,
  options: { atMost?: Level; detail?: Record<string, unknown> } = {},
): CheckResult {
  const level = options.atMost === 'SHOULD' ? 'SHOULD' : requirement(requirementId).level;
  return { check, requirementId, level, ok, message, ...(options.detail ? { detail: options.detail } : {}) };
}

/** A response header in any letter case (core/headers.ts). */
export { headerValue as header } from '../core/index.js';
