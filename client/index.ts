/** The HTTP client: undici with limits and timeouts; every exchange recorded and replayable as curl. */
export { createClient, type ClientOptions } from './client.js';
export { toCurl, maskHeaders, shellQuote } from './curl.js';
export {
  PermitLedger,
  Throttle,
  localPermits,
  retryAfterMs,
  realClock,
  stallReason,
  type Clock,
  type Permit,
  type Permits,
} from './throttle.js';
export { keptPermits, permitsAt, startPermitService, type PermitService } from './permit-service.js';
export type { Exchange, HttpClient, HttpOptions, OutgoingRequest, TransportErrorKind } from './types.js';
export * as sca from './sca/index.js';
export {
  RECORD_LIMITS,
  RecordedExchangeError,
  readRecordedExchanges,
  recordExchange,
  type Expectation,
  type RecordOptions,
  type RecordedExchange,
} from './recorded.js';
