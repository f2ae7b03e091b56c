import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

const dir = mkdtempSync(join(tmpdir(), 'psd2-no-silent-target-'));
const envFile = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const run = (args: string[], env: Record<string, string> = {}) =>
  cli(['run', '--no-html', '--reports', join(dir, 'reports'), ...args], env, hangGuard(60_000));
const EMBEDDED = 'or pass --profile embedded to judge the embedded reference bank';

/**
 * A CI job whose secret is missing must not go green on the embedded bank: a configuration that names no bank
 * ends with exit 2 and one line, before any test, bank or certificate starts.
 */
describe('psd2-conformance run names no bank: exit 2 and one line', () => {
  const misspelt = envFile('misspelt.env', 'BASEURL=https://bank.example\n');

  it.each([
    [
      'BASE_URL= run --profile sandbox',
      ['--profile', 'sandbox'],
      { BASE_URL: '' },
      `--profile sandbox judges the bank at BASE_URL, which is empty (a missing CI ` +
        `secret expands to empty): set BASE_URL to the bank's URL, ${EMBEDDED}`,
    ],
    [
      'run --profile production (BASE_URL unset)',
      ['--profile', 'production'],
      {},
      `--profile production judges the bank at BASE_URL, which is not set: set BASE_URL to the bank's URL, ${EMBEDDED}`,
    ],
    [
      'PROFILE=sandbox run (BASE_URL unset)',
      [],
      { PROFILE: 'sandbox' },
      `PROFILE=sandbox judges the bank at BASE_URL, which is not set: set BASE_URL to the bank's URL, ${EMBEDDED}`,
    ],
    [
      'BASE_URL= run',
      [],
      { BASE_URL: '' },
      'BASE_URL is set but empty (a missing CI secret expands to empty): set it to ' +
        "the bank's URL, or unset it to judge the embedded reference bank",
    ],
    [
      'run --config-file with BASEURL=…',
      ['--config-file', misspelt],
      {},
      `${misspelt} sets BASEURL (did you mean BASE_URL?), which psd2-conformance ` +
        `does not read, and BASE_URL is not set: fix the name, ${EMBEDDED}`,
    ],
    [
      'run --fault … against BASE_URL',
      ['--fault', 'create-200'],
      { BASE_URL: 'http://127.0.0.1:9' },
      '--fault switches on a fault of the embedded reference bank, but the target is ' +
        'BASE_URL (http://127.0.0.1:9): drop --fault, or pass --profile embedded',
    ],
  ] as [string, string[], Record<string, string>, string][])('%s', async (_, args, env, line) => {
    const r = await run(args, env);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([`psd2-conformance run: ${line}`]);
    expect(r.stdout).toBe('');
  });

  it('a misspelt variable beside a usable BASE_URL is one warning line, and the run goes on to that bank', async () => {
    const file = envFile('warn.env', 'PSU-ID=2d3e4f50-0000-4000-8000-000000000001\nBASE_URL=http://127.0.0.1:9\n');
    const r = await run(['--config-file', file]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      `psd2-conformance run: warning: ${file} sets PSU-ID (did you mean ` +
        `PSU_ID?), which psd2-conformance does not read: ignored`,
      expect.stringMatching(/^psd2-conformance run: cannot reach BASE_URL http:\/\/127\.0\.0\.1:9: refused/),
    ]);
  });
});

describe('the embedded bank when asked for', () => {
  it(
    '--profile embedded with an empty BASE_URL judges the embedded bank and names it',
    { timeout: hangGuard(120_000) },
    async () => {
      const reports = join(dir, 'embedded');
      const r = await cli(
        [
          'run',
          '--profile',
          'embedded',
          '--grep',
          'ncbct.create: a body that is not JSON',
          '--no-html',
          '--reports',
          reports,
        ],
        { BASE_URL: '' },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(
        new RegExp(
          /— CONFORMANT on the selected tests only \(--grep "ncbct.create: a body that is not JSON"\): /.source +
            /\d+ MUST rules? judged/.source,
        ),
      );
      expect(r.stdout).toMatch(/judged[^\n—]* — target: the embedded reference bank\n/);
      expect(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8'))).toMatchObject({
        target: { kind: 'embedded', description: 'the embedded reference bank', faults: [], variants: [] },
        profile: 'embedded',
      });
    },
  );
});
