import { maskHeaderValue } from '../core/index.js';
import type { Exchange } from './types.js';

/** POSIX single quoting: safe for any bytes a shell passes through, including æøå and quotes. */
export const shellQuote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * Secrets and national identity numbers masked. X-PSU-IDENTITY is not signed by the platform's
 * signer, so a replay with the masked value still verifies; the bank may then answer for another PSU.
 */
export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, maskHeaderValue(k, v)]));
}

/** A one-line curl command that sends the recorded request again, byte for byte (masked headers aside). */
export function toCurl(exchange: Exchange): string {
  const { method, url, headers, body } = exchange.request;
  const parts = ['curl', '-sS', '-i', '-X', method, shellQuote(url)];
  for (const [name, value] of Object.entries(maskHeaders(headers))) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (body !== undefined) parts.push('--data-binary', shellQuote(body));
  return parts.join(' ');
}
