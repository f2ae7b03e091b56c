import type { CheckResult } from '../../checks/index.js';
import type { Level, OperationId, RequirementId } from '../../spec/index.js';
import type { RecordedExchange } from '../recorded.js';
import type { RequestVerdict } from '../types.js';

/**
 * Whose conformance a rule judges: the TPP's request (the rules `verify` applies) or the bank's answer (the suites'
 * checks). Each party gets its own verdict: a TPP's malformed request is the TPP's finding, never the bank's.
 */
export type Party = 'tpp' | 'bank';
export const PARTIES: readonly Party[] = ['tpp', 'bank'];

/** How the proxy's reports name each party: its user is the TPP, whose requests are "yours". */
export const PARTY_NAMES: Record<Party, { title: string; one: string; noun: string }> = {
  tpp: { title: 'your requests', one: 'your request', noun: 'request' },
  bank: { title: 'the bank', one: 'the bank', noun: 'answer' },
};

/** One broken rule of an exchange, and whose it is: the TPP's request or the bank's answer. */
export interface BrokenRule {
  party: Party;
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
  /**
   * The answer judged with the suites' checks: to a malformed request, only by what interface.md says a bank must
   * answer to it (a refusal); empty when the proxy did not forward the request.
   */
  response: CheckResult[];
  /** Every failed rule of both parties, the request's first, MUST before SHOULD. */
  broken: BrokenRule[];
  /** Whether each party was judged: not a request too large to hold, not the bank when nothing was forwarded. */
  judged: Record<Party, boolean>;
  /** Per party: no MUST rule of its own broken. */
  conforms: Record<Party, boolean>;
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

/** The failed rules of both parties, each once per party, the request's first, MUST before SHOULD within each. */
export function brokenRules(request: RequestVerdict, response: CheckResult[]): BrokenRule[] {
  const out: BrokenRule[] = [];
  const seen = new Set<string>();
  const add = (rule: BrokenRule) => {
    const key = `${rule.party}|${rule.requirementId}|${rule.level}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(rule);
  };
  for (const f of request.findings)
    add({
      party: 'tpp',
      requirementId: f.requirementId,
      level: f.level,
      message: f.message,
      ...(f.cause ? { cause: f.cause } : {}),
    });
  for (const r of response)
    if (!r.ok) add({ party: 'bank', requirementId: r.requirementId, level: r.level, message: r.message });
  const order = (r: BrokenRule) => PARTIES.indexOf(r.party) * 2 + LEVEL_ORDER[r.level];
  return out.sort((a, b) => order(a) - order(b));
}

/** An exchange's name in every report: `#3 POST /v1/… at 2026-11-26T10:00:00.000Z`. */
export const exchangeName = (e: ProxyExchange): string => `#${e.seq} ${e.method} ${e.target} at ${e.startedAt}`;

/** Every party conforms: no MUST rule broken by the TPP's request nor by the bank's answer. */
export const bothConform = (exchange: ProxyExchange): boolean => PARTIES.every((p) => exchange.conforms[p]);

function partyPart(exchange: ProxyExchange, party: Party): string {
  const parts: string[] = [];
  for (const level of ['MUST', 'SHOULD'] as const) {
    const rules = exchange.broken.filter((r) => r.party === party && r.level === level);
    const ids = [...new Set(rules.map((r) => r.requirementId))];
    if (ids.length) parts.push(`${level} ${ids.join(', ')}`);
  }
  const said = parts.join('; ') || (exchange.judged[party] ? '✓' : 'not judged');
  return `${PARTY_NAMES[party].one}: ${said}`;
}

/**
 * The one line the proxy prints per exchange: `✓ POST /v1/… 201 (12 ms)` when neither party broke a rule, else `✗`
 * (a MUST rule broken by either) or `✓` with each party's broken requirement ids apart, MUST apart from SHOULD:
 * `✗ POST /v1/… 400 (9 ms)  your request: MUST Headers.PSU-ID.required · the bank: ✓`.
 */
export function exchangeLine(exchange: ProxyExchange): string {
  const answer = exchange.status ?? exchange.error?.kind ?? 'no answer';
  const head =
    `${bothConform(exchange) ? '✓' : '✗'} ${exchange.method} ` +
    `${exchange.target} ${answer} (${Math.round(exchange.durationMs)} ms)`;
  const quiet = exchange.broken.length === 0 && PARTIES.every((p) => exchange.judged[p]);
  return quiet ? head : `${head}  ${PARTIES.map((p) => partyPart(exchange, p)).join(' · ')}`;
}

/** One party's broken rules with their messages and likely causes, two-space indented. */
export function partyDetails(exchange: ProxyExchange, party: Party): string[] {
  return exchange.broken
    .filter((r) => r.party === party)
    .map(
      (r) =>
        `  ${PARTY_NAMES[party].one}: ${r.level} ${r.requirementId}: ${r.message}` +
        (r.cause ? ` — likely cause: ${r.cause}` : ''),
    );
}

/** Both parties' broken rules and the exchange's notes, for `--verbose` and the reports. */
export function exchangeDetails(exchange: ProxyExchange): string[] {
  return [...PARTIES.flatMap((p) => partyDetails(exchange, p)), ...exchange.notes.map((n) => `  · ${n}`)];
}
