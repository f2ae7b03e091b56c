/**
 * How the policy shapes what the bank sends, after a handler has decided what to say: the form of signature
 * failures, the listed code picked where several fit, link hrefs, members beyond interface.md's, Content-Type and
 * compression.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { OperationSpec } from '../spec/index.js';
import { Rejection } from './errors.js';
import { bestOffered, type Coding } from './negotiation.js';
import type { BankPolicy } from './policy.js';

type Body = Record<string, unknown>;
const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/** interface.md › Shared types: TppMessage text is at most 512 characters. */
const tppMessage = (code: string, text: string) => ({ category: 'ERROR', code, text: text.slice(0, 512) });

/**
 * A signature, Digest or certificate failure (the verifier's 401) in the policy's form. `errorBody` is interface.md's
 * Error body for it; `scaRedirect` the address of the Challenge body's link.
 */
export function authFailure(policy: BankPolicy, err: Rejection, errorBody: () => Body, scaRedirect: string): Rejection {
  const challenge = { _links: { scaRedirect: { href: scaRedirect, verbs: ['GET'] } } };
  const messages = { tppMessages: [tppMessage(err.code, err.message)] };
  switch (policy.authFailure) {
    case 'error-401':
      return err;
    case 'error-400':
      return new Rejection(400, err.code, err.message);
    case 'challenge-401':
      return new Rejection(401, err.code, err.message, challenge);
    case 'tpp-messages-401':
      return new Rejection(401, err.code, err.message, messages);
    case 'error-and-tpp-messages-401':
      return new Rejection(401, err.code, err.message, { ...errorBody(), ...messages });
    case 'error-and-challenge-401':
      return new Rejection(401, err.code, err.message, { ...errorBody(), ...challenge });
  }
}

/**
 * The listed code the bank sends for a rejection: KID errors per policy; the generic policy answers BAD_REQUEST
 * for format problems except on bulk creation, whose 400 interface.md shows as FORMAT_ERROR.
 */
export function policyCode(policy: BankPolicy, op: OperationSpec | undefined, status: number, code: string): string {
  if (code === 'KID_INVALID') return policy.kidErrorCode;
  if (policy.errorCodes === 'generic' && status === 400 && op?.id !== 'bulk.create')
    if (code === 'FORMAT_ERROR' || code === 'EXECUTION_DATE_INVALID') return 'BAD_REQUEST';
  return code;
}

/** The code for a path no route serves: RESOURCE_UNKNOWN, or the generic NOT_FOUND. */
export const unknownRouteCode = (policy: BankPolicy): string =>
  policy.errorCodes === 'generic' ? 'NOT_FOUND' : 'RESOURCE_UNKNOWN';

/** An href as the policy writes it: relative to base_url (as handlers build it), with the base path, or absolute. */
export function hrefFor(policy: BankPolicy, origin: string, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  if (policy.linkStyle === 'prefixed') return `${policy.basePath}${href}`;
  if (policy.linkStyle === 'absolute') return `${origin}${policy.basePath}${href}`;
  return href;
}

/** A copy of a response body with every `_links` href written in the policy's style. */
export function styleLinks(policy: BankPolicy, origin: string, value: unknown): unknown {
  if (policy.linkStyle === 'relative') return value;
  if (Array.isArray(value)) return value.map((item) => styleLinks(policy, origin, item));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => {
      if (key !== '_links' || !isObject(member)) return [key, styleLinks(policy, origin, member)];
      const links = Object.entries(member).map(([name, link]) => [
        name,
        isObject(link) && typeof link.href === 'string' ? { ...link, href: hrefFor(policy, origin, link.href) } : link,
      ]);
      return [key, Object.fromEntries(links)];
    }),
  );
}

/** Members interface.md does not name, on a success body (each element of a list) or an error body. */
export function withExtraMembers(policy: BankPolicy, value: unknown, now: Date): unknown {
  if (!policy.extraResponseMembers) return value;
  if (Array.isArray(value))
    return value.map((item, i) =>
      isObject(item) ? { ...item, entryReference: `E${String(i + 1).padStart(6, '0')}` } : item,
    );
  if (!isObject(value)) return value;
  return { ...value, createdAt: now.toISOString(), bankReference: 'psd2-reference-bank' };
}

const COMPRESS: Record<Coding, (payload: string | Buffer) => Buffer> = {
  br: (payload) => brotliCompressSync(payload),
  gzip: (payload) => gzipSync(payload),
  deflate: (payload) => deflateSync(payload),
};

/**
 * Group N: the coding the policy picks from what Accept-Encoding offers: none, gzip when offered, or the best offered
 * of br, gzip and deflate. `forced`: a coding applied whatever was offered (the compress-unoffered fault).
 */
export function chosenCoding(
  policy: BankPolicy,
  acceptEncoding: string | string[] | undefined,
  forced?: Coding,
): Coding | undefined {
  if (forced) return forced;
  if (policy.compression === 'gzip-when-asked') return bestOffered(acceptEncoding, ['gzip']);
  if (policy.compression === 'best-offered') return bestOffered(acceptEncoding);
  return undefined;
}

/** The bytes to send in a coding, or as they are (an empty body is never encoded). */
export function encodeBody(
  payload: string | Buffer,
  coding: Coding | undefined,
): { payload: string | Buffer; coding: Coding | undefined } {
  if (coding === undefined || payload.length === 0) return { payload, coding: undefined };
  return { payload: COMPRESS[coding](payload), coding };
}
