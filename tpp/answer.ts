import {
  checkAccepted,
  checkRejected,
  contentType,
  rejectedChecks,
  notAServerError,
  transportFailure,
  type CheckResult,
  type ObservedExchange,
} from '../checks/index.js';
import { OPERATIONS, requirement, type OperationId, type RequirementId } from '../spec/index.js';
import type { Expectation } from './recorded.js';
import type { Finding, RequestVerdict } from './types.js';

/**
 * The rule a conforming request to an operation is judged by, as the suites judge their valid requests: the
 * operation's success status and its response schema. Operations without one here are not specified by
 * interface.md (sandbox set-up) or have no success rule of their own: their answers get only the checks every
 * answer gets.
 */
const SUCCESS: Partial<Record<OperationId, RequirementId>> = {
  'ncbct.create': 'Payment.create.201',
  'sct.create': 'Payment.create.201',
  'bulk.create': 'Payment.create.201',
  'payment.status': 'PaymentStatus.get.200',
  'basket.create': 'Basket.create.201',
  'basket.get': 'Basket.get.200',
  'basket.startAuthorisation': 'Basket.startAuthorisation.201',
  'sandbox.engagement.create': 'Sandbox.engagement.create.201',
  'sandbox.engagement.get': 'Sandbox.engagement.roundTrip',
  'sandbox.cardAccount.create': 'Sandbox.cardAccount.create.201',
  'sandbox.transactions.list': 'Sandbox.transactions.list.200',
};

export const successRequirement = (operation: OperationId): RequirementId | undefined => SUCCESS[operation];

/** The checks of an expectation recorded by a test: exactly what the suite ran. */
export function judgeExpectation(exchange: ObservedExchange, expectation: Expectation): CheckResult[] {
  if (expectation.kind === 'rejected') {
    const { requirementId, expected } = expectation;
    return rejectedChecks({ exchange, requirementId, ...(expected ? { expected } : {}) });
  }
  const operation = OPERATIONS.find((o) => o.id === expectation.operation);
  if (!operation) return answerOfUnknown(exchange);
  return checkAccepted(exchange, operation, expectation.requirementId);
}

/** Any answer: a response at all, not a server error, JSON said as JSON. */
function answerOfUnknown(exchange: ObservedExchange): CheckResult[] {
  return transportFailure(exchange) ?? [notAServerError(exchange), contentType(exchange)];
}

const isClientError = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/**
 * A bank may refuse a request that breaks several rules for any one of them: an expected status or code met for
 * one rule stands for the others, and the checks every rule repeats (not 2xx, content type, error body) count once.
 */
function rejectedForAny(exchange: ObservedExchange, findings: Finding[]): CheckResult[] {
  const ids = [...new Set(findings.map((f) => f.requirementId))];
  const all = ids.flatMap((id) => checkRejected(exchange, id));
  const met = new Set(all.filter((r) => r.ok && r.check.startsWith('expected_')).map((r) => r.check));
  const seen = new Set<string>();
  return all.filter((r) => {
    if (!r.ok && met.has(r.check)) return false;
    const key = `${r.check}|${r.requirementId}|${r.ok}|${r.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The answer to a request the bank must accept: the operation's success status and schema, links, and on an
 * error the error body. A 4xx interface.md documents for the operation conforms; another 4xx to a request that
 * breaks no rule is judged at SHOULD level only: the proxy sees one request, not the state behind it (a logical
 * duplicate, funds, an id the PSU cannot see), for which a bank may refuse a well-formed request.
 */
function accepted(exchange: ObservedExchange, operation: OperationId, requirementId: RequirementId): CheckResult[] {
  const spec = OPERATIONS.find((o) => o.id === operation);
  if (!spec) return answerOfUnknown(exchange);
  const results = checkAccepted(exchange, spec, requirementId);
  const status = exchange.response?.status;
  if (!isClientError(status)) return results;
  // An error interface.md documents for the operation (404 for an unknown basket) is an answer it allows.
  if (spec.documentedErrors.some((e) => e.status === status))
    return results.filter((r) => !(r.check === 'status_code_conformance' && !r.ok));
  return results.map((r) =>
    r.check === 'status_code_conformance' && !r.ok
      ? {
          ...r,
          level: 'SHOULD' as const,
          message:
            `${r.message} (a well-formed request may be refused for state it ` +
            `does not show: a duplicate, funds, an unknown id)`,
        }
      : r,
  );
}

/**
 * The answer to a request whose rules judgeRequest judged, with the same checks and requirement ids as the
 * suites: a request that breaks a rule a bank must enforce is judged as `checkRejected` judges that rule's
 * tests; one that breaks none, as `checkAccepted` judges the operation's valid requests. Rules of the TPP's own
 * side (catalogue: not testable against a bank, such as the Date window) never make the bank wrong for
 * accepting; a bank that refuses for them is judged on its error body only.
 */
export function judgeAnswer(verdict: RequestVerdict, exchange: ObservedExchange): CheckResult[] {
  const enforced = verdict.findings.filter((f) => !requirement(f.requirementId).notTestable);
  if (enforced.length) return rejectedForAny(exchange, enforced);
  if (verdict.findings.length && isClientError(exchange.response?.status))
    return rejectedForAny(exchange, verdict.findings);
  const operation = verdict.operation?.id;
  const rule = operation ? successRequirement(operation) : undefined;
  if (!operation || !rule) return answerOfUnknown(exchange);
  return accepted(exchange, operation, rule);
}
