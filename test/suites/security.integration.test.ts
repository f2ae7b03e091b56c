import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from './run-cli.js';

/**
 * Another TPP reaching a TPP's payment is a MUST of PSD2 (issue 35): the default run fails on it with a security
 * verdict line that names the rule and its PSD2 source; `--security-findings warn` records it as a warning instead,
 * and says so. Each run is narrowed to the cross-TPP suite, which is all it judges. The failing run also shows how a
 * failure reads in the console (one request line) and in the reports (the whole curl).
 */
const ONLY = ['--suite-file', 'cross-tpp', '--report', 'summary,outcomes,coverage,junit'];
const securityLine = (text: string) => text.split('\n').find((l) => l.startsWith('security: '));

describe('the security verdict of a run', { timeout: 200_000 }, () => {
  let run: CliRun;
  beforeAll(async () => {
    run = await runCli(['--fault', 'journey-tpp-payment-readable', ...ONLY]);
  }, 200_000);

  it('run --fault journey-tpp-payment-readable: exit 1, a security line naming the rule and its source', () => {
    expect(run.code, run.stderr).toBe(1);
    const line = securityLine(run.stdout);
    expect(line).toMatch(
      /^security: FAILED — another TPP reached a TPP's resources: Security\.otherTpp\.payment \(PSD2 › /,
    );
    expect(line).toContain('Directive (EU) 2015/2366 Art. 66(3)(d)');
    expect(line).toContain('Delegated Regulation (EU) 2018/389 (RTS) Art. 30(1)(a) and (c), 34(1), 35');
    const summary = JSON.parse(readFileSync(join(run.reports, 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ exitCode: 1, verdict: 'NOT CONFORMANT', security: { state: 'FAILED', line } });
    expect(readFileSync(join(run.reports, 'coverage.md'), 'utf8')).toContain(`\n\n${line}\n`);
    expect(readFileSync(join(run.reports, 'junit.xml'), 'utf8')).toContain(
      '<property name="psd2-conformance.security" value="security: FAILED',
    );
  });

  it('the failure prints a short request line; the reports keep the whole curl, certificate included', () => {
    expect(run.stdout).toMatch(/\n {6}request: GET http:\/\/127\.0\.0\.1:\d+\/v1\/payments\/\S+ \(the whole curl, /);
    expect(run.stdout + run.stderr).not.toContain('TPP-Signature-Certificate');
    const [failed] = JSON.parse(readFileSync(join(run.reports, 'outcomes.json'), 'utf8')).filter(
      (o: { state: string }) => o.state === 'failed',
    );
    const certificate = failed.meta.failedExchange.request.headers['TPP-Signature-Certificate'];
    expect(certificate.length).toBeGreaterThan(1000);
    const curl = (failed.errors[0] as string).split('\n').find((l) => l.startsWith('request (replay): curl '));
    expect(curl).toContain(` -H 'TPP-Signature-Certificate: ${certificate}' `);
    expect(readFileSync(join(run.reports, 'junit.xml'), 'utf8')).toContain(certificate);
  });

  it('--security-findings warn: exit 0, the deviation recorded as a warning, and the line says so', async () => {
    const warned = await runCli(['--fault', 'journey-tpp-payment-readable', '--security-findings', 'warn', ...ONLY]);
    expect(warned.code, warned.stderr).toBe(0);
    expect(securityLine(warned.stdout)).toMatch(
      /^security: DEVIATION, recorded as a warning by --security-findings warn — .*Security\.otherTpp\.payment/,
    );
  });
});
