/**
 * Case-insensitive header lookup and edits (RFC 9110 §5.1: field names are case-insensitive), the one copy the
 * signer, the client, the checks, the TPP tools and the reference bank share.
 */

/** Headers as Node, undici and the recorded exchanges hold them: a repeated field may come as a list. */
export type HeaderRecord = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The name under which `headers` holds `name`, in whatever letter case it was written. */
export function findHeaderName(headers: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.keys(headers).find((k) => k.toLowerCase() === wanted);
}

/**
 * The value of header `name` in any letter case; a list (a field sent more than once) is combined with ", "
 * as RFC 9110 §5.3 allows. Undefined when absent.
 */
export function headerValue(headers: HeaderRecord, name: string): string | undefined {
  const key = findHeaderName(headers, name);
  const value = key === undefined ? undefined : headers[key];
  return typeof value === 'string' || value === undefined ? value : value.join(', ');
}

export function hasHeader(headers: Readonly<Record<string, unknown>>, name: string): boolean {
  const key = findHeaderName(headers, name);
  return key !== undefined && headers[key] !== undefined;
}

/** Sets name to value, replacing every case variant; keeps the existing spelling when there is one. */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const keep = findHeaderName(headers, name) ?? name;
  removeHeader(headers, name);
  headers[keep] = value;
}

export function removeHeader(headers: Record<string, unknown>, name: string): void {
  const wanted = name.toLowerCase();
  for (const k of Object.keys(headers)) if (k.toLowerCase() === wanted) delete headers[k];
}

export function getHeader(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const key = findHeaderName(headers, name);
  return key === undefined ? undefined : headers[key];
}
