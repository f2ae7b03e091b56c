/** How the client connects, waits and limits itself; configuration (config/) fills them in from the environment. */
export interface HttpOptions {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  maxResponseBytes: number;
  requestsPerSecond?: number;
  concurrency: number;
  retryBudgetMs: number;
  proxyUrl?: string;
  mtls?: { certPath: string; keyPath: string; caPath?: string; passphrase?: string };
}

/** What the suite sends: path and query already percent-encoded, appended to the base URL. */
export interface OutgoingRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The operation (spec id) it belongs to: an operation that stops answering is given up (client/throttle.ts). */
  operation?: string;
}

export type TransportErrorKind =
  | 'connect-timeout'
  | 'headers-timeout'
  | 'body-timeout'
  | 'refused'
  | 'reset'
  | 'too-large'
  | 'invalid-url'
  | 'not-sent'
  | 'other';

/** One exchange as sent and received: what reports, replay commands and determinism checks read. */
export interface Exchange {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    text: string;
    json?: unknown;
    bytes: number;
  };
  error?: { kind: TransportErrorKind; message: string };
  /**
   * Set when the request was sent twice: the first time the connection was closed or reset before any answer
   * (this is that failure), and the request went again, unchanged, on a new connection (client/client.ts says when).
   */
  retried?: { kind: TransportErrorKind; message: string };
  timings: { startedAt: string; headersMs?: number; totalMs: number };
}

export interface HttpClient {
  send(request: OutgoingRequest): Promise<Exchange>;
  close(): Promise<void>;
}
