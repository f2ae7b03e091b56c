/** The evidence pack of a run that just wrote its reports: the manifest over the folder as it now is, signed or not. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRunView } from '../run-view.js';
import { writeEvidence, type EvidenceSigner, type WrittenEvidence } from './write.js';

export interface RunEvidenceInput {
  reportsDir: string;
  /** The configuration and options of the run (secrets are masked in the manifest). */
  configuration: unknown;
  /** How the run ended: `completed`, `budget spent` … */
  end: string;
  /** The exit code the run ends with. */
  exitCode: number;
  signer?: EvidenceSigner;
}

function stoppedAt(reportsDir: string): string | undefined {
  const file = join(reportsDir, 'summary.json');
  if (!existsSync(file)) return undefined;
  const summary = JSON.parse(readFileSync(file, 'utf8')) as { stoppedAt?: unknown };
  return typeof summary.stoppedAt === 'string' ? summary.stoppedAt : undefined;
}

/** Writes `evidence/manifest.json` (and its signature) last, once every other report file is written. */
export function writeRunEvidence(input: RunEvidenceInput): WrittenEvidence {
  const view = readRunView(input.reportsDir, '--reports');
  const failedMust = view.tests.some((t) => t.state === 'failed' && t.level === 'MUST');
  const verdict =
    input.end !== 'completed' || !view.completed ? 'INCOMPLETE' : failedMust ? 'NOT CONFORMANT' : 'CONFORMANT';
  const stopped = stoppedAt(input.reportsDir);
  return writeEvidence(
    {
      reportsDir: input.reportsDir,
      configuration: input.configuration,
      view,
      run: { ...(stopped ? { stoppedAt: stopped } : {}), end: input.end, verdict, exitCode: input.exitCode },
    },
    input.signer ? { signer: input.signer } : {},
  );
}
