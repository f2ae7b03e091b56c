import type { CheckResult } from '../../checks/index.js';
import type { Level, OperationId, RequirementId } from '../../spec/index.js';
import type { RecordedExchange } from '../recorded.js';
import type { RequestVerdict } from '../types.js';

/** One broken rule of an exchange, and whose it is: the TPP's request or the bank's response. */
export interface BrokenRule {
  side: 'request' | 'response';
  requirementId: RequirementId;
  level: Level;
  message: string;
  cause?: string;
}

/** One exchange the proxy forwarded, judged on both sides. Secrets are masked in every member. */
export interface ProxyExchange {
  /** 1, 2, 3 … in the order requests arrived. */
  seq: number;
  startedAt: string;
  method: string;
  /** Path and query as the client sent them to the proxy. */
  target: string;
  operation?: OperationId;
  status?: number;
  durationMs: number;
  /** The proxy added Date, X-Request-ID, Digest, the certificate and Signature. */
  signed: boolean;
  /** The request as forwarded, ready for `replay` (body cut at 64 KiB in a kept report). */
  recorded: RecordedExchange;
  /** judgeRequest's verdict on the request as forwarded. */
  request: RequestVerdict;
  /** The response judged with the suites' checks; empty when the proxy could not forward the request. */
  response: CheckResult[];
  /** Every failed rule of both sides, MUST first. */
  broken: BrokenRule[];
  /** No MUST rule broken on either side. */
  conforms: boolean;
  responseHeaders?: Record<string, string>;
  /** The response body as text, cut at 64 KiB; absent when it was larger than the proxy's cap. */
  responseBody?: string;
  /** The response body's size in bytes. */
  responseBytes?: number;
  /** Facts worth knowing: a body over the cap, an unspecified operation, the transport error. */
  notes: string[];
  error?: { kind: string; message: string };
}

const LEVEL_ORDER: Record<Level, number> = { MUST: 0, SHOULD: 1 };

/** The failed rules of both sides, each once per side, MUST before SHOULD, the request's first. */
export function brokenRules(request: RequestVerdict, response: CheckResult[]): BrokenRule[] {
  const out: BrokenRule[] = [];
  const seen = new Set<string>();
  const add = (rule: BrokenRule) => {
    const key = `${rule.side}|${rule.requirementId}|${rule.level}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(rule);
  };
  for (const f of request.findings)
    add({
      side: 'request',
      requirementId: f.requirementId,
      level: f.level,
      message: f.message,
      ...(f.cause ? { cause: f.cause } : {}),
    });
  for (const r of response)
    if (!r.ok) add({ side: 'response', requirementId: r.requirementId, level: r.level, message: r.message });
  return out.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
}

function idsOf(rules: BrokenRule[], side: BrokenRule['side']): string {
  const parts: string[] = [];
  for (const level of ['MUST', 'SHOULD'] as const) {
    const ids = [...new Set(rules.filter((r) => r.side === side && r.level === level).map((r) => r.requirementId))];
    if (ids.length) parts.push(`${level} ${ids.join(', ')}`);
  }
  return parts.length ? `${side} ${parts.join('; ')}` : '';
}

/**
 * The one line the proxy prints per exchange: `✓ POST /v1/… 201 (12 ms)`, or `✗` with the broken requirement
 * ids, the request's (the TPP's) apart from the response's (the bank's), MUST apart from SHOULD.
 */
export function exchangeLine(exchange: ProxyExchange): string {
  const answer = exchange.status ?? exchange.error?.kind ?? 'no answer';
  const head =
    `${exchange.conforms ? '✓' : '✗'} ${exchange.method} ` +
    `${exchange.target} ${answer} (${Math.round(exchange.durationMs)} ms)`;
  const ids = [idsOf(exchange.broken, 'request'), idsOf(exchange.broken, 'response')].filter(Boolean).join(' · ');
  return ids ? `${head}  ${ids}` : head;
}

/** The broken rules with their messages and likely causes, two-space indented, for `--verbose` and the reports. */
export function exchangeDetails(exchange: ProxyExchange): string[] {
  return [
    ...exchange.broken.map(
      (r) => `  ${r.side} ${r.level} ${r.requirementId}: ${r.message}${r.cause ? ` — likely cause: ${r.cause}` : ''}`,
    ),
    ...exchange.notes.map((n) => `  · ${n}`),
  ];
}
