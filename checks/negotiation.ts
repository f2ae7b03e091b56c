import { header } from './result.js';
import type { ObservedExchange } from './types.js';
import { defineCheck } from './registry.js';

/** interface.md › Header groups › Group N, and Versioning: what content negotiation and paths must show. */

export const pathPrefixCheck = defineCheck<{ paths: string[] }>({
  name: 'path_prefix',
  judges: 'every path the target is called on carries the major version prefix /v1',
  reports: ['Versioning.path.v1'],
  judge: ({ facts }, verdict) => {
    const bad = (facts?.paths ?? []).filter((p) => !p.startsWith('/v1/'));
    return [
      verdict('Versioning.path.v1', bad.length === 0, bad.length ? `paths without /v1: ${bad.join(', ')}` : 'all /v1'),
    ];
  },
});

/** One alternative of an Accept-* request header: its value in lower case, its q-value, its other parameters. */
export interface Offer {
  value: string;
  q: number;
}

/**
 * The alternatives an Accept, Accept-Charset, Accept-Encoding or Accept-Language header offers (RFC 9110 §12.4.2),
 * or undefined when the request sent none: then it offered nothing, and nothing is judged against it. A malformed
 * q-value counts as 0: an alternative the request did not state clearly is not one it offered.
 */
export function offered(headers: Record<string, string> | undefined, name: string): Offer[] | undefined {
  const value = headers ? header(headers, name) : undefined;
  if (value === undefined) return undefined;
  return value.split(',').flatMap((part) => {
    const [alternative = '', ...params] = part.split(';').map((p) => p.trim());
    if (!alternative) return [];
    const q = params.find((p) => /^q\s*=/i.test(p));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/i, ''));
    return [
      { value: alternative.toLowerCase(), q: Number.isFinite(weight) && weight >= 0 && weight <= 1 ? weight : 0 },
    ];
  });
}

/** The q-value the most specific matching alternative gives, or undefined when none matches. */
function weightOf(offers: Offer[], matches: (offer: string) => number | undefined): number | undefined {
  let best: { specificity: number; q: number } | undefined;
  for (const offer of offers) {
    const specificity = matches(offer.value);
    if (specificity === undefined) continue;
    if (!best || specificity > best.specificity || (specificity === best.specificity && offer.q > best.q))
      best = { specificity, q: offer.q };
  }
  return best?.q;
}

/** How specifically a media range matches a type: 2 for the type itself, 1 for `type/*`, 0 for `*\/*`. */
const mediaRange = (type: string) => (range: string) => {
  if (range === type) return 2;
  if (range === `${type.split('/')[0]}/*`) return 1;
  return range === '*/*' ? 0 : undefined;
};

/** gzip and x-gzip are one coding (RFC 9110 §8.4.1.3); `*` stands for any coding the request did not name. */
const coding = (name: string) => {
  const canonical = (c: string) => (c === 'x-gzip' ? 'gzip' : c);
  return (offer: string) => (canonical(offer) === canonical(name) ? 1 : offer === '*' ? 0 : undefined);
};

export const headerList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);

const requestHeaders = (exchange: ObservedExchange) => exchange.request.headers;
const responseHeader = (exchange: ObservedExchange, name: string) =>
  exchange.response ? header(exchange.response.headers, name) : undefined;

/**
 * Group N: "The server picks one of the offered alternatives and reports it in … Content-Encoding". Every coding
 * the response names was offered with a q-value above 0 (by name or by `*`). No coding at all (identity) is always
 * acceptable: RFC 9110 §12.5.3 tells a server to answer without a coding when it has none the request accepts.
 * Judged only where the request sent Accept-Encoding: without one, it offered nothing to pick from.
 */
export const contentEncodingCheck = defineCheck({
  name: 'content_encoding',
  judges: "every coding in Content-Encoding is one the request's Accept-Encoding offered (no coding is always fine)",
  reports: ['Negotiation.acceptEncoding.offered'],
  judge: ({ exchange }, verdict) => {
    const offers = offered(requestHeaders(exchange), 'accept-encoding');
    if (!offers || !exchange.response) return [];
    const codings = headerList(responseHeader(exchange, 'content-encoding')).filter((c) => c !== 'identity');
    const unoffered = codings.filter((c) => !((weightOf(offers, coding(c)) ?? 0) > 0));
    const sent = codings.join(', ') || '(none)';
    const offer = header(requestHeaders(exchange) ?? {}, 'accept-encoding');
    return [
      verdict(
        'Negotiation.acceptEncoding.offered',
        unoffered.length === 0,
        unoffered.length
          ? `Content-Encoding ${sent}, not offered by Accept-Encoding: ${offer}`
          : `Content-Encoding ${sent} (Accept-Encoding: ${offer})`,
      ),
    ];
  },
});

/**
 * Group N for Content-Type: where the request's Accept offers JSON at all (application/json, application/*, or any
 * type, with a q-value above 0), the response's media type is one Accept offered. An Accept that offers no JSON is the
 * 406-or-ignore convention's (not_acceptable), not this rule's.
 */
export const contentTypeOfferedCheck = defineCheck({
  name: 'content_type_offered',
  judges: "a response's media type is one the request's Accept offered, where Accept offered JSON",
  reports: ['Negotiation.contentType.offered'],
  judge: ({ exchange }, verdict) => {
    const offers = offered(requestHeaders(exchange), 'accept');
    const type = responseHeader(exchange, 'content-type');
    if (!offers || !exchange.response?.text || type === undefined) return [];
    if (!((weightOf(offers, mediaRange('application/json')) ?? 0) > 0)) return [];
    const media = (type.split(';')[0] ?? '').trim().toLowerCase();
    const ok = (weightOf(offers, mediaRange(media)) ?? 0) > 0;
    const accept = header(requestHeaders(exchange) ?? {}, 'accept');
    return [verdict('Negotiation.contentType.offered', ok, `Content-Type ${type} (Accept: ${accept})`)];
  },
});

/**
 * Group N for Accept-Charset, a SHOULD: a charset the Content-Type names is one the request offered. JSON is UTF-8
 * (RFC 8259 §8.1) and RFC 9110 lets a server disregard Accept-Charset, so a bank may do no better for a request
 * that offers no UTF-8.
 */
export const contentCharsetCheck = defineCheck({
  name: 'content_charset',
  judges: "a charset in Content-Type is one the request's Accept-Charset offered",
  reports: ['Negotiation.acceptCharset.offered'],
  judge: ({ exchange }, verdict) => {
    const offers = offered(requestHeaders(exchange), 'accept-charset');
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(responseHeader(exchange, 'content-type') ?? '')?.[1];
    if (!offers || charset === undefined) return [];
    const name = charset.toLowerCase();
    const ok = (weightOf(offers, (o) => (o === name ? 1 : o === '*' ? 0 : undefined)) ?? 0) > 0;
    const accept = header(requestHeaders(exchange) ?? {}, 'accept-charset');
    return [verdict('Negotiation.acceptCharset.offered', ok, `charset ${charset} (Accept-Charset: ${accept})`)];
  },
});

/** Norwegian Bokmål and Nynorsk are the individual languages of the macrolanguage Norwegian (no). */
const MACROLANGUAGE: Record<string, string> = { nb: 'no', nn: 'no' };

/**
 * Whether a language tag answers a language range: RFC 4647 filtering (the range is a prefix of the tag at a subtag
 * boundary), lookup (the tag is a prefix of the range: nb for nb-NO), `*`, or the macrolanguage and one of its
 * languages (no and nb).
 */
function answers(tag: string, range: string): number | undefined {
  if (range === '*') return 0;
  const prefix = (a: string, b: string) => a === b || b.startsWith(`${a}-`);
  if (prefix(range, tag) || prefix(tag, range)) return 2;
  const [t = '', r = ''] = [tag.split('-')[0], range.split('-')[0]];
  return (MACROLANGUAGE[t] ?? t) === r || (MACROLANGUAGE[r] ?? r) === t ? 1 : undefined;
}

/**
 * Group N for Content-Language, a SHOULD: a Content-Language the response sends names a language the request's
 * Accept-Language offered. A bank that ignores Accept-Language and sends no Content-Language breaks nothing here,
 * and a bank with texts in one language may not have what was offered.
 */
export const contentLanguageCheck = defineCheck({
  name: 'content_language',
  judges: "a Content-Language, where the response has one, names a language the request's Accept-Language offered",
  reports: ['Negotiation.acceptLanguage.contentLanguage'],
  judge: ({ exchange }, verdict) => {
    const offers = offered(requestHeaders(exchange), 'accept-language');
    const languages = headerList(responseHeader(exchange, 'content-language'));
    if (!offers || languages.length === 0) return [];
    const unoffered = languages.filter((tag) => !((weightOf(offers, (range) => answers(tag, range)) ?? 0) > 0));
    const accept = header(requestHeaders(exchange) ?? {}, 'accept-language');
    return [
      verdict(
        'Negotiation.acceptLanguage.contentLanguage',
        unoffered.length === 0,
        `Content-Language ${languages.join(', ')} (Accept-Language: ${accept})`,
      ),
    ];
  },
});

/** The q-value the offers give a content coding (by name, or by `*`); undefined when they name neither. */
export const codingWeight = (offers: Offer[], name: string): number | undefined => weightOf(offers, coding(name));

/** The q-value the offers give a language tag (RFC 4647 ranges, `*`, macrolanguages); undefined when none answers. */
export const languageWeight = (offers: Offer[], tag: string): number | undefined =>
  weightOf(offers, (range) => answers(tag, range));

/** The checks of what a request offered against what the response reports: every exchange is judged by them. */
export const NEGOTIATION_CHECKS = [
  contentEncodingCheck,
  contentTypeOfferedCheck,
  contentCharsetCheck,
  contentLanguageCheck,
] as const;

export const notAcceptableCheck = defineCheck({
  name: 'not_acceptable',
  judges: 'an Accept the server cannot satisfy gets 406 (RFC 7231 lets a server ignore Accept: the rule is a SHOULD)',
  reports: ['Negotiation.accept.unsupported'],
  judge: ({ exchange }, verdict) => [
    verdict('Negotiation.accept.unsupported', exchange.response?.status === 406, `status ${exchange.response?.status}`),
  ],
});

/**
 * Group N: "the server picks one of the offered alternatives". Where a request offers one alternative of each header
 * and the server has none of them (a language it has no texts in, a charset it does not send), RFC 9110 §15.5.7 lets
 * it answer 406 rather than pick one outside the offer: such a refusal conforms.
 */
export const unmetOfferCheck = defineCheck({
  name: 'unmet_offer_refused',
  judges:
    'a narrow Group N offer the server cannot meet is refused with 406 (RFC 9110 §15.5.7), which conforms as well ' +
    'as serving one of the alternatives',
  reports: ['Headers.optional.accepted'],
  judge: ({ exchange }, verdict) => [
    verdict(
      'Headers.optional.accepted',
      exchange.response?.status === 406,
      `status ${exchange.response?.status ?? '-'}: refused an offer it cannot meet`,
    ),
  ],
});
