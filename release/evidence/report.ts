/** The evidence pack of a finished report: the manifest over the reports folder as it now is, signed or not. */
import type { RunReport } from '../../run-model/index.js';
import { sectionInput, viewOf } from '../run-view.js';
import { writeEvidence, type EvidenceSigner, type WrittenEvidence } from './write.js';

export interface ReportEvidenceOptions {
  /** The reports folder. */
  out: string;
  /** The run's configuration and options (secrets are masked in the manifest). */
  configuration?: unknown;
  signer?: EvidenceSigner;
}

/**
 * The exit code the run ends with: the release gate's when the report has one and the run completed (a run that did
 * not complete keeps its own, never 0), the verdict's otherwise.
 */
export function exitCodeOf(report: RunReport): number {
  const gate = report.sections?.find((s) => s.key === 'release')?.value as { exitCode?: number } | undefined;
  return report.summary.end.kind === 'completed' && typeof gate?.exitCode === 'number'
    ? gate.exitCode
    : report.summary.exitCode;
}

/** Writes `evidence/manifest.json` (and its signature): called once every other report file is written. */
export function writeReportEvidence(report: RunReport, options: ReportEvidenceOptions): WrittenEvidence {
  const { summary } = report;
  return writeEvidence(
    {
      reportsDir: options.out,
      configuration: options.configuration ?? {},
      view: viewOf(sectionInput(report, options.out)),
      run: {
        ...(summary.stoppedAt ? { stoppedAt: summary.stoppedAt } : {}),
        end: summary.end.kind,
        verdict: summary.verdict,
        exitCode: exitCodeOf(report),
      },
    },
    options.signer ? { signer: options.signer } : {},
  );
}
