/**
 * `psd2-conformance evidence verify DIR`: checks an evidence pack (the signature over the manifest, the certificate
 * that made it, and every file's sha256) and names exactly what was altered, removed or added since.
 */
import { existsSync, readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { readNamedFile, UserError } from '../../core/index.js';
import { hashFiles, type FileHash } from './files.js';
import { verifyDetached } from './jws.js';
import { EVIDENCE_DIR, MANIFEST_FILE, MANIFEST_VERSION, SIGNATURE_FILE, type Manifest } from './manifest.js';

export interface EvidenceCheck {
  /** The reports folder the pack describes. */
  reportsDir: string;
  signature: 'valid' | 'invalid' | 'absent';
  /** Who signed (the certificate's subject), when signed. */
  signer?: string;
  /** Problems with the signature or its certificate. */
  certificate: string[];
  /** Notes that do not fail the check (no trust anchor given, a self-issued certificate). */
  notes: string[];
  altered: { path: string; expected: string; actual: string }[];
  missing: string[];
  /** Files in the folder that the manifest does not list. */
  added: string[];
  ok: boolean;
}

/** The reports folder and the evidence folder of DIR, whichever of the two was given. */
export function locatePack(dir: string): { reportsDir: string; evidenceDir: string } {
  if (existsSync(join(dir, EVIDENCE_DIR, MANIFEST_FILE)))
    return { reportsDir: dir, evidenceDir: join(dir, EVIDENCE_DIR) };
  if (existsSync(join(dir, MANIFEST_FILE)) && basename(dir) === EVIDENCE_DIR)
    return { reportsDir: dirname(dir), evidenceDir: dir };
  throw new UserError(
    `${dir} holds no ${EVIDENCE_DIR}/${MANIFEST_FILE}: give the reports folder of a run (\`run --reports DIR\`)`,
  );
}

function readManifest(file: string): { bytes: Buffer; manifest: Manifest } {
  const bytes = readFileSync(file);
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Partial<Manifest>;
  } catch {
    throw new UserError(`${file} is not JSON: the manifest was damaged`, 1);
  }
  if (manifest.manifestVersion !== MANIFEST_VERSION || !Array.isArray(manifest.files))
    throw new UserError(`${file} is not an evidence manifest of version ${MANIFEST_VERSION}`, 1);
  return { bytes, manifest: manifest as Manifest };
}

/** Problems of the signing certificate at the moment it signed, and against the trust anchors when given. */
function certificateProblems(
  certificate: X509Certificate,
  options: { signedAt?: string; trust: readonly X509Certificate[]; now: Date },
): { problems: string[]; notes: string[] } {
  const problems: string[] = [];
  const notes: string[] = [];
  const at = options.signedAt ? new Date(options.signedAt) : undefined;
  if (!at || Number.isNaN(at.getTime())) problems.push('the header gives no signing time (sigT)');
  else {
    if (at < new Date(certificate.validFrom) || at > new Date(certificate.validTo))
      problems.push(
        `the certificate was not valid when it signed (${options.signedAt}; valid ` +
          `${certificate.validFrom} to ${certificate.validTo})`,
      );
    // A few minutes of clock difference between the signer and the verifier.
    if (at.getTime() > options.now.getTime() + 5 * 60_000)
      problems.push(`the signing time ${options.signedAt} lies in the future`);
  }
  if (certificate.ca) problems.push('the signing certificate is a CA certificate, not a seal');
  if (!options.trust.length) notes.push('the certificate was not checked against a trust anchor (give --trust CA.pem)');
  else if (!options.trust.some((ca) => certificate.checkIssued(ca) && certificate.verify(ca.publicKey)))
    problems.push(`the certificate (issuer ${certificate.issuer.replaceAll('\n', ', ')}) is not issued by --trust`);
  return { problems, notes };
}

function compareFiles(listed: readonly FileHash[], now: readonly FileHash[]) {
  const current = new Map(now.map((f) => [f.path, f]));
  const known = new Set(listed.map((f) => f.path));
  const altered: EvidenceCheck['altered'] = [];
  const missing: string[] = [];
  for (const file of listed) {
    const found = current.get(file.path);
    if (!found) missing.push(file.path);
    else if (found.sha256 !== file.sha256)
      altered.push({ path: file.path, expected: file.sha256, actual: found.sha256 });
  }
  return { altered, missing, added: now.filter((f) => !known.has(f.path)).map((f) => f.path) };
}

/** Reads the trust anchors (PEM, one or more certificates per file). */
export function readTrust(files: readonly string[]): X509Certificate[] {
  return files.flatMap((file) => {
    const text = readNamedFile(file, '--trust');
    const pems = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (!pems.length) throw new UserError(`--trust ${file} holds no PEM certificate`);
    return pems.map((pem) => new X509Certificate(pem));
  });
}

/** Checks the pack of a reports folder (or of its evidence folder). */
export function verifyEvidence(
  dir: string,
  options: { trust?: readonly X509Certificate[]; now?: Date } = {},
): EvidenceCheck {
  const { reportsDir, evidenceDir } = locatePack(dir);
  const { bytes, manifest } = readManifest(join(evidenceDir, MANIFEST_FILE));
  const check: EvidenceCheck = {
    reportsDir,
    signature: 'absent',
    certificate: [],
    notes: [],
    ...compareFiles(manifest.files, hashFiles(reportsDir, [EVIDENCE_DIR])),
    ok: false,
  };
  const jwsFile = join(evidenceDir, SIGNATURE_FILE);
  if (existsSync(jwsFile)) {
    const result = verifyDetached(readFileSync(jwsFile, 'utf8'), bytes);
    check.signature = result.valid && !result.problems.length ? 'valid' : 'invalid';
    check.certificate.push(...result.problems);
    if (result.certificate) {
      check.signer = result.certificate.subject.replaceAll('\n', ', ');
      const cert = certificateProblems(result.certificate, {
        ...(result.header?.sigT ? { signedAt: result.header.sigT } : {}),
        trust: options.trust ?? [],
        now: options.now ?? new Date(),
      });
      check.certificate.push(...cert.problems);
      check.notes.push(...cert.notes);
    }
  } else
    check.notes.push(
      `not signed (no ${SIGNATURE_FILE}): the file hashes are checked, ` +
        'the manifest itself is not proven (run --sign-evidence)',
    );
  check.ok =
    check.signature !== 'invalid' &&
    !check.certificate.length &&
    !check.altered.length &&
    !check.missing.length &&
    !check.added.length;
  return check;
}

/** The check in lines: each altered, missing or added file by name, the signature and the certificate. */
export function evidenceLines(check: EvidenceCheck, total: number): string[] {
  const lines: string[] = [];
  if (check.signature === 'valid')
    lines.push(`signature: valid, signed by ${check.signer ?? 'an unnamed certificate'}`);
  if (check.signature === 'invalid')
    lines.push(`signature: INVALID: ${MANIFEST_FILE} (or ${SIGNATURE_FILE}) was altered after signing`);
  for (const problem of check.certificate) lines.push(`certificate: ${problem}`);
  for (const f of check.altered)
    lines.push(`altered: ${f.path} (sha256 ${f.expected} in the manifest, ${f.actual} now)`);
  for (const path of check.missing) lines.push(`missing: ${path}`);
  for (const path of check.added) lines.push(`not in the manifest: ${path}`);
  for (const note of check.notes) lines.push(`note: ${note}`);
  const changed = check.altered.length + check.missing.length + check.added.length;
  lines.push(
    check.ok
      ? `evidence verified: ${total} file(s) as the manifest lists them`
      : `evidence NOT verified: ${changed} file(s) differ from the manifest` +
          (check.signature === 'invalid' || check.certificate.length ? '; the signature does not hold' : ''),
  );
  return lines;
}
