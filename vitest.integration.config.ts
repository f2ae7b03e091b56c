import { integrationTests } from './vitest.shared.js';

// `npm run test:integration`: whole conformance runs, the CLI running the suites, long server scenarios.
export default integrationTests('reports/tests/integration.json');
