/**
 * `run`'s release-lens options (issue 24): a baseline, known findings, the evidence signature, the x-accept-fix
 * matrix. Declared here so that run.ts stays about running; everything they read is read before the first test.
 */
import type { Command, OptionValues } from '@commander-js/extra-typings';
import type { Config } from '../config/index.js';
import type { ReleaseLens } from '../release/lens.js';
import type { EvidenceSigner } from '../release/evidence/write.js';
import { Option, oneOf } from './command.js';

export function addReleaseOptions<A extends unknown[], O extends OptionValues>(command: Command<A, O>) {
  return command
    .addOption(
      new Option(
        '--baseline <dir>',
        "an earlier run's reports folder: report what changed, and exit 1 only on a regression (unless --strict)",
      ).default(undefined, 'none'),
    )
    .addOption(
      new Option(
        '--known-findings <file>',
        'YAML list of accepted failures (id, reason, ticket, expires): reported as known, not gating, until expiry',
      ).default(undefined, 'none'),
    )
    .addOption(
      new Option(
        '--sign-evidence',
        'sign evidence/manifest.json (detached JWS, x5c) with the configured QSealC key and certificate',
      ).default(false),
    )
    .addOption(
      new Option('--evidence-alg <alg>', 'the JWS algorithm of --sign-evidence')
        .choices(['PS256', 'RS256'] as const)
        .argParser(oneOf(['PS256', 'RS256'] as const))
        .default('PS256' as const),
    )
    .addOption(
      new Option(
        '--accept-fix-matrix',
        'also send each operation that takes x-accept-fix without it and with each announced value, and report ' +
          'what changes (accept-fix-matrix.md)',
      ).default(false),
    );
}

export interface ReleaseOptions {
  baseline?: string | undefined;
  knownFindings?: string | undefined;
  signEvidence: boolean;
  evidenceAlg: 'PS256' | 'RS256';
  acceptFixMatrix: boolean;
  strict: boolean;
}

export interface ReleaseSetup {
  lens: ReleaseLens;
  evidence: { configuration: unknown; signer?: EvidenceSigner };
}

/**
 * Reads the baseline and the known findings and loads the signer before the run: a wrong folder, a malformed file or
 * a key that cannot sign ends the run before its first test (exit 2), and a baseline that is the reports folder
 * itself is read before the run overwrites it. Without SIGNING_* the evidence is signed with the generated test
 * identity, as the suites sign their requests: fine for a demonstration, not for an auditor.
 */
export async function prepareRelease(
  options: ReleaseOptions,
  config: Config,
  configuration: unknown,
): Promise<ReleaseSetup> {
  const { releaseLens } = await import('../release/lens.js');
  const lens = releaseLens({
    ...(options.baseline ? { baseline: options.baseline } : {}),
    ...(options.knownFindings ? { knownFindings: options.knownFindings } : {}),
    strict: options.strict,
    acceptFixMatrix: options.acceptFixMatrix,
  });
  if (!options.signEvidence) return { lens, evidence: { configuration } };
  const identity = await (await import('./tpp-config.js')).signingIdentity(config.signing);
  return {
    lens,
    evidence: {
      configuration,
      signer: { key: identity.privateKey, certificateDer: identity.certificateDer, alg: options.evidenceAlg },
    },
  };
}
