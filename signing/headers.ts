/** Case-insensitive edits of a plain header record (HTTP header names are case-insensitive). */
export function findHeaderName(headers: Record<string, unknown>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.keys(headers).find((k) => k.toLowerCase() === wanted);
}

export function hasHeader(headers: Record<string, unknown>, name: string): boolean {
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

export function getHeader(headers: Record<string, string>, name: string): string | undefined {
  const key = findHeaderName(headers, name);
  return key === undefined ? undefined : headers[key];
}
