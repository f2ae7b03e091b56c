import { INTEGRATION, projectTests } from './vitest.shared.js';

// `npm run test:unit`: the fast loop, under two minutes on two cores. Two workers, not vitest's default of one on
// a 2-core machine (cores - 1): many of these tests wait on a child process (the CLI), so two overlap well.
export default projectTests({
  include: ['test/**/*.test.ts'],
  exclude: [INTEGRATION],
  report: 'reports/tests/unit.json',
  maxWorkers: 2,
});
