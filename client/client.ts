import { readFileSync } from 'node:fs';
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { UserError } from '../core/index.js';
import { UndecodableBody, decodeBody } from './decode.js';
import { PermitLedger, localPermits, realClock, retryAfterMs, type Clock, type Permits } from './throttle.js';
import type { Exchange, HttpClient, HttpOptions, OutgoingRequest, TransportErrorKind } from './types.js';

function readConfigured(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new UserError(`${variable}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** A maker of keep-alive pools to the target, each with the same timeouts, TLS and proxy (files read once). */
function dispatchers(http: HttpOptions): () => Dispatcher {
  const tls = http.mtls
    ? {
        cert: readConfigured('MTLS_CERT_PATH', http.mtls.certPath),
        key: readConfigured('MTLS_KEY_PATH', http.mtls.keyPath),
        ...(http.mtls.caPath ? { ca: readConfigured('MTLS_CA_PATH', http.mtls.caPath) } : {}),
        ...(http.mtls.passphrase ? { passphrase: http.mtls.passphrase } : {}),
      }
    : undefined;
  const common = {
    connect: { timeout: http.connectTimeoutMs, ...(tls ?? {}) },
    headersTimeout: http.headersTimeoutMs,
    bodyTimeout: http.bodyTimeoutMs,
    keepAliveTimeout: 10_000,
    connections: http.concurrency,
  };
  return () =>
    http.proxyUrl
      ? new ProxyAgent({ uri: http.proxyUrl, ...common, ...(tls ? { requestTls: tls } : {}) })
      : new Agent(common);
}

/** Maps undici and socket errors to the kinds the checks and reports speak of. */
function kindOf(err: unknown): TransportErrorKind {
  const e = err as { code?: string; cause?: { code?: string }; name?: string };
  const code = e.code ?? e.cause?.code ?? '';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'connect-timeout';
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return 'headers-timeout';
  if (code === 'UND_ERR_BODY_TIMEOUT') return 'body-timeout';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'reset';
  if (code === 'ERR_INVALID_URL' || code === 'ERR_INVALID_ARG_VALUE') return 'invalid-url';
  return 'other';
}

class TooLarge extends Error {}

/** The whole exchange outlived its deadline: no headers yet, or a body that trickles. */
class Deadline extends Error {
  readonly code: string;
  constructor(ms: number, headersArrived: boolean) {
    super(
      headersArrived
        ? `response not complete within ${ms} ms (headers + body timeout): the server sends too slowly`
        : `no response headers within ${ms} ms`,
    );
    this.code = headersArrived ? 'UND_ERR_BODY_TIMEOUT' : 'UND_ERR_HEADERS_TIMEOUT';
  }
}

/** The body as JSON when it parses, whatever the Content-Type claims (the content-type check judges that). */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface ClientOptions {
  clock?: Clock;
  /** Where permits to send come from; by default this client's own limits (a run shares one service). */
  permits?: Permits;
}

const TIMEOUTS: readonly TransportErrorKind[] = ['connect-timeout', 'headers-timeout', 'body-timeout'];

/**
 * The suite's HTTP client: keep-alive pool, per-phase timeouts, a response-size cap, optional mTLS and
 * proxy, a rate limit and concurrency cap, 429 honoured within a budget. It never throws for transport
 * problems: the Exchange carries `error`, so checks can judge it like any other answer.
 */
export function createClient(baseUrl: string, http: HttpOptions, options: ClientOptions = {}): HttpClient {
  const newDispatcher = dispatchers(http);
  const dispatcher = newDispatcher();
  const clock = options.clock ?? realClock;
  const permits = options.permits ?? localPermits(new PermitLedger(http.concurrency, http.requestsPerSecond, clock));

  /** Sends once within a permit; a request for an operation that stopped answering is not sent at all. */
  async function permitted(req: OutgoingRequest, through: Dispatcher = dispatcher): Promise<Exchange> {
    const permit = await permits.acquire(req.operation);
    if (!permit.granted) {
      const body = typeof req.body === 'string' ? req.body : req.body && Buffer.from(req.body).toString('utf8');
      return {
        request: {
          method: req.method,
          url: `${baseUrl}${req.path}`,
          headers: { ...req.headers },
          ...(body !== undefined ? { body } : {}),
        },
        error: { kind: 'not-sent', message: permit.reason },
        timings: { startedAt: new Date().toISOString(), totalMs: 0 },
      };
    }
    let timedOut = false;
    try {
      const exchange = await once(req, through);
      timedOut = exchange.error !== undefined && TIMEOUTS.includes(exchange.error.kind);
      return exchange;
    } finally {
      permit.release(timedOut);
    }
  }

  /**
   * Sends the request; when the connection was closed or reset before any answer came, sends it once more, the
   * same bytes (its signature, Date and X-Request-ID too: it is the same call), on a new connection.
   *
   * A server may close an idle keep-alive connection at any time (RFC 9112 §9.3), and a request written just as it
   * does meets a closed socket: undici then reports `other side closed`, ECONNRESET or EPIPE, having read no answer.
   * RFC 9110 §9.2.2 lets a client retry an idempotent request then, and says a non-idempotent one should not be
   * retried unless the client can tell that it was never applied; undici's own RetryHandler retries these errors for
   * idempotent methods only. This client resends every method, once. In the case it is for, the server closed the
   * connection without reading the request, so nothing was applied, and without the resend the test would fail with
   * no answer to judge. A server that did apply a request and then broke the connection before a byte of its answer
   * may see it twice (a second payment in its sandbox, or a duplicate refused); the exchange says it was resent
   * (`retried`), and reports show it. A second failure stands, so a server that closes every connection fails as
   * before, after two tries. Not resent: a timeout, a failure after the status line and headers arrived (a body cut
   * off), and anything but a closed or reset connection. undici says `other side closed` of a status line or header
   * block cut off midway too, and cannot tell it apart: that is resent as well, and such a server fails again.
   */
  async function permittedAgainIfClosed(req: OutgoingRequest): Promise<Exchange> {
    const first = await permitted(req);
    if (first.error?.kind !== 'reset' || first.timings.headersMs !== undefined) return first;
    // A pool of its own, used once: the shared pool may hold more connections the server closed at the same moment.
    // The resend is a request on the wire like any other: it waits for a permit of its own (rate and concurrency).
    const fresh = newDispatcher();
    try {
      const second = await permitted(req, fresh);
      if (second.error?.kind === 'not-sent') return first;
      const before = first.timings.totalMs;
      return {
        ...second,
        retried: first.error,
        timings: {
          startedAt: first.timings.startedAt,
          ...(second.timings.headersMs !== undefined ? { headersMs: before + second.timings.headersMs } : {}),
          totalMs: before + second.timings.totalMs,
        },
      };
    } finally {
      await fresh.destroy();
    }
  }

  async function once(req: OutgoingRequest, through: Dispatcher): Promise<Exchange> {
    const url = `${baseUrl}${req.path}`;
    const body =
      req.body === undefined
        ? undefined
        : typeof req.body === 'string'
          ? req.body
          : Buffer.from(req.body).toString('utf8');
    const record: Exchange = {
      request: { method: req.method, url, headers: { ...req.headers }, ...(body !== undefined ? { body } : {}) },
      timings: { startedAt: new Date().toISOString(), totalMs: 0 },
    };
    const started = performance.now();
    // The body timeout is per chunk, so a server that trickles a byte at a time would never trip it:
    // the whole exchange gets the headers and body timeouts together, and no more.
    const deadlineMs = http.headersTimeoutMs + http.bodyTimeoutMs;
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new Deadline(deadlineMs, record.timings.headersMs !== undefined)),
      deadlineMs,
    );
    try {
      const response = await request(url, {
        method: req.method as Dispatcher.HttpMethod,
        headers: req.headers,
        ...(req.body !== undefined ? { body: req.body } : {}),
        dispatcher: through,
        maxRedirections: 0,
        signal: deadline.signal,
      } as Parameters<typeof request>[1]);
      record.timings.headersMs = performance.now() - started;
      const chunks: Buffer[] = [];
      let bytes = 0;
      try {
        for await (const chunk of response.body) {
          bytes += (chunk as Buffer).length;
          if (bytes > http.maxResponseBytes) throw new TooLarge();
          chunks.push(chunk as Buffer);
        }
      } catch (err) {
        response.body.destroy();
        if (err instanceof TooLarge) {
          record.error = {
            kind: 'too-large',
            message: `response body beyond ${http.maxResponseBytes} bytes (HTTP ${response.statusCode})`,
          };
          return record;
        }
        throw err;
      }
      let decoded: Buffer;
      try {
        decoded = decodeBody(Buffer.concat(chunks), response.headers['content-encoding'], http.maxResponseBytes);
      } catch (err) {
        if (!(err instanceof UndecodableBody)) throw err;
        record.error = { kind: 'other', message: `${err.message} (HTTP ${response.statusCode})` };
        return record;
      }
      const text = decoded.toString('utf8');
      const json = parseJson(text);
      record.response = {
        status: response.statusCode,
        headers: response.headers,
        text,
        bytes,
        ...(json !== undefined ? { json } : {}),
      };
    } catch (err) {
      const cause = deadline.signal.aborted ? deadline.signal.reason : err;
      record.error = { kind: kindOf(cause), message: (cause as Error).message || String(cause) };
    } finally {
      clearTimeout(timer);
      record.timings.totalMs = performance.now() - started;
    }
    return record;
  }

  return {
    async send(req) {
      let budget = http.retryBudgetMs;
      for (;;) {
        const exchange = await permittedAgainIfClosed(req);
        if (exchange.response?.status !== 429) return exchange;
        const retry = exchange.response.headers['retry-after'];
        const wait = retryAfterMs(Array.isArray(retry) ? retry[0] : retry) ?? 1000;
        if (wait > budget) return exchange;
        budget -= wait;
        // The whole run waits (every worker asks the same permits), then this request is sent again.
        permits.pause(wait);
      }
    },
    close: async () => {
      if (!options.permits) permits.close();
      await dispatcher.close();
    },
  };
}
