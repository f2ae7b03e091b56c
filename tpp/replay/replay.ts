import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { CheckResult, ObservedExchange } from '../../checks/index.js';
import type { RequirementId } from '../../spec/index.js';
import type { SigningIdentity } from '../../signing/index.js';
import { judgeAnswer, judgeExpectation } from '../answer.js';
import { maskHeaderValue } from '../mask.js';
import { interfacePath, type RecordedExchange } from '../recorded.js';
import { targetOf } from '../request-view.js';
import { resign } from './resign.js';
import type { RequestVerdict } from '../types.js';
import {
  decodedText,
  errorText,
  maxBodyBytes,
  requestOnceAgainIfClosed,
  resentNote,
  transportKind,
  UNREACHABLE_KINDS,
  upstreamAgent,
  type TppHttpOptions,
} from '../upstream.js';
import { judgeRequest } from '../verify/judge-request.js';

export interface ReplayOptions {
  /** Where to send: the bank's base URL (`https://bank.example/api-sandbox`); default each recording's own. */
  baseUrl?: string;
  /** Signs the requests again (the configured SIGNING_* identity, or the generated test identity). */
  identity: SigningIdentity;
  http?: TppHttpOptions;
  /** The clock of the new Date; default this machine's. */
  now?: () => Date;
  /** X-PSU-IDENTITY is masked in recordings: the value to send instead (PSU_IDENTITY). */
  psuIdentity?: string;
}

export interface ReplayResult {
  recorded: RecordedExchange;
  /** The request as sent again (secrets masked). */
  sent: { method: string; url: string; headers: Record<string, string>; body?: string };
  status?: number;
  error?: { kind: string; message: string };
  durationMs: number;
  /** By the test's recorded expectation, or (without one) by the request's own verdict, as the proxy judges. */
  judgedBy: 'the test' | 'the request';
  /** judgeRequest's verdict on the request as sent again, when that is what the answer was judged by. */
  request?: RequestVerdict;
  results: CheckResult[];
  /** MUST checks that failed: the exit code's business. */
  failed: CheckResult[];
  /** SHOULD checks that failed. */
  warnings: CheckResult[];
  notes: string[];
  /** Whether the rules that failed the test then fail now (only for recordings that say which failed). */
  sameVerdict?: boolean;
}

/**
 * The target answered nothing at all (nothing listens, no such host): a replay has nothing to judge, which is a
 * matter of where it sends, never a failure of the bank. `replay` throws it at the first such request.
 */
export class UnreachableTarget extends Error {
  constructor(
    readonly url: string,
    readonly kind: string,
    detail: string,
  ) {
    super(`cannot reach ${new URL(url).origin} (${kind}: ${detail})`);
    this.name = 'UnreachableTarget';
  }
}

const ids = (results: CheckResult[]) => [...new Set(results.map((r) => r.requirementId))];

function compare(recorded: RequirementId[] | undefined, results: CheckResult[]): boolean | undefined {
  if (!recorded) return undefined;
  const failing = new Set(ids(results.filter((r) => !r.ok)));
  const must = ids(results.filter((r) => !r.ok && r.level === 'MUST'));
  return recorded.every((id) => failing.has(id)) && must.every((id) => recorded.includes(id));
}

async function send(
  req: { method: string; url: string; headers: Record<string, string>; body?: string },
  dispatcher: Dispatcher,
  http: TppHttpOptions | undefined,
): Promise<ObservedExchange> {
  const cap = maxBodyBytes(http);
  const observed: ObservedExchange = { request: { method: req.method, url: req.url } };
  const answer = await requestOnceAgainIfClosed(
    req.url,
    {
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      ...(req.body !== undefined ? { body: req.body } : {}),
      dispatcher,
    },
    http,
  );
  if (answer.retried) observed.retried = answer.retried;
  if ('error' in answer) {
    observed.error = { kind: transportKind(answer.error), message: errorText(answer.error) };
    return observed;
  }
  const response = answer.response;
  try {
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > cap) {
        response.body.destroy();
        observed.error = {
          kind: 'too-large',
          message: `response body beyond ${cap} bytes (HTTP ${response.statusCode})`,
        };
        return observed;
      }
      chunks.push(chunk);
    }
    const text = decodedText(Buffer.concat(chunks), response.headers['content-encoding'], cap);
    let json: unknown;
    try {
      json = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      json = undefined;
    }
    observed.response = {
      status: response.statusCode,
      headers: response.headers,
      text,
      ...(json !== undefined ? { json } : {}),
    };
  } catch (err) {
    observed.error = { kind: transportKind(err), message: errorText(err) };
  }
  return observed;
}

/** The recorded headers with X-PSU-IDENTITY filled in when the recording masked it and a value is configured. */
function unmasked(headers: Record<string, string>, psuIdentity: string | undefined, notes: string[]) {
  const out = { ...headers };
  for (const name of Object.keys(out)) {
    if (name.toLowerCase() !== 'x-psu-identity' || !(out[name] as string).includes('*')) continue;
    if (psuIdentity) out[name] = psuIdentity;
    else notes.push('X-PSU-IDENTITY is masked in the recording and PSU_IDENTITY is not configured: sent masked');
  }
  return out;
}

async function replayOne(
  recorded: RecordedExchange,
  options: ReplayOptions,
  dispatcher: Dispatcher,
): Promise<ReplayResult> {
  const notes: string[] = [];
  const now = options.now?.() ?? new Date();
  const url = options.baseUrl
    ? `${options.baseUrl.replace(/\/+$/, '')}${interfacePath(recorded.request.url)}`
    : recorded.request.url;
  const { headers, notes: signing } = resign(
    {
      method: recorded.request.method,
      url: recorded.request.url,
      target: targetOf(url),
      headers: unmasked(recorded.request.headers, options.psuIdentity, notes),
      ...(recorded.request.body !== undefined ? { body: recorded.request.body } : {}),
    },
    options.identity,
    { now, requestId: randomUUID, ...(recorded.sentAt ? { sentAt: new Date(recorded.sentAt) } : {}) },
  );
  notes.push(...signing);
  const outgoing = {
    method: recorded.request.method,
    url,
    headers,
    ...(recorded.request.body !== undefined ? { body: recorded.request.body } : {}),
  };
  const started = performance.now();
  const observed = await send(outgoing, dispatcher, options.http);
  const durationMs = performance.now() - started;
  if (observed.error && UNREACHABLE_KINDS.includes(observed.error.kind))
    throw new UnreachableTarget(url, observed.error.kind, observed.error.message);
  if (observed.retried) notes.push(resentNote(observed.retried));
  let results: CheckResult[];
  let request: RequestVerdict | undefined;
  if (recorded.expectation) results = judgeExpectation(observed, recorded.expectation);
  else {
    request = judgeRequest(
      {
        method: outgoing.method,
        url,
        headers: Object.entries(headers),
        ...(outgoing.body !== undefined ? { body: Buffer.from(outgoing.body, 'utf8') } : {}),
      },
      { now },
    );
    results = judgeAnswer(request, observed);
  }
  const sameVerdict = compare(recorded.failed, results);
  return {
    recorded,
    sent: {
      ...outgoing,
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, maskHeaderValue(k, v)])),
    },
    ...(observed.response ? { status: observed.response.status } : {}),
    ...(observed.error ? { error: observed.error } : {}),
    durationMs,
    judgedBy: recorded.expectation ? 'the test' : 'the request',
    ...(request ? { request } : {}),
    results,
    failed: results.filter((r) => !r.ok && r.level === 'MUST'),
    warnings: results.filter((r) => !r.ok && r.level === 'SHOULD'),
    notes,
    ...(sameVerdict !== undefined ? { sameVerdict } : {}),
  };
}

/** A recording that cannot be sent again: reported as such, a MUST failure of nothing. */
function unsent(recorded: RecordedExchange): ReplayResult {
  const { method, url, headers } = recorded.request;
  return {
    recorded,
    sent: { method, url, headers },
    error: { kind: 'not-replayable', message: recorded.incomplete as string },
    durationMs: 0,
    judgedBy: recorded.expectation ? 'the test' : 'the request',
    results: [],
    failed: [],
    warnings: [],
    notes: [`not sent: ${recorded.incomplete as string}`],
  };
}

/**
 * Sends recorded exchanges again, one after the other, each signed afresh (a new Date, X-Request-ID, Digest and
 * Signature; see resign), to the same bank or another base URL, and judges the answers: by the expectation a
 * failed test recorded (`checkAccepted` or `checkRejected` for its rule, as the suite did), or else as the proxy
 * judges an answer. A recording from an hour ago is as good as one from a second ago. A target that answers nothing
 * at all (refused, no such host) ends the replay with UnreachableTarget: nothing was judged, and the bank is not to
 * blame.
 */
export async function replay(exchanges: RecordedExchange[], options: ReplayOptions): Promise<ReplayResult[]> {
  const dispatcher = upstreamAgent(options.http);
  try {
    const results: ReplayResult[] = [];
    for (const recorded of exchanges)
      results.push(recorded.incomplete ? unsent(recorded) : await replayOne(recorded, options, dispatcher));
    return results;
  } finally {
    await dispatcher.close();
  }
}
