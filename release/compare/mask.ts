/**
 * What one side of a comparison made itself, and so may differ from the other side without the banks differing:
 *
 * - the identifiers its bank assigned to it (payment, basket, resource, customer ids: `…id` members of its answers,
 *   wherever they reappear, in links and in later paths);
 * - every value its own requests sent (set-up data built from its run tag: customer numbers and names, account
 *   numbers, remittance texts; path segments and query values; header values such as X-Request-ID and Digest),
 *   named by the place it was sent from;
 * - digests of a request's own body (a bank's "Digest does not match (expected …)" quotes one);
 * - the moment (dates and times the request did not carry) and the origin of absolute links.
 *
 * A value in an answer is masked only when it is one of these, so that two answers compared after masking differ
 * only where the banks chose differently. A placeholder names where the value came from (`<sent: body
 * /creditorAccount/iban>`), so a side that echoes what it sent and a side that answers with a value of its own still
 * differ.
 */
import { createHash } from 'node:crypto';
import { escapePointerToken } from '../../core/index.js';

/** One line of a run's exchanges file (`run --exchanges`), as compare reads it. */
export interface RecordedLine {
  test: string;
  seq: number;
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  status?: number;
  response?: string;
  error?: string;
}

/** What one side made itself, gathered from all its exchanges (`sideContext`). */
export interface SideContext {
  /** Identifiers its bank assigned, each with its placeholder (`<paymentId #0>`). */
  ids: ReadonlyMap<string, string>;
  /** Values its requests sent, each with a placeholder naming the first place it was sent from. */
  sent: ReadonlyMap<string, string>;
  /** The ids and the sent values long enough to be looked for inside longer texts (messages, links). */
  within: TokenIndex;
  /** The ids alone, as written and percent-encoded (a request's path). */
  idsWithin: TokenIndex;
}

/** A value shorter than this is masked only where it is a whole member, never inside a longer text. */
export const MIN_WITHIN = 8;

/** String values of `…id`/`…Id` members anywhere in a JSON text, in document order. */
function idValues(text: string | undefined): { key: string; value: string }[] {
  const found: { key: string; value: string }[] = [];
  const walk = (v: unknown, key?: string): void => {
    if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    else if (typeof v === 'string' && key && /id$/i.test(key) && v.length >= 4) found.push({ key, value: v });
  };
  walk(parse(text));
  return found;
}

function parse(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The identifiers a bank assigned in a run, each with a placeholder named by its member, the test (or fixture) that
 * first received it and its order there: the same placeholder on either side for the id the same request got.
 */
export function assignedIds(lines: readonly RecordedLine[]): Map<string, string> {
  const ids = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const line of inOrder(lines))
    for (const { key, value } of idValues(line.response)) {
      if (ids.has(value)) continue;
      const n = counts.get(line.test) ?? 0;
      counts.set(line.test, n + 1);
      ids.set(value, `<${key} #${n}>`);
    }
  return ids;
}

const inOrder = (lines: readonly RecordedLine[]) =>
  [...lines].sort((a, b) => (a.test < b.test ? -1 : a.test > b.test ? 1 : a.seq - b.seq));

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * Every value a request sent, with where in the request: each string member of its JSON body (`body /a/b`), each
 * path segment (`path 3`), each query value (`query limit`) and each header value (`header X-Request-ID`).
 */
export function requestValues(request: RecordedLine['request']): { where: string; value: string }[] {
  const out: { where: string; value: string }[] = [];
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, `${path}/${escapePointerToken(k)}`);
    else if (typeof v === 'string' && v) out.push({ where: `body ${path || '(whole)'}`, value: v });
  };
  walk(parse(request.body), '');
  let url: URL | undefined;
  try {
    url = new URL(request.url);
  } catch {
    url = undefined;
  }
  url?.pathname.split('/').forEach((segment, i) => {
    if (segment) out.push({ where: `path ${i}`, value: decode(segment) });
  });
  url?.searchParams.forEach((value, name) => {
    if (value) out.push({ where: `query ${name}`, value });
  });
  for (const [name, value] of Object.entries(request.headers))
    if (value) out.push({ where: `header ${name.toLowerCase()}`, value });
  return out;
}

/** The digests of a request's body a bank may quote back (base64 and hex, SHA-256 and SHA-512), as placeholders. */
function bodyDigests(body: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (body === undefined) return out;
  for (const algorithm of ['sha256', 'sha512']) {
    const hash = createHash(algorithm).update(body).digest();
    const name = `<${algorithm === 'sha256' ? 'SHA-256' : 'SHA-512'} of the request body>`;
    out.set(hash.toString('base64'), name);
    out.set(hash.toString('hex'), name);
  }
  return out;
}

/**
 * Tokens looked for inside a text, found by their first four characters: a side's thousands of sent values are not
 * each searched for in every member of every answer.
 */
export class TokenIndex {
  readonly #byPrefix = new Map<string, { token: string; placeholder: string }[]>();
  readonly #known = new Set<string>();

  add(token: string, placeholder: string): void {
    if (this.#known.has(token)) return;
    this.#known.add(token);
    const prefix = token.slice(0, 4);
    const list = this.#byPrefix.get(prefix) ?? this.#byPrefix.set(prefix, []).get(prefix) ?? [];
    // The longest first, so that a value is replaced whole before a shorter one inside it.
    const at = list.findIndex((t) => t.token.length < token.length);
    list.splice(at < 0 ? list.length : at, 0, { token, placeholder });
  }

  /** The token of this index that starts at `i` in the text, the longest one. */
  at(text: string, i: number): { token: string; placeholder: string } | undefined {
    return this.#byPrefix.get(text.slice(i, i + 4))?.find((t) => text.startsWith(t.token, i));
  }
}

/**
 * The text with every token of the indexes replaced by its placeholder, left to right (the first index that has one
 * at a place wins), and what lies between the tokens passed through `rest`.
 */
export function replaceTokens(text: string, indexes: readonly TokenIndex[], rest: (s: string) => string): string {
  let out = '';
  let plain = '';
  for (let i = 0; i < text.length;) {
    let hit: { token: string; placeholder: string } | undefined;
    for (const index of indexes) if ((hit = index.at(text, i))) break;
    if (hit) {
      out += rest(plain) + hit.placeholder;
      plain = '';
      i += hit.token.length;
    } else plain += text[i++];
  }
  return out + rest(plain);
}

/** What a side made itself, from all the exchanges it recorded. */
export function sideContext(lines: readonly RecordedLine[]): SideContext {
  const ids = assignedIds(lines);
  const sent = new Map<string, string>();
  for (const line of inOrder(lines))
    for (const { where, value } of requestValues(line.request))
      if (!sent.has(value)) sent.set(value, `<sent: ${line.test} #${line.seq} ${where}>`);
  const within = new TokenIndex();
  const idsWithin = new TokenIndex();
  for (const [id, placeholder] of ids)
    for (const index of [within, idsWithin]) {
      index.add(id, placeholder);
      index.add(encodeURIComponent(id), placeholder);
    }
  for (const [value, placeholder] of sent)
    if (value.length >= MIN_WITHIN) {
      within.add(value, placeholder);
      within.add(encodeURIComponent(value), placeholder);
    }
  return { ids, sent, within, idsWithin };
}

/** The same request's values and digests, placed by where they sit in it (the same on either side). */
function ownRequest(request: RecordedLine['request']): { exact: Map<string, string>; within: TokenIndex } {
  const exact = bodyDigests(request.body);
  for (const { where, value } of requestValues(request))
    if (!exact.has(value)) exact.set(value, `<sent here: ${where}>`);
  const within = new TokenIndex();
  for (const [value, placeholder] of exact) if (value.length >= MIN_WITHIN) within.add(value, placeholder);
  return { exact, within };
}

const ORIGIN = /\bhttps?:\/\/[^/\s"?#]+/gi;
const DATE_TIME = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;

/** Masks the strings of the answers to one request: what the request and its side made, the moment, origins. */
export type Masker = (value: string) => string;

/**
 * A masker for the answer to `request`, on the side whose context is given (or, without one, knowing only this
 * request). A whole value is replaced when it is an id the bank assigned, a value this request or an earlier one of
 * the side sent, or a digest of this request's body; inside a longer text (a message, a link), such values of at
 * least MIN_WITHIN characters are, and origins, dates and times. A date the request itself carried (a requested
 * execution date echoed back) is data, not the moment: it is named as sent, so a bank that answers with another
 * date still differs.
 */
export function maskerFor(request: RecordedLine['request'], context?: SideContext): Masker {
  const own = ownRequest(request);
  const body = request.body ?? '';
  return (value) => {
    const whole = context?.ids.get(value) ?? own.exact.get(value) ?? context?.sent.get(value);
    if (whole) return whole;
    const indexes = context ? [own.within, context.within] : [own.within];
    return replaceTokens(value, indexes, (text) =>
      text
        .replace(ORIGIN, '<origin>')
        .replace(DATE_TIME, (d) => (body.includes(d) ? d : '<date-time>'))
        .replace(DATE, (d) => (body.includes(d) ? d : '<date>')),
    );
  };
}

/** Ids a side's bank assigned, masked in a text (a request's path), as written and percent-encoded. */
export const maskIds = (text: string, context: SideContext): string =>
  replaceTokens(text, [context.idsWithin], (plain) => plain);

/**
 * The request's method and path with assigned ids masked, and any path segment that looks like an id (long, with
 * digits, or with the characters opaque ids carry) too: what two runs of one seed must send alike to be compared.
 */
export function requestLine(line: RecordedLine, context: SideContext): string {
  const full = maskIds(line.request.url, context)
    .replace(ORIGIN, '<origin>')
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
