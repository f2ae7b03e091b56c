import type { Expectation } from '../client/recorded.js';
import type { Level, RequirementId } from '../spec/index.js';

/**
 * What a check needs to know of an exchange. The client's recorded Exchange satisfies it;
 * keeping checks on this narrow shape lets them judge any recorded exchange, replayed or live.
 */
export interface ObservedExchange {
  /** The request headers as sent, where known: the negotiation checks judge the answer against what they offered. */
  request: { method: string; url: string; headers?: Record<string, string> };
  response?: {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    text: string;
    json?: unknown;
  };
  error?: { kind: string; message: string };
  /** The first try's failure, when the request was sent again on a new connection (the answer is the second's). */
  retried?: { kind: string; message: string };
}

/** The verdict of one named check on one exchange. */
export interface CheckResult {
  /** snake_case name, as Schemathesis names its checks. */
  check: string;
  ok: boolean;
  /** The requirement the check judges; a failure names it. */
  requirementId: RequirementId;
  level: Level;
  message: string;
  /** Extra facts for the report (e.g. which error body form was seen). */
  detail?: Record<string, unknown>;
  /**
   * On a pass, the further rules the check found holding: a body that validates against its schema holds every rule
   * annotated in it. The coverage matrix counts them as judged by the test (they are not failures of their own).
   */
  holds?: RequirementId[];
  /**
   * What the test expected of the answer, when the check is one of the uniform checks of a request the bank must
   * accept (`checkAccepted`) or refuse (`checkRejected`): a failed test's record and replay read it from here.
   */
  expectation?: Expectation;
  /**
   * Where a bank profile declares the choice this result judges (`bank.yaml:3`): the result is then at MUST whatever
   * the catalogue's level (`run --bank-profile`, checks/declared.ts).
   */
  declaredBy?: string;
}
