import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestOutcome } from '../../run-model/index.js';
import { runCli } from './run-cli.js';
import { hangGuard } from '../support/bounds.js';

const outcomes = (reports: string): TestOutcome[] =>
  JSON.parse(readFileSync(join(reports, 'outcomes.json'), 'utf8')) as TestOutcome[];

/**
 * `run --checks` / `--exclude-checks`: only the chosen checks judge; a test none of whose checks is left is not judged.
 */
describe('run --checks and --exclude-checks', () => {
  it(
    '--checks paging: the paging test is judged by paging alone, the others are skipped as not judged',
    {
      timeout: hangGuard(200_000),
    },
    async () => {
      const run = await runCli(['--suite-file', 'sandbox-transactions', '--checks', 'paging', '--num-runs', '2']);
      expect(run.code).toBe(0);
      const byName = outcomes(run.reports);
      const paging = byName.filter((o) => o.meta.requirementIds.includes('Sandbox.transactions.offset.honoured'));
      expect(paging.map((o) => [o.state, o.meta.judged])).toEqual([
        ['passed', ['Sandbox.transactions.offset.honoured']],
      ]);
      const others = byName.filter((o) => !paging.includes(o));
      expect(others.length).toBeGreaterThan(0);
      expect(new Set(others.map((o) => `${o.state}: ${o.meta.notTestable}`))).toEqual(
        new Set(['skipped: not judged: every check of this test is excluded by --checks or --exclude-checks']),
      );
    },
  );

  it(
    '--exclude-checks limit: the test that only limit judges is no longer failed by a bank that ignores limit',
    {
      timeout: hangGuard(200_000),
    },
    async () => {
      const args = ['--suite-file', 'sandbox-transactions', '--fault', 'ignore-limit', '--num-runs', '2'];
      const limitTest = (reports: string) =>
        outcomes(reports).find((o) => o.meta.requirementIds.includes('Sandbox.transactions.limit.honoured'))?.state;
      expect(limitTest((await runCli(args)).reports)).toBe('failed');
      expect(limitTest((await runCli([...args, '--exclude-checks', 'limit'])).reports)).toBe('skipped');
    },
  );
});
