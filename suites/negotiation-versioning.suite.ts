import { describe } from 'vitest';
import {
  amountAsStringCheck,
  checkAccepted,
  checkServedOrRefused,
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
import {
  CLASS,
  HEADER_GROUPS,
  NON_JSON_ACCEPT,
  OFFER_CLASS,
  OPERATIONS,
  UNKNOWN_FIX,
  requirement,
  type OperationId,
  type RequirementId,
} from '../spec/index.js';
import { ncbctBody } from './support/bodies.js';
import { SPECIFIED_OPERATIONS, refusedRequest, validRequest } from './operation-requests.js';
import { pickBySeed } from './support/cells.js';
import { sharedDebtor } from './support/fixtures.js';
import { operation } from './support/request.js';
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

/**
 * A valid value of every optional header outside Group N (the PSU's forwarded ones, the TPP's preferences), for the
 * operations that take them. PSU-Corporate-ID is left out: it would make the private PSU a corporate user in the eyes
 * of a bank that remembers (the corporate PSU sends it in headers.suite.ts); X-PSU-IDENTITY too, a secret.
 */
const OPTIONAL_VALUES: Record<string, string> = {
  'TPP-Redirect-Preferred': 'false',
  'PSU-IP-Port': '443',
  'PSU-User-Agent': 'Mozilla/5.0',
  'PSU-Accept': 'application/json',
  'PSU-Accept-Charset': 'utf-8',
  'PSU-Accept-Encoding': 'gzip',
  'PSU-Accept-Language': 'nb-NO',
  'PSU-HTTP-Method': 'POST',
  'PSU-Device-ID': '5b3ab8e8-0fd5-43d2-946e-d75958b172e7',
  'PSU-Geo-Location': 'GEO:59.9139;10.7522',
  'X-PSU-AuthMethod-Preferred': 'BANKID',
  'PSU-Context': 'PRIVATE',
  'TPP-Brand-Logging-Information': 'Brand',
  'Content-Type': 'application/json',
};

/** The optional headers `op` takes, with the values above. */
const optionalHeaders = (op: OperationId): Record<string, string> =>
  Object.fromEntries(
    operation(op)
      .headers.filter((h) => h.presence === 'no' && OPTIONAL_VALUES[h.name] !== undefined)
      .map((h) => [h.name, OPTIONAL_VALUES[h.name] as string]),
  );

/** The classes of Group N offer an operation is sent (spec OFFER_CLASS), each with its headers. */
const offersOf = (op: OperationId): [string, Record<string, string>][] => [
  [OFFER_CLASS.everyOptional, { ...optionalHeaders(op), Accept: '*/*' }],
  [OFFER_CLASS.narrow, NARROW],
  [OFFER_CLASS.rangeWithQ, { Accept: 'application/*;q=0.9, text/html;q=0.5, */*;q=0.1' }],
];

/** A listed member of PSU-Context (PRIVATE), sent by the request with every optional header. */
const optionalMemberCells = (op: OperationId, cls: string) =>
  cls === OFFER_CLASS.everyOptional && 'PSU-Context' in optionalHeaders(op)
    ? [{ requirementId: 'Headers.PSU-Context.enum' as const, label: 'a listed member' }]
    : [];
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
      cells: OPERATIONS.map((o) => ({
        requirementId: 'Versioning.path.v1',
        label: 'its configured path',
        operation: o.id,
      })),
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
      cells: requirement('Sandbox.notInProduction').operations.map((op) => ({
        requirementId: 'Sandbox.notInProduction',
        label: CLASS.situation,
        operation: op,
      })),
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

  // Not a closed list (Versioning 4 names values it does not give): an unknown value, and a near miss of a named one,
  // is ignored or refused, and never breaks the server, on every operation that takes the header. The named values
  // are judged by the x-accept-fix matrix (accept-fix-matrix.suite.ts).
  for (const op of requirement('Versioning.acceptFix.unknown').operations)
    for (const [cls, values] of [
      [UNKNOWN_FIX.unannounced, ['no-such-fix', 'batch-transactions-v2']],
      [UNKNOWN_FIX.nearNamed, ACCEPT_FIX_NEAR_MISSES],
    ] as const)
      conformanceTest(
        {
          requirementIds: 'Versioning.acceptFix.unknown',
          operation: op,
          title: `${op}: x-accept-fix with ${cls} is ignored or rejected with a 4xx, never a 5xx`,
          cells: [{ requirementId: 'Versioning.acceptFix.unknown', label: cls }],
        },
        async ({ s, judge }) => {
          const value = pickBySeed(values, s.ctx.seed);
          const exchange = await s.call(op, { ...(await refusedRequest(op, s)), headers: { 'x-accept-fix': value } });
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

  // Group N on every operation, one request per class of offer (spec OFFER_CLASS): every optional header of the
  // operation's groups with Accept: */*; one alternative of each Group N header, so that the answer has exactly one
  // right choice or none at all, and a server that has none of them may refuse with 406 (RFC 9110 §15.5.7); a media
  // range with q-values. The uniform checks judge each answer against what its request offered (checks/negotiation.ts).
  for (const op of SPECIFIED_OPERATIONS)
    for (const [cls, headers] of offersOf(op))
      conformanceTest(
        {
          requirementIds: [...NEGOTIATED, 'Headers.optional.accepted'],
          operation: op,
          title: `${op}: ${cls} (${offerText(headers)}): the answer reports what was offered${
            cls === OFFER_CLASS.narrow ? ', or is a 406' : ''
          }`,
          cells: [{ requirementId: 'Headers.optional.accepted', label: cls }, ...optionalMemberCells(op, cls)],
        },
        async ({ s, judge }) => {
          const exchange = await s.call(op, { ...(await validRequest(op, s)), headers });
          const judgeBy = cls === OFFER_CLASS.narrow ? checkServedOrRefused : checkAccepted;
          judge(exchange, judgeBy(exchange, operation(op), 'Headers.optional.accepted'));
        },
      );

  // An Accept that offers only types the JSON interface does not have, on every operation: 406 by convention, or
  // JSON anyway (RFC 9110 §12.5.1 lets a server disregard Accept); never a 5xx.
  for (const op of SPECIFIED_OPERATIONS)
    conformanceTest(
      {
        requirementIds: 'Negotiation.accept.unsupported',
        operation: op,
        title: `${op}: an Accept the server cannot satisfy gives 406, or JSON, never a 5xx`,
        cells: [{ requirementId: 'Negotiation.accept.unsupported', label: NON_JSON_ACCEPT }],
      },
      async ({ s, judge }) => {
        const accept = pickBySeed(['application/xml', 'text/csv', 'image/png, text/html;q=0.5'], s.ctx.seed);
        const exchange = await s.call(op, { ...(await refusedRequest(op, s)), headers: { Accept: accept } });
        judge(exchange, [notAServerError(exchange), ...notAcceptableCheck.run({ exchange })]);
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
