import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestOutcome } from '../../run-model/index.js';
import { runCli } from './run-cli.js';
import { hangGuard } from '../support/bounds.js';

const outcomes = (reports: string): TestOutcome[] =>
  JSON.parse(readFileSync(join(reports, 'outcomes.json'), 'utf8')) as TestOutcome[];

/** The shell words of a printed replay line, without its leading `npx psd2-conformance run`. */
const replayArgs = (line: string): string[] =>
  [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)]
    .map((m) => (m[1] !== undefined ? m[1].replaceAll("'\\''", "'") : (m[2] as string)))
    .slice(3)
    .filter((w, i, all) => w !== '--reports' && all[i - 1] !== '--reports');

describe('journeys over the CLI (suites/journeys.suite.ts, suites/model.suite.ts)', () => {
  it(
    'a journey fault fails the model with a shrunk journey of at most 6 numbered steps, and its replay line ' +
      'reproduces it',
    async () => {
      const run = await runCli(['--suite-file', 'model', '--fault', 'journey-basket-first-payment-after-sca']);
      expect(run.code).toBe(1);
      expect(run.summary?.failedRequirements).toContain('Journey.basket.rejectedPayment');
      const replay = outcomes(run.reports).find((o) => o.meta.replay)?.meta.replay;
      const steps = JSON.parse(replay?.counterexample ?? '[]') as string[];
      expect(steps.length).toBeGreaterThan(0);
      expect(steps.length).toBeLessThanOrEqual(6);
      steps.forEach((step, i) => expect(step).toMatch(new RegExp(`^${i + 1}\\. `)));
      const again = await runCli(replayArgs(replay?.command ?? ''));
      expect(again.code).toBe(1);
      expect(again.summary?.failedRequirements).toContain('Journey.basket.rejectedPayment');
    },
    hangGuard(400_000),
  );

  it(
    'with SCA_DRIVER=manual the journeys needing SCA are not testable, with the reason; the run passes',
    async () => {
      const run = await runCli(['--suite-file', 'journeys', '--suite-file', 'model'], { SCA_DRIVER: 'manual' });
      expect(run.code).toBe(0);
      const skipped = outcomes(run.reports).filter((o) => o.state === 'skipped');
      // Seven named journeys that need SCA, the model, and the deletion of a PDNG payment (made pending by approval).
      expect(skipped.length).toBe(9);
      for (const o of skipped) expect(o.meta.notTestable).toMatch(/^SCA_DRIVER=manual: a person approves SCA/);
    },
    hangGuard(200_000),
  );

  it(
    'an SCA driver template that matches nothing on the bank is a configuration error naming it: exit 2, the ' +
      'run stopped and INCOMPLETE, no journey judged on what followed and no SHOULD warning blaming the bank',
    async () => {
      const run = await runCli(['--suite-file', 'journeys', '--suite-file', 'model'], {
        SCA_DRIVER: 'http',
        SCA_APPROVE_URL: 'form:Godkjenn',
        SCA_DENY_URL: '{scaRedirect}?result=fail',
      });
      expect(run.code, run.stderr).toBe(2);
      const why = /SCA driver: SCA_APPROVE_URL=form:Godkjenn matched nothing: the bank sent the PSU back/;
      expect(run.stderr.trim().split('\n').at(-1)).toMatch(
        new RegExp(`^psd2-conformance run: stopped by a configuration error \\(${why.source}.*: INCOMPLETE$`),
      );
      const summary = JSON.parse(readFileSync(join(run.reports, 'summary.json'), 'utf8'));
      expect(summary).toMatchObject({ exitCode: 2, verdict: 'INCOMPLETE', end: { kind: 'misconfigured' } });
      expect(summary.verdictLine).toMatch(new RegExp(`^INCOMPLETE: stopped by a configuration error \\(${why.source}`));
      const all = outcomes(run.reports);
      expect(all.find((o) => o.meta.configurationError)?.meta.configurationError).toMatch(why);
      expect(all.filter((o) => o.state === 'failed')).toEqual([]);
      expect(all.flatMap((o) => o.meta.warnings ?? [])).toEqual([]);
    },
    hangGuard(200_000),
  );
});
