import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { incompletePage } from '../../reporters/incomplete-page.js';
import { reportFolders } from '../../reporters/index.js';
import { buildReport, type TestOutcome } from '../../run-model/index.js';
import type { RequirementId } from '../../spec/index.js';

const outcome = (name: string, state: TestOutcome['state'], extra: Partial<TestOutcome> = {}): TestOutcome => ({
  name,
  file: 'suites/x.suite.ts',
  state,
  durationMs: 1,
  meta: { requirementIds: ['NCBCT.creditorName.max70' as RequirementId], level: 'MUST', operation: 'ncbct.create' },
  errors: [],
  ...extra,
});

const OUTCOMES = [
  outcome('a passed test', 'passed'),
  outcome('a test the budget left <unrun>', 'skipped', { note: 'the time budget of 3 s ran out before it ran' }),
  outcome('a failed test', 'failed', { errors: ['MUST NCBCT.creditorName.max70 (client_error): got 201\nmore'] }),
];

describe('the HTML report of a run that did not complete', () => {
  const report = buildReport([{ dir: 'r', info: { end: { kind: 'budget', seconds: 3 } }, outcomes: OUTCOMES }], {
    strict: false,
  });
  const page = incompletePage(report, { reportsDir: 'reports' });

  it('opens with the amber INCOMPLETE banner and the verdict line', () => {
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('<div id="psd2-verdict" role="status" data-verdict="incomplete">');
    expect(page).toContain('style="background:#b54708;color:#ffffff"');
    expect(page).toContain(
      '<p>INCOMPLETE: the time budget of 3 s ran out after 2 of 3 tests; 1 MUST requirement failed ' +
        '(NCBCT.creditorName.max70) among them</p>',
    );
    expect(page).toContain('<code>psd2-conformance report reports</code>');
  });

  it('lists every test, the failed first with the rules it broke and its error, each escaped', () => {
    const rows = page.match(/<tr class="psd2-(\w+)">/g);
    expect(rows).toEqual(['<tr class="psd2-failed">', '<tr class="psd2-passed">', '<tr class="psd2-skipped">']);
    expect(page).toContain('<pre>MUST NCBCT.creditorName.max70 (client_error): got 201\nmore</pre>');
    expect(page).toContain(
      'a test the budget left &lt;unrun&gt;<div>the time budget of 3 s ran out before it ran</div>',
    );
    expect(page).not.toContain('<unrun>');
  });
});

describe('report DIR of one run', () => {
  it("keeps the run's release gate: its exit code, its line, its member of summary.json", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-gate-'));
    const failed = outcome('a failed test', 'failed', { errors: ['x'] });
    writeFileSync(join(dir, 'outcomes.json'), JSON.stringify([failed]));
    const release = { baseline: 'base', strict: false, gating: [], known: [], stillFailing: [], exitCode: 0 };
    writeFileSync(join(dir, 'summary.json'), JSON.stringify({ end: { kind: 'completed' }, release }));
    writeFileSync(join(dir, 'release.md'), '# Release gate\n');
    const lines: string[] = [];
    const { exitCode, report } = await reportFolders({
      inputs: [dir],
      out: dir,
      strict: false,
      html: false,
      reporters: ['summary', 'release'],
      log: (l) => lines.push(l),
    });
    // The run failed a MUST test that failed in its baseline too: the gate let it through, and so does report.
    expect(report.summary.exitCode).toBe(1);
    expect(exitCode).toBe(0);
    expect(lines.slice(-2)).toEqual([
      `0 passed, 1 failed, 0 skipped — ${report.summary.verdictLine} — target: an unknown target`,
      'release gate: nothing gates this run (no regression) (exit 0 unless the run did not complete)',
    ]);
    expect(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')).release).toEqual(release);
  });
});
