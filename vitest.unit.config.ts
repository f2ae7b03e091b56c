import { INTEGRATION, projectTests } from './vitest.shared.js';

// `npm run test:unit`: the fast loop, under two minutes on two cores.
export default projectTests({
  include: ['test/**/*.test.ts'],
  exclude: [INTEGRATION],
  report: 'reports/tests/unit.json',
});
