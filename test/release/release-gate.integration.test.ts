import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flattenedVerify, importX509 } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, type Cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

/**
 * Issue 24's acceptance, end to end through `psd2-conformance run`: a clean run is the baseline; the same selection
 * with a response fault regresses on the fault's rule (exit 1); the rule in known findings makes it known (exit 0);
 * the entry expired makes it gate again (exit 1). Each run's evidence pack verifies untouched and names the file a
 * changed byte is in. One operation and one test name keep each run short.
 */
const FAULT = 'status-outside-enum';
const RULE = 'PaymentResponse.transactionStatus.enum';
const SELECTION = ['--operation', 'sct.create', '--grep', 'a valid SCT gives 201', '--no-html'];

const root = mkdtempSync(join(tmpdir(), 'release-gate-'));
const dir = (name: string) => join(root, name);

function findings(expires: string): string {
  const file = dir(`known-${expires}.yaml`);
  writeFileSync(
    file,
    ['findings:', `  - id: ${RULE}`, '    reason: answers RECEIVED', '    ticket: PSD2-1', `    expires: ${expires}`]
      .map((l) => `${l}\n`)
      .join(''),
  );
  return file;
}

const run = (reports: string, extra: string[] = []) => cli(['run', ...SELECTION, '--reports', reports, ...extra]);
const withFault = (reports: string, extra: string[] = []) =>
  run(reports, ['--fault', FAULT, '--baseline', dir('base'), ...extra]);
const summary = (reports: string) =>
  JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as {
    release?: { exitCode: number; known: { findings: { id: string }[] }[]; expired: unknown[]; gating: unknown[] };
    history?: { runs: number };
  };

let base: Cli;
beforeAll(async () => {
  base = await run(dir('base'), ['--sign-evidence']);
}, hangGuard(200_000));

describe('run --baseline and --known-findings', () => {
  it('the clean run, the baseline: exit 0', () => {
    expect(base.stdout).toContain('CONFORMANT');
    expect(base.code).toBe(0);
  });

  it(
    'a fault with the clean run as baseline: exit 1, the fault rule a new failure',
    { timeout: hangGuard(200_000) },
    async () => {
      const head = await withFault(dir('head'));
      expect(head.stdout).toContain('  new failures (1 requirement):');
      expect(head.stdout).toContain(`    MUST ${RULE} (passed → failed)`);
      const gated = /release gate: ([1-9]\d*) regression\(s\) gate this run \(exit 1\)/.exec(head.stdout)?.[1];
      expect(gated).toBeDefined();
      expect(summary(dir('head')).release?.exitCode).toBe(1);
      expect(readFileSync(join(dir('head'), 'release.md'), 'utf8')).toContain(
        `| new failures | requirement | MUST | ${RULE} |`,
      );
      expect(head.code).toBe(1);
      // `diff` of the same two runs counts the regressions as the gate does, in the same words.
      const words = await cli(['diff', dir('base'), dir('head')]);
      expect(words.stdout).toContain(`\n${gated} regression(s) (exit 1):\n`);
      const diff = await cli(['diff', dir('base'), dir('head'), '--json']);
      expect(diff.code).toBe(1);
      const json = JSON.parse(diff.stdout) as { requirements: { newFailures: { id: string }[] } };
      expect(json.requirements.newFailures.map((c) => c.id)).toEqual([RULE]);
    },
  );

  it('the fault rule in known findings: exit 0, reported as known', { timeout: hangGuard(200_000) }, async () => {
    const known = await withFault(dir('known'), ['--known-findings', findings('2099-12-31')]);
    expect(known.stdout).toContain('known findings, not gating');
    expect(known.stdout).toContain(`${RULE} (PSD2-1)`);
    expect(known.stdout).toContain('release gate: nothing gates this run');
    const release = summary(dir('known')).release;
    expect(release?.gating).toEqual([]);
    expect(release?.known.flatMap((k) => k.findings.map((f) => f.id))).toContain(RULE);
    expect(known.code).toBe(0);
  });

  it('the entry expired: exit 1, the entry reported as expired', { timeout: hangGuard(200_000) }, async () => {
    const expired = await withFault(dir('expired'), ['--known-findings', findings('2026-01-01')]);
    expect(expired.stdout).toContain(`  ${RULE} (PSD2-1, expired 2026-01-01)`);
    expect(summary(dir('expired')).release?.expired).toHaveLength(1);
    expect(expired.code).toBe(1);
  });

  it('a malformed known-findings file ends the run before it starts: one line, exit 2', async () => {
    const bad = dir('bad.yaml');
    writeFileSync(bad, 'findings:\n  - id: X\n    reason: r\n    ticket: T\n    expires: tomorrow\n');
    const result = await run(dir('never'), ['--known-findings', bad]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`${bad} line 5`);
  });
});

describe('the evidence pack of a run', () => {
  it('untouched, it verifies; its signature verifies with jose', async () => {
    const check = await cli(['evidence', 'verify', dir('base')]);
    expect(check.stdout).toMatch(/evidence verified: \d+ file\(s\) as the manifest lists them/);
    expect(check.code).toBe(0);
    const manifest = readFileSync(join(dir('base'), 'evidence', 'manifest.json'));
    const [protectedPart, , signature] = readFileSync(join(dir('base'), 'evidence', 'manifest.json.jws'), 'utf8')
      .trim()
      .split('.');
    const header = JSON.parse(Buffer.from(protectedPart as string, 'base64url').toString()) as { x5c: string[] };
    const pem = `-----BEGIN CERTIFICATE-----\n${header.x5c[0]}\n-----END CERTIFICATE-----`;
    const key = await importX509(pem, 'PS256');
    const verified = await flattenedVerify(
      { protected: protectedPart as string, payload: manifest.toString('base64url'), signature: signature as string },
      key,
    );
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toMatchObject({ run: { verdict: 'CONFORMANT' } });
  });

  it('one byte changed in a report file: verify fails naming that file', async () => {
    // A copy of the signed pack: the other tests read the original.
    cpSync(dir('base'), dir('altered'), { recursive: true });
    const file = join(dir('altered'), 'coverage.md');
    const bytes = readFileSync(file);
    bytes[10] = (bytes[10] as number) ^ 1;
    writeFileSync(file, bytes);
    const check = await cli(['evidence', 'verify', dir('altered')]);
    expect(check.stdout).toMatch(/^altered: coverage\.md \(sha256 [0-9a-f]{64} in the manifest, [0-9a-f]{64} now\)$/m);
    expect(check.stdout.match(/^altered: /gm)).toHaveLength(1);
    expect(check.code).toBe(1);
  });
});
