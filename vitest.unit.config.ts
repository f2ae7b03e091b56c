import { INTEGRATION, projectTests } from './vitest.shared.js';

// `npm run test:unit`: the fast loop, about a minute on two cores. Two workers, not vitest's default of one on
// a 2-core machine (cores - 1): many of these tests wait on a child process (the CLI), so two overlap well.
// Not isolated: a worker imports the project's modules once for all its files, not once per file (105 s against
// 166 s for the half, 2026-11-27). A test that changes what the modules hold (a registry, process.env, timers)
// puts it back; a shuffled order (`--sequence.shuffle.files`) finds one that does not.
export default projectTests({
  include: ['test/**/*.test.ts'],
  exclude: [INTEGRATION],
  report: 'reports/tests/unit.json',
  maxWorkers: 2,
  isolate: false,
});
