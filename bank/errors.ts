import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Faults } from './context.js';
import { localise, type Language } from './language.js';

/** interface.md's Error body; a 5xx omits message, as the Errors section allows. */
export function sendError(
  reply: FastifyReply,
  faults: Faults,
  status: number,
  code: string,
  message: string,
  language: Language = 'en',
  body?: Record<string, unknown>,
): FastifyReply {
  return reply
    .code(status)
    .type(faults.has('text-plain') ? 'text/plain' : 'application/json; charset=utf-8')
    .header('content-language', language)
    .send(body ? JSON.stringify(body) : errorJson(faults, status, code, message, language));
}

export function errorJson(
  faults: Faults,
  status: number,
  code: string,
  message: string,
  language: Language = 'en',
): string {
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
