import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../bank/index.js';
import type { TestOutcome } from '../../run-model/index.js';
import { startLenientProxy, type LenientProxy } from './lenient-proxy.js';
import { runCli } from './run-cli.js';
import { hangGuard } from '../support/bounds.js';

/**
 * Issue 13: the suites against a bank that fills interface.md's gaps otherwise (test/suites/lenient-proxy.ts
 * lists its choices) must find no MUST failure; the conventions it skips show as SHOULD warnings.
 */
let bank: RunningBank;
let proxy: LenientProxy;
beforeAll(async () => {
  bank = await startBank();
  proxy = await startLenientProxy(bank.url);
});
afterAll(async () => {
  await proxy?.close();
  await bank?.close();
});

describe('a bank that chooses differently where interface.md is silent', () => {
  it(
    'passes every MUST test; the conventions it skips are SHOULD warnings',
    { timeout: hangGuard(400_000) },
    async () => {
      const run = await runCli(['--seed', '7', '--num-runs', '3'], { BASE_URL: proxy.url }, hangGuard(380_000));
      expect(run.stderr.split('\n').filter((l) => l.includes('✗'))).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.summary?.failedRequirements).toEqual([]);
      const outcomes = JSON.parse(readFileSync(join(run.reports, 'outcomes.json'), 'utf8')) as TestOutcome[];
      const warned = (title: RegExp) =>
        outcomes.filter((o) => title.test(o.name)).flatMap((o) => (o.meta.warnings ?? []).map((w) => w.requirementId));
      // A KID accepted unverified: nothing for Errors.kid.400 to judge, the check-digit convention warns.
      expect(warned(/(^|> )Errors\.kid\.400 /)).toContain('StructuredRemittance.kid.checkDigit');
      // Letter case, blanks and MOD 97 accepted: their conventions warn, the MUST rules of the lists stay quiet.
      expect(warned(/(^|> )Codes\.letterCase\.upper /)).toContain('Codes.letterCase.upper');
      expect(warned(/(^|> )Values\.whitespace\.trimmed /)).toContain('Values.whitespace.trimmed');
      expect(warned(/(^|> )AccountReference\.iban\.checksum /)).toContain('AccountReference.iban.checksum');
      // scaRedirect only through a later link.
      expect(warned(/(^|> )Basket\.startAuthorisation\.201 /)).toContain('Auth.sca.redirect');
      expect(outcomes.filter((o) => o.state === 'passed').length).toBeGreaterThanOrEqual(200);
    },
  );
});
