import { requirement, type ExpectedRejection, type OperationSpec, type RequirementId } from '../spec/index.js';
import { verdict } from './result.js';
import type { CheckResult, ObservedExchange } from './types.js';

/**
 * Transport failures (timeouts, resets, oversize bodies) fail every check that needs a response, including
 * the rule under test at its own level: a server that never answers must not pass a MUST test by silence.
 */
export function transportFailure(exchange: ObservedExchange, requirementId?: RequirementId): CheckResult[] | undefined {
  if (exchange.response) return undefined;
  const why = exchange.error ? `${exchange.error.kind}: ${exchange.error.message}` : 'no response';
  const results = [verdict('response_received', 'Errors.clientError.never5xx', false, `no HTTP response (${why})`)];
  if (requirementId) results.push(verdict('response_received', requirementId, false, `no HTTP response (${why})`));
  return results;
}

/** not_a_server_error: no request the suite sends, valid or not, deserves a 5xx. */
export function notAServerError(exchange: ObservedExchange): CheckResult {
  const status = exchange.response?.status ?? 0;
  return verdict('not_a_server_error', 'Errors.clientError.never5xx', status > 0 && status < 500, `status ${status}`);
}

/** status_code_conformance for a valid request: the operation's success status. */
export function successStatus(
  exchange: ObservedExchange,
  operation: OperationSpec,
  requirementId: RequirementId,
): CheckResult {
  const status = exchange.response?.status;
  const expected = operation.success.status;
  // Where interface.md does not show the success status, any 2xx conforms.
  const ok = operation.success.shown ? status === expected : status !== undefined && status >= 200 && status < 300;
  return verdict(
    'status_code_conformance',
    requirementId,
    ok,
    `expected ${operation.success.shown ? expected : '2xx'}, got ${status}`,
  );
}

/**
 * For a request that breaks `requirementId`: never 2xx (MUST), a 4xx (the rule's level), and the
 * expected status (MUST where interface.md states it, else SHOULD).
 */
export function rejection(
  exchange: ObservedExchange,
  requirementId: RequirementId,
  expected: ExpectedRejection | undefined,
): CheckResult[] {
  const status = exchange.response?.status ?? 0;
  const results = [
    // never2xx is about MUST rules: a bank may accept what only a SHOULD convention refuses.
    verdict(
      'not_accepted',
      'Errors.invalidRequest.never2xx',
      !(status >= 200 && status < 300),
      `a request that breaks ${requirementId} got ${status}`,
      {
        ...(requirement(requirementId).level === 'SHOULD' ? { atMost: 'SHOULD' as const } : {}),
      },
    ),
    verdict(
      'client_error',
      requirementId,
      status >= 400 && status < 500,
      `expected a 4xx for a request that breaks ${requirementId}, got ${status}`,
    ),
  ];
  if (expected) {
    results.push(
      verdict(
        'expected_status',
        requirementId,
        expected.status.includes(status),
        `expected ${expected.status.join(' or ')}, got ${status}`,
        {
          atMost: expected.exactness,
        },
      ),
    );
  }
  return results;
}
