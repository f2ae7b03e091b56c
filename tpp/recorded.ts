/**
 * The recorded-exchange type lives in the library's client (client/recorded.ts), where the run and the proxy both
 * import it: one type, one writer, one reader. Re-exported here for the TPP lens.
 */
export type { Expectation, RecordedExchange } from '../client/recorded.js';

/** The target's path from `/v1/` on, without whatever base path the recording's bank had. */
export function interfacePath(url: string): string {
  const target = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
  const v1 = target.indexOf('/v1/');
  return v1 > 0 ? target.slice(v1) : target;
}
