import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { OPERATIONS, operation, type OperationId, type OperationSpec } from '../spec/index.js';
import {
  authorisationStatus,
  completeSca,
  createBasket,
  getBasket,
  startAuthorisation,
  startPaymentAuthorisation,
} from './baskets.js';
import { faultSet, type Faults } from './context.js';
import { Rejection, errorJson, sendError } from './errors.js';
import { FAULTS, SLOW_MS } from './faults.js';
import { pickLanguage, type Language } from './language.js';
import { acceptsJson, offersJsonByRangeOnly, unmetOffer } from './negotiation.js';
import {
  findPayment,
  initiate,
  paymentDetail,
  paymentPath,
  deletePayment,
  paymentStatus,
  productNotOffered,
  type Created,
} from './payments.js';
import { checkCorporate, rememberCorporate } from './corporate.js';
import { tppOf } from './ownership.js';
import { normaliseBody, refuseUnknownMembers, tolerated } from './leniency.js';
import { checkBody, checkHeaders, checkSignature, parseJson } from './pipeline.js';
import { DEFAULT_POLICY, type BankPolicy } from './policy.js';
import {
  authFailure,
  chosenCoding,
  encodeBody,
  policyCode,
  styleLinks,
  unknownRouteCode,
  withExtraMembers,
} from './responses.js';
import {
  consentAccounts,
  createAccount,
  createAgreement,
  createCardAccount,
  createCustomer,
  createEngagement,
  getCardAccount,
  getCustomer,
  getEngagement,
} from './sandbox.js';
import { addTransactions, getTransaction, listTransactions } from './sandbox-transactions.js';
import { BankState } from './state.js';
import { variantPolicy } from './variants.js';
import type { FaultId, VariantId } from './ids.generated.js';
import { ACCEPT_FIX_VALUES } from '../spec/index.js';

export interface BankOptions {
  port?: number;
  host?: string;
  faults?: readonly FaultId[];
  /** Conformant variants (bank/variants.ts) switched on; conflicting or unknown ids are refused. */
  variants?: readonly VariantId[];
  /** Policy choices over the variants' (tests of a single choice). */
  policy?: Partial<BankPolicy>;
  /** Let unsigned requests through (a developer exploring with curl); loudly logged by `serve`. */
  allowUnsigned?: boolean;
  now?: () => Date;
  /** One line per request (`serve --verbose`), and a line for every internal error. */
  log?: (line: string) => void;
  /** The delay of the slow-payments fault; SLOW_MS by default. */
  slowMs?: number;
}

export interface RunningBank {
  /** Where the API is: the origin and the policy's base path (`http://127.0.0.1:8417/api-sandbox`). */
  url: string;
  /** The choices this bank makes (defaults and variants merged). */
  policy: BankPolicy;
  close(): Promise<void>;
}

/** Limits on what a client may send: larger bodies get 413, larger header sections 431, each with the Error body. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const HEADER_LIMIT_BYTES = 16 * 1024;

interface Call {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
  headers: FastifyRequest['headers'];
  origin: string;
  /** The TPP the request comes from (bank/ownership.ts): it owns what it creates. */
  tpp: string | undefined;
}

type Handler = (call: Call) => Created;

/**
 * fastify's router reads `-` inside a parameter name as a separator: `{payment-product}` becomes `:payment_product`.
 */
const routeOf = (path: string) => path.replace(/\{([^}]+)\}/g, (_, n: string) => `:${n.replace(/\W/g, '_')}`);
const first = (v: unknown): string | undefined =>
  Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v);
const HOST = /^([\w.-]+|\[[\da-f:.]+\])(:\d{1,5})?$/i;
/**
 * Headers of open presence that policy.openHeaders does not require itself: the signature's own (checkSignature
 * answers their absence with its 401) and PSU-Corporate-ID (corporate users only, as on operation 1).
 */
const OPEN_BUT_CHECKED_ELSEWHERE = ['Signature', 'TPP-Signature-Certificate', 'X-Request-ID', 'PSU-Corporate-ID'];
/** The payment a route's path names, for the TPP that asks. */
const paymentAt = (c: Call) => ({
  product: c.params.payment_product ?? '',
  paymentId: c.params.paymentId ?? '',
  tpp: c.tpp,
});

/** What SCA needs of a call: where the PSU returns to, the bank's origin, the TPP. */
const scaOf = (c: Call) => ({ redirectUri: first(c.headers['tpp-redirect-uri']), origin: c.origin, tpp: c.tpp });

function handlers(state: BankState, faults: Faults, today: () => string): Record<OperationId, Handler> {
  const body = (c: Call) => (c.body ?? {}) as Record<string, unknown>;
  return {
    'ncbct.create': (c) =>
      initiate(state, faults, {
        product: 'norwegian-cross-border-credit-transfers',
        kind: 'single',
        body: body(c),
        query: c.query,
        today: today(),
        sca: scaOf(c),
      }),
    'sct.create': (c) =>
      initiate(state, faults, {
        product: 'sepa-credit-transfers',
        kind: 'single',
        body: body(c),
        query: c.query,
        today: today(),
        sca: scaOf(c),
      }),
    'bulk.create': (c) =>
      initiate(state, faults, {
        product: 'norwegian-domestic-credit-transfers',
        kind: 'bulk',
        body: body(c),
        query: c.query,
        today: today(),
        sca: scaOf(c),
      }),
    'payment.status': (c) => paymentStatus(state, faults, paymentAt(c)),
    'payment.delete': (c) => deletePayment(state, faults, paymentAt(c)),
    'basket.create': (c) => createBasket(state, faults, body(c), scaOf(c)),
    'basket.get': (c) => getBasket(state, faults, c.params.basketId ?? '', c.tpp),
    'basket.startAuthorisation': (c) => startAuthorisation(state, faults, c.params.basketId ?? '', scaOf(c)),
    'sandbox.customer.create': (c) => createCustomer(state, c.body),
    'sandbox.account.create': (c) => createAccount(state, c.body),
    'sandbox.agreement.create': (c) => createAgreement(state, c.body),
    'sandbox.engagement.create': (c) => createEngagement(state, faults, c.params.mockAgreementId ?? '', body(c)),
    'sandbox.engagement.get': (c) =>
      getEngagement(state, faults, c.params.mockAgreementId ?? '', c.params.mockEngagementId ?? ''),
    'sandbox.cardAccount.create': (c) => createCardAccount(state, faults, body(c)),
    'sandbox.transactions.create': (c) => addTransactions(state, c.params.mockCardAccountId ?? '', c.body, today()),
    'sandbox.cardTransactions.create': (c) => addTransactions(state, c.params.mockCardAccountId ?? '', c.body, today()),
    'sandbox.transactions.list': (c) => listTransactions(state, faults, c.params.mockAccountId ?? '', c.query),
    'sandbox.initialize': () => {
      state.reset();
      return { status: 201, body: {} };
    },
  };
}

/**
 * Routes the platform has beside interface.md's operations, so that every link the bank hands out works.
 * Each borrows the header rules of the operation it resembles; none has a request body.
 */
function extraRoutes(
  state: BankState,
  faults: Faults,
): { method: 'GET' | 'POST' | 'DELETE'; url: string; like: OperationId; run: Handler }[] {
  const product = (c: Call) => c.params.payment_product ?? '';
  const paymentOf = (c: Call) => findPayment(state, faults, paymentAt(c));
  // Only a card account's id under card-accounts: an account id there is as unknown as any other.
  const cardAccount = (c: Call) => {
    const id = c.params.mockCardAccountId ?? '';
    if (!state.cardAccounts.has(id)) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no sandbox card account ${id}`);
    return id;
  };
  return [
    ...['payments', 'bulk-payments'].flatMap((kind) => [
      {
        method: 'POST' as const,
        url: `/v1/${kind}/:payment_product`,
        like: 'payment.status' as const,
        run: (c: Call) => productNotOffered(product(c)),
      },
      {
        method: 'GET' as const,
        url: `/v1/${kind}/:payment_product/:paymentId`,
        like: 'payment.status' as const,
        run: (c: Call) => paymentDetail(state, faults, paymentAt(c)),
      },
      {
        method: 'POST' as const,
        url: `/v1/${kind}/:payment_product/:paymentId/authorisations`,
        like: 'basket.startAuthorisation' as const,
        run: (c: Call) => {
          const payment = paymentOf(c);
          return startPaymentAuthorisation(state, faults, { ...scaOf(c), resource: paymentPath(payment), payment });
        },
      },
      {
        method: 'GET' as const,
        url: `/v1/${kind}/:payment_product/:paymentId/authorisations/:authorisationId`,
        like: 'payment.status' as const,
        run: (c: Call) =>
          authorisationStatus(state, faults, {
            resource: paymentPath(paymentOf(c)),
            authorisationId: c.params.authorisationId ?? '',
            tpp: c.tpp,
          }),
      },
    ]),
    {
      method: 'GET',
      url: '/v1/bulk-payments/:payment_product/:paymentId/status',
      like: 'payment.status',
      run: (c) => paymentStatus(state, faults, paymentAt(c)),
    },
    {
      method: 'DELETE',
      url: '/v1/bulk-payments/:payment_product/:paymentId',
      like: 'payment.delete',
      run: (c) => deletePayment(state, faults, paymentAt(c)),
    },
    {
      method: 'GET',
      url: '/v1/signing-baskets/:basketId/authorisations/:authorisationId',
      like: 'basket.get',
      run: (c) =>
        authorisationStatus(state, faults, {
          resource: `/v1/signing-baskets/${encodeURIComponent(c.params.basketId ?? '')}`,
          authorisationId: c.params.authorisationId ?? '',
          tpp: c.tpp,
        }),
    },
    // Bank-only: what a PSU may pick when granting consent (account information is not part of interface.md).
    {
      method: 'GET',
      url: '/v1/sandbox/customers/:customerNumber/consent-accounts',
      like: 'sandbox.transactions.list',
      run: (c) => consentAccounts(state, faults, c.params.customerNumber ?? ''),
    },
    // The targets of the sandbox's own links (customer, card account, transaction self links).
    {
      method: 'GET',
      url: '/v1/sandbox/customers/:customerId',
      like: 'sandbox.transactions.list',
      run: (c) => getCustomer(state, c.params.customerId ?? ''),
    },
    {
      method: 'GET',
      url: '/v1/sandbox/card-accounts/:mockCardAccountId',
      like: 'sandbox.transactions.list',
      run: (c) => getCardAccount(state, faults, c.params.mockCardAccountId ?? ''),
    },
    {
      method: 'GET',
      url: '/v1/sandbox/card-accounts/:mockCardAccountId/transactions',
      like: 'sandbox.transactions.list',
      run: (c) => listTransactions(state, faults, cardAccount(c), c.query),
    },
    {
      method: 'GET',
      url: '/v1/sandbox/card-accounts/:mockCardAccountId/transactions/:transactionId',
      like: 'sandbox.transactions.list',
      run: (c) => getTransaction(state, cardAccount(c), c.params.transactionId ?? ''),
    },
    {
      method: 'GET',
      url: '/v1/sandbox/accounts/:mockAccountId/transactions/:transactionId',
      like: 'sandbox.transactions.list',
      run: (c) => getTransaction(state, c.params.mockAccountId ?? '', c.params.transactionId ?? ''),
    },
  ];
}

/** Answers what node's HTTP parser refuses (oversized header section, malformed request line) with the Error body. */
function clientErrorHandler(faults: Faults, policy: BankPolicy) {
  return (err: Error & { code?: string }, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
    const [status, message] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, `the request header section is larger than ${HEADER_LIMIT_BYTES} bytes`]
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'the request did not arrive in time']
          : [400, 'the request is not well-formed HTTP/1.1'];
    const body = errorJson(faults, { status, code: 'FORMAT_ERROR', message }, policy.errorForm);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ` +
        `application/json${policy.contentTypeCharset ? '; charset=utf-8' : ''}\r\nContent-Language: ` +
        `en\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/** Fastify's compilers, for a route schema: the bank declares none (a route that did would fail at start, here). */
const noRouteSchemas = (): never => {
  throw new Error('the reference bank declares no fastify route schemas: it validates bodies itself');
};

/** The reference bank: interface.md faithfully, plus the platform's operations, with switchable faults. */
export async function startBank(options: BankOptions = {}): Promise<RunningBank> {
  const unknown = (options.faults ?? []).filter((id) => !FAULTS.some((f) => f.id === id));
  if (unknown.length) throw new Error(`unknown fault(s): ${unknown.join(', ')} (see serve --list-faults)`);
  const faults = faultSet(options.faults ?? []);
  const policy: BankPolicy = { ...DEFAULT_POLICY, ...variantPolicy(options.variants ?? []), ...options.policy };
  const clock = () => options.now?.() ?? new Date();
  const state = new BankState(policy, clock);
  const today = () => clock().toISOString().slice(0, 10);
  const base = policy.basePath;
  const log = options.log;
  const timers = new Set<NodeJS.Timeout>();
  const app = Fastify({
    logger: false,
    // The bank reads and judges bodies itself (its pipeline, schemas/): no route declares a fastify schema. Builders
    // of its own keep fastify from loading its ajv and fast-json-stringify compilers, which it would never use: they
    // were 150 ms of a run's start before its first request (2026-11-27, 2 cores).
    schemaController: { compilersFactory: { buildValidator: noRouteSchemas, buildSerializer: noRouteSchemas } },
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: false,
    // Hanging and slow faults keep requests open: a shutdown must not wait for them.
    forceCloseConnections: true,
    requestTimeout: 30_000,
    keepAliveTimeout: policy.keepAliveTimeoutMs,
    http: { maxHeaderSize: HEADER_LIMIT_BYTES },
    clientErrorHandler: clientErrorHandler(faults, policy),
    frameworkErrors: (error, req, reply) => {
      const language = pickLanguage(first(req.headers['accept-language']));
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
        return void sendError(reply, faults, {
          form: policy.errorForm,
          status: 404,
          code: 'RESOURCE_UNKNOWN',
          message: 'a path parameter is longer than any identifier of this bank',
          language,
        });
      return void sendError(reply, faults, {
        form: policy.errorForm,
        status: 400,
        code: 'FORMAT_ERROR',
        message: `the request URL is not valid: ${error.message}`,
        language,
      });
    },
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) log?.(`internal error on ${req.method} ${req.url}: ${error.message}`);
    const message = status === 413 ? `the body is larger than ${BODY_LIMIT_BYTES} bytes` : error.message;
    void sendError(reply, faults, {
      form: policy.errorForm,
      status,
      code: status === 500 ? 'SYSTEM_ERROR' : 'FORMAT_ERROR',
      message,
      language: pickLanguage(first(req.headers['accept-language'])),
    });
  });
  app.setNotFoundHandler(
    (req, reply) =>
      void sendError(reply, faults, {
        form: policy.errorForm,
        status: 404,
        code: unknownRouteCode(policy),
        message: `no operation ${req.method} ${req.url.split('?')[0]}`,
        language: pickLanguage(first(req.headers['accept-language'])),
      }),
  );
  if (log)
    app.addHook('onResponse', async (req, reply) =>
      log(`${req.method} ${req.url} → ${reply.statusCode} (${reply.elapsedTime.toFixed(1)} ms)`),
    );
  // An offer the bank cannot meet, refused when the policy says so: before Accept-Language is ignored below.
  if (policy.unmetOffer === 'refuse-406')
    app.addHook('onRequest', async (req, reply) => {
      const unmet = unmetOffer(req.headers, policy.language === 'ignore' ? ['en'] : ['en', 'nb']);
      if (unmet) return sendError(reply, faults, { status: 406, code: 'FORMAT_ERROR', message: unmet, language: 'en' });
      return undefined;
    });
  // Accept-Language ignored, when the policy says so: every text in English, and no Content-Language claimed.
  if (policy.language === 'ignore')
    app.addHook('onRequest', async (req) => {
      delete req.headers['accept-language'];
    });
  // Content-Type without charset, Content-Language and compression as the policy says, for every answer (errors too).
  app.addHook('onSend', async (req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (!policy.contentTypeCharset && typeof type === 'string' && type.startsWith('application/json'))
      reply.header('content-type', 'application/json');
    if (policy.language === 'ignore') reply.removeHeader('content-language');
    // Node adds `Keep-Alive: timeout=N` to a kept-alive answer only when the answer names no Connection of its own.
    if (!policy.keepAliveHeader && reply.raw.shouldKeepAlive && !reply.hasHeader('connection'))
      reply.header('connection', 'keep-alive');
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const offered = req.headers['accept-encoding'] !== undefined;
    const forced = offered && faults.has('compress-unoffered') ? 'gzip' : undefined;
    const encoded = encodeBody(payload, chosenCoding(policy, req.headers['accept-encoding'], forced));
    if (encoded.coding) reply.header('content-encoding', encoded.coding).header('vary', 'Accept-Encoding');
    return encoded.payload;
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
  });

  /** Headers, signature, body and business rules, in that order; every rejection in the interface's Error body. */
  async function serve(
    op: OperationSpec,
    req: FastifyRequest,
    reply: FastifyReply,
    run: Handler,
  ): Promise<FastifyReply | undefined> {
    const language: Language = pickLanguage(first(req.headers['accept-language']));
    const params = req.params as Record<string, string>;
    if (op.id === 'basket.get' && faults.has('hang-on-unknown-basket') && !state.baskets.has(params.basketId ?? ''))
      return new Promise<never>(() => undefined);
    const host = first(req.headers.host);
    const origin = host && HOST.test(host) ? `http://${host}` : bankOrigin;
    try {
      if (policy.accept === 'strict-406' && !acceptsJson(first(req.headers.accept)))
        throw new Rejection(406, 'FORMAT_ERROR', 'this bank answers application/json only');
      if (faults.has('accept-wildcards-406') && offersJsonByRangeOnly(first(req.headers.accept)))
        throw new Rejection(406, 'FORMAT_ERROR', 'Accept must name application/json');
      rememberCorporate(state, op, req.headers);
      checkHeaders(op, req.headers, faults, policy.corporateUser !== 'customer-type');
      checkPolicyHeaders(op, req);
      const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
      if (!options.allowUnsigned) {
        try {
          checkSignature({ method: op.method, target: req.url, headers: req.headers, body: raw, op }, faults, {
            now: options.now,
            clockSkewSeconds: policy.clockSkewSeconds,
          });
        } catch (err) {
          if (!(err instanceof Rejection) || err.status !== 401) throw err;
          const errorBody = () =>
            JSON.parse(
              errorJson(faults, { status: err.status, code: err.code, message: err.message, language }),
            ) as object;
          throw authFailure(policy, err, () => ({ ...errorBody() }), `${origin}${base}/sca/authenticate`);
        }
      }
      const parsed = raw && raw.length > 0 ? parseJson(raw, faults) : undefined;
      if (parsed === undefined && op.method === 'POST' && (op.requestBody || op.createsPayment))
        throw new Rejection(400, 'FORMAT_ERROR', 'a body is required');
      const body = normaliseBody(op, parsed, policy);
      const isSandboxBban = (bban: string) => policy.mod11 !== 'all' && state.accountByNumber(bban) !== undefined;
      checkBody(op, body, faults, { isSandboxBban, tolerate: (v) => tolerated(policy, body, v) });
      refuseUnknownMembers(op, body, policy);
      checkCorporate(state, faults, op, { headers: req.headers, body });
      const query = Object.fromEntries(
        Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [k, first(v)]),
      );
      // The card-account request is echoed as sent: its letter-case leniency only judged a copy.
      const handed = op.requestBody === 'SandboxCardAccountRequest' ? parsed : body;
      const tpp = options.allowUnsigned ? undefined : tppOf(first(req.headers['tpp-signature-certificate']));
      const result = run({ params, query, body: handed, headers: req.headers, origin, tpp });
      if (op.id === 'basket.startAuthorisation' && faults.has('reset-on-basket-start')) {
        reply.hijack();
        req.raw.socket.destroy();
        return undefined;
      }
      if (op.createsPayment && faults.has('slow-payments')) await delay(options.slowMs ?? SLOW_MS);
      const shaped = withExtraMembers(policy, styleLinks(policy, origin, result.body), clock());
      return reply
        .code(result.status)
        .type(faults.has('text-plain') ? 'text/plain' : 'application/json; charset=utf-8')
        .header('content-language', language)
        .send(JSON.stringify(shaped));
    } catch (err) {
      if (!(err instanceof Rejection)) throw err;
      const code = policyCode(policy, op, err.status, err.code);
      const body =
        err.body ??
        (policy.extraResponseMembers
          ? (withExtraMembers(
              policy,
              JSON.parse(
                errorJson(faults, { status: err.status, code, message: err.message, language }, policy.errorForm),
              ),
              clock(),
            ) as Record<string, unknown>)
          : undefined);
      return sendError(reply, faults, {
        status: err.status,
        code,
        message: err.message,
        language,
        body,
        form: policy.errorForm,
      });
    }
  }

  /**
   * The policy's own header and query rules: known x-accept-fix values only, no query parameter the operation does not
   * take.
   */
  function checkPolicyHeaders(op: OperationSpec, req: FastifyRequest): void {
    const fix = first(req.headers['x-accept-fix']);
    if (policy.acceptFix === 'known-only' && fix !== undefined && op.headers.some((h) => h.name === 'x-accept-fix')) {
      const unknown = fix
        .split(',')
        .map((value) => value.trim())
        .filter((value) => !(ACCEPT_FIX_VALUES as readonly string[]).includes(value));
      if (unknown.length)
        throw new Rejection(400, 'FORMAT_ERROR', `x-accept-fix value(s) not known: ${unknown.join(', ')}`);
    }
    if (policy.openHeaders === 'required') {
      const open = op.headers.find(
        (h) =>
          ((h.presence === 'unknown' && !OPEN_BUT_CHECKED_ELSEWHERE.includes(h.name)) ||
            (h.name === 'Digest' && h.presence === 'yes' && op.method === 'GET')) &&
          first(req.headers[h.name.toLowerCase()]) === undefined,
      );
      if (open) throw new Rejection(400, 'FORMAT_ERROR', `header ${open.name} is required`);
    }
    const onPayment = op.createsPayment || op.id === 'basket.startAuthorisation';
    if (
      policy.acceptFix === 'payment-value-only' &&
      onPayment &&
      fix !== undefined &&
      fix.trim() !== 'amount-as-string'
    )
      throw new Rejection(400, 'FORMAT_ERROR', 'on a payment the x-accept-fix value is amount-as-string');
    if (policy.unknownQueryParameters === 'refuse') {
      const unknown = Object.keys(req.query as object).filter((name) => !op.query.some((q) => q.name === name));
      if (unknown.length)
        throw new Rejection(400, 'FORMAT_ERROR', `query parameter(s) not taken here: ${unknown.join(', ')}`);
    }
  }

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const table = handlers(state, faults, today);
  for (const op of OPERATIONS)
    app.route({
      method: op.method,
      url: `${base}${routeOf(op.path)}`,
      handler: (req, reply) => serve(op, req, reply, table[op.id]),
    });
  for (const extra of extraRoutes(state, faults)) {
    const like = operation(extra.like);
    const spec: OperationSpec = {
      ...like,
      method: extra.method,
      path: extra.url,
      requestBody: undefined,
      createsPayment: false,
    };
    app.route({
      method: extra.method,
      url: `${base}${extra.url}`,
      handler: (req, reply) => serve(spec, req, reply, extra.run),
    });
  }

  // The PSU's browser, not the TPP, follows scaRedirect: no signature here.
  app.get(`${base}/sca/:authorisationId`, async (req, reply) => {
    const { authorisationId } = req.params as Record<string, string>;
    const result = first((req.query as Record<string, unknown>).result);
    const target = completeSca(state, faults, { authorisationId: authorisationId ?? '', result });
    if (!target)
      return sendError(reply, faults, {
        form: policy.errorForm,
        status: 404,
        code: 'RESOURCE_UNKNOWN',
        message: 'no such authorisation',
        language: pickLanguage(first(req.headers['accept-language'])),
      });
    return reply.redirect(target, 302);
  });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const bankOrigin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return { url: `${bankOrigin}${base}`, policy, close: () => app.close() };
}
