import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../bank/index.js';
import { startGate } from '../hostile/gate.js';
import { runCli } from '../suites/run-cli.js';
import { hangGuard } from '../support/bounds.js';

/**
 * Issues 25 and 34: every request earns its place, and every cell of the test plan is judged. A default run (every
 * suite, the default seed and NUM_RUNS) against the reference bank, behind a proxy that counts what reaches the bank,
 * sends at most 1,200 requests and leaves no reachable cell unjudged; `--max-requests 400` keeps to its budget and
 * says it was budgeted. SCA_DRIVER=embedded: the journeys run as against the embedded bank.
 */
const DEFAULT_RUN_LIMIT = 1200;

let bank: RunningBank;
beforeAll(async () => {
  bank = await startBank();
});
afterAll(async () => {
  await bank.close();
});

async function counted(args: string[]) {
  const gate = await startGate(bank.url);
  try {
    const run = await runCli(args, { BASE_URL: gate.url, SCA_DRIVER: 'embedded' }, hangGuard(400_000));
    return { run, requests: gate.arrivals.length };
  } finally {
    await gate.close();
  }
}

describe('how many requests a run sends', () => {
  it(
    `a default run sends at most ${DEFAULT_RUN_LIMIT} requests, and passes`,
    { timeout: hangGuard(420_000) },
    async () => {
      const { run, requests } = await counted([]);
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      expect(run.stdout).toMatch(/— CONFORMANT: \d+ MUST rules judged/);
      expect(run.stdout).toMatch(/test plan: \d+ cells \(rule × operation × class\): 0 reachable but not judged/);
      expect(requests).toBeGreaterThan(400);
      expect(requests).toBeLessThanOrEqual(DEFAULT_RUN_LIMIT);
    },
  );

  it(
    '--max-requests 400 sends at most 400 and its verdict says it was budgeted',
    { timeout: hangGuard(420_000) },
    async () => {
      const { run, requests } = await counted(['--max-requests', '400']);
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      expect(requests).toBeLessThanOrEqual(400);
      expect(run.stdout).toContain('BUDGETED, NOT A FULL VERDICT');
      expect(run.stdout).not.toMatch(/— CONFORMANT: /);
      expect(run.stdout).toMatch(/rule\(s\) unjudged, counted as untested: \S/);
    },
  );
});
