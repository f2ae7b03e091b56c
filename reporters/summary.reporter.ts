import { SUMMARY_FILE } from '../run-model/index.js';
import { defineReporter } from './registry.js';

/** summary.json: the verdict, what it stands on, and how the run ended, written once at the end of the run. */
export default defineReporter({
  name: 'summary',
  description: 'summary.json: the verdict, counts by level and operation, the rules by state, how the run ended',
  writes: [SUMMARY_FILE],
  create: () => ({
    files: (report) => {
      // A lens's sections (release gate, verdict history, matrix) are members of summary.json too.
      const sections = Object.fromEntries((report.sections ?? []).map((s) => [s.key, s.value]));
      return { [SUMMARY_FILE]: `${JSON.stringify({ ...report.summary, ...sections }, null, 2)}\n` };
    },
  }),
});
