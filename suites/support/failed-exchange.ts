import type { CheckResult } from '../../checks/index.js';
import { recordExchange, type Exchange, type Expectation, type RecordedExchange } from '../../client/index.js';
import type { ConformanceMeta } from '../../run-model/index.js';

/**
 * How the suite judged the exchange, as the uniform checks say it themselves (`checkAccepted` and `checkRejected`
 * mark their results with what they expected): a rejection wins over an acceptance judged on the same exchange,
 * since the request then broke a rule on purpose. Results of other checks alone expect nothing.
 */
export function expectationOf(
  results: CheckResult[],
  _exchange?: Exchange,
  _meta?: ConformanceMeta,
): Expectation | undefined {
  const expectations = results.map((r) => r.expectation).filter((e): e is Expectation => e !== undefined);
  return expectations.find((e) => e.kind === 'rejected') ?? expectations[0];
}

/**
 * The failing exchange of a failed test as `psd2-conformance replay --test` reads it from the report: the request
 * (secrets masked), when it was sent, how the suite judged it, and which rules failed it.
 */
export function failedExchangeRecord(
  exchange: Exchange,
  results: CheckResult[],
  counted: CheckResult[],
): RecordedExchange {
  const expectation = expectationOf(results);
  return recordExchange(exchange, {
    ...(expectation ? { expectation } : {}),
    failed: [...new Set(counted.map((r) => r.requirementId))],
  });
}
