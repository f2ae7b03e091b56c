import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { CheckResult, ObservedExchange } from '../../checks/index.js';
import type { SignOptions, SigningIdentity } from '../../signing/index.js';
import { judgeAnswer } from '../answer.js';
import { maskHeaderValue } from '../mask.js';
import { matchOperation } from '../operation.js';
import { brokenRules, type ProxyExchange } from './exchange.js';
import { signLines } from './sign.js';
import type { RecordedExchange } from '../recorded.js';
import { headerLines } from '../request-view.js';
import type { HeaderLine, RequestVerdict } from '../types.js';
import {
  decodedText,
  errorText,
  forwarded,
  requestOnceAgainIfClosed,
  resentNote,
  transportKind,
  type TppHttpOptions,
} from '../upstream.js';
import { judgeRequest } from '../verify/judge-request.js';

/** What one forwarded exchange needs of the proxy around it. */
export interface ForwardContext {
  /** The target's origin (`https://bank.example:8443`) and base path (`/api-sandbox`, or ''). */
  origin: string;
  basePath: string;
  dispatcher: Dispatcher;
  /** The settings `dispatcher` was made with, for a request sent again on a pool of its own. */
  http?: TppHttpOptions;
  /** Bodies beyond this are streamed through and not judged. */
  cap: number;
  sign?: { identity: SigningIdentity; options: SignOptions };
  maxSkewSeconds?: number;
  now: () => Date;
}

/** Bodies kept in a report: enough for any body of interface.md, bounded for a long session. */
const KEPT_BODY_BYTES = 64 * 1024;

/** Checks that need no response body: what is judged of an answer larger than the cap. */
const STATUS_CHECKS = new Set([
  'status_code_conformance',
  'not_a_server_error',
  'not_accepted',
  'client_error',
  'expected_status',
  'response_received',
]);

interface Body {
  head: Buffer;
  /** The bytes read beyond the cap: the request is then streamed, not held. */
  over: boolean;
  rest: () => AsyncIterable<Buffer>;
}

/** Reads a request body up to `cap` bytes; beyond it the rest stays in the stream for `rest()` to pass on. */
async function readCapped(req: IncomingMessage, cap: number): Promise<Body> {
  const iterator = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let bytes = 0;
  let over = false;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    bytes += next.value.length;
    if (bytes > cap) {
      over = true;
      break;
    }
  }
  const head = Buffer.concat(chunks);
  return {
    head,
    over,
    rest: async function* () {
      yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    },
  };
}

const parseJson = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
};

/** Waits until the client can take more, or has gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

function maskedRecord(lines: readonly HeaderLine[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of lines) {
    const masked = maskHeaderValue(name, value);
    out[name] = name in out ? `${out[name]}, ${masked}` : masked;
  }
  return out;
}

function responseHeaderLines(headers: Record<string, string | string[] | undefined>): string[] {
  const lines = Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => [name, v] as const),
  );
  return forwarded(lines).flat();
}

function maskedResponseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter((e): e is [string, string | string[]] => e[1] !== undefined)
      .map(([name, value]) => {
        const text = Array.isArray(value) ? value.join(', ') : value;
        return [name, name.toLowerCase() === 'set-cookie' ? '***' : maskHeaderValue(name, text)];
      }),
  );
}

/** The verdict of a request whose body was too large to hold: its operation, and nothing judged. */
function unjudged(
  request: { method: string; target: string; path: string },
  { basePath, cap }: { basePath: string; cap: number },
): RequestVerdict {
  const { method, target, path } = request;
  const match = matchOperation(method, path, basePath || undefined);
  return {
    method,
    target,
    ...(match.operation ? { operation: { id: match.operation.id, summary: match.operation.summary } } : {}),
    conforms: true,
    findings: [],
    notes: [`the request body is larger than ${cap} bytes: streamed to the bank, not judged`],
  };
}

/**
 * Forwards one request to the bank, signing it first when asked, and streams the answer back unchanged; judges
 * the request (judgeRequest, after signing) and the answer (the suites' checks). Bodies are passed through byte
 * for byte; hop-by-hop headers are not forwarded (RFC 9110 §7.6.1).
 */
export async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  seq: number,
  context: ForwardContext,
): Promise<ProxyExchange> {
  const started = performance.now();
  const startedAt = context.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const target = req.url ?? '/';
  const sent = `${context.basePath}${target}`;
  const url = `${context.origin}${sent}`;
  const notes: string[] = [];
  const body = await readCapped(req, context.cap);
  let lines: HeaderLine[] = forwarded(headerLines(req.rawHeaders));
  /** Why the request went twice, when the bank closed the connection before answering the first time. */
  let recordedRetry: string | undefined;
  const finish = (
    verdict: RequestVerdict,
    response: CheckResult[],
    extra: Partial<ProxyExchange> & { recordedBody?: Buffer },
  ): ProxyExchange => {
    const { recordedBody, ...rest } = extra;
    const keptBody = recordedBody && recordedBody.length > 0 && recordedBody.length <= KEPT_BODY_BYTES;
    const incomplete =
      body.over || (recordedBody && recordedBody.length > KEPT_BODY_BYTES)
        ? `the request body ` +
          `(${body.over ? `over ${context.cap}` : recordedBody?.length} bytes) ` +
          `is not kept: it cannot be replayed`
        : undefined;
    if (incomplete) notes.push(incomplete);
    const recorded: RecordedExchange = {
      request: {
        method,
        url,
        headers: maskedRecord(lines),
        ...(keptBody ? { body: recordedBody.toString('utf8') } : {}),
      },
      sentAt: startedAt.toISOString(),
      ...(rest.status !== undefined ? { status: rest.status } : {}),
      ...(recordedRetry ? { retried: recordedRetry } : {}),
      ...(incomplete ? { incomplete } : {}),
    };
    const broken = brokenRules(verdict, response);
    return {
      seq,
      startedAt: startedAt.toISOString(),
      method,
      target,
      ...(verdict.operation ? { operation: verdict.operation.id } : {}),
      durationMs: performance.now() - started,
      signed: Boolean(context.sign) && !body.over,
      recorded,
      request: verdict,
      response,
      broken,
      judged: { tpp: !body.over, bank: response.length > 0 },
      conforms: {
        tpp: !broken.some((r) => r.party === 'tpp' && r.level === 'MUST'),
        bank: !broken.some((r) => r.party === 'bank' && r.level === 'MUST'),
      },
      notes: [...verdict.notes.map((n) => `request: ${n}`), ...notes],
      ...rest,
    };
  };

  if (body.over && context.sign) {
    const message =
      `psd2-conformance proxy: the request body is larger than ` +
      `${context.cap} bytes (HTTP_MAX_RESPONSE_BYTES), too large to sign`;
    res.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
    req.resume();
    const verdict = unjudged({ method, target, path: sent.split('?')[0] as string }, context);
    return finish(verdict, [], { error: { kind: 'too-large', message } });
  }
  if (context.sign)
    lines = signLines({ method, target: sent, lines, body: body.head }, context.sign.identity, context.sign.options);
  const verdict = body.over
    ? unjudged({ method, target, path: sent.split('?')[0] as string }, context)
    : judgeRequest(
        { method, url, headers: lines, ...(body.head.length ? { body: body.head } : {}) },
        {
          now: context.now(),
          ...(context.basePath ? { basePath: context.basePath } : {}),
          ...(context.maxSkewSeconds !== undefined ? { maxSkewSeconds: context.maxSkewSeconds } : {}),
        },
      );
  const recordedBody = body.over ? undefined : body.head;

  const answer = await requestOnceAgainIfClosed(
    url,
    {
      method: method as Dispatcher.HttpMethod,
      headers: lines.flat(),
      ...(body.over ? { body: Readable.from(body.rest()) } : body.head.length ? { body: body.head } : {}),
      dispatcher: context.dispatcher,
    },
    context.http,
  );
  if (answer.retried) {
    recordedRetry = `${answer.retried.kind}: ${answer.retried.message}`;
    notes.push(resentNote(answer.retried));
  }
  if ('error' in answer) {
    const err = answer.error;
    const error = { kind: transportKind(err), message: errorText(err) };
    if (!res.headersSent)
      res
        .writeHead(502, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: `psd2-conformance proxy: ${error.kind}: ${error.message}` }));
    const observed: ObservedExchange = { request: { method, url }, error };
    return finish(verdict, judgeAnswer(verdict, observed), { error, ...(recordedBody ? { recordedBody } : {}) });
  }
  const upstream = answer.response;

  const status = upstream.statusCode;
  res.writeHead(status, responseHeaderLines(upstream.headers));
  const kept: Buffer[] = [];
  let bytes = 0;
  let tooLarge = false;
  let cut: { kind: string; message: string } | undefined;
  try {
    for await (const chunk of upstream.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (!tooLarge && bytes > context.cap) {
        tooLarge = true;
        kept.length = 0;
      }
      if (!tooLarge) kept.push(chunk);
      if (res.destroyed) break;
      if (!res.write(chunk)) await drained(res);
    }
    res.end();
  } catch (err) {
    cut = { kind: transportKind(err), message: errorText(err) };
    res.destroy();
  }
  const text = tooLarge ? '' : decodedText(Buffer.concat(kept), upstream.headers['content-encoding'], context.cap);
  const json = parseJson(text);
  const observed: ObservedExchange = cut
    ? { request: { method, url }, error: cut }
    : {
        request: { method, url },
        response: { status, headers: upstream.headers, text, ...(json !== undefined ? { json } : {}) },
      };
  let results = judgeAnswer(verdict, observed);
  if (tooLarge) {
    results = results.filter((r) => STATUS_CHECKS.has(r.check));
    notes.push(
      `the response body (${bytes} bytes) is larger than ${context.cap} bytes: passed through, only its status judged`,
    );
  }
  return finish(verdict, results, {
    status,
    responseHeaders: maskedResponseHeaders(upstream.headers),
    responseBytes: bytes,
    ...(tooLarge || cut
      ? {}
      : { responseBody: text.length > KEPT_BODY_BYTES ? `${text.slice(0, KEPT_BODY_BYTES)}…` : text }),
    ...(cut ? { error: cut } : {}),
    ...(recordedBody ? { recordedBody } : {}),
  });
}
