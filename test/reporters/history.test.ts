import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, appendHistory, slimEntry } from '../../reporters/allure-history.js';
import { earlierDurations } from '../../runner/shards/plan.js';

/** An entry as Allure 3 appends it for a default run: 242 tests, each with its labels (about 330 KB in all). */
function allureEntry(run: number): string {
  const testResults = Object.fromEntries(
    Array.from({ length: 242 }, (_, i) => {
      const historyId = `${String(i).padStart(32, '0')}.d41d8cd98f00b204e9800998ecf8427e`;
      const name = `NCBCT.creditorName.max70 [MUST] NCBCT bodies that break it (case ${i}) are rejected`;
      return [
        historyId,
        {
          id: `${run}-${i}`.padEnd(32, 'x'),
          name,
          fullName: `psd2-conformance:suites/payment-bodies.suite.ts#NCBCT bodies ${name}`,
          environment: 'default',
          status: 'passed',
          start: 1_000 + i,
          stop: 1_500 + i,
          duration: 500,
          labels: ['framework', 'language', 'parentSuite', 'host', 'thread', 'package', 'epic', 'feature', 'story']
            .map((label) => ({ name: label, value: `${label} value of the test, as allure-vitest writes it` }))
            .concat([{ name: 'severity', value: 'critical' }]),
          url: '',
          historyId,
          reportLinks: [],
        },
      ];
    }),
  );
  return JSON.stringify({
    uuid: `run-${run}`,
    name: 'CONFORMANT · psd2-conformance: the embedded reference bank',
    timestamp: run,
    knownTestCaseIds: Object.keys(testResults).map((k) => k.slice(0, 32)),
    testResults,
    metrics: {},
    url: '',
  });
}

/** Allure's own copy of the history after it appended this run's entry. */
function rendered(dir: string, history: string, run: number): { path: string; before: number } {
  const path = join(dir, `rendered-${run}.jsonl`);
  const earlier = (() => {
    try {
      return readFileSync(history, 'utf8');
    } catch {
      return '';
    }
  })();
  writeFileSync(path, `${earlier}${allureEntry(run)}\n`);
  return { path, before: earlier.split('\n').filter(Boolean).length };
}

describe('history.jsonl stays bounded', () => {
  it(`keeps the newest ${HISTORY_LIMIT} runs by default, or as many as --history-limit says`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'psd2-history-'));
    const history = join(dir, 'history.jsonl');
    for (let run = 1; run <= 25; run++) appendHistory(history, rendered(dir, history, run), HISTORY_LIMIT);
    const lines = readFileSync(history, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(20);
    expect((JSON.parse(lines[0] as string) as { uuid: string }).uuid).toBe('run-6');
    expect((JSON.parse(lines.at(-1) as string) as { uuid: string }).uuid).toBe('run-25');
    appendHistory(history, rendered(dir, history, 26), 3);
    expect(readFileSync(history, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('ten default runs leave it under the limit: each run keeps what the trend and shard balancing read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'psd2-history-'));
    const history = join(dir, 'history.jsonl');
    for (let run = 1; run <= 10; run++) appendHistory(history, rendered(dir, history, run), HISTORY_LIMIT);
    const raw = allureEntry(1).length;
    // Ten runs take less room than four of Allure's own entries did.
    expect(statSync(history).size).toBeLessThan(4 * raw);
    const kept = JSON.parse(slimEntry(allureEntry(1))) as { testResults: Record<string, Record<string, unknown>> };
    expect(Object.keys(Object.values(kept.testResults)[0] ?? {}).sort()).toEqual(
      ['duration', 'fullName', 'historyId', 'id', 'start', 'status', 'stop', 'url'].sort(),
    );
  });

  it('a shard still balances by the kept entry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'psd2-history-'));
    writeFileSync(join(dir, 'history.jsonl'), `${slimEntry(allureEntry(1))}\n`);
    const [durations] = await earlierDurations(dir);
    expect(durations?.byTest.size).toBe(242);
    expect(
      durations?.byTest.get(
        'payment-bodies.suite.ts#NCBCT bodies NCBCT.creditorName.max70 [MUST] NCBCT ' +
          'bodies that break it (case 0) are rejected',
      ),
    ).toBe(500);
  });
});
