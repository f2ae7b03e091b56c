import { describe } from 'vitest';
import {
  amountAsStringCheck,
  checkAccepted,
  contentLanguageCheck,
  noSandboxCheck,
  notAServerError,
  notAcceptableCheck,
  pathPrefixCheck,
  properErrorCheck,
  type Check,
  type CheckResult,
} from '../checks/index.js';
import type { Exchange } from '../client/index.js';
import { ACCEPT_FIX_VALUES, HEADER_GROUPS, OPERATIONS, type RequirementId } from '../spec/index.js';
import { ncbctBody } from './support/bodies.js';
import { SPECIFIED_OPERATIONS, validRequest } from './operation-requests.js';
import { sharedDebtor } from './support/fixtures.js';
import { operation } from './support/request.js';
import { fixAcceptance } from './support/accept-fix.js';
import { conformanceTest } from './support/conformance-test.js';
import { runContext } from './support/context.js';
import type { Session } from './support/session.js';

/**
 * An NCBCT payment from the run's shared debtor, sent with the headers under test. These tests pay from the same
 * debtor again and again, so each allows a logical duplicate.
 */
async function payment(s: Session, amount: string, remittance: string, headers?: Record<string, string>) {
  const body = ncbctBody(await sharedDebtor(s), amount, remittance);
  return s.call('ncbct.create', { body, query: { allowLogicalDuplicate: true }, ...(headers ? { headers } : {}) });
}

/** The payment's 201, judged for the rule under test, then by the checks of what the header asked of the answer. */
const accepted = (exchange: Exchange, requirementId: RequirementId, ...checks: Check[]): CheckResult[] => [
  ...checkAccepted(exchange, operation('ncbct.create'), requirementId),
  ...checks.flatMap((check) => check.run({ exchange })),
];

const acceptFix = HEADER_GROUPS.X.find((h) => h.name === 'x-accept-fix')?.format;
const ACCEPT_FIX_NEAR_MISSES = acceptFix?.kind === 'enum' ? (acceptFix.nearMisses ?? []) : [];

/** The rules of what a response reports against what its request offered (Group N), MUST first. */
const NEGOTIATED: RequirementId[] = [
  'Negotiation.acceptEncoding.offered',
  'Negotiation.contentType.offered',
  'Negotiation.acceptCharset.offered',
  'Negotiation.acceptLanguage.contentLanguage',
];
/** One alternative of each Group N header: identity leaves the bank no coding to choose. */
const NARROW = {
  Accept: 'application/json',
  'Accept-Charset': 'utf-8',
  'Accept-Encoding': 'identity',
  'Accept-Language': 'nb',
};
/** Offers that leave a choice: gzip or nothing; br or nothing, never gzip (q=0 refuses it); English or none. */
const SUBJECT_OFFERS: Record<string, string>[] = [
  { 'Accept-Encoding': 'gzip' },
  { 'Accept-Encoding': 'br, gzip;q=0' },
  { 'Accept-Language': 'en', 'Accept-Encoding': 'deflate' },
];
const offerText = (offer: Record<string, string>) =>
  Object.entries(offer)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');

/** interface.md › Header groups › Group N and x-accept-fix; Versioning. */
describe('negotiation and versioning', () => {
  conformanceTest(
    {
      requirementIds: 'Versioning.path.v1',
      operation: 'cross-cutting',
      title: 'every path carries the major version prefix /v1 (including configured overrides)',
    },
    async ({ ctx, judge }) => {
      const paths = OPERATIONS.map((o) => ctx.config.paths[o.id] ?? o.path);
      const nothingSent = { request: { method: '-', url: '-', headers: {} }, timings: { startedAt: '', totalMs: 0 } };
      judge(nothingSent, pathPrefixCheck.run({ exchange: nothingSent, facts: { paths } }));
    },
  );

  conformanceTest(
    {
      requirementIds: 'Sandbox.notInProduction',
      operation: 'cross-cutting',
      title: 'a production interface does not offer the sandbox operations',
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
    async ({ s, judge }) => {
      const exchange = await s.call('sandbox.transactions.list', { params: { mockAccountId: 'any' } });
      judge(exchange, noSandboxCheck.run({ exchange }));
    },
  );

  for (const value of ACCEPT_FIX_VALUES) {
    conformanceTest(
      {
        requirementIds: 'Versioning.acceptFix.known',
        operation: 'ncbct.create',
        title: `x-accept-fix: ${value} is accepted`,
      },
      async ({ s, judge }) => {
        const exchange = await payment(s, '3.00', `fix ${value}`, { 'x-accept-fix': value });
        judge(exchange, accepted(exchange, 'Versioning.acceptFix.known').map(fixAcceptance(value)));
      },
    );
  }

  // Not a closed list (Versioning 4 names values it does not give): an unknown value, a near miss of a named one
  // among them, is ignored or refused, and never breaks the server.
  for (const value of ['no-such-fix', ...ACCEPT_FIX_NEAR_MISSES])
    conformanceTest(
      {
        requirementIds: 'Versioning.acceptFix.unknown',
        operation: 'ncbct.create',
        title:
          value === 'no-such-fix'
            ? 'an unknown x-accept-fix value is ignored or rejected with a 4xx, never a 5xx'
            : `x-accept-fix: ${value} (near a named value) is ignored or rejected with a 4xx, never a 5xx`,
      },
      async ({ s, judge }) => {
        const exchange = await payment(s, '4.00', `fix ${value}`, { 'x-accept-fix': value });
        judge(exchange, properErrorCheck.run({ exchange, requirementId: 'Versioning.acceptFix.unknown' }));
      },
    );

  conformanceTest(
    {
      requirementIds: 'Versioning.acceptFix.amountAsString',
      operation: 'ncbct.create',
      title: 'with amount-as-string, response amounts are strings with the currency’s decimals',
    },
    async ({ s, judge }) => {
      const exchange = await payment(s, '5.00', 'fees', { 'x-accept-fix': 'amount-as-string' });
      judge(exchange, accepted(exchange, 'Versioning.acceptFix.amountAsString', amountAsStringCheck));
    },
  );

  conformanceTest(
    {
      requirementIds: 'Negotiation.contentType.json',
      operation: 'ncbct.create',
      title: 'responses are JSON and say so in Content-Type',
    },
    async ({ s, judge }) => {
      const exchange = await payment(s, '6.00', 'json');
      judge(exchange, accepted(exchange, 'Negotiation.contentType.json'));
    },
  );

  // Group N: "The server picks one of the offered alternatives and reports it in the Content-Type,
  // Content-Encoding and Content-Language response headers as fitting." A compressed answer is as conformant as
  // a plain one: the client decodes it (client/decode.ts), and the body is judged decoded.
  conformanceTest(
    {
      requirementIds: ['Negotiation.acceptEncoding.offered', 'Negotiation.contentType.json'],
      operation: 'ncbct.create',
      title:
        'with Accept-Encoding: gzip, deflate, br the response is plain or in an offered coding, and JSON once decoded',
    },
    async ({ s, judge }) => {
      const exchange = await payment(s, '7.00', 'encoding', { 'Accept-Encoding': 'gzip, deflate, br' });
      judge(exchange, accepted(exchange, 'Negotiation.acceptEncoding.offered'));
    },
  );

  // Group N on every operation: a request that offers one alternative of each kind, so that the answer has exactly
  // one right choice (or none at all: no coding, no Content-Language). The uniform checks judge the answer against
  // the offer (checks/negotiation.ts), as they judge every exchange whose request offered something.
  for (const op of SPECIFIED_OPERATIONS)
    conformanceTest(
      {
        requirementIds: [...NEGOTIATED, 'Headers.optional.accepted'],
        operation: op,
        title: `${op}: offered only ${offerText(NARROW)}, the answer reports one of them or none`,
      },
      async ({ s, judge }) => {
        const exchange = await s.call(op, { ...(await validRequest(op, s)), headers: NARROW });
        judge(exchange, checkAccepted(exchange, operation(op), 'Headers.optional.accepted'));
      },
    );

  // The codings and languages a bank may pick differently (variants gzip, compression-best-offered,
  // ignores-accept-language): each offer narrows what a conformant answer may report.
  for (const offer of SUBJECT_OFFERS)
    conformanceTest(
      {
        requirementIds: [...NEGOTIATED, 'Headers.optional.accepted'],
        operation: 'ncbct.create',
        title: `ncbct.create: offered only ${offerText(offer)}, the answer reports one of them or none`,
      },
      async ({ s, judge }) => {
        const exchange = await s.call('ncbct.create', { ...(await validRequest('ncbct.create', s)), headers: offer });
        judge(exchange, checkAccepted(exchange, operation('ncbct.create'), 'Headers.optional.accepted'));
      },
    );

  conformanceTest(
    {
      requirementIds: 'Negotiation.accept.unsupported',
      operation: 'basket.get',
      title: 'an Accept the server cannot satisfy gives 406, never a 5xx',
    },
    async ({ s, judge }) => {
      // 406 is a convention: RFC 7231 §5.3.2 also lets a server ignore Accept, so another answer is a SHOULD warning.
      const exchange = await s.call('basket.get', {
        params: { basketId: 'enc!!any==' },
        headers: { Accept: 'application/xml' },
      });
      judge(exchange, [notAServerError(exchange), ...notAcceptableCheck.run({ exchange })]);
    },
  );

  conformanceTest(
    {
      requirementIds: 'Negotiation.acceptLanguage.contentLanguage',
      operation: 'basket.get',
      title: 'an honoured Accept-Language is reported in Content-Language',
    },
    async ({ s, judge }) => {
      const exchange = await s.call('basket.get', {
        params: { basketId: 'enc!!any==' },
        headers: { 'Accept-Language': 'nb-NO, en;q=0.5' },
      });
      judge(exchange, contentLanguageCheck.run({ exchange }));
    },
  );
});
