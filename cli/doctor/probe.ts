import { createClient } from '../../client/index.js';
import type { Config } from '../../config/index.js';
import { PROBE_PATH, excerpt, header, judgeAnswer } from '../../runner/run/interface-probe.js';
import { fail, ok, warn, type Finding } from './finding.js';

export { PROBE_PATH, judgeAnswer };

/** Beyond this the run still works, but a bank with a tighter window than the reference bank's may refuse. */
export const SKEW_WARN_SECONDS = 60;
/** The reference bank's window for Date: beyond it, signed requests are refused as stale or early. */
export const SKEW_FAIL_SECONDS = 300;

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
      `${line}: beyond ${SKEW_FAIL_SECONDS} s a bank refuses signed requests as stale: ` +
        `set this machine's clock (NTP), or tell the bank its clock is off`,
    );
  if (Math.abs(skew) > SKEW_WARN_SECONDS)
    return warn(`${line}: within the reference bank's ${SKEW_FAIL_SECONDS} s, but a stricter bank may refuse requests`);
  return ok(line);
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
