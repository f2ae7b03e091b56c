import { createClient } from '../client/index.js';
import type { Config } from '../config/index.js';
import { UserError } from '../core/index.js';

/**
 * One unsigned request before the suites start, so an unreachable target ends the run at once with one
 * line (exit 2) instead of hundreds of failed tests. Any HTTP answer, even 4xx, means the target is there.
 */
export async function preflight(baseUrl: string, http: Config['http']): Promise<void> {
  const client = createClient(baseUrl, {
    ...http,
    retryBudgetMs: 0,
    connectTimeoutMs: Math.min(http.connectTimeoutMs, 10_000),
    headersTimeoutMs: Math.min(http.headersTimeoutMs, 15_000),
  });
  try {
    const exchange = await client.send({
      method: 'GET',
      path: '/v1/signing-baskets/preflight',
      headers: { Accept: 'application/json' },
    });
    if (exchange.error)
      throw new UserError(`cannot reach BASE_URL ${baseUrl}: ${exchange.error.kind} (${exchange.error.message})`);
  } finally {
    await client.close();
  }
}
