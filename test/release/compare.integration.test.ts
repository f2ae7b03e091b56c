import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../release/compare/compare.js';
import { cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

/**
 * The oracle of `compare`: the embedded bank with a response fault against the clean bank names the fault's rule and
 * the member that differs; the bank against itself differs in nothing. One operation keeps each side's run short.
 */
const SELECTION = ['--operation', 'sct.create', '--num-runs', '3'];

async function compare(a: string, b: string): Promise<{ code: number | null; out: string; comparison: Comparison }> {
  const out = mkdtempSync(join(tmpdir(), 'compare-'));
  const run = await cli(['compare', '--target', a, '--target', b, ...SELECTION, '--out', out], {}, hangGuard(300_000));
  const comparison = JSON.parse(readFileSync(join(out, 'compare.json'), 'utf8')) as Comparison;
  return { code: run.code, out: run.stdout, comparison };
}

describe('compare', () => {
  it(
    'the clean bank against one with a response fault: the fault rule, the member, who breaks it',
    { timeout: hangGuard(400_000) },
    async () => {
      const { code, out, comparison } = await compare('embedded', 'embedded:fault=status-outside-enum');
      expect(code).toBe(1);
      const test = comparison.tests.find((t) => t.test.includes('a valid SCT gives 201'));
      expect(test?.breaks).toEqual({ a: [], b: ['PaymentResponse.transactionStatus.enum'] });
      expect(test?.requirements).toContain('PaymentResponse.transactionStatus.enum');
      expect(test?.exchanges[0]?.differences).toEqual([
        { kind: 'value', path: '/transactionStatus', a: '"RCVD"', b: '"RECEIVED"' },
      ]);
      expect(out).toContain('    value /transactionStatus: A "RCVD", B "RECEIVED"');
      expect(out).toContain('A passed; B failed (breaks PaymentResponse.transactionStatus.enum)');
    },
  );

  it('the bank against itself: no difference', { timeout: hangGuard(400_000) }, async () => {
    const { code, out, comparison } = await compare('embedded', 'embedded');
    expect(comparison.tests).toEqual([]);
    expect(comparison.pairs).toBeGreaterThan(50);
    expect(out).toMatch(/no difference: \d+ exchange\(s\) compared, the same answers from A and B/);
    expect(code).toBe(0);
  });

  it('a target it cannot read is one line, exit 2', async () => {
    const run = await cli(['compare', '--target', 'embedded', '--target', 'embedded:fault=no-such-fault']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(/^psd2-conformance compare: unknown fault\(s\): no-such-fault/);
    const once = await cli(['compare', '--target', 'embedded']);
    expect(once.stderr.trim()).toBe('psd2-conformance compare: give --target twice (A, then B), got 1');
  });
});
