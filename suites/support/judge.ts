import { toCurl, type Exchange } from '../../client/index.js';
import { failures, type CheckResult } from '../../checks/index.js';
import type { ConformanceMeta } from '../../run-model/index.js';
import { failedExchangeRecord } from './failed-exchange.js';
import { observedCells } from './cells.js';
import { operationOf } from './exchange-operation.js';

const MAX_BODY = 2000;

function describeResponse(exchange: Exchange): string {
  const retried = exchange.retried
    ? ` (sent twice: the connection was ${exchange.retried.kind} before any answer, ` +
      `${exchange.retried.message}; then again on a new connection)`
    : '';
  if (!exchange.response)
    return `no response: ${exchange.error?.kind ?? 'unknown'}: ${exchange.error?.message ?? ''}${retried}`;
  const { status, headers, text } = exchange.response;
  const type = headers['content-type'] ?? '(no content-type)';
  const body = text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length} characters)` : text;
  return `HTTP ${status} ${String(type)}${retried}\n${body}`;
}

/** The failure message: which rules broke, the replayable request, the response. */
export function failureMessage(failed: CheckResult[], exchange: Exchange): string {
  const lines = failed.map((r) => `${r.level} ${r.requirementId} (${r.check}): ${r.message}`);
  return [...lines, `request (replay): ${toCurl(exchange)}`, `response: ${describeResponse(exchange)}`].join('\n');
}

/**
 * The exchange behind each error, kept off the error object: vitest prints an error's own properties
 * ("Serialized Error") into the console and junit.xml, and the raw exchange holds unmasked headers.
 */
const exchanges = new WeakMap<ConformanceError, Exchange>();

/**
 * A rule the target broke. Named as an assertion so Allure files it under "failed", not "broken" (a test that could not
 * run).
 */
export class ConformanceError extends Error {
  constructor(
    message: string,
    readonly failed: CheckResult[],
    exchange?: Exchange,
  ) {
    super(message);
    this.name = 'ConformanceAssertionError';
    if (exchange) exchanges.set(this, exchange);
  }
}

/**
 * The exchange that broke the rule: the report attaches it (masked) as the failing request. Not a getter: vitest
 * serializes those too.
 */
export const exchangeOf = (err: ConformanceError): Exchange | undefined => exchanges.get(err);

/**
 * Judges check results: failures that count throw (MUST, or SHOULD under --strict); the other
 * SHOULD failures become warnings on the test, shown in the report.
 */
export function judge(meta: ConformanceMeta, exchange: Exchange, results: CheckResult[], strict: boolean): void {
  const counted = failures(results, strict);
  const judged = new Set(meta.judged ?? []);
  for (const r of results) for (const id of [r.requirementId, ...(r.holds ?? [])]) judged.add(id);
  meta.judged = [...judged];
  const op = operationOf(exchange);
  if (op) {
    const observed = observedCells(
      results.flatMap((r) => [r.requirementId, ...(r.holds ?? [])]),
      op,
    );
    if (observed.length) meta.observed = [...new Set([...(meta.observed ?? []), ...observed])];
  }
  for (const r of results)
    if (r.declaredBy && !meta.declared?.some((d) => d.requirementId === r.requirementId))
      (meta.declared ??= []).push({ requirementId: r.requirementId, by: r.declaredBy });
  if (counted.length)
    meta.failedChecks = [...new Set([...(meta.failedChecks ?? []), ...counted.map((r) => r.requirementId)])];
  const warned = results.filter((r) => !r.ok && !counted.includes(r));
  for (const w of warned) {
    const warnings = (meta.warnings ??= []);
    if (!warnings.some((x) => x.requirementId === w.requirementId && x.message === w.message))
      warnings.push({ requirementId: w.requirementId, message: w.message });
  }
  if (counted.length > 0) {
    // Kept in the report for `psd2-conformance replay --test`; a property test's last one is its shrunk counterexample.
    meta.failedExchange = failedExchangeRecord(exchange, results, counted);
    throw new ConformanceError(failureMessage(counted, exchange), counted, exchange);
  }
}
