import { defineConfig } from 'vitest/config';

// The conformance suites. `psd2-conformance run` starts vitest with this file and provides the
// run's context (target, seed, profile …) through `provide`; the suites never read the environment.
export default defineConfig({
  test: {
    include: ['suites/**/*.suite.ts'],
    environment: 'node',
    // Allure labels, parameters and attachments from inside the tests (reporting/allure-labels.ts).
    setupFiles: ['allure-vitest/setup'],
    // Files run in parallel and the tests of a file concurrently: HTTP_CONCURRENCY and HTTP_REQUESTS_PER_SECOND
    // are held for the whole run by the runner's permit service (client/permit-service.ts), not by running one
    // test at a time. Each test sends what its seed and name decide, whatever runs beside it (session.ts scopes).
    fileParallelism: true,
    pool: 'threads',
    maxWorkers: 3,
    maxConcurrency: 16,
    sequence: { shuffle: false, concurrent: true },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
