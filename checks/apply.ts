import type { ExpectedRejection, OperationSpec, RequirementId } from '../spec/index.js';
import { contentType, errorBody, errorCode, linkShape, responseSchema } from './body.js';
import { notAServerError, rejection, successStatus, transportFailure } from './status.js';
import type { CheckResult, ObservedExchange } from './types.js';

/** The uniform checks for a request the server must accept (`requirementId`: the rule the test is about). */
export function checkAccepted(
  exchange: ObservedExchange,
  operation: OperationSpec,
  requirementId: RequirementId,
): CheckResult[] {
  const failed = transportFailure(exchange, requirementId);
  if (failed) return failed;
  const status = exchange.response?.status ?? 0;
  const results = [notAServerError(exchange), successStatus(exchange, operation, requirementId), contentType(exchange)];
  if (status >= 200 && status < 300) {
    if (operation.success.body) results.push(...responseSchema(exchange, operation.success.body, requirementId));
    results.push(...linkShape(exchange));
  } else if (status >= 400) {
    results.push(...errorBody(exchange), ...errorCode(exchange));
  }
  return results;
}

/** The uniform checks for a request that breaks `requirementId` and must be rejected. */
export function checkRejected(
  exchange: ObservedExchange,
  requirementId: RequirementId,
  expected: ExpectedRejection | undefined,
): CheckResult[] {
  const failed = transportFailure(exchange, requirementId);
  if (failed) return failed;
  const status = exchange.response?.status ?? 0;
  const results = [notAServerError(exchange), ...rejection(exchange, requirementId, expected), contentType(exchange)];
  if (status >= 400) results.push(...errorBody(exchange), ...errorCode(exchange, requirementId, expected));
  return results;
}

/** Failures that count: every MUST failure, and SHOULD failures too when `strict`. */
export function failures(results: CheckResult[], strict = false): CheckResult[] {
  return results.filter((r) => !r.ok && (strict || r.level === 'MUST'));
}
