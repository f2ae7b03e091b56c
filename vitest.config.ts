import { projectTests } from './vitest.shared.js';

// Both halves at once: for `npx vitest run test/<folder>` while working. `npm test` runs the halves one after
// the other (vitest.unit.config.ts, vitest.integration.config.ts).
export default projectTests({ include: ['test/**/*.test.ts'], report: 'reports/tests/all.json' });
