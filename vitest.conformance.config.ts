import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The loader of a suite worker in the repository: the compiled tree's when there is one, else tsx's. */
const suiteLoader = (tree: string | undefined) => (tree ? 'suite-worker-compiled.mjs' : 'suite-worker-loader.mjs');

// The conformance suites. `psd2-conformance run` starts vitest with this file and provides the
// run's context (target, seed, profile …) through `provide`; the suites never read the environment.
export default defineConfig({
  test: {
    // .ts in the repository, .js in the installed CLI package (npm run build).
    include: ['suites/**/*.suite.{ts,js}'],
    environment: 'node',
    // Allure labels, parameters and attachments from inside the tests (suites/support/allure.ts).
    setupFiles: ['allure-vitest/setup'],
    // Files run in parallel and the tests of a file concurrently: HTTP_CONCURRENCY and HTTP_REQUESTS_PER_SECOND
    // are held for the whole run by the runner's permit service (client/permit-service.ts), not by running one
    // test at a time. Each test sends what its seed and name decide, whatever runs beside it (session.ts scopes).
    fileParallelism: true,
    // Workers in processes of their own, not threads of the run's process: the run's largest process held every
    // worker's module graph beside the bank and the reporters (612 MB resident; 364 MB with forks and native imports).
    pool: 'forks',
    // One module graph per worker, not per file: importing the support modules (schemas compiled by ajv …) once a
    // file cost seconds each. The suites keep nothing per module that belongs to a file (fixtures.ts keys by file).
    isolate: false,
    // Node imports the suites itself (tsx's loader for the repository's TypeScript, plain JavaScript once compiled):
    // vite's module runner made the run's process transform every module for the workers (+110 MB resident) and
    // the suites use neither vi.mock nor import.meta.vitest, which are what it is needed for.
    experimental: { viteModuleRunner: false, nodeLoader: false },
    // A worker whose run has ended (a stopped run exits without waiting for workers busy importing) ends with it,
    // rather than living on without a parent. In the repository, the suites come from the CLI's compiled tree when
    // the CLI runs from it (PSD2_CONFORMANCE_TREE, bin/compiled-tree.mjs), else through tsx's loader (bin/ says why).
    execArgv: [
      '--import',
      'data:text/javascript,process.on("disconnect",()=>process.exit(1))',
      ...(import.meta.url.endsWith('.ts')
        ? ['--import', fileURLToPath(new URL(`bin/${suiteLoader(process.env.PSD2_CONFORMANCE_TREE)}`, import.meta.url))]
        : []),
    ],
    maxWorkers: 3,
    maxConcurrency: 16,
    sequence: { shuffle: false, concurrent: true },
    // A test now waits for permits it shares with the whole run (against a slow bank at HTTP_CONCURRENCY=1, a
    // minute can go by in the queue). Every exchange has its own deadline (headers + body timeouts), an operation
    // that stops answering is given up, and the run has --budget: the per-test timeout is only a last resort.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
