import type { CheckResult } from '../../checks/index.js';
import { maskHeaders, type Exchange } from '../../client/index.js';
import type { ConformanceMeta } from '../../runner/outcome.js';
import { requirement, type OperationId, type RequirementId } from '../../spec/index.js';
import { matchOperation } from '../../tpp/operation.js';
import type { Expectation, RecordedExchange } from '../../tpp/recorded.js';

/** The operation an exchange called: from its method and path, else the one the test is declared for. */
function operationOf(exchange: Exchange, meta: ConformanceMeta): OperationId | undefined {
  const path = new URL(exchange.request.url).pathname;
  const matched = matchOperation(exchange.request.method.toUpperCase(), path).operation?.id;
  return matched ?? (meta.operation === 'cross-cutting' ? undefined : meta.operation);
}

function rejected(requirementId: RequirementId): Expectation {
  const expected = requirement(requirementId).expected;
  return { kind: 'rejected', requirementId, ...(expected ? { expected } : {}) };
}

/**
 * How the suite judged the exchange, read from the checks it ran: `checkRejected` leaves a `client_error` result
 * for the rule the request breaks, `checkAccepted` a `status_code_conformance` result for the rule under test.
 * Without an answer, only the rule is known: a request-side rule with an expected rejection was a rejection test.
 */
export function expectationOf(
  results: CheckResult[],
  exchange: Exchange,
  meta: ConformanceMeta,
): Expectation | undefined {
  const refused = results.find((r) => r.check === 'client_error');
  if (refused) return rejected(refused.requirementId);
  const operation = operationOf(exchange, meta);
  const accepted = results.find((r) => r.check === 'status_code_conformance');
  if (accepted && operation) return { kind: 'accepted', operation, requirementId: accepted.requirementId };
  const silent = results.find(
    (r) => r.check === 'response_received' && r.requirementId !== 'Errors.clientError.never5xx',
  );
  if (!silent) return undefined;
  if (requirement(silent.requirementId).expected) return rejected(silent.requirementId);
  return operation ? { kind: 'accepted', operation, requirementId: silent.requirementId } : undefined;
}

/**
 * The failing exchange of a failed test as `psd2-conformance replay --test` reads it from the report: the request
 * (secrets masked), when it was sent, how the suite judged it, and which rules failed it.
 */
export function failedExchangeRecord(
  exchange: Exchange,
  results: CheckResult[],
  counted: CheckResult[],
  meta: ConformanceMeta,
): RecordedExchange {
  const { method, url, headers, body } = exchange.request;
  const expectation = expectationOf(results, exchange, meta);
  return {
    request: { method, url, headers: maskHeaders(headers), ...(body !== undefined ? { body } : {}) },
    sentAt: exchange.timings.startedAt,
    ...(exchange.response ? { status: exchange.response.status } : {}),
    ...(expectation ? { expectation } : {}),
    failed: [...new Set(counted.map((r) => r.requirementId))],
  };
}
