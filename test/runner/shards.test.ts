import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { earlierDurations, planShard, type CollectedTest } from '../../runner/shards/plan.js';
import { splitHash, splitTests } from '../../runner/shards/split.js';

/** The suite files of a run and how many tests each holds (their sizes today: 232 tests in all). */
const FILES: [string, number][] = [
  ['payment-bodies', 93],
  ['signature-headers', 68],
  ['sandbox-card-accounts', 16],
  ['sandbox-engagements', 12],
  ['negotiation-versioning', 11],
  ['payments', 10],
  ['baskets', 8],
  ['sandbox-transactions', 8],
  ['errors', 6],
];

const TESTS: CollectedTest[] = FILES.flatMap(([file, n]) =>
  Array.from({ length: n }, (_, i) => ({
    key: `${file} > Rule.${file}.${i} [MUST] case ${i}`,
    file: `/repo/suites/${file}.suite.ts`,
    runs: true,
  })),
);
const KEYS = TESTS.map((t) => t.key);
const fileOf = (key: string) => key.split(' > ')[0] as string;

/**
 * Durations shaped like a real run (15 s in all, half of it in the body suite's property tests of 10 to 160 ms;
 * most other tests take a few ms, one in ten up to 1.3 s where it sets something up).
 */
function durations(seed: number): Map<string, number> {
  const ms = fc.sample(fc.integer({ min: 0, max: 1000 }), { seed, numRuns: KEYS.length });
  return new Map(
    KEYS.map((k, i) => {
      const r = ms[i] as number;
      return [k, fileOf(k) === 'payment-bodies' ? 10 + r * 0.15 : r < 900 ? 2 + r / 50 : 300 + (r - 900) * 10];
    }),
  );
}

const within25 = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.every((v) => Math.abs(v - mean) <= mean / 4);
};

describe('splitting tests into shards', () => {
  it.each([2, 3, 4])('by count into %i: sizes within 25 percent of the mean (one apart), every test once', (n) => {
    const shards = splitTests(KEYS, n, { fileOf });
    expect(shards).toHaveLength(n);
    const sizes = shards.map((s) => s.length);
    expect(within25(sizes)).toBe(true);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(shards.flat().sort()).toEqual([...KEYS].sort());
    // A file's tests stay together: n shards cut at most n - 1 files.
    const cut = FILES.filter(([f]) => shards.filter((s) => s.some((k) => fileOf(k) === f)).length > 1);
    expect(cut.length).toBeLessThanOrEqual(n - 1);
  });

  it.each([2, 3, 4])(
    'by durations into %i: time (tests + each file loaded once) within 25 percent of the mean',
    (n) => {
      for (const seed of [1, 2, 3, 4, 5]) {
        const known = durations(seed);
        const fileCostMs = 600;
        const shards = splitTests(KEYS, n, { fileOf, durations: known, fileCostMs });
        expect(shards.flat().sort()).toEqual([...KEYS].sort());
        const time = shards.map(
          (s) => s.reduce((sum, k) => sum + (known.get(k) as number), 0) + new Set(s.map(fileOf)).size * fileCostMs,
        );
        expect(within25(time), `seed ${seed}: ${time.map(Math.round).join(', ')}`).toBe(true);
        // The counts too stay within a fifth of the mean.
        expect(shards.every((s) => Math.abs(s.length - KEYS.length / n) <= KEYS.length / n / 5)).toBe(true);
        // By count, the slowest shard would be no faster.
        const byCount = splitTests(KEYS, n, { fileOf }).map(
          (s) => s.reduce((sum, k) => sum + (known.get(k) as number), 0) + new Set(s.map(fileOf)).size * fileCostMs,
        );
        expect(Math.max(...time)).toBeLessThanOrEqual(Math.max(...byCount));
      }
    },
  );

  it('is deterministic: the same tests in any order and the same durations give the same split', () => {
    const known = durations(7);
    fc.assert(
      fc.property(fc.shuffledSubarray(KEYS, { minLength: KEYS.length }), fc.integer({ min: 2, max: 4 }), (keys, n) => {
        expect(splitTests(keys, n, { fileOf })).toEqual(splitTests(KEYS, n, { fileOf }));
        expect(splitTests(keys, n, { fileOf, durations: known, fileCostMs: 500 })).toEqual(
          splitTests(KEYS, n, { fileOf, durations: known, fileCostMs: 500 }),
        );
      }),
      { numRuns: 20 },
    );
  });

  it('every test lands in exactly one shard, whatever the tests and n', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        (keys, n) => {
          const shards = splitTests(keys, n);
          expect(shards).toHaveLength(n);
          expect(shards.flat().sort()).toEqual([...keys].sort());
        },
      ),
    );
  });

  it('keeps files together when loading them costs most, spreads slow tests bunched in one file', () => {
    // 40 slow tests in one file, 80 fast ones in three others.
    const keys = [
      ...Array.from({ length: 40 }, (_, i) => `slow > t${String(i).padStart(2, '0')}`),
      ...['a', 'b', 'c'].flatMap((f) => Array.from({ length: 27 }, (_, i) => `${f} > t${String(i).padStart(2, '0')}`)),
    ];
    const bunched = new Map(keys.map((k) => [k, fileOf(k) === 'slow' ? 1000 : 5]));
    const spreadOut = splitTests(keys, 4, { fileOf, durations: bunched, fileCostMs: 100 });
    // Ten slow tests in each shard (consecutive cuts would give the slow file to one or two shards).
    expect(spreadOut.map((s) => s.filter((k) => fileOf(k) === 'slow').length)).toEqual([10, 10, 10, 10]);
    const even = new Map(keys.map((k) => [k, 20]));
    const together = splitTests(keys, 4, { fileOf, durations: even, fileCostMs: 2000 });
    expect(together.map((s) => new Set(s.map(fileOf)).size).reduce((a, b) => a + b)).toBeLessThanOrEqual(4 + 3);
  });

  it('durations of fewer than half of the tests are not used: the split is by count', () => {
    const few = new Map([...durations(1)].slice(0, 100));
    expect(splitTests(KEYS, 4, { fileOf, durations: few })).toEqual(splitTests(KEYS, 4, { fileOf }));
    expect(splitHash(splitTests(KEYS, 4, { fileOf, durations: durations(1) }))).not.toBe(
      splitHash(splitTests(KEYS, 4, { fileOf })),
    );
  });
});

describe('a shard of a run', () => {
  it('skipped tests are split beside the ones that run: each shard runs its share and shows its share skipped', () => {
    const tests = TESTS.map((t, i) => ({ ...t, runs: i % 3 !== 0 }));
    const plans = [1, 2, 3, 4].map((index) => planShard({ index, count: 4 }, tests));
    const running = (keys: string[]) => keys.filter((k) => tests.find((t) => t.key === k)?.runs).length;
    expect(within25(plans.map((p) => running(p.record.tests)))).toBe(true);
    expect(within25(plans.map((p) => p.record.tests.length))).toBe(true);
    expect(plans.flatMap((p) => p.record.tests).sort()).toEqual([...KEYS].sort());
    expect(new Set(plans.map((p) => p.record.split)).size).toBe(1);
    for (const p of plans) {
      expect(p.record).toMatchObject({ count: 4, total: KEYS.length, balancedBy: 'test count' });
      // Only the files that hold the shard's tests are loaded.
      expect(p.files).toEqual([...new Set(p.record.tests.map((k) => `/repo/suites/${fileOf(k)}.suite.ts`))].sort());
    }
  });

  it(
    "reads an earlier run's durations from history.jsonl (the latest line), " +
      "or a whole run's outcomes.json, in the folder or its parent",
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'psd2-durations-'));
      const shardDir = join(root, 'shard-2');
      mkdirSync(shardDir);
      expect(await earlierDurations(shardDir)).toEqual([]);
      const result = (t: CollectedTest, duration: number, start: number) => ({
        fullName: `psd2-conformance:suites/${fileOf(t.key)}.suite.ts#${t.key.split(' > ').join(' ')}`,
        status: 'passed',
        duration,
        start,
        stop: start + duration,
      });
      const old = { testResults: { a: result(TESTS[0] as CollectedTest, 1, 0) } };
      // Ten tests of 0.1 s from two files in a 2.5 s span: 1.5 s outside the tests, 0.75 s for each file.
      const latest = {
        testResults: Object.fromEntries(
          TESTS.slice(90, 100).map((t, i) => [`h${i}`, result(t, 100, i < 5 ? 1000 + i * 100 : 2500 + i * 100)]),
        ),
      };
      writeFileSync(join(root, 'history.jsonl'), `${JSON.stringify(old)}\n${JSON.stringify(latest)}\n`);
      const [found] = await earlierDurations(shardDir);
      expect(found?.source).toBe(join(root, 'history.jsonl'));
      expect(found?.byTest.size).toBe(10);
      expect(found?.fileCostMs).toBe(750);
      expect(
        found?.byTest.get(`payment-bodies.suite.ts#${(TESTS[90] as CollectedTest).key.split(' > ').join(' ')}`),
      ).toBe(100);
      // A shard's own outcomes.json (a share of the tests) is not used; a whole run's is, before the parent's history.
      const outcomes = TESTS.map((t, i) => ({ name: t.key, file: t.file, state: 'passed', durationMs: i }));
      writeFileSync(join(shardDir, 'outcomes.json'), JSON.stringify(outcomes));
      writeFileSync(join(shardDir, 'summary.json'), JSON.stringify({ shard: { index: 2, count: 4 } }));
      expect((await earlierDurations(shardDir)).map((d) => d.source)).toEqual([join(root, 'history.jsonl')]);
      writeFileSync(join(shardDir, 'summary.json'), JSON.stringify({ total: 232 }));
      const both = await earlierDurations(shardDir);
      expect(both.map((d) => d.source)).toEqual([join(shardDir, 'outcomes.json'), join(root, 'history.jsonl')]);
      expect(both[0]?.byTest.size).toBe(KEYS.length);
      // The first source that knows at least half of the tests balances the plan, which says so.
      const plan = planShard({ index: 1, count: 4 }, TESTS, both);
      expect(plan.record.balancedBy).toBe(`durations in ${join(shardDir, 'outcomes.json')}`);
      // The history knows 10 of 232 tests: alone, it is not used.
      expect(planShard({ index: 1, count: 4 }, TESTS, both.slice(1)).record.balancedBy).toBe('test count');
    },
  );
});
