import { createClient } from '../../client/index.js';
import { headerValue } from '../../core/index.js';
import type { Exchange } from '../../client/index.js';
import type { Config } from '../../config/index.js';
import { fail, ok, warn, type Finding } from './finding.js';

/** A basket id no bank has: the answer is an error, and its form says whether this is the interface. */
export const PROBE_PATH = '/v1/signing-baskets/doctor-probe';

/** Beyond this the run still works, but a bank with a tighter window than the reference bank's may refuse. */
export const SKEW_WARN_SECONDS = 60;
/** The reference bank's window for Date: beyond it, signed requests are refused as stale or early. */
export const SKEW_FAIL_SECONDS = 300;

const header = headerValue;

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 80)}…` : flat);
};

function duration(seconds: number): string {
  const whole = Math.round(Math.abs(seconds));
  return whole >= 120 ? `${Math.floor(whole / 60)} min ${whole % 60} s` : `${whole} s`;
}

/**
 * The bank's clock from its Date header against this machine's, at the middle of the exchange. Date has a
 * resolution of one second, so a second either way is no skew.
 */
export function judgeClock(date: string | undefined, sentAt: number, receivedAt: number): Finding {
  if (date === undefined) return warn('clock: the bank sends no Date header, so its clock skew is unknown');
  const bank = Date.parse(date);
  if (Number.isNaN(bank)) return warn(`clock: the bank's Date header ${excerpt(date)} is not a date`);
  const local = (sentAt + receivedAt) / 2;
  const skew = Math.abs(bank - local) <= 1000 + (receivedAt - sentAt) / 2 ? 0 : (bank - local) / 1000;
  const side = skew > 0 ? 'ahead of' : 'behind';
  const line = `clock: the bank's Date is ${duration(skew)}${skew ? ` ${side}` : ' from'} this machine's clock`;
  if (Math.abs(skew) > SKEW_FAIL_SECONDS)
    return fail(
      `${line}: beyond ${SKEW_FAIL_SECONDS} s a bank refuses signed requests as stale: set this machine's clock (NTP), or tell the bank its clock is off`,
    );
  if (Math.abs(skew) > SKEW_WARN_SECONDS)
    return warn(`${line}: within the reference bank's ${SKEW_FAIL_SECONDS} s, but a stricter bank may refuse requests`);
  return ok(line);
}

/** interface.md's Error body, Berlin Group tppMessages, or the Challenge body of a 401. */
function errorShape(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const body = json as Record<string, unknown>;
  if (Array.isArray(body.tppMessages)) return 'Berlin Group tppMessages';
  if (typeof body.code === 'string') return `an Error body, code ${body.code}`;
  if (typeof body._links === 'object' && body._links !== null) return 'a Challenge body (_links)';
  return undefined;
}

/**
 * Whether the answer to an unsigned GET of an unknown basket looks like this interface: a 4xx with a JSON
 * error body. An HTML page or another non-JSON answer is some other server (a portal, a gateway's login
 * page, the wrong path prefix), whose run would fail every test for one reason.
 */
export function judgeAnswer(exchange: Required<Pick<Exchange, 'response'>>['response'], url: string): Finding {
  const { status, text, json } = exchange;
  const type = header(exchange.headers, 'content-type') ?? 'no Content-Type';
  const answered = `GET ${url} answered ${status} (${type.split(';')[0]})`;
  const notInterface =
    'this does not look like the PSD2 interface: check BASE_URL (a path prefix such as /api-sandbox?)';
  if (status >= 300 && status < 400)
    return fail(
      `answer: ${answered}, a redirect to ${header(exchange.headers, 'location') ?? '(no Location)'}: ${notInterface}`,
    );
  if (text.trim() === '')
    return warn(`answer: ${answered} with an empty body: cannot tell whether this is the PSD2 interface`);
  if (json === undefined)
    return fail(
      `answer: ${answered} with ${/<html|<!doctype/i.test(text) ? 'an HTML page' : 'a body that is not JSON'} ${excerpt(text)}: ${notInterface}`,
    );
  const shape = errorShape(json);
  if (status >= 400 && status < 500 && shape)
    return ok(`answer: ${answered} with ${shape}: it looks like the PSD2 interface`);
  if (status >= 500) return warn(`answer: ${answered}: a server error for an unknown basket; the run will tell more`);
  if (status < 300)
    return warn(`answer: ${answered}: a basket nobody created was found, unsigned: is this a mock of the interface?`);
  return warn(
    `answer: ${answered} with JSON that is neither interface.md's Error body nor Berlin Group tppMessages ${excerpt(text)}: is BASE_URL the interface itself, not a gateway in front of it?`,
  );
}

/** One unsigned GET of an unknown basket through the suite's own client (timeouts, mTLS, proxy): answer and clock. */
export async function probe(baseUrl: string, http: Config['http']): Promise<Finding[]> {
  const headersTimeoutMs = Math.min(http.headersTimeoutMs, 15_000);
  const client = createClient(baseUrl, {
    ...http,
    retryBudgetMs: 0,
    connectTimeoutMs: Math.min(http.connectTimeoutMs, 10_000),
    headersTimeoutMs,
    bodyTimeoutMs: Math.min(http.bodyTimeoutMs, 15_000),
  });
  try {
    const sentAt = Date.now();
    const exchange = await client.send({ method: 'GET', path: PROBE_PATH, headers: { Accept: 'application/json' } });
    const receivedAt = Date.now();
    const url = `${baseUrl}${PROBE_PATH}`;
    if (!exchange.response) {
      const kind = exchange.error?.kind ?? 'other';
      const why =
        kind === 'headers-timeout'
          ? `no response headers within ${headersTimeoutMs} ms (HTTP_HEADERS_TIMEOUT_MS)`
          : `${kind} (${exchange.error?.message ?? 'no response'})`;
      return [fail(`HTTP: no answer to GET ${url}: ${why}`)];
    }
    return [
      judgeAnswer(exchange.response, url),
      judgeClock(header(exchange.response.headers, 'date'), sentAt, receivedAt),
    ];
  } finally {
    await client.close();
  }
}
