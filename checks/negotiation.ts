import { header } from './result.js';
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

/** Codings a response may carry when the request offered gzip, deflate and br (x-gzip is gzip's old name). */
const OFFERED_CODINGS = ['gzip', 'x-gzip', 'deflate', 'br', 'identity'];

export const contentEncodingCheck = defineCheck({
  name: 'content_encoding',
  judges: 'a response to Accept-Encoding: gzip, deflate, br is plain or in one of the offered codings',
  reports: ['Negotiation.acceptEncoding.offered'],
  judge: ({ exchange }, verdict) => {
    const codings = (exchange.response ? (header(exchange.response.headers, 'content-encoding') ?? '') : '')
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean);
    const ok = codings.every((c) => OFFERED_CODINGS.includes(c));
    return [verdict('Negotiation.acceptEncoding.offered', ok, `Content-Encoding ${codings.join(', ') || '(none)'}`)];
  },
});

export const notAcceptableCheck = defineCheck({
  name: 'not_acceptable',
  judges: 'an Accept the server cannot satisfy gets 406 (RFC 7231 lets a server ignore Accept: the rule is a SHOULD)',
  reports: ['Negotiation.accept.unsupported'],
  judge: ({ exchange }, verdict) => [
    verdict('Negotiation.accept.unsupported', exchange.response?.status === 406, `status ${exchange.response?.status}`),
  ],
});

export const contentLanguageCheck = defineCheck({
  name: 'content_language',
  judges: 'a Content-Language, where the response has one, is a language the request offered (nb, no or en)',
  reports: ['Negotiation.acceptLanguage.contentLanguage'],
  judge: ({ exchange }, verdict) => {
    const language = exchange.response?.headers['content-language'];
    const ok = language === undefined || /^(nb|no|en)/i.test(String(language));
    return [verdict('Negotiation.acceptLanguage.contentLanguage', ok, `Content-Language ${String(language)}`)];
  },
});
