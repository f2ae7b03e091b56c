import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Faults } from './context.js';
import { localise, type Language } from './language.js';

/** An error answer: status, interface.md's error code, the message in words, the answer's language. */
export interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
  /** Default English. */
  language?: Language;
}

/** interface.md's Error body; a 5xx omits message, as the Errors section allows. `body` replaces the Error body. */
export function sendError(
  reply: FastifyReply,
  faults: Faults,
  error: ErrorAnswer & { body?: Record<string, unknown> | undefined },
): FastifyReply {
  const { body, language = 'en' } = error;
  return reply
    .code(error.status)
    .type(faults.has('text-plain') ? 'text/plain' : 'application/json; charset=utf-8')
    .header('content-language', language)
    .send(body ? JSON.stringify(body) : errorJson(faults, error));
}

export function errorJson(faults: Faults, { status, code, message, language = 'en' }: ErrorAnswer): string {
  const body: Record<string, unknown> = { id: randomUUID(), system: 'psd2-reference-bank', status };
  if (!faults.has('error-without-code'))
    body.code = faults.has('error-unknown-code') && code === 'FORMAT_ERROR' ? 'INVALID_INPUT' : code;
  if (status < 500) body.message = localise(language, code, message);
  return JSON.stringify(body);
}

export class Rejection extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A body other than the Error body (a policy's form for signature failures, bank/responses.ts). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}
