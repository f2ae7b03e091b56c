/**
 * What two banks may answer differently without differing: the identifiers each assigned (payment, basket,
 * resource, authorisation ids, wherever they reappear: in links, in later paths), dates and times of the moment, and
 * the origin of absolute links (each bank has its own host and port). Masked before answers are compared, so that a
 * difference left over is one of substance.
 */

/** One line of a run's exchanges file (`run --exchanges`), as compare reads it. */
export interface RecordedLine {
  test: string;
  seq: number;
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  status?: number;
  response?: string;
  error?: string;
}

/** String values of `…id`/`…Id` members anywhere in a JSON text, in document order. */
function idValues(text: string | undefined): { key: string; value: string }[] {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    return [];
  }
  const found: { key: string; value: string }[] = [];
  const walk = (v: unknown, key?: string): void => {
    if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    else if (typeof v === 'string' && key && /id$/i.test(key) && v.length >= 4) found.push({ key, value: v });
  };
  walk(json);
  return found;
}

/**
 * The identifiers a bank assigned in a run, each with a placeholder named by its member, the test (or fixture) that
 * first received it and its order there: the same placeholder on either side for the id the same request got.
 */
export function assignedIds(lines: readonly RecordedLine[]): Map<string, string> {
  const ids = new Map<string, string>();
  const counts = new Map<string, number>();
  const inOrder = [...lines].sort((a, b) => a.test.localeCompare(b.test) || a.seq - b.seq);
  for (const line of inOrder)
    for (const { key, value } of idValues(line.response)) {
      if (ids.has(value)) continue;
      const n = counts.get(line.test) ?? 0;
      counts.set(line.test, n + 1);
      ids.set(value, `<${key} #${n}>`);
    }
  return ids;
}

const ORIGIN = /\bhttps?:\/\/[^/\s"?#]+/gi;
const DATE_TIME = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;

export interface Masker {
  /** A body or a path with assigned ids and origins masked, and dates and times unless the request had them. */
  text(value: string, request?: string): string;
}

/** Replaces every assigned id (as written, and percent-encoded as in a path) by its placeholder. */
function substitute(text: string, ids: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [id, placeholder] of ids)
    if (out.includes(id) || out.includes(encodeURIComponent(id)))
      out = out.replaceAll(id, placeholder).replaceAll(encodeURIComponent(id), placeholder);
  return out;
}

/**
 * A masker for one side's exchanges. A date the request itself carried (a requested execution date echoed back) is
 * data, not the moment: it stays, so a bank that answers with another date still differs.
 */
export function masker(lines: readonly RecordedLine[]): Masker {
  const ids = assignedIds(lines);
  return {
    text(value, request = '') {
      return substitute(value, ids)
        .replace(ORIGIN, '<origin>')
        .replace(DATE_TIME, (d) => (request.includes(d) ? d : '<date-time>'))
        .replace(DATE, (d) => (request.includes(d) ? d : '<date>'));
    },
  };
}

/**
 * The request's method and path with assigned ids masked, and any path segment that looks like an id (long, with
 * digits, or with the characters opaque ids carry) too: what two runs of one seed must send alike to be compared.
 */
export function requestLine(line: RecordedLine, mask: Masker): string {
  const full = mask
    .text(line.request.url)
    .replace(/^<origin>/, '')
    .split('?')[0] as string;
  // Without whatever base path each bank has (`/api-sandbox/v1/…` and `/v1/…` are the same operation).
  const v1 = full.indexOf('/v1/');
  const path = v1 > 0 ? full.slice(v1) : full;
  const segments = path
    .split('/')
    .map((s) => (s.startsWith('<') || (s.length >= 12 && /\d/.test(s)) || /[!=%]/.test(s) ? '<id>' : s));
  return `${line.request.method} ${segments.join('/')}`;
}
