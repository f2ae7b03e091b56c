import type { ExpectedRejection, OperationId, RequirementId } from '../spec/index.js';
import { maskHeaders } from './curl.js';
import type { Exchange } from './types.js';

/**
 * What a test judged an answer by: the uniform checks of a request the bank must accept (`checkAccepted` for the
 * operation, the rule the test is about), or of one it must refuse (`checkRejected` for the rule it breaks).
 */
export type Expectation =
  | { kind: 'accepted'; operation: OperationId; requirementId: RequirementId }
  | { kind: 'rejected'; requirementId: RequirementId; expected?: ExpectedRejection };

/**
 * One exchange as recorded: a line of a run's exchanges.jsonl (`run --exchanges`), the failing exchange a failed test
 * keeps in its report, or an exchange the proxy saw. One type, written by `recordExchange` and read by
 * `readRecordedExchanges`, so that reports, replay and diffs read one source. Secrets are masked (X-PSU-IDENTITY
 * keeps its last two digits); bodies are bounded.
 */
export interface RecordedExchange {
  /** The test that sent it (`suites/payments.suite.ts > … > name`), and a property's run within it. */
  test?: string;
  /** Its place among the exchanges of its test (or property run), numbered when sent. */
  seq?: number;
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  /** When it was sent (ISO 8601): a Date deliberately minutes off keeps its offset when re-signed. */
  sentAt?: string;
  /** The status the bank answered then. */
  status?: number;
  /** The answer's body as received, at most `RECORD_LIMITS.responseBody` characters. */
  response?: string;
  /** The transport failure instead of an answer (timeout, reset …). */
  error?: string;
  /**
   * Why the request was sent a second time, on a new connection: the first time the connection was closed or reset
   * before any answer (`reset: other side closed`). The status, answer or error are the second time's.
   */
  retried?: string;
  /** How the test judged the answer; absent, replay judges it as the proxy does (from the request's own verdict). */
  expectation?: Expectation;
  /** The requirement ids whose failure failed the test then, to compare the verdict with. */
  failed?: RequirementId[];
  /** Why the recording cannot be sent again (a body too large to keep); replay then reports it unsent. */
  incomplete?: string;
}

/** How much of an exchange a record keeps: a request body beyond its limit is dropped (the record is incomplete). */
export const RECORD_LIMITS = { requestBody: 256 * 1024, responseBody: 16 * 1024 } as const;

/** What a record adds beside the exchange itself. */
export interface RecordOptions {
  test?: string;
  seq?: number;
  expectation?: Expectation;
  failed?: RequirementId[];
  /** Keep the answer's body (a run's exchanges file does; a failed test's record names only the status). */
  withResponse?: boolean;
}

/** The one writer of a recorded exchange: masked, bounded, in a stable order of members. */
export function recordExchange(exchange: Exchange, options: RecordOptions = {}): RecordedExchange {
  const { method, url, headers, body } = exchange.request;
  const tooLarge = body !== undefined && body.length > RECORD_LIMITS.requestBody;
  const text = exchange.response?.text;
  const limit = RECORD_LIMITS.responseBody;
  return {
    ...(options.test !== undefined ? { test: options.test } : {}),
    ...(options.seq !== undefined ? { seq: options.seq } : {}),
    request: { method, url, headers: maskHeaders(headers), ...(body !== undefined && !tooLarge ? { body } : {}) },
    sentAt: exchange.timings.startedAt,
    ...(exchange.response ? { status: exchange.response.status } : {}),
    ...(options.withResponse && text !== undefined
      ? { response: text.length > limit ? `${text.slice(0, limit)}… (${text.length} characters)` : text }
      : {}),
    ...(exchange.error ? { error: exchange.error.kind } : {}),
    ...(exchange.retried ? { retried: `${exchange.retried.kind}: ${exchange.retried.message}` } : {}),
    ...(options.expectation ? { expectation: options.expectation } : {}),
    ...(options.failed ? { failed: options.failed } : {}),
    ...(tooLarge ? { incomplete: `its body of ${body.length} characters was too large to keep` } : {}),
  };
}

/** A line that is not a recorded exchange: where, and why. */
export class RecordedExchangeError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/** The one reader: JSON lines of recorded exchanges (blank lines skipped), each checked for a request. */
export function readRecordedExchanges(text: string): RecordedExchange[] {
  const out: RecordedExchange[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let parsed: Partial<RecordedExchange>;
    try {
      parsed = JSON.parse(line) as Partial<RecordedExchange>;
    } catch {
      throw new RecordedExchangeError(i + 1, 'not a JSON line (one recorded exchange per line)');
    }
    const request = parsed.request;
    if (
      !request ||
      typeof request.method !== 'string' ||
      typeof request.url !== 'string' ||
      typeof request.headers !== 'object'
    )
      throw new RecordedExchangeError(i + 1, 'no request with method, url and headers');
    out.push(parsed as RecordedExchange);
  }
  return out;
}
