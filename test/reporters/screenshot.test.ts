import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../../scripts/chromium.js';
import { outFolder } from '../../scripts/screenshot.js';
import { ROOT } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function screenshot(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSX, join(ROOT, 'scripts', 'screenshot.ts'), ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), hangGuard(30_000));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('report:screenshot', () => {
  it('finds chromium on PATH or through CHROMIUM, and nothing where there is none', () => {
    const bin = mkdtempSync(join(tmpdir(), 'psd2-bin-'));
    expect(findChromium({ PATH: '/nonexistent' })).toBeUndefined();
    writeFileSync(join(bin, 'chromium'), '');
    expect(findChromium({ PATH: `/nonexistent:${bin}` })).toBe(join(bin, 'chromium'));
    expect(findChromium({ CHROMIUM: join(bin, 'chromium'), PATH: '' })).toBe(join(bin, 'chromium'));
    expect(findChromium({ CHROMIUM: join(bin, 'missing'), PATH: bin })).toBeUndefined();
  });

  it('without chromium: one clear line and exit 2, no stack trace', async () => {
    const report = mkdtempSync(join(tmpdir(), 'psd2-html-'));
    mkdirSync(report, { recursive: true });
    writeFileSync(join(report, 'index.html'), '<html></html>');
    const r = await screenshot(['--report', report, '--out', join(report, 'shots')], {
      PATH: '/nonexistent',
      HOME: process.env.HOME ?? '',
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      "report:screenshot: chromium not found: install Debian's package " +
        '(apt-get install chromium) or set CHROMIUM to its path',
    ]);
  });

  it('without a report: one line naming the missing file', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'psd2-empty-'));
    const r = await screenshot(['--report', empty], { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      `report:screenshot: no report at ${join(empty, 'index.html')}: run ` +
        `\`npx psd2-conformance run\` (or \`report\`) first`,
    );
  });

  it('writes to a new temporary folder unless asked for docs/ (--update-docs) or a folder (--out)', () => {
    const first = outFolder(['node', 'screenshot.ts']);
    expect(first.startsWith(join(tmpdir(), 'psd2-screenshots-'))).toBe(true);
    expect(outFolder(['node', 'screenshot.ts'])).not.toBe(first);
    expect(outFolder(['node', 'screenshot.ts', '--update-docs'])).toBe(join(process.cwd(), 'docs'));
    expect(outFolder(['node', 'screenshot.ts', '--out', '/tmp/shots'])).toBe('/tmp/shots');
  });
});
