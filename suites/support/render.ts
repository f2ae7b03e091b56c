import { toCurl, type Exchange } from '../../client/index.js';
import { maskNationalId } from '../../core/index.js';

/** Headers whose values never reach a report. X-PSU-IDENTITY keeps its last two digits. */
const SECRET = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

function maskHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'x-psu-identity') return maskNationalId(value);
  return SECRET.has(lower) ? '***' : value;
}

export function renderRequest(exchange: Exchange): string {
  const { method, url, headers, body } = exchange.request;
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${maskHeader(k, String(v))}`);
  return `${method} ${url}\n${lines.join('\n')}\n\n${body ?? ''}`;
}

export function renderResponse(exchange: Exchange): string {
  if (!exchange.response) return `no response: ${exchange.error?.kind}: ${exchange.error?.message}`;
  const { status, headers, text } = exchange.response;
  const lines = Object.entries(headers).map(
    ([k, v]) => `${k}: ${maskHeader(k, Array.isArray(v) ? v.join(', ') : String(v))}`,
  );
  return `HTTP ${status}\n${lines.join('\n')}\n\n${text}`;
}

export const replayCommand = (exchange: Exchange): string => toCurl(exchange);
