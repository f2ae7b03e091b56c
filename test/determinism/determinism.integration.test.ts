import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TestOutcome } from '../../run-model/index.js';
import { runCli } from '../suites/run-cli.js';
import { byTest, comparable, readExchanges, type Comparable } from './exchanges.js';
import { hangGuard } from '../support/bounds.js';

/**
 * A fixed seed sends the same requests: two full runs against the embedded bank with one seed, recorded
 * with `run --exchanges`, compared per test (files run in parallel and the tests of a file concurrently, so
 * the order across tests may change between runs; the order within a test, or within a property's run, never may). A
 * third run with another seed must differ, or the comparison proves nothing.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENV = { NUM_RUNS: '5' };

async function recordedRun(seed: number): Promise<{ rows: Comparable[]; code: number | null }> {
  const file = join(mkdtempSync(join(tmpdir(), 'psd2-exchanges-')), 'exchanges.jsonl');
  const run = await runCli(['--seed', String(seed), '--exchanges', file], ENV, hangGuard(200_000));
  return { rows: comparable(readExchanges(file)), code: run.code };
}

const fileOf = (test: string) => test.split(' > ')[0] as string;

describe('determinism', () => {
  it(
    'two runs with the same seed send the same requests, test by test; another seed does not',
    {
      timeout: hangGuard(600_000),
    },
    async () => {
      const a = await recordedRun(7);
      const b = await recordedRun(7);
      const c = await recordedRun(8);
      expect([a.code, b.code, c.code]).toEqual([0, 0, 0]);
      expect(a.rows.length).toBeGreaterThan(300);

      const ta = byTest(a.rows);
      const tb = byTest(b.rows);
      expect([...tb.keys()]).toEqual([...ta.keys()]);
      for (const [test, requests] of ta) expect(tb.get(test), test).toEqual(requests);

      // Every file sent requests from the same tests (they run concurrently: the order among them may differ).
      const testsOf = (rows: Comparable[]) =>
        [...new Set(rows.map((r) => r.test))].sort().reduce<Record<string, string[]>>((m, t) => {
          (m[fileOf(t)] ??= []).push(t);
          return m;
        }, {});
      expect(testsOf(b.rows)).toEqual(testsOf(a.rows));

      // Another seed: generated bodies differ, in the property tests at least.
      const tc = byTest(c.rows);
      const changed = [...ta.keys()].filter((t) => JSON.stringify(ta.get(t)) !== JSON.stringify(tc.get(t)));
      expect(changed.length).toBeGreaterThan(10);
      expect(changed.some((t) => t.includes('payment-bodies.suite.ts'))).toBe(true);
    },
  );

  it(
    'the printed replay line reproduces a property failure: same requirement, same shrunk counterexample',
    {
      timeout: hangGuard(300_000),
    },
    async () => {
      const fault = 'accept-long-creditor-name';
      const first = await runCli(['--fault', fault, '--requirement', 'NCBCT.creditorName.max70']);
      expect(first.code).toBe(1);
      const line = first.stdout.split('\n').find((l) => l.trim().startsWith('replay: npx psd2-conformance run'));
      expect(line, first.stdout).toBeDefined();
      const command = (line as string).trim().slice('replay: '.length);
      expect(command).toContain(`--fault '${fault}'`);
      expect(command).toMatch(/--seed \d+ --replay-path '[\d:]+' --grep /);
      const original = (JSON.parse(readFileSync(join(first.reports, 'outcomes.json'), 'utf8')) as TestOutcome[]).filter(
        (o) => o.state === 'failed',
      );
      expect(original).toHaveLength(1);

      // Run the printed command as a user would paste it into a shell (reports kept apart, no HTML).
      const reports = mkdtempSync(join(tmpdir(), 'psd2-replay-'));
      const code = await new Promise<number | null>((resolve) => {
        execFile(
          'bash',
          ['-c', `${command} --no-html --reports '${reports}'`],
          {
            cwd: ROOT,
            env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
            timeout: hangGuard(200_000),
          },
          (err) => resolve(err ? ((err as { code?: number }).code ?? null) : 0),
        );
      });
      expect(code).toBe(1);
      const replayed = (JSON.parse(readFileSync(join(reports, 'outcomes.json'), 'utf8')) as TestOutcome[]).filter(
        (o) => o.state === 'failed',
      );
      expect(replayed.map((o) => o.name)).toEqual(original.map((o) => o.name));
      expect(replayed[0]?.meta.failedChecks).toEqual(original[0]?.meta.failedChecks);
      expect(replayed[0]?.meta.failedChecks).toContain('NCBCT.creditorName.max70');
      const counterexample = (o: TestOutcome | undefined) => o?.meta.replay?.counterexample;
      expect(counterexample(original[0])).toMatch(/"creditorName"/);
      expect(counterexample(replayed[0])).toBe(counterexample(original[0]));
      // The replay runs the counterexample alone: one property run, not a new search.
      // (After the rules it broke, which every failure's message starts with.)
      expect(replayed[0]?.errors[0]).toMatch(/^(broken: .*\n)+\nproperty failed after 1 run\(s\)/);
    },
  );
});
