import { readFileSync } from 'node:fs';

/** One line of `run --exchanges FILE` (suites/support/session.ts). */
export interface RecordedExchange {
  test: string;
  seq: number;
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  status?: number;
  response?: string;
  error?: string;
}

/** What two runs with one seed must send alike: per test, the sequence of requests. */
export interface Comparable {
  test: string;
  seq: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Values that differ by design on every request; the issue names Date, X-Request-ID and the signature. */
const VOLATILE = new Set(['date', 'x-request-id', 'signature', 'tpp-session-id']);

const CERTIFICATE = 'tpp-signature-certificate';
/**
 * The tampering "certificate swapped for another identity's" generates that identity afresh in every run
 * (signing/tamper.ts): its bytes cannot repeat, so any certificate but the run's own is compared as a label.
 */
const OTHER_CERTIFICATE = "<another identity's certificate>";

/** The run's own signing certificate: the one most requests carry. */
function ownCertificate(exchanges: RecordedExchange[]): string | undefined {
  const counts = new Map<string, number>();
  for (const e of exchanges) {
    const value = Object.entries(e.request.headers).find(([k]) => k.toLowerCase() === CERTIFICATE)?.[1];
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export const readExchanges = (path: string): RecordedExchange[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedExchange);

/** String values of `…Id`/`…id` keys anywhere in a JSON body: the identifiers a server assigned. */
function serverIds(text: string | undefined, into: Map<string, string>): void {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    return;
  }
  const walk = (v: unknown, key?: string): void => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(x, k);
    } else if (typeof v === 'string' && key && /id$/i.test(key) && v.length >= 4 && !into.has(v))
      into.set(v, `<${key} #${into.size}>`);
  };
  walk(json);
}

function substitute(text: string, ids: Map<string, string>): string {
  let out = text;
  for (const [id, placeholder] of ids)
    out = out.replaceAll(id, placeholder).replaceAll(encodeURIComponent(id), placeholder);
  return out;
}

/**
 * The requests of a run as they must repeat for the same seed: the origin (a free port) dropped, the
 * volatile headers dropped, and identifiers the server assigned (a paymentId echoed into a basket) replaced
 * by a name made of the test that first received it and its order there, since the server, not the seed, chose
 * them. Tests run concurrently, so the order across tests is no anchor: the order within one test is. Digest
 * then only differs where such an id is in the body, so it is dropped there and compared everywhere else.
 */
export function comparable(exchanges: RecordedExchange[]): Comparable[] {
  const own = ownCertificate(exchanges);
  const ids = new Map<string, string>();
  const inOrder = [...exchanges].sort((a, b) => a.test.localeCompare(b.test) || a.seq - b.seq);
  const learned = new Map<string, number>();
  for (const e of inOrder) {
    const found = new Map<string, string>();
    serverIds(e.response, found);
    for (const [id, placeholder] of found) {
      if (ids.has(id)) continue;
      const n = learned.get(e.test) ?? 0;
      learned.set(e.test, n + 1);
      ids.set(id, `${placeholder.slice(0, placeholder.indexOf(' #'))} of ${e.test} #${n}>`);
    }
  }
  return exchanges.map((e) => {
    const path = substitute(e.request.url.replace(/^https?:\/\/[^/]+/, ''), ids);
    const body = e.request.body === undefined ? undefined : substitute(e.request.body, ids);
    const headers = Object.fromEntries(
      Object.entries(e.request.headers)
        .filter(([k]) => !VOLATILE.has(k.toLowerCase()) && !(k.toLowerCase() === 'digest' && body !== e.request.body))
        .map(([k, v]) => [k, k.toLowerCase() === CERTIFICATE && v !== own ? OTHER_CERTIFICATE : v]),
    );
    return {
      test: e.test,
      seq: e.seq,
      method: e.request.method,
      path,
      headers,
      ...(body !== undefined ? { body } : {}),
    };
  });
}

/** Requests grouped by test, each test's in the order sent; tests sorted by name (tests run concurrently). */
export function byTest(rows: Comparable[]): Map<string, Comparable[]> {
  const map = new Map<string, Comparable[]>();
  for (const r of rows) map.set(r.test, [...(map.get(r.test) ?? []), r]);
  for (const list of map.values()) list.sort((a, b) => a.seq - b.seq);
  return new Map([...map.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
