import { requirement, type RequirementId } from '../spec/index.js';
import { defineCheck } from './registry.js';
import type { CheckResult, ObservedExchange } from './types.js';

const statusOf = (exchange: ObservedExchange): number => exchange.response?.status ?? 0;

/**
 * Transport failures (timeouts, resets, oversize bodies) fail every check that needs a response, including
 * the rule under test at its own level: a server that never answers must not pass a MUST test by silence.
 */
export const responseReceived = defineCheck({
  name: 'response_received',
  judges: 'an HTTP response came at all; without one the rule under test fails too, at its own level',
  reports: ['Errors.clientError.never5xx'],
  reportsRuleUnderTest: true,
  judge: ({ exchange, requirementId }, verdict) => {
    if (exchange.response) return [];
    const error = exchange.error ? `${exchange.error.kind}: ${exchange.error.message}` : 'no response';
    const retried = exchange.retried && `${exchange.retried.kind}: ${exchange.retried.message}`;
    const why = retried ? `${error}; sent twice, the first time ${retried}` : error;
    const results = [verdict('Errors.clientError.never5xx', false, `no HTTP response (${why})`)];
    if (requirementId) results.push(verdict(requirementId, false, `no HTTP response (${why})`));
    return results;
  },
});

export const notAServerErrorCheck = defineCheck({
  name: 'not_a_server_error',
  judges: 'no request the suite sends, valid or not, is answered with a 5xx',
  reports: ['Errors.clientError.never5xx'],
  judge: ({ exchange }, verdict) => {
    const status = statusOf(exchange);
    return [verdict('Errors.clientError.never5xx', status > 0 && status < 500, `status ${status}`)];
  },
});

export const successStatusCheck = defineCheck({
  name: 'status_code_conformance',
  judges: "a valid request gets the operation's success status (any 2xx where interface.md shows none)",
  reports: [],
  reportsRuleUnderTest: true,
  judge: ({ exchange, operation, requirementId }, verdict) => {
    if (!operation || !requirementId) return [];
    const status = exchange.response?.status;
    const expected = operation.success.status;
    // Where interface.md does not show the success status, any 2xx conforms.
    const ok = operation.success.shown ? status === expected : status !== undefined && status >= 200 && status < 300;
    return [verdict(requirementId, ok, `expected ${operation.success.shown ? expected : '2xx'}, got ${status}`)];
  },
});

export const notAcceptedCheck = defineCheck({
  name: 'not_accepted',
  judges: 'a request that breaks a rule is never answered with a 2xx (at SHOULD level for a SHOULD rule)',
  reports: ['Errors.invalidRequest.never2xx'],
  judge: ({ exchange, requirementId }, verdict) => {
    if (!requirementId) return [];
    const status = statusOf(exchange);
    // never2xx is about MUST rules: a bank may accept what only a SHOULD convention refuses.
    return [
      verdict(
        'Errors.invalidRequest.never2xx',
        !(status >= 200 && status < 300),
        `a request that breaks ${requirementId} got ${status}`,
        requirement(requirementId).level === 'SHOULD' ? { atMost: 'SHOULD' } : {},
      ),
    ];
  },
});

export const clientErrorCheck = defineCheck({
  name: 'client_error',
  judges: 'a request that breaks a rule gets a 4xx, at the level of the rule it breaks',
  reports: [],
  reportsRuleUnderTest: true,
  judge: ({ exchange, requirementId }, verdict) => {
    if (!requirementId) return [];
    const status = statusOf(exchange);
    const message = `expected a 4xx for a request that breaks ${requirementId}, got ${status}`;
    return [verdict(requirementId, status >= 400 && status < 500, message)];
  },
});

export const expectedStatusCheck = defineCheck({
  name: 'expected_status',
  judges: 'a rejected request gets the status expected of it (MUST where interface.md states it, else SHOULD)',
  reports: [],
  reportsRuleUnderTest: true,
  judge: ({ exchange, requirementId, expected }, verdict) => {
    if (!requirementId || !expected) return [];
    const status = statusOf(exchange);
    const message = `expected ${expected.status.join(' or ')}, got ${status}`;
    return [verdict(requirementId, expected.status.includes(status), message, { atMost: expected.exactness })];
  },
});

/** The response_received results when no response came, else undefined. */
export function transportFailure(exchange: ObservedExchange, requirementId?: RequirementId): CheckResult[] | undefined {
  if (exchange.response) return undefined;
  return responseReceived.run({ exchange, ...(requirementId ? { requirementId } : {}) });
}

export const notAServerError = (exchange: ObservedExchange): CheckResult =>
  notAServerErrorCheck.run({ exchange })[0] as CheckResult;
