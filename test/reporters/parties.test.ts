import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closingSummary } from '../../reporters/console-summary.js';
import { coverageTitle } from '../../reporters/coverage.reporter.js';
import { createReporters, pickReporters, Terminal, writeReport } from '../../reporters/index.js';
import { buildReport, embeddedTarget, type TestOutcome } from '../../run-model/index.js';

/**
 * The reporters show every party's verdict when a report judges more than one (the proxy); a run judges one, the
 * bank, and its files and lines read exactly as before: no `parties` in summary.json, no per-party property in
 * junit.xml, no parties.md, the one verdict line of old at the end of the console.
 */

const outcome = (name: string, state: TestOutcome['state']): TestOutcome => ({
  name,
  file: '/checkout/suites/payment-bodies.suite.ts',
  state,
  durationMs: 10,
  start: 1_000,
  stop: 1_010,
  meta: { requirementIds: ['NCBCT.creditorName.max70'], level: 'MUST', operation: 'ncbct.create' },
  errors: state === 'failed' ? ['MUST NCBCT.creditorName.max70: accepted a name of 71 characters'] : [],
});

const run = buildReport(
  [
    {
      dir: '/r',
      outcomes: [outcome('long names', 'failed'), outcome('short names', 'passed')],
      info: { target: embeddedTarget({}), profile: 'embedded', seed: 7, durationSeconds: 1.5 },
    },
  ],
  { strict: false },
);

describe("a run's reports with one party, the bank", () => {
  it('summary.json has no parties member, junit.xml no per-party verdict, and no parties.md is written', async () => {
    const out = mkdtempSync(join(tmpdir(), 'one-party-'));
    const printed: string[] = [];
    const context = {
      out,
      log: (l: string) => printed.push(l),
      signal: new AbortController().signal,
      historyLimit: 20,
      terminal: new Terminal({ stdout: (t) => printed.push(t) }),
    };
    const picked = await pickReporters(['summary', 'junit', 'parties']);
    await writeReport(run, createReporters(picked, context), { out, signal: context.signal });
    expect(readdirSync(out).sort()).toEqual(['junit.xml', 'summary.json']);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Record<string, unknown>;
    expect(summary).not.toHaveProperty('parties');
    expect(summary).toMatchObject({ seed: 7, verdict: 'NOT CONFORMANT' });
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).not.toContain('psd2-conformance.verdict.');
  });

  it('the console ends with one line of counts, verdict and target; the header names the seed', () => {
    const lines = closingSummary(run, 'reports').split('\n');
    expect(lines[1]).toBe('psd2-conformance: 2 tests against the embedded reference bank (seed 7, 1.5 s)');
    expect(lines.at(-1)).toMatch(
      new RegExp(
        /^1 passed, 1 failed, 0 skipped — NOT CONFORMANT: 1 MUST requirement failed \(NCBCT\.creditorName\.max70\); /
          .source + /.* — target: the embedded reference bank$/.source,
      ),
    );
    expect(coverageTitle(run)).toMatch(
      /^NOT CONFORMANT: .*\. Target: the embedded reference bank; profile embedded, seed 7\.$/,
    );
  });
});

describe('a report of two parties', () => {
  const two = {
    ...run,
    verdicts: [
      { ...run.verdicts[0]!, party: { id: 'tpp', name: 'your requests' }, line: 'CONFORMANT: all fine' },
      { ...run.verdicts[0]!, line: 'NOT CONFORMANT: 1 MUST requirement failed' },
    ],
  };

  it('the console ends with the counts, then each party by name on a line of its own', () => {
    expect(closingSummary(two, 'reports').split('\n').slice(-3)).toEqual([
      '1 passed, 1 failed, 0 skipped — target: the embedded reference bank',
      'your requests: CONFORMANT: all fine',
      'the bank: NOT CONFORMANT: 1 MUST requirement failed',
    ]);
  });

  it('coverage.md opens with each party by name', () => {
    expect(
      coverageTitle(two)
        .split('\n\n')
        .map((l) => l.slice(0, l.indexOf('.'))),
    ).toEqual(['your requests: CONFORMANT: all fine', 'the bank: NOT CONFORMANT: 1 MUST requirement failed']);
  });
});
