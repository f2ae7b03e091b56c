import { describe } from 'vitest';
import { checkAccepted, notAServerError, verdict } from '../checks/index.js';
import { ACCEPT_FIX_VALUES, OPERATIONS, fractionDigitsFor } from '../spec/index.js';
import { ncbctBody } from './support/bodies.js';
import { sharedDebtor } from './support/fixtures.js';
import { operation } from './support/request.js';
import { rule } from './support/rule.js';
import { runContext } from './support/context.js';

/** Codings a response may carry when the request offered gzip, deflate and br (x-gzip is gzip's old name). */
const OFFERED_CODINGS = ['gzip', 'x-gzip', 'deflate', 'br', 'identity'];

/** interface.md › Header groups › Group N and x-accept-fix; Versioning. */
describe('negotiation and versioning', () => {
  rule(
    'Versioning.path.v1',
    'cross-cutting',
    'every path carries the major version prefix /v1 (including configured overrides)',
    async ({ ctx, judge }) => {
      const paths = OPERATIONS.map((o) => ctx.config.paths[o.id] ?? o.path);
      const bad = paths.filter((p) => !p.startsWith('/v1/'));
      judge({ request: { method: '-', url: '-', headers: {} }, timings: { startedAt: '', totalMs: 0 } }, [
        verdict(
          'path_prefix',
          'Versioning.path.v1',
          bad.length === 0,
          bad.length ? `paths without /v1: ${bad.join(', ')}` : 'all /v1',
        ),
      ]);
    },
  );

  rule(
    'Sandbox.notInProduction',
    'cross-cutting',
    'a production interface does not offer the sandbox operations',
    async ({ s, judge }) => {
      const exchange = await s.call('sandbox.transactions.list', { params: { mockAccountId: 'any' } });
      const status = exchange.response?.status ?? 0;
      judge(exchange, [
        verdict(
          'no_sandbox',
          'Sandbox.notInProduction',
          status === 404 || status === 403 || status === 405 || status === 501,
          `a sandbox operation answered ${status}`,
        ),
      ]);
    },
    {
      skip: (() => {
        try {
          return runContext().profile === 'production'
            ? false
            : 'only judged against a production target (--profile production)';
        } catch {
          return false;
        }
      })(),
    },
  );

  for (const value of ACCEPT_FIX_VALUES) {
    rule('Versioning.acceptFix.known', 'ncbct.create', `x-accept-fix: ${value} is accepted`, async ({ s, judge }) => {
      const exchange = await s.call('ncbct.create', {
        body: ncbctBody(await sharedDebtor(s), '3.00', `fix ${value}`),
        query: { allowLogicalDuplicate: true },
        headers: { 'x-accept-fix': value },
      });
      judge(exchange, checkAccepted(exchange, operation('ncbct.create'), 'Versioning.acceptFix.known'));
    });
  }

  rule(
    'Versioning.acceptFix.unknown',
    'ncbct.create',
    'an unknown x-accept-fix value is ignored or rejected with a 4xx, never a 5xx',
    async ({ s, judge }) => {
      const exchange = await s.call('ncbct.create', {
        body: ncbctBody(await sharedDebtor(s), '4.00', 'fix unknown'),
        query: { allowLogicalDuplicate: true },
        headers: { 'x-accept-fix': 'no-such-fix' },
      });
      judge(exchange, [
        verdict(
          'not_a_server_error',
          'Versioning.acceptFix.unknown',
          (exchange.response?.status ?? 500) < 500,
          `status ${exchange.response?.status}`,
        ),
      ]);
    },
  );

  rule(
    'Versioning.acceptFix.amountAsString',
    'ncbct.create',
    'with amount-as-string, response amounts are strings with the currency’s decimals',
    async ({ s, judge }) => {
      const exchange = await s.call('ncbct.create', {
        body: ncbctBody(await sharedDebtor(s), '5.00', 'fees'),
        query: { allowLogicalDuplicate: true },
        headers: { 'x-accept-fix': 'amount-as-string' },
      });
      const fees = (
        exchange.response?.json as { transactionFees?: { amount?: unknown; currency?: string } } | undefined
      )?.transactionFees;
      const digits = fees && typeof fees.amount === 'string' ? (fees.amount.split('.')[1] ?? '').length : -1;
      const ok = !fees || (typeof fees.amount === 'string' && digits === fractionDigitsFor(String(fees.currency)));
      judge(exchange, [
        ...checkAccepted(exchange, operation('ncbct.create'), 'Versioning.acceptFix.amountAsString'),
        verdict(
          'amount_as_string',
          'Versioning.acceptFix.amountAsString',
          ok,
          `transactionFees ${JSON.stringify(fees)}`,
        ),
      ]);
    },
  );

  rule(
    'Negotiation.contentType.json',
    'ncbct.create',
    'responses are JSON and say so in Content-Type',
    async ({ s, judge }) => {
      const exchange = await s.call('ncbct.create', {
        body: ncbctBody(await sharedDebtor(s), '6.00', 'json'),
        query: { allowLogicalDuplicate: true },
      });
      judge(exchange, checkAccepted(exchange, operation('ncbct.create'), 'Negotiation.contentType.json'));
    },
  );

  // Group N: "The server picks one of the offered alternatives and reports it in the Content-Type,
  // Content-Encoding and Content-Language response headers as fitting." A compressed answer is as conformant as
  // a plain one: the client decodes it (client/decode.ts), and the body is judged decoded.
  rule(
    ['Negotiation.acceptEncoding.offered', 'Negotiation.contentType.json'],
    'ncbct.create',
    'with Accept-Encoding: gzip, deflate, br the response is plain or in an offered coding, and JSON once decoded',
    async ({ s, judge }) => {
      const exchange = await s.call('ncbct.create', {
        body: ncbctBody(await sharedDebtor(s), '7.00', 'encoding'),
        query: { allowLogicalDuplicate: true },
        headers: { 'Accept-Encoding': 'gzip, deflate, br' },
      });
      const encoding = exchange.response?.headers['content-encoding'];
      const codings = (Array.isArray(encoding) ? encoding.join(',') : (encoding ?? ''))
        .split(',')
        .map((c) => c.trim().toLowerCase())
        .filter(Boolean);
      judge(exchange, [
        ...checkAccepted(exchange, operation('ncbct.create'), 'Negotiation.acceptEncoding.offered'),
        verdict(
          'content_encoding',
          'Negotiation.acceptEncoding.offered',
          codings.every((c) => OFFERED_CODINGS.includes(c)),
          `Content-Encoding ${codings.join(', ') || '(none)'}`,
        ),
      ]);
    },
  );

  rule(
    'Negotiation.accept.unsupported',
    'basket.get',
    'an Accept the server cannot satisfy gives 406, never a 5xx',
    async ({ s, judge }) => {
      // 406 is a convention: RFC 7231 §5.3.2 also lets a server ignore Accept, so another answer is a SHOULD warning.
      const exchange = await s.call('basket.get', {
        params: { basketId: 'enc!!any==' },
        headers: { Accept: 'application/xml' },
      });
      judge(exchange, [
        notAServerError(exchange),
        verdict(
          'not_acceptable',
          'Negotiation.accept.unsupported',
          exchange.response?.status === 406,
          `status ${exchange.response?.status}`,
        ),
      ]);
    },
  );

  rule(
    'Negotiation.acceptLanguage.contentLanguage',
    'basket.get',
    'an honoured Accept-Language is reported in Content-Language',
    async ({ s, judge }) => {
      const exchange = await s.call('basket.get', {
        params: { basketId: 'enc!!any==' },
        headers: { 'Accept-Language': 'nb-NO, en;q=0.5' },
      });
      const language = exchange.response?.headers['content-language'];
      judge(exchange, [
        verdict(
          'content_language',
          'Negotiation.acceptLanguage.contentLanguage',
          language === undefined || /^(nb|no|en)/i.test(String(language)),
          `Content-Language ${String(language)}`,
        ),
      ]);
    },
  );
});
