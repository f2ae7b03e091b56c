import { join } from 'node:path';
import type { RunReport } from '../run-model/index.js';
import { readToolFactsSoon } from '../release/evidence/facts.js';
import { writeReportEvidence } from '../release/evidence/report.js';
import { defineReporter } from './registry.js';

/**
 * The evidence pack (release/evidence/): evidence/manifest.json over every report file, signed when asked
 * (`--sign-evidence`). It runs last: its files once the others' are written (what a stopped run leaves), and again
 * once the HTML is rendered, so that the manifest covers every file the run wrote.
 */
export default defineReporter({
  name: 'evidence',
  description: 'evidence/manifest.json (and .jws, signed): the tool, the interface text, the run, every file by sha256',
  writes: ['evidence/'],
  last: true,
  create: (context) => {
    const seal = (report: RunReport) => writeReportEvidence(report, { out: context.out, ...(context.evidence ?? {}) });
    let reading = false;
    return {
      // The tool's git facts are read while the tests run, not after the verdict (release/evidence/facts.ts).
      onEvent: (event) => {
        if (event.type !== 'test-finished' || reading) return;
        reading = true;
        void readToolFactsSoon();
      },
      files: (report) => {
        seal(report);
        return {};
      },
      finish: (report) => {
        const written = seal(report);
        context.log(
          `evidence: ${join(context.out, 'evidence', 'manifest.json')}` +
            `${written.signaturePath ? ' (signed: manifest.json.jws)' : ''}`,
        );
        return Promise.resolve();
      },
    };
  },
});
