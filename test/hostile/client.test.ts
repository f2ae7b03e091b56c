import { afterEach, describe, expect, it } from 'vitest';
import { checkAccepted } from '../../checks/index.js';
import { createClient, type Exchange } from '../../client/index.js';
import { loadConfig } from '../../config/index.js';
import { OPERATIONS } from '../../spec/index.js';
import { hangGuard } from '../support/bounds.js';
import { startHostile, type HostileServer, type Hostility } from './servers.js';

/**
 * The suite's client against each hostile server: it always returns (never hangs, never throws) within
 * the configured timeouts, and the uniform checks turn what it saw into a failed MUST with a reason.
 *
 * A server that never finishes (it hangs, or trickles for 17 minutes) meets short timeouts: the deadline is what the
 * test is about. One that answers, however oddly, meets the configuration's own (seconds), so that a busy machine
 * serving it slowly does not turn its answer into a timeout.
 */
const configured = { ...loadConfig({ env: {}, envFile: false }).http, retryBudgetMs: 0 };
const short = { ...configured, headersTimeoutMs: 400, bodyTimeoutMs: 400 };
const NEVER_FINISHES: Hostility[] = ['hang-before-headers', 'hang-mid-body', 'trickle'];
const timeoutsFor = (kind: Hostility) => (NEVER_FINISHES.includes(kind) ? short : configured);
/**
 * The exchange's deadline is headers + body timeout, and undici checks its timers about once a second; a generous
 * multiple of that (test/support/bounds.ts) is still far below a hang (the trickle takes 17 minutes).
 */
const boundMs = (kind: Hostility) =>
  hangGuard(timeoutsFor(kind).headersTimeoutMs + timeoutsFor(kind).bodyTimeoutMs + 1500);
const ncbct = OPERATIONS.find((o) => o.id === 'ncbct.create');
const post = {
  method: 'POST',
  path: '/v1/payments/norwegian-cross-border-credit-transfers',
  headers: { 'Content-Type': 'application/json' },
  body: '{}',
};

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function exchangeWith(kind: Hostility): Promise<{ exchange: Exchange; ms: number }> {
  server = await startHostile(kind);
  const client = createClient(server.url, timeoutsFor(kind));
  const started = performance.now();
  try {
    return { exchange: await client.send(post), ms: performance.now() - started };
  } finally {
    await client.close();
  }
}

/** What the client reports: the transport error kind, or the status and content type it got. */
const CASES: [Hostility, string, RegExp][] = [
  ['hang-before-headers', 'error headers-timeout', /no HTTP response \(headers-timeout/],
  ['hang-mid-body', 'error body-timeout', /no HTTP response \(body-timeout/],
  ['reset', 'error reset', /no HTTP response \(reset/],
  ['huge-body', 'error too-large', /no HTTP response \(too-large: response body beyond 5242880 bytes \(HTTP 201\)/],
  ['trickle', 'error body-timeout', /the server sends too slowly/],
  ['invalid-json', 'HTTP 201 application/json', /not valid JSON|does not parse|not JSON/i],
  ['wrong-content-type', 'HTTP 201 text/html; charset=utf-8', /text\/html/],
  ['redirect-loop', 'HTTP 302 -', /302/],
];

describe('the client against hostile servers', () => {
  it.each(CASES)(
    '%s: %s, within the timeouts, judged as a failed MUST naming it',
    { timeout: hangGuard(40_000) },
    async (kind, seen, reason) => {
      const { exchange, ms } = await exchangeWith(kind);
      const observed = exchange.error
        ? `error ${exchange.error.kind}`
        : `HTTP ${exchange.response?.status} ${String(exchange.response?.headers['content-type'] ?? '-')}`;
      expect(observed).toBe(seen);
      expect(ms).toBeLessThan(boundMs(kind));
      const failed = checkAccepted(exchange, ncbct!, 'Payment.create.201').filter((r) => !r.ok && r.level === 'MUST');
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.map((r) => r.message).join('\n')).toMatch(reason);
    },
  );

  it('a 50 MB answer is cut off at the response cap: the client holds at most the cap, not 50 MB', async () => {
    const before = process.memoryUsage().arrayBuffers;
    const { exchange } = await exchangeWith('huge-body');
    expect(exchange.response).toBeUndefined();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(40 * 1024 * 1024);
  });
});
