import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBank } from '../../bank/index.js';
import { cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

/** A run that cannot judge anything says why in one line and exits 2, before a test runs. */
describe('psd2-conformance run: mistakes in what was asked', () => {
  it.each([
    [['--fault', 'nonexistent'], {}, 'psd2-conformance run: unknown fault(s): nonexistent (see serve --list-faults)'],
    [
      ['--grep', '('],
      {},
      'psd2-conformance run: --grep is not a regular expression: Invalid regular expression: /(/: Unterminated group',
    ],
    [
      ['--operation', 'nope'],
      {},
      'psd2-conformance run: unknown --operation nope; the ids: `psd2-conformance list --operations`',
    ],
    [
      ['--requirement', 'Nope.X'],
      {},
      'psd2-conformance run: unknown --requirement Nope.X; the ids: `psd2-conformance requirements`',
    ],
    [
      ['--checks', 'pagin,limit'],
      {},
      'psd2-conformance run: unknown check in --checks: pagin (did you mean ' +
        'paging?); the checks: `psd2-conformance list --checks`',
    ],
    [
      ['--exclude-checks', 'limit', '--exclude-checks', 'content_langage'],
      {},
      'psd2-conformance run: unknown check in --exclude-checks: content_langage (did you ' +
        'mean content_language?); the checks: `psd2-conformance list --checks`',
    ],
    [
      [],
      { SIGNING_CERT_PATH: '/nope/cert.pem', SIGNING_KEY_PATH: '/nope/key.pem' },
      'psd2-conformance run: SIGNING_CERT_PATH=/nope/cert.pem: no such file',
    ],
  ] as [string[], Record<string, string>, string][])(
    '%j %j',
    { timeout: hangGuard(60_000) },
    async (args, env, line) => {
      const r = await cli(['run', '--no-html', '--reports', mkdtempSync(join(tmpdir(), 'psd2-err-')), ...args], env);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([line]);
    },
  );

  it('run --help prints what the command does and exits 0', { timeout: hangGuard(30_000) }, async () => {
    const r = await cli(['run', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'Usage: psd2-conformance run [options]\n\nRun the conformance suites against the bank at BASE_URL',
    );
  });
});

describe('the production profile', () => {
  it(
    'sends no sandbox operation and creates no payment without --allow-payments, even as test data',
    { timeout: hangGuard(200_000) },
    async () => {
      const lines: string[] = [];
      const bank = await startBank({ log: (l) => lines.push(l) });
      try {
        const reports = mkdtempSync(join(tmpdir(), 'psd2-prod-'));
        const r = await cli(['run', '--no-html', '--reports', reports, '--profile', 'production'], {
          BASE_URL: bank.url,
        });
        expect(r.code).toBe(0);
        expect(lines.filter((l) => /^POST \/v1\/(payments|bulk-payments|sandbox)\//.test(l))).toEqual([]);
        const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as {
          passed: number;
          skipped: number;
          target: unknown;
        };
        // The verdict and the reports name the bank judged, by URL and profile.
        expect(r.stdout).toMatch(/— CONFORMANT: \d+ MUST rules? judged[^\n—]* — target: http:\/\/127\.0\.0\.1:\d+ /);
        expect(r.stdout).toContain(` — target: ${bank.url} (profile production)\n`);
        expect(summary.target).toEqual({
          kind: 'remote',
          description: `${bank.url} (profile production)`,
          url: bank.url,
          profile: 'production',
        });
        expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toContain(
          `<testsuites name="psd2-conformance: ${bank.url} (profile production)"`,
        );
        expect(summary.passed).toBeGreaterThan(0);
        expect(summary.skipped).toBeGreaterThan(summary.passed);
      } finally {
        await bank.close();
      }
    },
  );
});
