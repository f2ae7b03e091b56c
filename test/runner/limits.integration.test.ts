import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../bank/index.js';
import { mostWithin, startGate } from '../hostile/gate.js';
import { runCli } from '../suites/run-cli.js';
import { hangGuard } from '../support/bounds.js';

/**
 * HTTP_CONCURRENCY and HTTP_REQUESTS_PER_SECOND hold for the whole run: `psd2-conformance run` (vitest workers,
 * files in parallel, tests of a file concurrently, property runs sent together) against a proxy that counts what
 * reaches the bank. The slice (SHOULD tests) spans eight suite files, so several workers send at once.
 */
const SLICE = ['--level', 'SHOULD', '--num-runs', '2', '--seed', '3'];

let bank: RunningBank;
beforeAll(async () => {
  bank = await startBank();
});
afterAll(async () => {
  await bank.close();
});

async function countedRun(env: Record<string, string>, delayMs = 15) {
  const gate = await startGate(bank.url, { delayMs });
  try {
    const run = await runCli(SLICE, { BASE_URL: gate.url, ...env }, hangGuard(150_000));
    return { run, peak: gate.peak, arrivals: gate.arrivals };
  } finally {
    await gate.close();
  }
}

describe('the run keeps its limits across workers', () => {
  it('HTTP_CONCURRENCY=1: never two requests in flight', { timeout: hangGuard(160_000) }, async () => {
    const { run, peak, arrivals } = await countedRun({ HTTP_CONCURRENCY: '1' });
    expect(run.code, run.stderr).toBe(0);
    expect(arrivals.length).toBeGreaterThan(40);
    expect(peak).toBe(1);
  });

  it(
    'HTTP_CONCURRENCY=4: never more than 4 in flight, and 4 are reached',
    { timeout: hangGuard(160_000) },
    async () => {
      const { run, peak, arrivals } = await countedRun({ HTTP_CONCURRENCY: '4' }, 40);
      expect(run.code, run.stderr).toBe(0);
      expect(arrivals.length).toBeGreaterThan(40);
      expect(peak).toBe(4);
    },
  );

  it(
    'HTTP_REQUESTS_PER_SECOND=5: never more than 5 requests in any 1-second window',
    { timeout: hangGuard(160_000) },
    async () => {
      const { run, arrivals } = await countedRun({ HTTP_CONCURRENCY: '4', HTTP_REQUESTS_PER_SECOND: '5' }, 0);
      expect(run.code, run.stderr).toBe(0);
      expect(arrivals.length).toBeGreaterThan(40);
      expect(mostWithin(arrivals, 1000)).toBeLessThanOrEqual(5);
      // And not far below: the limit is a limit, not a crawl.
      expect(mostWithin(arrivals, 1000)).toBeGreaterThanOrEqual(4);
    },
  );
});
