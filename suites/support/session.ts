import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect } from 'vitest';
import { createClient, maskHeaders, type Exchange, type HttpClient } from '../../client/index.js';
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
}

export interface Session {
  ctx: RunContext;
  identity: SigningIdentity;
  call(id: OperationId, options?: CallOptions): Promise<Exchange>;
  /** The recorded exchanges of the current test, for failure messages and reports. */
  exchanges: Exchange[];
}

let current: Promise<Session> | undefined;
/** Position of an exchange within its test: vitest may order files differently between runs, never tests within one. */
const sequence = new Map<string, number>();

/** One JSON line per exchange, with the test that sent it; synchronous so lines keep the order of sending. */
function recordExchange(path: string, exchange: Exchange): void {
  const state = expect.getState();
  const test = `${relative(process.cwd(), state.testPath ?? '')} > ${state.currentTestName ?? '(outside a test)'}`;
  const seq = sequence.get(test) ?? 0;
  sequence.set(test, seq + 1);
  const { request, response, error } = exchange;
  appendFileSync(
    path,
    `${JSON.stringify({ test, seq, request: { ...request, headers: maskHeaders(request.headers) }, sentAt: exchange.timings.startedAt, ...(response ? { status: response.status, response: response.text } : {}), ...(error ? { error: error.kind } : {}) })}\n`,
  );
}

async function open(): Promise<Session> {
  const ctx = runContext();
  const identity =
    ctx.config.signing.certificatePath || ctx.config.signing.p12Path
      ? await loadIdentity(ctx.config.signing)
      : await testIdentity({ cacheDir: ctx.config.signing.cacheDir });
  const client: HttpClient = createClient(ctx.baseUrl, ctx.config.http);
  const session: Session = {
    ctx,
    identity,
    exchanges: [],
    async call(id, options = {}) {
      const op = operation(id);
      guardProduction(ctx, op);
      const text = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
      const body = text === undefined ? undefined : Buffer.from(text, 'utf8');
      const headers = { ...baseHeaders(ctx, id, body !== undefined) } as Record<string, string | undefined>;
      for (const [name, value] of Object.entries(options.headers ?? {})) {
        for (const existing of Object.keys(headers))
          if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
        if (value !== undefined) headers[name] = value;
      }
      const plain = Object.fromEntries(
        Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const target = pathFor(ctx, id, options.params, options.query);
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
      });
      session.exchanges.push(exchange);
      if (ctx.exchangesPath) recordExchange(ctx.exchangesPath, exchange);
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

/** One session per suite file: one connection pool, one signing identity. */
export const session = (): Promise<Session> => (current ??= open());
