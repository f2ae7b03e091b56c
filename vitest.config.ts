import { defineConfig } from 'vitest/config';

// The project's own tests. The conformance suites (suites/) judge a bank and run
// through `psd2-conformance run` with their own config; they never run here.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/unit/vitest.json' }]],
  },
});
