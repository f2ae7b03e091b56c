import { createClient } from '../../client/index.js';
import type { Config } from '../../config/index.js';
import { UserError } from '../../core/index.js';
import { PROBE_PATH, errorShape, judgeAnswer } from './interface-probe.js';

/**
 * One unsigned request before the suites start, so that a target the run cannot judge ends the run at once with
 * one line (exit 2) instead of hundreds of failed tests: one that does not answer, and one that answers, but not
 * like this interface (an HTML page, a redirect to a login, a 4xx whose JSON is no error body of interface.md or
 * of the Berlin Group: some other API). An empty body, a 5xx or a 2xx leaves the judging to the run.
 */
export async function preflight(baseUrl: string, http: Config['http']): Promise<void> {
  const client = createClient(baseUrl, {
    ...http,
    retryBudgetMs: 0,
    connectTimeoutMs: Math.min(http.connectTimeoutMs, 10_000),
    headersTimeoutMs: Math.min(http.headersTimeoutMs, 15_000),
  });
  try {
    const exchange = await client.send({ method: 'GET', path: PROBE_PATH, headers: { Accept: 'application/json' } });
    if (!exchange.response)
      throw new UserError(
        `cannot reach BASE_URL ${baseUrl}: ` +
          `${exchange.error?.kind ?? 'other'} ` +
          `(${exchange.error?.message ?? 'no response'})`,
      );
    const { status, json } = exchange.response;
    const finding = judgeAnswer(exchange.response, `${baseUrl}${PROBE_PATH}`);
    const otherJson = status >= 400 && status < 500 && json !== undefined && !errorShape(json);
    if (finding.status === 'fail' || otherJson)
      throw new UserError(
        `BASE_URL ${baseUrl} does not look like the PSD2 interface: ` +
          `${finding.text.replace(/^answer: /, '').replace(/: this does not look like the PSD2 interface: /, ': ')}`,
      );
  } finally {
    await client.close();
  }
}
