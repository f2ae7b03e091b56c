import { AsyncLocalStorage } from 'node:async_hooks';
import {
  createClient,
  keptPermits,
  permitsAt,
  type Exchange,
  type HttpClient,
  type Permits,
} from '../../client/index.js';
import { LOCAL_PERMITS, appendExchange } from '../../run-model/index.js';
import { removeHeader } from '../../core/index.js';
import {
  loadIdentity,
  signOptionsFrom,
  signRequest,
  testIdentity,
  type SignOptions,
  type SigningIdentity,
} from '../../signing/index.js';
import type { OperationId, OperationSpec } from '../../spec/index.js';
import { runContext, type RunContext } from './context.js';
import { baseHeaders, operation, pathFor } from './request.js';
import { rememberOperation } from './exchange-operation.js';

export interface Signed {
  headers: Record<string, string>;
  body?: Uint8Array;
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** Merged over the valid base headers before signing; `undefined` removes a header. */
  headers?: Record<string, string | undefined>;
  /** A JSON value, or `{ raw }` for bytes that are not JSON. */
  body?: unknown;
  raw?: string;
  /** Changes the request after it was signed (tampering). */
  afterSign?: (signed: Signed) => Signed;
  /** Send without Signature, Digest and certificate. */
  unsigned?: boolean;
  /** Signer options for this call (e.g. SHA-512, RFC 2047 wrapping). */
  sign?: SignOptions;
  /**
   * Send to this path (after base_url, query included) instead of the operation's: a link the bank handed out. The
   * operation still gives the method and the headers.
   */
  path?: string;
}

export interface Session {
  ctx: RunContext;
  identity: SigningIdentity;
  call(id: OperationId, options?: CallOptions): Promise<Exchange>;
  /**
   * The recorded exchanges of the current test (its own, whatever runs beside it), for failure messages and reports.
   */
  readonly exchanges: Exchange[];
}

/**
 * Where requests and test data belong while tests run concurrently: the test (its exchanges, for its failure
 * report) and a scope within it with a label and counters of its own. A property's runs each get a scope, so
 * that what a run sends and makes depends on its seed and index alone, never on what ran beside it.
 */
export interface Scope {
  /** `file > describe > test`, then ` > run N` within a property. */
  label: string;
  exchanges: Exchange[];
  /** Position of the next exchange within this scope. */
  seq: number;
  /** Test data made so far within this scope (fixtures.ts). */
  made: number;
}

const scopes = new AsyncLocalStorage<Scope>();
/** Outside any test (a file's setup): one scope for the file. */
const outside: Scope = { label: '(outside a test)', exchanges: [], seq: 0, made: 0 };

export const currentScope = (): Scope => scopes.getStore() ?? outside;

/** Runs fn as a test of its own: its exchanges, counters and data are its own. */
export const inTest = <T>(label: string, fn: () => Promise<T>): Promise<T> =>
  scopes.run({ label, exchanges: [], seq: 0, made: 0 }, fn);

/** Runs fn in a scope within the current test: its own counters and label, the test's exchanges. */
export function inSubScope<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const parent = currentScope();
  return scopes.run({ label: `${parent.label} > ${name}`, exchanges: parent.exchanges, seq: 0, made: 0 }, fn);
}

/** The ledger of a run whose one worker keeps it (LOCAL_PERMITS): every session of the run in this worker shares it. */
function workerPermits(ctx: RunContext): Permits {
  const { concurrency, requestsPerSecond } = ctx.config.http;
  return keptPermits(`${ctx.baseUrl} ${ctx.runTag}`, concurrency, requestsPerSecond);
}

/** A session of its own, signing with `signer` (another TPP's identity) or the configured one. */
export async function openSession(signer?: SigningIdentity): Promise<Session> {
  const ctx = runContext();
  const identity =
    signer ??
    (ctx.config.signing.certificatePath || ctx.config.signing.p12Path
      ? await loadIdentity(ctx.config.signing)
      : await testIdentity({ cacheDir: ctx.config.signing.cacheDir }));
  const client: HttpClient = createClient(ctx.baseUrl, ctx.config.http, {
    ...(ctx.permits ? { permits: ctx.permits === LOCAL_PERMITS ? workerPermits(ctx) : permitsAt(ctx.permits) } : {}),
  });
  const session: Session = {
    ctx,
    identity,
    get exchanges() {
      return currentScope().exchanges;
    },
    async call(id, options = {}) {
      const scope = currentScope();
      // Numbered when sent, not when answered: concurrent answers may come back in any order.
      const seq = scope.seq++;
      const op = operation(id);
      guardProduction(ctx, op);
      const text = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
      const body = text === undefined ? undefined : Buffer.from(text, 'utf8');
      const headers = { ...baseHeaders(ctx, id, body !== undefined) } as Record<string, string | undefined>;
      for (const [name, value] of Object.entries(options.headers ?? {})) {
        removeHeader(headers, name);
        if (value !== undefined) headers[name] = value;
      }
      const plain = Object.fromEntries(
        Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const target = options.path ?? pathFor(ctx, id, options.params, options.query);
      let signed: Signed = options.unsigned
        ? { headers: plain, ...(body !== undefined ? { body } : {}) }
        : {
            headers: signRequest(
              { method: op.method, target, headers: plain, ...(body !== undefined ? { body } : {}) },
              identity,
              { ...signOptionsFrom(ctx.config.signing), ...options.sign },
            ),
            ...(body !== undefined ? { body } : {}),
          };
      if (options.afterSign) signed = options.afterSign(signed);
      const exchange = await client.send({
        method: op.method,
        path: target,
        headers: signed.headers,
        ...(signed.body !== undefined ? { body: signed.body } : {}),
        operation: op.id,
      });
      rememberOperation(exchange, op.id);
      scope.exchanges.push(exchange);
      if (ctx.exchangesPath) appendExchange(ctx.exchangesPath, exchange, { test: scope.label, seq });
      return exchange;
    },
  };
  return session;
}

/**
 * The production profile never sends a sandbox operation, nor creates a payment without --allow-payments,
 * whatever a test needs as data: the test is then not testable against this target.
 */
export class ProductionGuard extends Error {}
function guardProduction(ctx: RunContext, op: OperationSpec): void {
  if (ctx.profile !== 'production') return;
  if (op.sandboxOnly)
    throw new ProductionGuard(`needs the sandbox operation ${op.id}: not sent by the production profile`);
  if (op.createsPayment && !ctx.allowPayments)
    throw new ProductionGuard(
      `needs a payment (${op.id}): the production profile creates none without --allow-payments`,
    );
}

let current: Promise<Session> | undefined;
/** One session per suite file: one connection pool, one signing identity. */
export const session = (): Promise<Session> => (current ??= openSession());
