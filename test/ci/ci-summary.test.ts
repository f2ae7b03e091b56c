import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { summarise } from '../../scripts/ci-summary.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/ci-summary.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
const report = (name: string, body: object) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(body));
  return file;
};
const unit = report('unit.json', { numPassedTests: 40, numFailedTests: 0, numPendingTests: 1, testResults: [] });
const integration = report('integration.json', {
  numPassedTests: 7,
  numFailedTests: 2,
  testResults: [{ status: 'failed', assertionResults: [] }],
});
// A beforeAll that throws: vitest marks the file failed and its tests skipped, and exits 1.
const hookFailed = report('hook.json', {
  numPassedTests: 5,
  numFailedTests: 0,
  numPendingTests: 3,
  testResults: [{ status: 'failed', assertionResults: [{ status: 'skipped' }, { status: 'skipped' }] }],
});
const run = (...files: string[]) => spawnSync(process.execPath, [SCRIPT, ...files], { encoding: 'utf8' });

describe('scripts/ci-summary.mjs: one closing line over both halves of npm test', () => {
  it('sums the halves; a file that failed to load counts as one failure', () => {
    expect(summarise([unit, integration])).toEqual({ lines: ['47 passed, 3 failed, 1 skipped'], failed: 3 });
  });

  it('a file whose beforeAll threw (its tests skipped, none failed) counts as one failure', () => {
    expect(summarise([hookFailed])).toEqual({ lines: ['5 passed, 1 failed, 3 skipped'], failed: 1 });
  });

  it('a missing half is a failure with a note, never "0 failed"', () => {
    const missing = join(dir, 'integration-missing.json');
    const { lines, failed } = summarise([unit, missing]);
    expect(failed).toBe(1);
    expect(lines.at(-1)).toBe('40 passed, 1 failed, 1 skipped');
    expect(lines[0]).toMatch(/^ci-summary: no vitest JSON report at .*integration-missing\.json \(ENOENT\)$/);
  });

  it('as a command: the last line is plain, exit 0 only when nothing failed', () => {
    const clean = run(unit, unit);
    expect([clean.status, clean.stdout]).toEqual([0, '80 passed, 0 failed, 2 skipped\n']);
    const failing = run(unit, integration);
    expect([failing.status, failing.stdout.trim().split('\n').at(-1)]).toEqual([1, '47 passed, 3 failed, 1 skipped']);
  });
});
