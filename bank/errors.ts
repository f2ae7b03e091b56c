import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Faults } from './context.js';
import { localise, type Language } from './language.js';
import type { ErrorForm } from './policy.js';

/** An error answer: status, interface.md's error code, the message in words, the answer's language. */
export interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
  /** Default English. */
  language?: Language;
}

/**
 * interface.md's Error body (or Berlin Group's tppMessages, as the policy's `errorForm` says); a 5xx omits message, as
 * the Errors section allows. `body` replaces it.
 */
export function sendError(
  reply: FastifyReply,
  faults: Faults,
  error: ErrorAnswer & { body?: Record<string, unknown> | undefined; form?: ErrorForm },
): FastifyReply {
  const { body, language = 'en' } = error;
  return reply
    .code(error.status)
    .type(faults.has('text-plain') ? 'text/plain' : 'application/json; charset=utf-8')
    .header('content-language', language)
    .send(body ? JSON.stringify(body) : errorJson(faults, error, error.form));
}

/** The error body in the policy's form: interface.md's Error body, or Berlin Group's `{tppMessages: [...]}`. */
export function errorJson(
  faults: Faults,
  { status, code, message, language = 'en' }: ErrorAnswer,
  form: ErrorForm = 'interface',
): string {
  const listed = faults.has('error-unknown-code') && code === 'FORMAT_ERROR' ? 'INVALID_INPUT' : code;
  const text = status < 500 ? localise(language, code, message) : undefined;
  if (form === 'berlin-group') {
    // interface.md › Shared types: TppMessage text is at most 512 characters.
    const tppMessage = { category: 'ERROR', code: listed, ...(text ? { text: text.slice(0, 512) } : {}) };
    return JSON.stringify({ tppMessages: [tppMessage] });
  }
  const body: Record<string, unknown> = { id: randomUUID(), system: 'psd2-reference-bank', status };
  if (!faults.has('error-without-code')) body.code = listed;
  if (text !== undefined) body.message = text;
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
