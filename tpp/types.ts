import type { Level, OperationId, RequirementId } from '../spec/index.js';

/** One header line as sent: the name in its own spelling, the value untouched. */
export type HeaderLine = readonly [name: string, value: string];

/**
 * A request as it went on the wire, which is what judgeRequest judges: a proxy builds one from each request it
 * sees (node's `rawHeaders` pair up into `headers`), the input readers build them from HAR, curl and raw HTTP.
 */
export interface RecordedRequest {
  method: string;
  /** Absolute URL (`https://bank.example/v1/…`) or origin-form target (`/v1/…?a=b`), as sent. */
  url: string;
  /** Every header line in order, names in their own case, repeats kept. */
  headers: readonly HeaderLine[];
  /** The exact bytes sent; absent or empty when there is no body. */
  body?: Uint8Array;
  /** Where the request was read from (`capture.har#3`, `requests.http#2`), for the report. */
  source?: string;
  /** When it was recorded (a HAR entry's startedDateTime): Date is judged against it unless `now` is given. */
  recordedAt?: Date;
  /** What the reader saw in the input about the bytes sent (a body read to the end of the file), for the verdict. */
  notes?: string[];
  /**
   * Other bytes the input shows the Digest may have been computed over (the file that curl -d sent stripped of its
   * newlines), each with the words for it: tried before the usual mistakes when the Digest does not match the body.
   */
  otherBodies?: readonly OtherBody[];
}

/** Bytes a Digest may have been computed over instead of the body sent, and what it means when it was. */
export interface OtherBody {
  bytes: Uint8Array;
  cause: string;
}

export interface JudgeRequestOptions {
  /** The time Date is judged against; default `request.recordedAt`, else this machine's clock. */
  now?: Date;
  /** Largest allowed difference between Date and now, in seconds; default 300 (the reference bank's). */
  maxSkewSeconds?: number;
  /** A prefix before `/v1` that the bank's base URL carries (`/api-sandbox`). */
  basePath?: string;
}

/** One broken rule: the requirement (its level from the catalogue), what is wrong, and the likely cause. */
export interface Finding {
  requirementId: RequirementId;
  level: Level;
  message: string;
  /** The usual mistake that explains it, found by trying them; absent when none fits. */
  cause?: string;
}

/** The signing string a bank rebuilds from the request, line by line (national identity numbers masked). */
export interface SigningStringReport {
  lines: string[];
  /** True when the signature verifies over it. */
  verified: boolean;
  /** How the string was built when it verified only in a tolerated form (RFC 2047 values decoded). */
  form?: string;
}

export interface RequestVerdict {
  method: string;
  /** Path and query as sent. */
  target: string;
  source?: string;
  operation?: { id: OperationId; summary: string };
  /** No MUST finding. */
  conforms: boolean;
  findings: Finding[];
  /** Facts worth knowing that break no rule (odd header case, an unknown operation, a tolerated form). */
  notes: string[];
  signingString?: SigningStringReport;
}
