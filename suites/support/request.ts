import { randomUUID } from 'node:crypto';
import { OPERATIONS, type OperationId, type OperationSpec, type Presence } from '../../spec/index.js';
import { digestHeader } from '../../signing/index.js';
import type { RunContext } from './context.js';

export const operation = (id: OperationId): OperationSpec => OPERATIONS.find((o) => o.id === id) as OperationSpec;

/**
 * The path of an operation, from configuration where interface.md does not show it; ids percent-encoded (they hold `!`
 * and `=`).
 */
export function pathFor(
  ctx: RunContext,
  id: OperationId,
  params: Record<string, string> = {},
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const template = ctx.config.paths[id] ?? operation(id).path;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} of ${id} not given`);
    return encodeURIComponent(value);
  });
  const search = Object.entries(query)
    .filter((e): e is [string, string | number | boolean] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** Required, or of unknown presence: a bank may require it, so a valid request carries it. */
const sent = (presence: Presence): boolean => presence === 'yes' || presence === 'unknown';

/**
 * A valid value for every header the operation requires or may require (and PSU-ID, which is required unless
 * X-PSU-IDENTITY replaces it). Date, Signature and TPP-Signature-Certificate come from the signer, and so does Digest
 * where there is a body; a body-less request whose operation requires Digest (operation 7, "the same as operation 6")
 * carries the Digest of the empty body.
 */
export function baseHeaders(ctx: RunContext, id: OperationId, hasBody: boolean): Record<string, string> {
  const { psu, tpp } = ctx.config;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-ID': randomUUID() };
  if (hasBody) headers['Content-Type'] = 'application/json';
  for (const h of operation(id).headers) {
    if (h.name === 'PSU-ID') headers['PSU-ID'] = psu.id;
    else if (h.name === 'PSU-IP-Address' && h.presence !== 'no') headers['PSU-IP-Address'] = psu.ipAddress;
    else if (h.name === 'TPP-Session-ID' && h.presence !== 'no')
      headers['TPP-Session-ID'] = tpp.sessionId ?? randomUUID();
    else if (h.name === 'TPP-Redirect-URI' && h.presence !== 'no') headers['TPP-Redirect-URI'] = tpp.redirectUri;
    else if (h.name === 'x-accept-fix' && sent(h.presence)) headers['x-accept-fix'] = 'amount-as-string';
    else if (h.name === 'Digest' && !hasBody && sent(h.presence))
      headers.Digest = digestHeader(new Uint8Array(0), ctx.config.signing.digestAlgorithm);
  }
  return headers;
}
