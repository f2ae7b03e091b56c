import type { Expectation } from '../client/recorded.js';
import { requirement, type OperationSpec, type RequirementId } from '../spec/index.js';
import {
  contentTypeCheck,
  errorBody,
  errorCode,
  expectedCodeCheck,
  linkShapeCheck,
  responseSchemaCheck,
} from './body.js';
import { NEGOTIATION_CHECKS, unmetOfferCheck } from './negotiation.js';
import { prsyBulkOnlyCheck } from './payments.js';
import type { CheckContext } from './registry.js';
import {
  clientErrorCheck,
  expectedStatusCheck,
  notAServerErrorCheck,
  notAcceptedCheck,
  responseReceived,
  successStatusCheck,
  transportFailure,
} from './status.js';
import type { CheckResult, ObservedExchange } from './types.js';

/** What the request offered (Accept, Accept-Charset, Accept-Encoding, Accept-Language) against what the answer says. */
const negotiated = (ctx: CheckContext): CheckResult[] => NEGOTIATION_CHECKS.flatMap((check) => check.run(ctx));

/** Each result says what the test expected of the answer, so that nothing has to guess it from check names. */
const expecting = (expectation: Expectation, results: CheckResult[]): CheckResult[] =>
  results.map((r) => ({ ...r, expectation }));

/**
 * The registered checks of a request the server must accept (`ctx.requirementId`: the rule the test is about):
 * response_received, not_a_server_error, status_code_conformance, content_type_conformance, the
 * negotiation checks (content_encoding, content_type_offered, content_charset, content_language: each where the
 * request offered), then response_schema_conformance, link_shape and prsy_bulk_only on a 2xx, or the error body and
 * code checks on a 4xx or 5xx.
 */
export function acceptedChecks(ctx: CheckContext & { operation: OperationSpec; requirementId: RequirementId }) {
  const { operation, requirementId } = ctx;
  return expecting({ kind: 'accepted', operation: operation.id, requirementId }, acceptedResults(ctx));
}

function acceptedResults(ctx: CheckContext & { operation: OperationSpec; requirementId: RequirementId }) {
  const { exchange, operation, requirementId } = ctx;
  const failed = transportFailure(exchange, requirementId);
  if (failed) return failed;
  const status = exchange.response?.status ?? 0;
  const results = [
    ...notAServerErrorCheck.run(ctx),
    ...successStatusCheck.run(ctx),
    ...contentTypeCheck.run(ctx),
    ...negotiated(ctx),
  ];
  if (status >= 200 && status < 300) {
    if (operation.success.body) results.push(...responseSchemaCheck.run(ctx));
    results.push(...linkShapeCheck.run(ctx), ...prsyBulkOnlyCheck.run(ctx));
  } else if (status >= 400) {
    results.push(...errorBody(exchange), ...errorCode(exchange));
  }
  return results;
}

/**
 * The registered checks of a request that breaks `ctx.requirementId` and must be rejected as `ctx.expected` says:
 * response_received, not_a_server_error, not_accepted, client_error, expected_status, content_type_conformance,
 * the negotiation checks, then on a 4xx or 5xx the error body and code checks, expected_code among them.
 */
export function rejectedChecks(ctx: CheckContext & { requirementId: RequirementId }): CheckResult[] {
  const { requirementId, expected } = ctx;
  return expecting({ kind: 'rejected', requirementId, ...(expected ? { expected } : {}) }, rejectedResults(ctx));
}

function rejectedResults(ctx: CheckContext & { requirementId: RequirementId }): CheckResult[] {
  const { exchange, requirementId, expected } = ctx;
  const failed = transportFailure(exchange, requirementId);
  if (failed) return failed;
  const status = exchange.response?.status ?? 0;
  const results = [
    ...notAServerErrorCheck.run(ctx),
    ...notAcceptedCheck.run(ctx),
    ...clientErrorCheck.run(ctx),
    ...expectedStatusCheck.run(ctx),
    ...contentTypeCheck.run(ctx),
    ...negotiated(ctx),
  ];
  if (status >= 400) results.push(...errorBody(exchange), ...errorCode(exchange, requirementId, expected));
  return results;
}

/** The uniform checks for a request the server must accept (`requirementId`: the rule the test is about). */
export const checkAccepted = (
  exchange: ObservedExchange,
  operation: OperationSpec,
  requirementId: RequirementId,
): CheckResult[] => acceptedChecks({ exchange, operation, requirementId });

/** The uniform checks for a request that breaks `requirementId`, judged against the catalogue's expected answer. */
export function checkRejected(exchange: ObservedExchange, requirementId: RequirementId): CheckResult[] {
  const expected = requirement(requirementId).expected;
  return rejectedChecks({ exchange, requirementId, ...(expected ? { expected } : {}) });
}

/** The registered checks `checkAccepted` applies that report the rule under test it is given. */
export const ACCEPTED_RULE_CHECKS = [responseReceived, successStatusCheck, responseSchemaCheck] as const;
/**
 * The registered checks `checkRejected` applies that report the rule under test (expected_code only where a code is
 * expected).
 */
export const REJECTED_RULE_CHECKS = [
  responseReceived,
  clientErrorCheck,
  expectedStatusCheck,
  expectedCodeCheck,
] as const;

/**
 * The uniform checks for a request that offers one alternative of each Group N header: served as an accepted request
 * is, or refused with 406 where the server has none of the alternatives (unmet_offer_refused), its error body judged.
 */
export function checkServedOrRefused(
  exchange: ObservedExchange,
  operation: OperationSpec,
  requirementId: RequirementId,
): CheckResult[] {
  if (exchange.response?.status !== 406) return checkAccepted(exchange, operation, requirementId);
  const ctx = { exchange };
  return expecting({ kind: 'accepted', operation: operation.id, requirementId }, [
    ...unmetOfferCheck.run(ctx),
    ...contentTypeCheck.run(ctx),
    ...negotiated(ctx),
    ...errorBody(exchange),
    ...errorCode(exchange),
  ]);
}

/** Failures that count: every MUST failure, and SHOULD failures too when `strict`. */
export function failures(results: CheckResult[], strict = false): CheckResult[] {
  return results.filter((r) => !r.ok && (strict || r.level === 'MUST'));
}
