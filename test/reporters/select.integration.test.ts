import { readdirSync, readFileSync } from 'node:fs';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { runCli } from '../suites/run-cli.js';
import { hangGuard } from '../support/bounds.js';

/** `run --report` picks the reporters: `--report junit` writes junit.xml and nothing else. */
describe('run --report', () => {
  it(
    '--report junit writes only junit.xml (the console still gives the verdict)',
    { timeout: hangGuard(200_000) },
    async () => {
      const run = await runCli(['--report', 'junit', '--operation', 'basket.get', '--level', 'MUST']);
      expect(run.code, run.stderr).toBe(0);
      expect(readdirSync(run.reports)).toEqual(['junit.xml']);
      expect(XMLValidator.validate(readFileSync(`${run.reports}/junit.xml`, 'utf8'))).toBe(true);
      expect(run.stdout).toMatch(
        /— CONFORMANT on the selected tests only \(--operation basket\.get --level MUST\): \d+ MUST rules? judged/,
      );
    },
  );

  it('an unknown reporter is one line and exit 2, before anything runs', { timeout: hangGuard(60_000) }, async () => {
    const run = await runCli(['--report', 'junit,htlm']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^psd2-conformance run: unknown --report htlm: the reporters are allure, coverage, /),
    ]);
  });
});
