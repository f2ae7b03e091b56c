import type { ExpectedRejection, OperationId, RequirementId } from '../spec/index.js';

/**
 * What a test judged an answer by: the uniform checks of a request the bank must accept (`checkAccepted` for the
 * operation, the rule the test is about), or of one it must refuse (`checkRejected` for the rule it breaks).
 */
export type Expectation =
  | { kind: 'accepted'; operation: OperationId; requirementId: RequirementId }
  | { kind: 'rejected'; requirementId: RequirementId; expected?: ExpectedRejection };

/**
 * One request as recorded, for replay: a line of `run --exchanges`, the failing exchange a failed test keeps in
 * its report, or an exchange the proxy saw. Secrets are masked (X-PSU-IDENTITY keeps its last two digits).
 */
export interface RecordedExchange {
  /** The test that sent it (`suites/payments.suite.ts > … > name`). */
  test?: string;
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  /** When it was sent (ISO 8601): a Date deliberately minutes off keeps its offset when re-signed. */
  sentAt?: string;
  /** The status the bank answered then. */
  status?: number;
  /** How the test judged the answer; absent, replay judges it as the proxy does (from the request's own verdict). */
  expectation?: Expectation;
  /** The requirement ids whose failure failed the test then, to compare the verdict with. */
  failed?: RequirementId[];
  /** Why the recording cannot be sent again (a body too large to keep); replay then reports it unsent. */
  incomplete?: string;
}

/** The target's path from `/v1/` on, without whatever base path the recording's bank had. */
export function interfacePath(url: string): string {
  const target = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
  const v1 = target.indexOf('/v1/');
  return v1 > 0 ? target.slice(v1) : target;
}
