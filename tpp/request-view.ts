import type { HeaderMap } from '../signing/index.js';
import type { HeaderLine, RecordedRequest } from './types.js';

/** A recorded request read the way a server reads it: header names case-insensitive, the target split. */
export interface RequestView {
  method: string;
  /** Path and query exactly as sent (what `(request-target)` signs). */
  target: string;
  path: string;
  query: URLSearchParams;
  lines: readonly HeaderLine[];
  body: Uint8Array;
  /** Every value of a header in the order sent; undefined when absent. */
  values(name: string): string[] | undefined;
  /** The values joined with ", ", as a server combines a repeated header (RFC 7230 §3.2.2). */
  value(name: string): string | undefined;
  /** Lower-cased names to their values in the order sent, for the signing string. */
  headerMap: HeaderMap;
}

/** Path and query of a URL as sent: the scheme and authority dropped, no normalisation, no fragment. */
export function targetOf(url: string): string {
  const withoutFragment = url.split('#')[0] as string;
  const rest = withoutFragment.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i, '');
  if (rest === '') return '/';
  return rest.startsWith('?') ? `/${rest}` : rest;
}

export function viewOf(request: RecordedRequest): RequestView {
  const target = targetOf(request.url);
  const q = target.indexOf('?');
  const byName = new Map<string, string[]>();
  for (const [name, value] of request.headers) {
    const key = name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), value]);
  }
  const headerMap: HeaderMap = Object.fromEntries(byName);
  return {
    method: request.method.toUpperCase(),
    target,
    path: q < 0 ? target : target.slice(0, q),
    query: new URLSearchParams(q < 0 ? '' : target.slice(q + 1)),
    lines: request.headers,
    body: request.body ?? new Uint8Array(0),
    values: (name) => byName.get(name.toLowerCase()),
    value: (name) => byName.get(name.toLowerCase())?.join(', '),
    headerMap,
  };
}

/**
 * Header lines from node's `IncomingMessage.rawHeaders` (`[name, value, name, value, …]`), as a proxy receives them.
 */
export function headerLines(rawHeaders: readonly string[]): HeaderLine[] {
  const out: HeaderLine[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) out.push([rawHeaders[i] as string, rawHeaders[i + 1] as string]);
  return out;
}
