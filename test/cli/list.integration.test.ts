import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ListedTest } from '../../runner/run/list.js';
import type { TestOutcome } from '../../run-model/index.js';
import { requirement } from '../../spec/index.js';
import { runCli } from '../suites/run-cli.js';
import { ROOT, cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

const listed = async (...args: string[]): Promise<ListedTest[]> => {
  const { code, stdout, stderr } = await cli(['list', '--json', ...args]);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout) as ListedTest[];
};

describe('psd2-conformance list', () => {
  it(
    '--json lists exactly the tests a default run reports, the skipped one marked, without running any',
    async () => {
      const tests = await listed();
      const run = await runCli([]);
      expect(run.code, run.stderr).toBe(0);
      const outcomes = JSON.parse(readFileSync(join(run.reports, 'outcomes.json'), 'utf8')) as TestOutcome[];
      expect(tests).toHaveLength(outcomes.length);
      expect(tests.length).toBeGreaterThan(200);
      const key = (file: string, name: string) => `${file} › ${name}`;
      expect(tests.map((t) => key(t.file, t.name)).sort()).toEqual(
        outcomes.map((o) => key(relative(ROOT, o.file), o.name.split(' > ').at(-1) as string)).sort(),
      );
      expect(tests.filter((t) => t.skip).length).toBe(outcomes.filter((o) => o.state === 'skipped').length);
    },
    hangGuard(240_000),
  );

  it('--level SHOULD lists only SHOULD tests, each with its ids, operation, title and an existing file', async () => {
    const tests = await listed('--level', 'SHOULD');
    expect(tests.length).toBeGreaterThan(10);
    for (const t of tests) {
      expect(t.level).toBe('SHOULD');
      expect(t.name).toBe(`${t.requirementIds.join(' + ')} [SHOULD] ${t.title}`);
      expect(t.title.length).toBeGreaterThan(10);
      expect(t.operation).toMatch(/^[a-zA-Z.]+$|^cross-cutting$/);
      expect(existsSync(join(ROOT, t.file))).toBe(true);
      for (const id of t.requirementIds) expect(requirement(id).id).toBe(id);
    }
  });

  it('prints one line a test, then the count; --profile production marks what that profile skips', async () => {
    const one = await cli(['list', '--requirement', 'NCBCT.creditorName.max70']);
    expect(one.code).toBe(0);
    const [edge, line, blank, count] = one.stdout.trim().split('\n');
    // The rule's valid edge (the longest names, accepted), then its breakers (one letter over, refused).
    expect(edge).toMatch(
      /^NCBCT\.creditorName\.max70 \+ Payment\.create\.201 {2}MUST {2}ncbct\.create {2}NCBCT bodies on the valid side/,
    );
    expect(line).toMatch(
      new RegExp(
        /^NCBCT\.creditorName\.max70 {2}MUST {2}ncbct\.create {2}NCBCT bodies that break it \(creditorName: one/
          .source + / over, in ASCII letters; .*\) are rejected {2}\(suites\/payment-bodies\.suite\.ts:\d+\)$/.source,
      ),
    );
    expect([blank, count]).toEqual(['', '2 tests']);
    const production = await cli(['list', '--operation', 'sandbox.cardAccount.create', '--profile', 'production']);
    expect(production.code).toBe(0);
    expect(production.stdout).toMatch(/\n(\d+) tests \(0 to run, \1 skipped: not testable here\)\n$/);
    expect(production.stdout).toContain('[skipped: sandbox operation: not run by the production profile]');
  });

  it('refuses what run refuses, in the same line with exit 2', async () => {
    for (const [args, message] of [
      [
        ['--operation', 'ncbct.creat'],
        'unknown --operation ncbct.creat (did you mean ncbct.create?); the ids: `psd2-conformance list --operations`',
      ],
      [['--level', 'MAY'], '--level must be MUST or SHOULD, not "MAY"'],
      [
        ['--grep', '(['],
        '--grep is not a regular expression: Invalid regular expression: /([/: Unterminated character class',
      ],
      [['--shard', '5/4'], '--shard must look like i/n with 1 ≤ i ≤ n, got "5/4"'],
      [['--profile', 'staging'], '--profile must be embedded, sandbox or production, not "staging"'],
    ] as const) {
      const listed = await cli(['list', ...args]);
      expect(listed.code, args.join(' ')).toBe(2);
      expect(listed.stderr.trim()).toBe(`psd2-conformance list: ${message}`);
      // One check of the selection for both commands: run says the same, in the same words.
      const run = await cli(['run', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.trim()).toBe(`psd2-conformance run: ${message}`);
    }
    const none = await cli(['list', '--grep', 'no test is called this']);
    expect(none.code).toBe(2);
    expect(none.stderr.trim()).toMatch(
      /^psd2-conformance list: --grep no test is called this matches no test name; `psd2-conformance list` lists/,
    );
  });

  it(
    '--shard i/n lists the tests run --shard i/n runs, and the shards together list every test once',
    async () => {
      const operation = ['--operation', 'sandbox.cardAccount.create'];
      // A folder of its own inside a fresh one: no earlier run's durations beside it, so both split by count.
      const reports = join(mkdtempSync(join(tmpdir(), 'psd2-list-')), 'shard');
      const shards = await Promise.all(
        ['1/3', '2/3', '3/3'].map((shard) => listed(...operation, '--shard', shard, '--reports', reports)),
      );
      const whole = await listed(...operation);
      const names = (tests: ListedTest[]) => tests.map((t) => `${t.file} › ${t.name}`).sort();
      expect(shards.every((s) => s.length > 0 && s.length < whole.length)).toBe(true);
      expect(names(shards.flat())).toEqual(names(whole));
      const run = await cli(['run', ...operation, '--shard', '2/3', '--reports', reports, '--no-html']);
      expect(run.code, run.stderr).toBe(0);
      const outcomes = JSON.parse(readFileSync(join(reports, 'outcomes.json'), 'utf8')) as TestOutcome[];
      const ran = outcomes.filter((o) => o.meta.operation === 'sandbox.cardAccount.create');
      expect(ran.map((o) => `${relative(ROOT, o.file)} › ${o.name.split(' > ').at(-1)}`).sort()).toEqual(
        names(shards[1] as ListedTest[]),
      );
    },
    hangGuard(240_000),
  );
});
