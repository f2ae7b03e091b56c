import { defineConfig } from 'vitest/config';

// The conformance suites. `psd2-conformance run` starts vitest with this file and provides the
// run's context (target, seed, profile …) through `provide`; the suites never read the environment.
export default defineConfig({
  test: {
    // .ts in the repository, .js in the installed CLI package (npm run build).
    include: ['suites/**/*.suite.{ts,js}'],
    environment: 'node',
    // Allure labels, parameters and attachments from inside the tests (reporting/allure-labels.ts).
    setupFiles: ['allure-vitest/setup'],
    // Suites share one target; running files one at a time keeps the target's rate limit honest
    // and the order of requests reproducible for a seed.
    fileParallelism: false,
    sequence: { shuffle: false },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
