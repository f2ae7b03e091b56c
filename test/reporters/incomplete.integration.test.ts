import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReportSummary } from '../../run-model/index.js';
import { cli } from '../support/cli.js';

/**
 * A run out of its time budget writes its HTML report too, the page of what ran under the amber INCOMPLETE banner,
 * and `report DIR` says the run's verdict line and keeps its exit code (3), instead of ending silently.
 */
describe('an incomplete run and its reports', () => {
  const reports = mkdtempSync(join(tmpdir(), 'psd2-budget-'));

  it('run --budget 3: exit 3, and html/index.html opens with the INCOMPLETE banner', { timeout: 120_000 }, async () => {
    const run = await cli(['run', '--budget', '3', '--reports', reports]);
    expect(run.code, run.stderr).toBe(3);
    const page = readFileSync(join(reports, 'html', 'index.html'), 'utf8');
    expect(page).toContain('<div id="psd2-verdict" role="status" data-verdict="incomplete">');
    expect(page).toContain('style="background:#b54708;color:#ffffff"');
    expect(page).toContain('<strong>INCOMPLETE</strong><span>the time budget of 3 s ran out after ');
    const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as ReportSummary;
    expect(page.match(/<tr class="psd2-(passed|failed|skipped)">/g)).toHaveLength(summary.total);
    expect(run.stdout).toContain(`HTML report: ${join(reports, 'html', 'index.html')} (INCOMPLETE`);
  });

  it('report DIR prints the verdict line and keeps the exit code 3', { timeout: 120_000 }, async () => {
    const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as ReportSummary;
    const again = await cli(['report', reports, '--out', reports]);
    expect(again.code, again.stderr).toBe(3);
    const counts = `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`;
    expect(again.stdout).toContain(`${counts} — ${summary.verdictLine} — target: the embedded reference bank`);
    expect(summary.verdictLine).toMatch(/^INCOMPLETE: the time budget of 3 s ran out after \d+ of \d+ tests/);
    expect(readFileSync(join(reports, 'html', 'index.html'), 'utf8')).toContain('data-verdict="incomplete"');
  });
});
