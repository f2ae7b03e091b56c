import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Agent, request, type Dispatcher } from 'undici';

/**
 * How the proxy and replay reach the bank: timeouts, the body cap, and TLS (a CA for a self-signed sandbox, a
 * client certificate for mutual TLS). The library takes the bytes; the CLI reads them from the files the
 * configuration names (MTLS_*), so tpp/ never reads the configuration itself.
 */
export interface TppHttpOptions {
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Bodies beyond this many bytes are passed through (proxy) or cut off (replay) and reported, never held whole. */
  maxBodyBytes?: number;
  tls?: {
    cert?: string | Buffer;
    key?: string | Buffer;
    ca?: string | Buffer;
    passphrase?: string;
    /** Default true: a certificate that does not chain to `ca` or the system store is refused. */
    rejectUnauthorized?: boolean;
  };
}

/** The configuration's defaults (HTTP_*_TIMEOUT_MS, HTTP_MAX_RESPONSE_BYTES). */
export const UPSTREAM_DEFAULTS = {
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 15_000,
  bodyTimeoutMs: 15_000,
  maxBodyBytes: 5 * 1024 * 1024,
} as const;

export const maxBodyBytes = (http: TppHttpOptions | undefined): number =>
  http?.maxBodyBytes ?? UPSTREAM_DEFAULTS.maxBodyBytes;

/** A keep-alive pool to the bank with the given timeouts and TLS. */
export function upstreamAgent(http: TppHttpOptions = {}): Dispatcher {
  const tls = http.tls ?? {};
  return new Agent({
    connect: {
      timeout: http.connectTimeoutMs ?? UPSTREAM_DEFAULTS.connectTimeoutMs,
      ...(tls.cert ? { cert: tls.cert } : {}),
      ...(tls.key ? { key: tls.key } : {}),
      ...(tls.ca ? { ca: tls.ca } : {}),
      ...(tls.passphrase ? { passphrase: tls.passphrase } : {}),
      ...(tls.rejectUnauthorized === false ? { rejectUnauthorized: false } : {}),
    },
    headersTimeout: http.headersTimeoutMs ?? UPSTREAM_DEFAULTS.headersTimeoutMs,
    bodyTimeout: http.bodyTimeoutMs ?? UPSTREAM_DEFAULTS.bodyTimeoutMs,
    keepAliveTimeout: 10_000,
  });
}

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are not forwarded; Host names the proxy,
 * and the bank's own Host comes from the target URL.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** Whether a header is passed on: not hop-by-hop, and not named in Connection. */
export function forwarded(lines: readonly (readonly [string, string])[]): [string, string][] {
  const named = new Set(
    lines
      .filter(([name]) => name.toLowerCase() === 'connection')
      .flatMap(([, value]) => value.split(',').map((token) => token.trim().toLowerCase())),
  );
  return lines
    .filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()) && !named.has(name.toLowerCase()))
    .map(([name, value]) => [name, value]);
}

/** A transport failure in the words the checks and reports use (client/'s kinds). */
export function transportKind(err: unknown): string {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'connect-timeout';
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return 'headers-timeout';
  if (code === 'UND_ERR_BODY_TIMEOUT') return 'body-timeout';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'reset';
  if (/CERT|SSL|TLS|SELF_SIGNED/i.test(code)) return 'tls';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'unreachable';
  return 'other';
}

/** A transport failure in client/'s words: its kind and message. */
export interface TransportFailure {
  kind: string;
  message: string;
}

/** What an upstream request came to: the answer's head, or the error; `retried` when it went twice. */
export type UpstreamResult = ({ response: Dispatcher.ResponseData } | { error: unknown }) & {
  retried?: TransportFailure;
};

type UpstreamRequest = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher };

/**
 * undici's request, sent once more on a new connection (a pool of its own, with the settings `http` gave the shared
 * one) when the connection was closed or reset before any answer: a bank may close an idle keep-alive connection just
 * as a request is written (RFC 9112 §9.3). Every method, once, as the suites' client does (client/client.ts says why
 * a payment may be sent twice); the same bytes, so a signature still holds. A body given as a stream is spent by the
 * first try and is not sent again. The fresh pool closes once its one answer has been read.
 */
export async function requestOnceAgainIfClosed(
  url: string,
  options: UpstreamRequest,
  http: TppHttpOptions | undefined,
): Promise<UpstreamResult> {
  const first = await request(url, options).then(
    (response) => ({ response }),
    (error: unknown) => ({ error }),
  );
  const resendable = typeof options.body === 'string' || Buffer.isBuffer(options.body) || options.body === undefined;
  if (!('error' in first) || transportKind(first.error) !== 'reset' || !resendable) return first;
  const retried = { kind: 'reset', message: errorText(first.error) };
  const dispatcher = upstreamAgent(http);
  try {
    const response = await request(url, { ...options, dispatcher });
    void dispatcher.close();
    return { response, retried };
  } catch (error) {
    void dispatcher.destroy();
    return { error, retried };
  }
}

/** The note a proxied or replayed exchange carries when its request went twice (requestOnceAgainIfClosed). */
export const resentNote = (retried: TransportFailure): string =>
  `the bank closed the connection before answering (${retried.kind}: ${retried.message}): ` +
  'sent again on a new connection';

/**
 * The transport failures that mean no bank was reached at all (nothing listens, no such host, no route, no answer to
 * the connection): a replay or a proxy then has nothing to judge, which is never the bank's failure.
 */
export const UNREACHABLE_KINDS: readonly string[] = ['refused', 'connect-timeout', 'dns', 'unreachable'];

/** An error's message with its cause, which undici keeps the useful part in (`fetch failed` → `ECONNREFUSED …`). */
export function errorText(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string; code?: string } };
  const cause = e.cause?.message ?? e.cause?.code;
  return [e.message ?? String(err), cause].filter(Boolean).join(': ');
}

/**
 * The body's text as the bank meant it: a gzip, deflate or br Content-Encoding undone (within the cap), so that the
 * checks judge JSON, not compressed bytes. The bytes the client gets are not touched.
 */
export function decodedText(bytes: Buffer, contentEncoding: string | string[] | undefined, cap: number): string {
  const coding = (Array.isArray(contentEncoding) ? contentEncoding.join(',') : (contentEncoding ?? ''))
    .trim()
    .toLowerCase();
  try {
    if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(bytes, { maxOutputLength: cap }).toString('utf8');
    if (coding === 'deflate') return inflateSync(bytes, { maxOutputLength: cap }).toString('utf8');
    if (coding === 'br') return brotliDecompressSync(bytes, { maxOutputLength: cap }).toString('utf8');
  } catch {
    return bytes.toString('utf8');
  }
  return bytes.toString('utf8');
}
