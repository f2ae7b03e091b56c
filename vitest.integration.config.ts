import { INTEGRATION, projectTests } from './vitest.shared.js';

// `npm run test:integration`: whole conformance runs, the CLI running the suites, long server scenarios.
export default projectTests({ include: [INTEGRATION], report: 'reports/tests/integration.json' });
