import { requirement, type Level, type RequirementId } from '../spec/index.js';
import type { CheckResult } from './types.js';

/** What a check found about one rule; the level is the catalogue's. */
export interface VerdictOptions {
  /** The check's name (its registry name). */
  check: string;
  requirementId: RequirementId;
  /** The rule holds. */
  ok: boolean;
  /** What was seen, in one line. */
  message: string;
  /** Lowers the level: a MUST rule whose exact status is only a convention is judged at SHOULD. */
  atMost?: Level;
  /** Evidence a report shows beside the message. */
  detail?: Record<string, unknown>;
  /** On a pass: further rules found holding (CheckResult.holds). */
  holds?: RequirementId[];
  /** Where a bank profile declares the choice judged (`bank.yaml:3`): the level is then MUST. */
  declaredBy?: string;
}

/** Builds a CheckResult whose level comes from the catalogue, so no check can disagree with it. */
export function verdict(options: VerdictOptions): CheckResult {
  const { check, requirementId, ok, message, atMost, detail, holds, declaredBy } = options;
  const level = declaredBy ? 'MUST' : atMost === 'SHOULD' ? 'SHOULD' : requirement(requirementId).level;
  return {
    check,
    requirementId,
    level,
    ok,
    message,
    ...(detail ? { detail } : {}),
    ...(ok && holds ? { holds } : {}),
    ...(declaredBy ? { declaredBy } : {}),
  };
}

/** A response header in any letter case (core/headers.ts). */
export { headerValue as header } from '../core/index.js';
