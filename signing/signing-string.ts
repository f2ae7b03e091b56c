/** Header maps as received: a header may repeat (array) or be absent. Names are matched case-insensitively. */
export type HeaderMap = Record<string, string | readonly string[] | undefined>;

export const REQUEST_TARGET = '(request-target)';

/** draft-cavage-10 §2.1.2: when `headers` is omitted, only `date` is signed. */
export const DEFAULT_SIGNED_HEADERS: readonly string[] = ['date'];

/**
 * Every value of a header, in the order it is sent; undefined when absent.
 * A map may hold the same header under names of different case (`PSU-ID`, `psu-id`): both count.
 */
export function headerValues(headers: HeaderMap, name: string): string[] | undefined {
  const wanted = name.toLowerCase();
  let values: string[] | undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    values = [...(values ?? []), ...(typeof value === 'string' ? [value] : value)];
  }
  return values;
}

export function headerValue(headers: HeaderMap, name: string): string | undefined {
  return headerValues(headers, name)?.join(', ');
}

export class MissingSignedHeaderError extends Error {
  constructor(readonly header: string) {
    super(`headers lists "${header}" but the request has no such header`);
    this.name = 'MissingSignedHeaderError';
  }
}

/**
 * The draft-cavage-10 signing string: one line per listed header, `name: value` with the name lower-cased
 * and the value trimmed; repeated headers joined with `, `; lines joined with `\n`, no trailing newline.
 * `(request-target)` is the lower-cased method, a space, and the path with its query as sent.
 */
export function signingString(
  request: { method: string; target: string; headers: HeaderMap },
  signedHeaders: readonly string[] = DEFAULT_SIGNED_HEADERS,
): string {
  return signedHeaders
    .map((raw) => {
      const name = raw.toLowerCase();
      if (name === REQUEST_TARGET) return `${name}: ${request.method.toLowerCase()} ${request.target}`;
      const values = headerValues(request.headers, name);
      if (values === undefined) throw new MissingSignedHeaderError(name);
      return `${name}: ${values.map((v) => v.trim()).join(', ')}`;
    })
    .join('\n');
}
