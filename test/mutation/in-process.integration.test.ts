import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDetection } from '../../run-model/budget.js';
import { readTestManifest } from '../../run-model/test-manifest.js';
import { focusOf } from '../../runner/mutation/focus.js';
import { runAllInProcess, runInProcess } from '../../runner/mutation/in-process.js';
import { createSharedVitest, type SharedVitest } from '../../runner/run/run.js';
import { hangGuard } from '../support/bounds.js';

/**
 * The mutation loop's one-process mode: one vitest, the bank started per run with its fault. A faulty run must be
 * detected by the rule the fault breaks, and the clean run after it on the same vitest must pass: nothing of the
 * faulty bank or of the first run's suites (sessions, per-file fixtures) reaches the second.
 */
let shared: SharedVitest;
beforeAll(async () => {
  shared = await createSharedVitest();
});
afterAll(async () => {
  await shared.vitest.close();
});

const options = { seed: 20261122, budgetSeconds: 500, strict: false };

describe('mutation runs in one process, on one vitest', () => {
  it(
    'a run out of budget is INCOMPLETE (exit 3, the reason said); the next test runs on the same vitest',
    async () => {
      const stopped = await runInProcess(shared, { fault: 'kid-401' }, { ...options, budgetSeconds: 1 });
      expect(stopped.exitCode).toBe(3);
      expect(stopped.reason).toMatch(/budget/);
    },
    hangGuard(600_000),
  );

  it(
    'detects a fault by the rule it breaks, then passes the clean bank, on the vitest that replaced it',
    async () => {
      // A stopped run leaves its vitest unfit for the next run: runAllInProcess replaces it, as this does.
      await shared.vitest.close();
      shared = await createSharedVitest();
      const faulty = await runInProcess(shared, { fault: 'kid-401' }, options);
      expect(faulty, faulty.reason).toMatchObject({ fault: 'kid-401', exitCode: 1 });
      expect(faulty.failedRequirements).toContain('Errors.kid.400');
      expect(faulty.failedTests?.length).toBeGreaterThan(0);
      expect(faulty.reason).toBeUndefined();

      const clean = await runInProcess(shared, {}, options);
      expect(clean).toMatchObject({ exitCode: 0, failedRequirements: [], failedTests: [] });
      expect(clean.fault).toBeUndefined();
    },
    hangGuard(1_200_000),
  );

  it(
    "two vitests side by side: runs in the jobs' order; a faulty bank beside a clean run fails nothing",
    async () => {
      const heard: string[] = [];
      const runs = await runAllInProcess([{ fault: 'kid-401' }, {}, { fault: 'accept-long-creditor-name' }], {
        ...options,
        lanes: 2,
        strictFor: () => false,
        each: (job) => heard.push(job.fault ?? 'clean'),
      });
      expect(runs.map((r) => [r.fault, r.exitCode])).toEqual([
        ['kid-401', 1],
        [undefined, 0],
        ['accept-long-creditor-name', 1],
      ]);
      expect(runs[0]?.failedRequirements).toContain('Errors.kid.400');
      expect(runs[1]).toMatchObject({ failedRequirements: [], failedTests: [] });
      expect(heard.toSorted()).toEqual(['accept-long-creditor-name', 'clean', 'kid-401']);
    },
    hangGuard(1_200_000),
  );

  it(
    'a focused fault run registers only its focus, and detects the fault by the rule it breaks',
    async () => {
      const focus = focusOf(readDetection(), readTestManifest() ?? [], 'kid-401', ['Errors.kid.400']);
      expect(focus?.tests.length).toBe(1);
      const run = await runInProcess(shared, { fault: 'kid-401', ...(focus ? { focus } : {}) }, options);
      expect(run, run.reason).toMatchObject({ exitCode: 1, focused: { tests: 1, fellBack: false } });
      expect(run.failedRequirements).toContain('Errors.kid.400');
      expect(run.failedTests).toHaveLength(1);
    },
    hangGuard(600_000),
  );

  it(
    'a focus that settles nothing is followed by every suite, whose verdict stands',
    async () => {
      // A test of the sandbox's transactions sends nothing a wrong kid answer could break.
      const other = (readTestManifest() ?? []).find((t) => t.file.endsWith('sandbox-transactions.suite.ts'));
      expect(other).toBeDefined();
      const focus = {
        tests: [other?.fullName ?? ''],
        files: ['/sandbox-transactions.suite.'],
        breaks: ['Errors.kid.400'],
      };
      const [run] = await runAllInProcess([{ fault: 'kid-401', focus }], { ...options, strictFor: () => false });
      expect(run, run?.reason).toMatchObject({ exitCode: 1, focused: { tests: 1, fellBack: true } });
      expect(run?.failedRequirements).toContain('Errors.kid.400');
      // The failure is of a file the focus did not load: every suite ran.
      expect(run?.failedTests?.length).toBeGreaterThan(0);
      expect(run?.failedTests?.filter((t) => t.startsWith('sandbox-transactions.'))).toEqual([]);
    },
    hangGuard(1_200_000),
  );
});
