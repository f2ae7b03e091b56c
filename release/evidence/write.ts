/** Writes a run's evidence pack: the manifest, and its detached signature when asked for. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { catalogueFacts, interfaceFacts, toolFacts } from './facts.js';
import { signDetached, type JwsAlgorithm } from './jws.js';
import {
  EVIDENCE_DIR,
  MANIFEST_FILE,
  SIGNATURE_FILE,
  buildManifest,
  manifestBytes,
  type Manifest,
  type ManifestInput,
} from './manifest.js';

export interface EvidenceSigner {
  key: KeyObject;
  certificateDer: Buffer;
  alg: JwsAlgorithm;
}

export interface WrittenEvidence {
  manifest: Manifest;
  manifestPath: string;
  signaturePath?: string;
}

/**
 * Hashes every report file of the folder as it is now and writes `evidence/manifest.json` (and, signed,
 * `evidence/manifest.json.jws`). Called last, once every other report file is written. An old signature is removed:
 * it would not hold over the new manifest.
 */
export function writeEvidence(
  input: Omit<ManifestInput, 'tool' | 'interface' | 'catalogue'>,
  options: { signer?: EvidenceSigner; now?: Date } = {},
): WrittenEvidence {
  const manifest = buildManifest({
    ...input,
    tool: toolFacts(),
    interface: interfaceFacts(),
    catalogue: catalogueFacts(),
  });
  const dir = join(input.reportsDir, EVIDENCE_DIR);
  mkdirSync(dir, { recursive: true });
  const bytes = manifestBytes(manifest);
  const manifestPath = join(dir, MANIFEST_FILE);
  writeFileSync(manifestPath, bytes);
  const signaturePath = join(dir, SIGNATURE_FILE);
  rmSync(signaturePath, { force: true });
  if (!options.signer) return { manifest, manifestPath };
  const { key, certificateDer, alg } = options.signer;
  writeFileSync(
    signaturePath,
    `${signDetached(bytes, { key, certificateDer }, { alg, ...(options.now ? { now: options.now } : {}) })}\n`,
  );
  return { manifest, manifestPath, signaturePath };
}
