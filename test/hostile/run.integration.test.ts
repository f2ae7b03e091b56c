import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../suites/run-cli.js';
import { startHostile, type HostileServer, type Hostility } from './servers.js';
import { hangGuard } from '../support/bounds.js';

/**
 * `psd2-conformance run` against servers that misbehave: every run ends within its budget, fails (exit 1; 3 when
 * the budget ran out first, 2 when the target cannot be reached at all) and names the problem. Each run is
 * narrowed to the MUST tests of basket.get (a bare unknown-basket read and two fixture-heavy tests) to keep the file
 * short.
 */
const TIMEOUTS = {
  HTTP_CONNECT_TIMEOUT_MS: '500',
  HTTP_HEADERS_TIMEOUT_MS: '500',
  HTTP_BODY_TIMEOUT_MS: '500',
  HTTP_RETRY_BUDGET_MS: '0',
  NUM_RUNS: '2',
};
const BUDGET = 40;
/** vitest's start-up and the reports, outside the budget's clock, on a busy 2-core machine. */
const MARGIN = 45;
const SLICE = ['--operation', 'basket.get', '--level', 'MUST', '--budget', String(BUDGET)];

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const CASES: [Hostility, RegExp][] = [
  ['hang-before-headers', /headers-timeout/],
  ['hang-mid-body', /body-timeout/],
  ['reset', /\breset\b/],
  ['invalid-json', /response body is not valid JSON/],
  ['huge-body', /too-large.*beyond 5242880 bytes|beyond 5242880 bytes/],
  ['wrong-content-type', /<html>/],
  ['redirect-loop', /got 302|\(302\)/],
  ['trickle', /the server sends too slowly/],
];

describe('psd2-conformance run against a hostile server', () => {
  it.each(CASES)(
    '%s: exit 1 within the budget, the failures name the problem',
    { timeout: (BUDGET + MARGIN + 30) * 1000 },
    async (kind, reason) => {
      server = await startHostile(kind);
      const run = await runCli(SLICE, { BASE_URL: server.url, ...TIMEOUTS }, (BUDGET + MARGIN + 20) * 1000);
      expect(run.seconds).toBeLessThan(BUDGET + MARGIN);
      expect(run.code).toBe(1);
      expect(run.summary?.failed).toBeGreaterThanOrEqual(3);
      expect(run.summary?.failedRequirements).toContain('Basket.get.unknown404');
      expect(run.stdout).toMatch(reason);
      expect(run.stdout + run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
      expect(server.requests.length).toBeGreaterThan(1);
    },
  );

  it(
    'a server that never answers even the preflight: exit 2 with a one-line reason, fast',
    { timeout: hangGuard(90_000) },
    async () => {
      server = await startHostile('hang-before-headers', { hostilePreflight: true });
      const run = await runCli([], { BASE_URL: server.url, ...TIMEOUTS }, hangGuard(80_000));
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^psd2-conformance run: cannot reach BASE_URL http:\/\/127\.0\.0\.1:\d+: headers-timeout/,
        ),
      ]);
      expect(run.seconds).toBeLessThan(hangGuard(30_000) / 1000);
    },
  );

  it(
    'a full run against a trickling server is cut off by --budget: INCOMPLETE (exit 3), says so, ends within ' +
      'budget + margin',
    { timeout: hangGuard(150_000) },
    async () => {
      server = await startHostile('trickle');
      const budget = 15;
      const run = await runCli(
        ['--budget', String(budget)],
        { BASE_URL: server.url, ...TIMEOUTS, HTTP_HEADERS_TIMEOUT_MS: '3000', HTTP_BODY_TIMEOUT_MS: '3000' },
        hangGuard(140_000),
      );
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(`stopping: the time budget of ${budget} s ran out; writing what the run has`);
      expect(run.stderr).toContain(
        `psd2-conformance run: the time budget of ${budget} s ran out before every test ran: INCOMPLETE`,
      );
      expect(run.summary).toMatchObject({ exitCode: 3 });
      expect(run.seconds).toBeLessThan(budget + MARGIN);
    },
  );
});
