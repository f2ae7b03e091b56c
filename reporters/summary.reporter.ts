import { SUMMARY_FILE, type RunReport } from '../run-model/index.js';
import { defineReporter } from './registry.js';

/**
 * Each party's verdict apart, by its id (`parties.tpp`, `parties.bank`), when a report judges more than one (the
 * proxy): a run judges the bank alone, whose verdict is the summary's own, so its summary.json has no such member.
 */
function parties(report: RunReport): Record<string, unknown> {
  if (report.verdicts.length < 2) return {};
  const each = report.verdicts.map((v) => [
    v.party.id,
    {
      name: v.party.name,
      verdict: v.headline,
      line: v.line,
      failedRequirements: v.failedMust,
      warnings: v.failedShould,
      details: v.details,
    },
  ]);
  return { parties: Object.fromEntries(each) };
}

/** summary.json: the verdict, what it stands on, and how the run ended, written once at the end of the run. */
export default defineReporter({
  name: 'summary',
  description: 'summary.json: the verdict, counts by level and operation, the rules by state, how the run ended',
  writes: [SUMMARY_FILE],
  create: () => ({
    files: (report) => {
      // A lens's sections (release gate, verdict history, matrix) are members of summary.json too.
      const sections = Object.fromEntries((report.sections ?? []).map((s) => [s.key, s.value]));
      return { [SUMMARY_FILE]: `${JSON.stringify({ ...report.summary, ...parties(report), ...sections }, null, 2)}\n` };
    },
  }),
});
