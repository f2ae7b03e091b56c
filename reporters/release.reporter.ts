import { defineReporter } from './registry.js';

/**
 * The sections a lens added to the report (release/): the release gate against a baseline and known findings
 * (release.md), the verdict history (verdict-history.md), the x-accept-fix matrix (accept-fix-matrix.md). Their
 * members of summary.json are the summary reporter's; the HTML report attaches the pages.
 */
export default defineReporter({
  name: 'release',
  description:
    'release.md, verdict-history.md, accept-fix-matrix.md: the release gate, the verdict history, ' +
    'the x-accept-fix matrix',
  writes: ['release.md', 'verdict-history.md', 'accept-fix-matrix.md'],
  create: (context) => {
    let said = false;
    return {
      files: (report) => {
        // The files may be written twice (a run stopped while reporting); the console hears them once.
        if (!said) for (const line of (report.sections ?? []).flatMap((s) => s.lines)) context.log(line);
        said = true;
        return Object.fromEntries((report.sections ?? []).map((s) => [s.file, s.text]));
      },
    };
  },
});
