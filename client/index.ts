/** The HTTP client: undici with limits and timeouts; every exchange recorded and replayable as curl. */
export { createClient, type ClientOptions } from './client.js';
export { toCurl, maskHeaders, shellQuote } from './curl.js';
export { Throttle, retryAfterMs, realClock, type Clock } from './throttle.js';
export type { Exchange, HttpClient, HttpOptions, OutgoingRequest, TransportErrorKind } from './types.js';
