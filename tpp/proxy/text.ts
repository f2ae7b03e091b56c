import { PARTY_NAMES, partyDetails, type Party, type ProxyExchange } from './exchange.js';

/** The request as forwarded (secrets masked), as a person reads it. */
export function requestText(e: ProxyExchange): string {
  const { method, url, headers, body } = e.recorded.request;
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${url}\n${lines.join('\n')}\n\n${body ?? ''}`;
}

/** The answer as the client got it, or why there was none. */
export function responseText(e: ProxyExchange): string {
  if (e.status === undefined) return `no response: ${e.error?.kind}: ${e.error?.message}`;
  const headers = Object.entries(e.responseHeaders ?? {}).map(([k, v]) => `${k}: ${v}`);
  const body = e.responseBody ?? `(${e.responseBytes ?? 0} bytes, not kept)`;
  return `HTTP ${e.status}\n${headers.join('\n')}\n\n${body}`;
}

/** One party's state in an exchange, as the reports' test cases (one per exchange and party) carry it. */
export function partyState(e: ProxyExchange, party: Party): 'passed' | 'failed' | 'skipped' {
  if (!e.judged[party]) return 'skipped';
  return e.conforms[party] ? 'passed' : 'failed';
}

/** One party's verdict on an exchange: its broken rules with causes, then the exchange's notes. */
export function partyText(e: ProxyExchange, party: Party): string {
  const head = `${e.method} ${e.target} → ${e.status ?? e.error?.kind ?? 'no answer'}`;
  const rules = partyDetails(e, party);
  const state = partyState(e, party);
  const said = state === 'skipped' ? 'not judged' : rules.length ? '' : `${PARTY_NAMES[party].one}: no rule broken`;
  return [head, ...(said ? [`  ${said}`] : []), ...rules, ...e.notes.map((n) => `  · ${n}`)].join('\n');
}
