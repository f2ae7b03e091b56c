/**
 * Content negotiation (interface.md › Group N; RFC 7231 §5.3.2): JSON is all this bank speaks. Accept is a list
 * of media ranges with q-values; the most specific range that matches application/json decides, and q=0 means
 * "not acceptable". A +json type such as application/hal+json is a different type, so it does not match.
 */
export function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  let best: { specificity: number; q: number } | undefined;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((p) => p.trim());
    const specificity = { 'application/json': 2, 'application/*': 1, '*/*': 0 }[type.toLowerCase()];
    if (specificity === undefined) continue;
    const qParam = params.find((p) => /^q\s*=/i.test(p));
    const q = qParam ? Number(qParam.replace(/^q\s*=\s*/i, '')) : 1;
    // A malformed q-value counts as 0: a range the client did not state clearly is no consent to JSON.
    const weight = Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0;
    if (!best || specificity > best.specificity || (specificity === best.specificity && weight > best.q))
      best = { specificity, q: weight };
  }
  return best !== undefined && best.q > 0;
}

/** The content codings this bank can apply, best first where the request weighs them equally. */
export const CODINGS = ['br', 'gzip', 'deflate'] as const;
export type Coding = (typeof CODINGS)[number];

/** Each coding Accept-Encoding names, with its q-value (x-gzip is gzip; a malformed q-value is 0). */
function weights(acceptEncoding: string | string[] | undefined): Map<string, number> {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const out = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    out.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) && weight >= 0 && weight <= 1 ? weight : 0);
  }
  return out;
}

/** Which of `codings` Accept-Encoding offers with the highest q-value above 0 (by name, or by `*`); none: undefined. */
export function bestOffered(
  acceptEncoding: string | string[] | undefined,
  codings: readonly Coding[] = CODINGS,
): Coding | undefined {
  const offered = weights(acceptEncoding);
  let best: { coding: Coding; q: number } | undefined;
  for (const coding of codings) {
    const q = offered.get(coding) ?? offered.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { coding, q };
  }
  return best?.coding;
}

/** The tags of a q-valued list (Accept-Language, Accept-Charset) that it offers with a q above 0, lower-cased. */
function offered(header: string): string[] {
  return header.split(',').flatMap((part) => {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return tag && Number.isFinite(weight) && weight > 0 ? [tag] : [];
  });
}

/**
 * What a request offers that the bank cannot meet, in one line, or undefined: an Accept-Language of none of its
 * languages (by primary subtag; no and nn read as Norwegian Bokmål), an Accept-Charset without UTF-8. `*` meets all.
 */
export function unmetOffer(
  headers: { 'accept-language'?: string | string[] | undefined; 'accept-charset'?: string | string[] | undefined },
  languages: readonly string[],
): string | undefined {
  const text = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : v);
  const language = text(headers['accept-language']);
  const primary = (tag: string) => (['no', 'nn'].includes(tag.split('-')[0] ?? '') ? 'nb' : tag.split('-')[0]);
  if (language?.trim() && !offered(language).some((tag) => tag === '*' || languages.includes(primary(tag) ?? '')))
    return `Accept-Language offers no language this bank has texts in (${languages.join(', ')})`;
  const charset = text(headers['accept-charset']);
  if (charset?.trim() && !offered(charset).some((tag) => tag === '*' || tag === 'utf-8' || tag === 'utf8'))
    return 'Accept-Charset does not offer UTF-8, the only charset this bank sends';
  return undefined;
}

/** An Accept that offers JSON only through a range (*\/* or application/*), never by name. */
export const offersJsonByRangeOnly = (accept: string | undefined): boolean =>
  accept !== undefined &&
  /(^|,)\s*(\*\/\*|application\/\*)/i.test(accept) &&
  !/(^|,)\s*application\/json/i.test(accept);
