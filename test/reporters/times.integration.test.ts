import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestOutcome } from '../../run-model/index.js';
import { cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

interface Timed {
  name?: string;
  start?: number;
  stop?: number;
}

/**
 * The HTML report's header shows the run from the earliest start of its results: a skipped test written with
 * start 0 made it "January 1, 1970 (20780d 3h)". A run with a test that runs and one that is skipped (the
 * production-only check, against the embedded bank): every result starts and stops within the run.
 */
describe('every result of a run has real start and stop times within the run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'psd2-times-'));
  let began = 0;
  let ended = 0;

  beforeAll(async () => {
    began = Date.now();
    const r = await cli([
      'run',
      '--grep',
      'Sandbox.notInProduction|ncbct.create: a body that is not JSON',
      '--reports',
      dir,
    ]);
    ended = Date.now();
    expect(r.code, r.stderr).toBe(0);
  }, hangGuard(200_000));

  const results = (folder: string): Timed[] =>
    existsSync(join(dir, folder))
      ? readdirSync(join(dir, folder))
          .filter((f) => f.endsWith('-result.json'))
          .map((f) => JSON.parse(readFileSync(join(dir, folder, f), 'utf8')) as Timed)
      : [];

  it('summary.json records when the run started and stopped', () => {
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as {
      startedAt: string;
      stoppedAt: string;
      skipped: number;
    };
    // --grep skips every other test: each of them gets an Allure result of its own.
    expect(summary.skipped).toBeGreaterThan(200);
    expect(Date.parse(summary.startedAt)).toBeGreaterThanOrEqual(began);
    expect(Date.parse(summary.stoppedAt)).toBeGreaterThanOrEqual(Date.parse(summary.startedAt));
    expect(Date.parse(summary.stoppedAt)).toBeLessThanOrEqual(ended);
  });

  it('no outcome and no Allure result (run, or written for a skipped test) starts before the run began', () => {
    const { startedAt, stoppedAt } = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Record<
      string,
      string
    >;
    const [from, to] = [Date.parse(startedAt as string), Date.parse(stoppedAt as string)];
    const outcomes = JSON.parse(readFileSync(join(dir, 'outcomes.json'), 'utf8')) as TestOutcome[];
    const all: Timed[] = [...outcomes, ...results('allure-results'), ...results('allure-skipped')];
    // One Allure result a test: allure-vitest's for the tests that entered their body (the production-only one
    // skips itself), the SDK's for those --grep left out.
    expect(results('allure-results').length + results('allure-skipped').length).toBe(outcomes.length);
    expect(results('allure-results').length).toBeGreaterThanOrEqual(2);
    for (const r of all) {
      expect(r.start, r.name).toBeGreaterThanOrEqual(from);
      expect(r.stop, r.name).toBeGreaterThanOrEqual(r.start as number);
      expect(r.stop, r.name).toBeLessThanOrEqual(to);
    }
  });

  it('the HTML report (and the single file) opens with the verdict and dates the run from its start, not 1970', () => {
    const { startedAt } = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Record<string, string>;
    for (const file of [join(dir, 'html', 'index.html'), join(dir, 'html-single', 'index.html')]) {
      const page = readFileSync(file, 'utf8');
      // The verdict opens the page, before Allure's app: green, CONFORMANT.
      const verdict = page.indexOf('<div id="psd2-verdict" role="status" data-verdict="conformant"');
      expect(verdict, file).toBeGreaterThan(0);
      expect(verdict, file).toBeLessThan(page.indexOf('<div id="app">'));
      const options = /window\.allureReportOptions = (\{.*\})/.exec(page)?.[1];
      const { runSummary } = JSON.parse(options as string) as { runSummary: { start: number; duration: number } };
      expect(runSummary.start, file).toBeGreaterThanOrEqual(Date.parse(startedAt as string));
      expect(runSummary.duration, file).toBeLessThan(ended - began);
    }
  });
});
