import { signRequest, type SignOptions, type SigningIdentity } from '../../signing/index.js';
import type { HeaderLine } from '../types.js';

/**
 * The request's header lines with Date and X-Request-ID (when absent), Digest (when there is a body and none),
 * TPP-Signature-Certificate and Signature added by the project's signer, exactly as `psd2-conformance sign` and the
 * suites sign. A header sent twice becomes one line joined with ", ", as a bank reads it anyway (RFC 9110 §5.3).
 */
export function signLines(
  request: { method: string; target: string; lines: readonly HeaderLine[]; body: Uint8Array },
  identity: SigningIdentity,
  options: SignOptions = {},
): HeaderLine[] {
  const headers: Record<string, string> = {};
  const spelling = new Map<string, string>();
  for (const [name, value] of request.lines) {
    const key = spelling.get(name.toLowerCase()) ?? name;
    spelling.set(name.toLowerCase(), key);
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  }
  const signed = signRequest(
    {
      method: request.method,
      target: request.target,
      headers,
      ...(request.body.length > 0 ? { body: request.body } : {}),
    },
    identity,
    options,
  );
  return Object.entries(signed);
}
