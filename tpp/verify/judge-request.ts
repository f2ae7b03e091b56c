import { judgeBody } from './body.js';
import { judgeDigest } from './digest.js';
import { judgeHeaders, oddCaseNote } from './headers.js';
import { matchOperation } from '../operation.js';
import { judgeQuery } from './query.js';
import { viewOf } from '../request-view.js';
import { judgeSignature } from './signature/signature.js';
import type { RecordedRequest, RequestVerdict, JudgeRequestOptions } from '../types.js';

/** The reference bank's clock-skew window. */
export const DEFAULT_MAX_SKEW_SECONDS = 300;

/**
 * Judges one request as a conformant bank would, by requirement id: which operation it calls, its required headers
 * and their formats, its query, its body against the schemas, Digest over the exact bytes, and the Signature
 * rebuilt. Each failure names its requirement and, where one fits, the likely cause. Pure: no I/O, no clock unless
 * neither `options.now` nor `request.recordedAt` is given.
 */
export function judgeRequest(request: RecordedRequest, options: JudgeRequestOptions = {}): RequestVerdict {
  const view = viewOf(request);
  const match = matchOperation(view.method, view.path, options.basePath);
  const op = match.operation;
  const notes: string[] = [];
  if (!op) notes.push(`no operation of interface.md is ${view.method} ${view.path}: only its signing is judged`);
  else if (op.standing !== 'specified')
    notes.push(`${op.id} is not specified by interface.md (${op.standing}): only its signing is judged`);
  if (match.basePath && !options.basePath) notes.push(`${match.basePath} before /v1 taken as the base path`);
  const specified = op?.standing === 'specified' ? op : undefined;

  const body = judgeBody(view.body, specified, view.value('content-type'));
  const clock = options.now
    ? { now: options.now, name: 'the given time (--now)' }
    : request.recordedAt
      ? { now: request.recordedAt, name: 'the time it was recorded' }
      : { now: new Date(), name: "this machine's clock" };
  const signature = judgeSignature(view, {
    clock,
    maxSkewSeconds: options.maxSkewSeconds ?? DEFAULT_MAX_SKEW_SECONDS,
    ...(match.basePath ? { basePath: match.basePath } : {}),
  });
  const findings = [
    ...judgeHeaders(view, specified),
    ...judgeQuery(view.query, specified),
    ...body.findings,
    ...judgeDigest({
      header: view.value('digest'),
      body: view.body,
      json: body.json,
      otherBodies: request.otherBodies,
    }),
    ...signature.findings,
  ];
  const odd = oddCaseNote(view);
  return {
    method: view.method,
    target: view.target,
    ...(request.source ? { source: request.source } : {}),
    ...(op ? { operation: { id: op.id, summary: op.summary } } : {}),
    conforms: !findings.some((f) => f.level === 'MUST'),
    findings,
    notes: [...notes, ...(request.notes ?? []), ...(odd ? [odd] : []), ...body.notes, ...signature.notes],
    ...(signature.signingString ? { signingString: signature.signingString } : {}),
  };
}
