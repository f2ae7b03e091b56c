import { defineConfig } from 'vitest/config';
import { hangGuard } from './test/support/bounds.js';

/**
 * The project's own tests, in two halves by file name (docs/development.md):
 * - unit: `test/**\/*.test.ts`, everything that does not start a whole conformance run;
 * - integration: `test/**\/*.integration.test.ts`, whole runs of the suites through the CLI, the mutation runner,
 *   long server scenarios.
 * The conformance suites (suites/) judge a bank and run through `psd2-conformance run` with their own config
 * (vitest.conformance.config.ts); they never run here.
 */
export const INTEGRATION = 'test/**/*.integration.test.ts';

/**
 * Integration files whose assertions hold a wall-clock bound (a run ends within its budget, a signal is obeyed within
 * seconds, no more than N requests in a second) or that load both cores themselves (two vitests side by side). They
 * run one at a time, after the rest, so that no other file's runs slow them down.
 */
export const TIMED = [
  'test/hostile/**/*.integration.test.ts',
  'test/runner/stop.integration.test.ts',
  'test/runner/limits.integration.test.ts',
  'test/mutation/in-process.integration.test.ts',
];

interface Half {
  include: string[];
  exclude?: string[];
  report: string;
  maxWorkers?: number;
  isolate?: boolean;
}

/**
 * A test's and a hook's default time: a hang guard (test/support/bounds.ts), never a judgement of speed. A minute on a
 * quiet machine: the unit tests that named a bound of their own named 30 to 60 s, and take this default now.
 */
const OPTIONS = { environment: 'node', testTimeout: hangGuard(60_000), hookTimeout: hangGuard(60_000) } as const;

export function projectTests(half: Half) {
  return defineConfig({
    test: {
      include: half.include,
      exclude: ['**/node_modules/**', ...(half.exclude ?? [])],
      ...OPTIONS,
      ...(half.maxWorkers ? { maxWorkers: half.maxWorkers } : {}),
      ...(half.isolate === false ? { isolate: false } : {}),
      // ci-summary.mjs reads these files for the closing "N passed, N failed" line.
      reporters: ['default', ['json', { outputFile: half.report }]],
    },
  });
}

/**
 * The integration half in two groups: most files two at a time (each mostly waits on its CLI child, whose start-up
 * is what costs), then the TIMED ones alone.
 */
export function integrationTests(report: string) {
  const group = (name: string, files: { include: string[]; exclude: string[] }, maxWorkers: number, order: number) => ({
    extends: true as const,
    test: {
      name,
      include: files.include,
      exclude: ['**/node_modules/**', ...files.exclude],
      maxWorkers,
      sequence: { groupOrder: order },
    },
  });
  return defineConfig({
    test: {
      ...OPTIONS,
      projects: [
        group('integration', { include: [INTEGRATION], exclude: TIMED }, 2, 0),
        group('timed', { include: TIMED, exclude: [] }, 1, 1),
      ],
      reporters: ['default', ['json', { outputFile: report }]],
    },
  });
}
