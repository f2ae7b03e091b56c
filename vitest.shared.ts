import { defineConfig } from 'vitest/config';

/**
 * The project's own tests, in two halves by file name (docs/development.md):
 * - unit: `test/**\/*.test.ts`, everything that does not start a whole conformance run;
 * - integration: `test/**\/*.integration.test.ts`, whole runs of the suites through the CLI, the mutation runner,
 *   long server scenarios.
 * The conformance suites (suites/) judge a bank and run through `psd2-conformance run` with their own config
 * (vitest.conformance.config.ts); they never run here.
 */
export const INTEGRATION = 'test/**/*.integration.test.ts';

export function projectTests(half: {
  include: string[];
  exclude?: string[];
  report: string;
  maxWorkers?: number;
  isolate?: boolean;
}) {
  return defineConfig({
    test: {
      include: half.include,
      exclude: ['**/node_modules/**', ...(half.exclude ?? [])],
      environment: 'node',
      ...(half.maxWorkers ? { maxWorkers: half.maxWorkers } : {}),
      ...(half.isolate === false ? { isolate: false } : {}),
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // ci-summary.mjs reads these files for the closing "N passed, N failed" line.
      reporters: ['default', ['json', { outputFile: half.report }]],
    },
  });
}
