import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { OPERATIONS, type OperationId, type OperationSpec } from '../spec/index.js';
import { completeSca, createBasket, getBasket, startAuthorisation } from './baskets.js';
import { faultSet, type Faults } from './context.js';
import { Rejection, sendError } from './errors.js';
import { FAULTS } from './faults.js';
import { initiate, paymentStatus, type Created } from './payments.js';
import { checkBody, checkHeaders, checkSignature } from './pipeline.js';
import { addTransactions, createAccount, createAgreement, createCardAccount, createCustomer, createEngagement, getEngagement, listTransactions } from './sandbox.js';
import { BankState } from './state.js';

export interface BankOptions {
  port?: number;
  host?: string;
  faults?: string[];
  /** Let unsigned requests through (a developer exploring with curl); loudly logged by `serve`. */
  allowUnsigned?: boolean;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface RunningBank {
  url: string;
  close(): Promise<void>;
}

interface Call {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
  headers: FastifyRequest['headers'];
  origin: string;
}

type Handler = (call: Call) => Created;

/** fastify's router reads `-` inside a parameter name as a separator: `{payment-product}` becomes `:payment_product`. */
const routeOf = (path: string) => path.replace(/\{([^}]+)\}/g, (_, n: string) => `:${n.replace(/\W/g, '_')}`);
const paramsOf = (op: OperationSpec, raw: Record<string, string>) => Object.fromEntries(op.pathParams.map((p) => [p, raw[p.replace(/\W/g, '_')] ?? '']));
const first = (v: unknown): string | undefined => (Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v));

function handlers(state: BankState, faults: Faults, today: () => string): Record<OperationId, Handler> {
  const body = (c: Call) => (c.body ?? {}) as Record<string, unknown>;
  return {
    'ncbct.create': (c) => initiate(state, faults, 'norwegian-cross-border-credit-transfers', 'single', body(c), c.query, today()),
    'sct.create': (c) => initiate(state, faults, 'sepa-credit-transfers', 'single', body(c), c.query, today()),
    'bulk.create': (c) => initiate(state, faults, 'norwegian-domestic-credit-transfers', 'bulk', body(c), c.query, today()),
    'payment.status': (c) => paymentStatus(state, faults, c.params['payment-product'] ?? '', c.params.paymentId ?? ''),
    'basket.create': (c) => createBasket(state, faults, body(c)),
    'basket.get': (c) => getBasket(state, faults, c.params.basketId ?? ''),
    'basket.startAuthorisation': (c) => startAuthorisation(state, faults, c.params.basketId ?? '', first(c.headers['tpp-redirect-uri']), c.origin),
    'sandbox.customer.create': (c) => createCustomer(state, body(c)),
    'sandbox.account.create': (c) => createAccount(state, body(c)),
    'sandbox.agreement.create': (c) => createAgreement(state, body(c)),
    'sandbox.engagement.create': (c) => createEngagement(state, c.params.mockAgreementId ?? '', body(c)),
    'sandbox.engagement.get': (c) => getEngagement(state, faults, c.params.mockAgreementId ?? '', c.params.mockEngagementId ?? ''),
    'sandbox.cardAccount.create': (c) => createCardAccount(state, faults, body(c)),
    'sandbox.transactions.create': (c) => addTransactions(state, c.params.mockCardAccountId ?? '', c.body),
    'sandbox.cardTransactions.create': (c) => addTransactions(state, c.params.mockCardAccountId ?? '', c.body),
    'sandbox.transactions.list': (c) => listTransactions(state, faults, c.params.mockAccountId ?? '', c.query),
    'sandbox.initialize': () => (state.reset(), { status: 201, body: {} }),
  };
}

/** Content negotiation (group N): JSON is all this bank speaks. */
function acceptsJson(accept: string | undefined): boolean {
  return !accept || /(^|,)\s*(application\/(json|\*)|\*\/\*|application\/[\w.+-]*\+json)/i.test(accept);
}

/** The reference bank: interface.md faithfully, plus the platform's operations, with switchable faults. */
export async function startBank(options: BankOptions = {}): Promise<RunningBank> {
  const unknown = (options.faults ?? []).filter((id) => !FAULTS.some((f) => f.id === id));
  if (unknown.length) throw new Error(`unknown fault(s): ${unknown.join(', ')} (see serve --list-faults)`);
  const faults = faultSet(options.faults ?? []);
  const state = new BankState();
  const today = () => (options.now?.() ?? new Date()).toISOString().slice(0, 10);
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, return503OnClosing: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.setErrorHandler((error: { statusCode?: number; message: string }, _req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    void sendError(reply, faults, status, status === 500 ? 'SYSTEM_ERROR' : 'FORMAT_ERROR', error.message);
  });
  app.setNotFoundHandler((req, reply) => void sendError(reply, faults, 404, 'RESOURCE_UNKNOWN', `no operation ${req.method} ${req.url.split('?')[0]}`));
  const table = handlers(state, faults, today);

  for (const op of OPERATIONS) {
    app.route({
      method: op.method,
      url: routeOf(op.path),
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const params = paramsOf(op, req.params as Record<string, string>);
        if (op.id === 'basket.get' && faults.has('hang-on-unknown-basket') && !state.baskets.has(params.basketId ?? '')) return new Promise<never>(() => undefined);
        try {
          if (!acceptsJson(first(req.headers.accept))) throw new Rejection(406, 'FORMAT_ERROR', 'this bank answers application/json only');
          checkHeaders(op, req.headers, faults);
          const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
          if (!options.allowUnsigned) checkSignature(op.method, req.url, req.headers, raw, faults);
          let body: unknown;
          if (raw && raw.length > 0) {
            try {
              body = JSON.parse(raw.toString('utf8'));
            } catch {
              if (faults.has('invalid-json-500')) throw new Rejection(500, 'SYSTEM_ERROR', '');
              throw new Rejection(400, 'FORMAT_ERROR', 'the body is not JSON');
            }
          } else if (op.method === 'POST' && (op.requestBody || op.createsPayment)) throw new Rejection(400, 'FORMAT_ERROR', 'a body is required');
          checkBody(op, body, faults);
          const query = Object.fromEntries(Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [k, first(v)]));
          const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
          const result = table[op.id]({ params, query, body, headers: req.headers, origin });
          options.log?.(`${req.method} ${req.url} → ${result.status}`);
          return reply.code(result.status).type(faults.has('text-plain') ? 'text/plain' : 'application/json; charset=utf-8').header('content-language', 'en').send(JSON.stringify(result.body));
        } catch (err) {
          if (!(err instanceof Rejection)) throw err;
          options.log?.(`${req.method} ${req.url} → ${err.status} ${err.code}`);
          return sendError(reply, faults, err.status, err.code, err.message);
        }
      },
    });
  }

  app.get('/sca/:basketId/:authorisationId', async (req, reply) => {
    const { basketId, authorisationId } = req.params as Record<string, string>;
    const target = completeSca(state, basketId ?? '', authorisationId ?? '', first((req.query as Record<string, unknown>).result));
    if (!target) return sendError(reply, faults, 404, 'RESOURCE_UNKNOWN', 'no such authorisation');
    return reply.redirect(target, 302);
  });

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { url: `http://${options.host ?? '127.0.0.1'}:${port}`, close: () => app.close() };
}
