import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { hangGuard } from '../support/bounds.js';

/**
 * The suites judged against the reference bank: clean, every MUST test passes; with one deliberate fault,
 * the run fails and names the requirement the fault breaks. Each fault run is narrowed with --requirement to
 * the tests that cite the broken rule, so the whole file stays within a few minutes.
 */
describe('psd2-conformance run', () => {
  it(
    'against the clean embedded bank: exit 0, every MUST test passes, at least 150 tests',
    { timeout: hangGuard(200_000) },
    async () => {
      const run = await runCli([]);
      expect(run.stderr.split('\n').filter((l) => l.includes('✗'))).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.summary?.failedRequirements).toEqual([]);
      expect(run.summary?.total).toBeGreaterThanOrEqual(150);
    },
  );

  it(
    'BASE_URL where nothing listens: exit 2 with a one-line reason, quickly',
    { timeout: hangGuard(60_000) },
    async () => {
      const port = await new Promise<number>((resolve) => {
        const server = createServer().listen(0, '127.0.0.1', () => {
          const address = server.address();
          server.close(() => resolve(typeof address === 'object' && address ? address.port : 9));
        });
      });
      const run = await runCli([], { BASE_URL: `http://127.0.0.1:${port}` });
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^psd2-conformance run: cannot reach BASE_URL http:\/\/127\.0\.0\.1:\d+: refused/),
      ]);
      expect(run.seconds).toBeLessThan(hangGuard(30_000) / 1000);
    },
  );

  it('a malformed configuration value: exit 2 naming the variable', { timeout: hangGuard(60_000) }, async () => {
    const run = await runCli([], { HTTP_CONCURRENCY: 'lots' });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('psd2-conformance run: HTTP_CONCURRENCY must be an integer ≥ 1, got "lots"');
  });
});

/** A dozen representative faults, one per area; each run narrowed to the broken rule's tests. */
const REPRESENTATIVE: [fault: string, requirementId: string][] = [
  ['accept-long-creditor-name', 'NCBCT.creditorName.max70'],
  ['ignore-fraction-digits', 'Amount.amount.fractionDigits'],
  ['skip-nok-threshold', 'NCBCT.regulatoryReporting.requiredFromNok100000'],
  ['accept-structured-and-unstructured', 'BULK.entry.remittance.structuredXorUnstructured'],
  ['corporate-without-id-500', 'Errors.corporateWithoutCorporateId.400'],
  ['kid-401', 'Errors.kid.400'],
  ['skip-digest', 'Auth.digest.matchesBody'],
  ['allow-bulk-in-basket', 'Basket.referenceMix.bulk'],
  ['basket-not-worst-case', 'Basket.transactionStatus.worstCase'],
  ['long-psu-message', 'PaymentResponse.psuMessage.max512'],
  ['offset-off-by-one', 'Sandbox.transactions.offset.honoured'],
  ['engagement-loses-roles', 'Sandbox.engagement.roundTrip'],
];

describe('psd2-conformance run against a faulty bank', () => {
  it.each(REPRESENTATIVE)('--fault %s: exit 1, naming %s', { timeout: hangGuard(120_000) }, async (fault, id) => {
    const run = await runCli(['--fault', fault, '--requirement', id]);
    expect(run.code).toBe(1);
    expect(run.summary?.failedRequirements).toContain(id);
  });
});
