/**
 * The evidence manifest (`reports/evidence/manifest.json`): what was tested (the interface text and the catalogue, by
 * sha256), by a suite of what proven strength (its own mutation score, when a mutation report is present), against
 * which target with which configuration (secrets masked), with what result per requirement, and the sha256 of every
 * report file, so that an auditor can see that nothing was edited afterwards. `--sign-evidence` signs it (jws.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { maskNationalId } from '../../core/index.js';
import type { RunView } from '../run-view.js';
import { hashFiles, sha256, type FileHash } from './files.js';

/** Where the pack lives in a reports folder, and its files' names. */
export const EVIDENCE_DIR = 'evidence';
export const MANIFEST_FILE = 'manifest.json';
export const SIGNATURE_FILE = 'manifest.json.jws';
export const MANIFEST_VERSION = 1;

export interface MutationEvidence {
  /** The mutation report the score was read from, relative to the reports folder, and its sha256. */
  file: string;
  sha256: string;
  seed?: number;
  /** Deliberate faults of the reference bank the suites detected. */
  faults: { detected: number; total: number; percent: number };
  /** Conformant variants of the reference bank (and their combinations) run without a false failure. */
  variants?: { withoutFalseFailures: number; total: number };
  /** False failures against the clean reference bank. */
  cleanFalseFailures: number;
}

export interface Manifest {
  manifestVersion: typeof MANIFEST_VERSION;
  tool: { name: string; version: string; commit?: string; dirty?: boolean };
  /** The interface text the rules come from (spec/source/interface.md). */
  interface: { file: string; sha256?: string; note?: string };
  /** The rule catalogue (every requirement row, as JSON), and how many rows it holds. */
  catalogue: { sha256: string; requirements: number };
  /** Absent: no mutation report beside the run's reports (`psd2-conformance mutation --out` the same folder). */
  mutation?: MutationEvidence;
  mutationNote?: string;
  /** The configuration the run used, secrets masked. */
  configuration: unknown;
  run: {
    target: string;
    profile?: string;
    seed?: number;
    startedAt?: string;
    stoppedAt?: string;
    /** completed, or how it ended otherwise (interrupted, budget, crashed). */
    end: string;
    verdict: string;
    exitCode: number;
  };
  requirements: { id: string; level: string; verdict: string; tests: string[] }[];
  /** Every report file beside the evidence folder, with its sha256 and size. */
  files: FileHash[];
}

const SECRET_KEY = /(key|passphrase|password|secret|token|authorization|cookie)/i;
const IDENTITY_KEY = /identity$/i;

/**
 * The configuration as it may be shown: members whose names say they hold a secret (keys and their paths,
 * passphrases, tokens) become `***`, national identity numbers keep their last two digits.
 */
export function maskConfiguration(value: unknown, name = ''): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((v) => maskConfiguration(v, name));
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskConfiguration(v, k)]));
  if (SECRET_KEY.test(name) && !/^keyId$/i.test(name)) return '***';
  if (IDENTITY_KEY.test(name) && typeof value === 'string') return maskNationalId(value);
  return value;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const score = (v: unknown) =>
  isObject(v) && typeof v.detected === 'number' && typeof v.total === 'number' && typeof v.percent === 'number'
    ? { detected: v.detected, total: v.total, percent: v.percent }
    : undefined;

/** The suite's own score from a mutation report (`mutation.json`), or why there is none. */
export function mutationEvidence(reportsDir: string, file = 'mutation.json'): MutationEvidence | string {
  const path = join(reportsDir, file);
  if (!existsSync(path)) return `no ${file} in the reports folder: run \`psd2-conformance mutation\` into it`;
  const bytes = readFileSync(path);
  let report: unknown;
  try {
    report = JSON.parse(bytes.toString('utf8'));
  } catch {
    return `${file} is not JSON`;
  }
  const faults = isObject(report) ? score(report.overall) : undefined;
  if (!isObject(report) || !faults) return `${file} is not a mutation report (no overall score)`;
  // `mutation --fault X` scores what it ran: never the suite's score.
  if (isObject(report.selection))
    return `${file} scores a selection of faults and variants, not the suite: run \`psd2-conformance mutation\``;
  const matrix = isObject(report.matrix) ? report.matrix : undefined;
  const clean = isObject(report.clean) && Array.isArray(report.clean.falseFailures) ? report.clean.falseFailures : [];
  return {
    file,
    sha256: sha256(bytes),
    ...(typeof report.seed === 'number' ? { seed: report.seed } : {}),
    faults,
    ...(matrix && Array.isArray(matrix.variants) && typeof matrix.withoutFalseFailures === 'number'
      ? { variants: { withoutFalseFailures: matrix.withoutFalseFailures, total: matrix.variants.length } }
      : {}),
    cleanFalseFailures: clean.length,
  };
}

export interface ManifestInput {
  reportsDir: string;
  tool: Manifest['tool'];
  interface: Manifest['interface'];
  catalogue: Manifest['catalogue'];
  configuration: unknown;
  view: RunView;
  run: { stoppedAt?: string; end: string; verdict: string; exitCode: number };
}

/** The manifest of a reports folder as it is now (the evidence folder itself left out of the file list). */
export function buildManifest(input: ManifestInput): Manifest {
  const { view } = input;
  const mutation = mutationEvidence(input.reportsDir);
  return {
    manifestVersion: MANIFEST_VERSION,
    tool: input.tool,
    interface: input.interface,
    catalogue: input.catalogue,
    ...(typeof mutation === 'string' ? { mutationNote: mutation } : { mutation }),
    configuration: maskConfiguration(input.configuration),
    run: {
      target: view.target,
      ...(view.profile !== undefined ? { profile: view.profile } : {}),
      ...(view.seed !== undefined ? { seed: view.seed } : {}),
      ...(view.startedAt !== undefined ? { startedAt: view.startedAt } : {}),
      ...(input.run.stoppedAt !== undefined ? { stoppedAt: input.run.stoppedAt } : {}),
      end: input.run.end,
      verdict: input.run.verdict,
      exitCode: input.run.exitCode,
    },
    requirements: view.requirements.map((r) => ({ id: r.id, level: r.level, verdict: r.state, tests: r.tests })),
    files: hashFiles(input.reportsDir, [EVIDENCE_DIR]),
  };
}

/** The manifest's bytes as written and signed: JSON, two-space indented, one final newline. */
export const manifestBytes = (manifest: Manifest): Buffer =>
  Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
