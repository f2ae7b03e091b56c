import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../bank/index.js';
import type { Comparison } from '../../release/compare/compare.js';
import { cli } from '../support/cli.js';

/**
 * `compare` of persistent sandboxes, as bank QA compare the released sandbox with a release candidate: each side's
 * run creates its own set-up data (customers, accounts, named by its run tag) on a bank that keeps everything, and
 * its answers echo that data back. A sandbox against itself differs in nothing; against one with a response fault
 * it differs in the fault's member alone, with the fault's rule named. Against itself, the default selection (two
 * runs of each property), so that every suite's set-up and every message that quotes a request's value is compared;
 * against the fault, SCT creation, whose set-up (sandbox customers, debtor accounts) six fixtures make first.
 */
const SCT = ['--operation', 'sct.create'];

async function compare(
  a: string,
  b: string,
  selection: string[],
): Promise<{ code: number | null; out: string; comparison: Comparison }> {
  const out = mkdtempSync(join(tmpdir(), 'compare-sandbox-'));
  const args = ['compare', '--target', a, '--target', b, '--num-runs', '2', ...selection, '--out', out];
  const run = await cli(args, {}, 400_000);
  const comparison = JSON.parse(readFileSync(join(out, 'compare.json'), 'utf8')) as Comparison;
  return { code: run.code, out: run.stdout, comparison };
}

describe('compare of persistent sandboxes', () => {
  let clean: RunningBank;
  let faulty: RunningBank;
  beforeAll(async () => {
    clean = await startBank({ log: () => {} });
    faulty = await startBank({ log: () => {}, faults: ['status-outside-enum'] });
  });
  afterAll(async () => {
    await clean?.close();
    await faulty?.close();
  });

  it('one sandbox against itself: no difference, exit 0', { timeout: 500_000 }, async () => {
    const { code, out, comparison } = await compare(clean.url, clean.url, []);
    expect(comparison.tests.map((t) => `${t.test}: ${JSON.stringify(t.exchanges[0]?.differences)}`)).toEqual([]);
    expect(comparison.pairs).toBeGreaterThan(300);
    expect(out).toMatch(/no difference: \d+ exchange\(s\) compared, the same answers from A and B/);
    expect(code).toBe(0);
  });

  it(
    'against a sandbox with status-outside-enum: the fault member alone, its rule named, no set-up field',
    { timeout: 500_000 },
    async () => {
      const { code, out, comparison } = await compare(clean.url, faulty.url, SCT);
      expect(code).toBe(1);
      const paths = new Set(
        comparison.tests.flatMap((t) => t.exchanges.flatMap((e) => e.differences)).map((d) => d.path),
      );
      expect([...paths]).toEqual(['/transactionStatus']);
      const sct = comparison.tests.find((t) => t.test.includes('a valid SCT gives 201'));
      expect(sct?.breaks).toEqual({ a: [], b: ['PaymentResponse.transactionStatus.enum'] });
      expect(out).toContain('    value /transactionStatus: A "RCVD", B "RECEIVED"');
      expect(out).toContain('A passed; B failed (breaks PaymentResponse.transactionStatus.enum)');
    },
  );

  it('a target that does not answer is one line and exit 2, before A runs a test', async () => {
    const run = await cli(['compare', '--target', clean.url, '--target', 'http://127.0.0.1:9']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(
      /^psd2-conformance compare: --target B http:\/\/127\.0\.0\.1:9 does not answer: /,
    );
    expect(run.stderr).not.toContain('running the suites');
  });
});
