import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../suites/run-cli.js';

/**
 * `run --bank-profile FILE` (issue 36): a bank is held to the choices its profile declares. Its own profile passes;
 * a profile that declares another choice fails at MUST naming its line; a choice interface.md forbids is refused.
 */
const dir = mkdtempSync(join(tmpdir(), 'psd2-bank-profile-'));
const profile = (name: string, lines: string[]) => {
  writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
  return join(dir, name);
};
const example = (variant: string) => `examples/bank-profiles/${variant}.yaml`;
const outcomes = (reports: string) =>
  JSON.parse(readFileSync(join(reports, 'outcomes.json'), 'utf8')) as {
    meta: { declared?: { requirementId: string; by: string }[] };
  }[];

describe('run --bank-profile', () => {
  it(
    'errors: berlin-group against the reference bank (Error bodies) is NOT CONFORMANT at MUST, naming the line',
    { timeout: 240_000 },
    async () => {
      const file = profile('berlin-group.yaml', [
        'environment: sandbox',
        '# the portal says so',
        'errors: berlin-group',
      ]);
      const r = await runCli(['--profile', 'embedded', '--bank-profile', file, '--suite-file', 'errors']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.summary?.failedRequirements).toContain('Errors.body.berlinGroup');
      expect(r.stdout).toContain(
        `MUST Errors.body.berlinGroup (declared_choice): declared by ${file}:3 (errors: berlin-group): expected ` +
          "Berlin Group's tppMessages body, got interface.md's Error body",
      );
      expect(r.stdout).toContain(`broken: Errors.body.berlinGroup [MUST, declared by ${file}:3]`);
      expect(r.stdout).toMatch(
        /NOT CONFORMANT on the selected tests only \(--suite-file errors\): .*Errors\.body\.berlinGroup/,
      );
      expect(r.stdout).toContain(`judged by bank profile ${file}`);
    },
  );

  it(
    "another variant's profile fails the reference bank on that variant's choice alone",
    { timeout: 240_000 },
    async () => {
      const file = example('status-pdng');
      const r = await runCli(['--profile', 'embedded', '--bank-profile', file, '--suite-file', 'payments.suite']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.summary?.failedRequirements).toEqual(['PaymentResponse.transactionStatus.enum']);
      const line = readFileSync(file, 'utf8').split('\n').indexOf('created_status: PDNG') + 1;
      expect(r.stdout).toContain(
        `declared by ${file}:${line} (created_status: PDNG): expected transactionStatus PDNG, got ` +
          'transactionStatus RCVD',
      );
    },
  );

  // A handful of variants with their own example profiles, whole runs: each is held to its choices and passes.
  it.each([
    ['the reference bank', []],
    ['errors-berlin-group', ['--variant', 'errors-berlin-group']],
    ['base-path', ['--variant', 'base-path']],
    ['lenient', ['--variant', 'lenient']],
  ])(
    '%s with its own profile is CONFORMANT, its declared rules judged at MUST',
    { timeout: 240_000 },
    async (name, variant) => {
      const file = example(variant.length ? name : 'default');
      const r = await runCli(['--profile', 'embedded', ...variant, '--bank-profile', file]);
      expect(r.code, `${r.stderr}\n${r.stdout.slice(-3000)}`).toBe(0);
      expect(r.stdout).toMatch(/(?<!NOT )CONFORMANT: /);
      const declared = new Set(outcomes(r.reports).flatMap((o) => (o.meta.declared ?? []).map((d) => d.by)));
      // Every judged key of the example was shown by some answer: the errors line, the signature lines, links …
      expect(declared.size).toBeGreaterThanOrEqual(12);
      for (const by of declared) expect(by).toMatch(new RegExp(`^${file.replace(/[.]/g, '\\.')}:\\d+$`));
    },
  );

  it('a choice interface.md forbids is refused before anything runs: exit 2 and one line naming its line', async () => {
    const file = profile('forbidden.yaml', ['environment: sandbox', 'errors: interface', 'kid_error_status: 401']);
    const r = await runCli(['--profile', 'embedded', '--bank-profile', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `psd2-conformance run: ${file}:3: kid_error_status: 401 — interface.md › Errors 2 says KID errors give 400 ` +
        '(not 401)\n',
    );
    expect(r.summary).toBeUndefined();
  });

  it('a profile of a production bank with --profile sandbox is one line, exit 2', async () => {
    const file = profile('production.yaml', ['environment: production']);
    const r = await runCli(['--profile', 'sandbox', '--bank-profile', file], { BASE_URL: 'http://127.0.0.1:9' });
    expect([r.code, r.stderr]).toEqual([
      2,
      `psd2-conformance run: ${file}:1: environment: production — but --profile sandbox: drop one of them\n`,
    ]);
  });
});
