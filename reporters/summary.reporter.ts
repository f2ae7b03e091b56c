import { SUMMARY_FILE } from '../run-model/index.js';
import { defineReporter } from './registry.js';

/** summary.json: the verdict, what it stands on, and how the run ended, written once at the end of the run. */
export default defineReporter({
  name: 'summary',
  description: 'summary.json: the verdict, counts by level and operation, the rules by state, how the run ended',
  writes: [SUMMARY_FILE],
  create: () => ({
    files: (report) => ({ [SUMMARY_FILE]: `${JSON.stringify(report.summary, null, 2)}\n` }),
  }),
});
