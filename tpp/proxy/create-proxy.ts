import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SignOptions, SigningIdentity } from '../../signing/index.js';
import { forward, type ForwardContext } from './forward.js';
import type { ProxyExchange } from './exchange.js';
import { DEFAULT_MAX_EXCHANGES, ProxyLog, type ProxyReport } from './log.js';
import { maxBodyBytes, upstreamAgent, type TppHttpOptions } from '../upstream.js';

export interface ProxyOptions {
  /** The bank: `https://bank.example/api-sandbox` (a base path before `/v1` is kept). */
  target: string;
  /** Add Date, X-Request-ID, Digest, TPP-Signature-Certificate and Signature to every request; needs `identity`. */
  sign?: boolean;
  identity?: SigningIdentity;
  /** keyId form, digest algorithm, `(request-target)`: as the configuration's signing options. */
  signOptions?: SignOptions;
  /** Port on 127.0.0.1 (or `host`); default a free one. */
  port?: number;
  host?: string;
  http?: TppHttpOptions;
  /** Exchanges whose details the report keeps (the rest are counted); default 500. */
  maxExchanges?: number;
  /** The clock-skew window judgeRequest judges Date by (default 300 s). */
  maxSkewSeconds?: number;
  /** The clock for Date, signing and judging; default this machine's. */
  now?: () => Date;
  /** Called once per exchange, after the answer went back to the client. */
  onExchange?: (exchange: ProxyExchange) => void;
}

export interface RunningProxy {
  /** `http://127.0.0.1:<port>`: point the app, Postman or curl here instead of at the bank. */
  url: string;
  /** Stops accepting requests, waits for those under way, and resolves with what the proxy saw. */
  close(): Promise<ProxyReport>;
}

function parseTarget(target: string): { origin: string; basePath: string } {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new Error(`target "${target}" is not an absolute http or https URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`target "${target}" is not an http or https URL`);
  if (url.search || url.hash) throw new Error(`target "${target}" carries a query or fragment; give the base URL`);
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

/**
 * A local HTTP proxy in front of a bank: a TPP points its app, Postman or curl at it. It signs each request when
 * asked, judges it with judgeRequest (after signing) and the answer with the suites' checks, and passes both on
 * unchanged otherwise. It never follows redirects, and sends a request again only when the bank closed the connection
 * before a byte of its answer, once, on a new connection (requestOnceAgainIfClosed).
 */
export async function createProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { origin, basePath } = parseTarget(options.target);
  if (options.sign && !options.identity) throw new Error('sign needs an identity (certificate and key) to sign with');
  const dispatcher = upstreamAgent(options.http);
  const context: ForwardContext = {
    origin,
    basePath,
    dispatcher,
    http: options.http,
    cap: maxBodyBytes(options.http),
    ...(options.sign && options.identity
      ? {
          sign: {
            identity: options.identity,
            options: { ...options.signOptions, ...(options.now ? { now: options.now } : {}) },
          },
        }
      : {}),
    ...(options.maxSkewSeconds !== undefined ? { maxSkewSeconds: options.maxSkewSeconds } : {}),
    now: options.now ?? (() => new Date()),
  };
  const log = new ProxyLog(`${origin}${basePath}`, options.maxExchanges ?? DEFAULT_MAX_EXCHANGES);
  const underWay = new Set<Promise<void>>();
  let seq = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const exchange = await forward(req, res, ++seq, context);
      log.add(exchange);
      options.onExchange?.(exchange);
    } catch (err) {
      // The client went away mid-request, or a callback threw: the proxy keeps serving.
      if (!res.headersSent)
        res
          .writeHead(502, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: `psd2-conformance proxy: ${(err as Error).message}` }));
      else res.destroy();
    }
  };
  const server = createServer((req, res) => {
    const work = handle(req, res);
    underWay.add(work);
    void work.finally(() => underWay.delete(work));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed: Promise<ProxyReport> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    close() {
      closed ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await Promise.allSettled([...underWay]);
        server.closeAllConnections();
        await stopped;
        await dispatcher.close();
        return log.report();
      })();
      return closed;
    },
  };
}
