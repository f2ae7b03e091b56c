import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allureScript } from '../../reporters/allure-html.js';
import { WarmAllure } from '../../reporters/allure-warm.js';

/** What the process printed, and how it ended. */
function ended(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, output })));
}

const version = (JSON.parse(readFileSync(join(dirname(allureScript()), 'package.json'), 'utf8')) as { version: string })
  .version;

describe('an allure process started ahead of its command line (reporters/allure-warm.ts)', () => {
  it('runs the command line it is given once, as `allure <args>` would', async () => {
    const warm = new WarmAllure(allureScript());
    const child = warm.take(['--version']);
    expect(child).toBeDefined();
    expect(await ended(child!)).toEqual({ code: 0, output: `${version}\n` });
    // Taken: a second command starts a process of its own.
    expect(warm.take(['--version'])).toBeUndefined();
  });

  it('ends without a command when it is disposed of, and gives none after', async () => {
    const warm = new WarmAllure(allureScript());
    warm.dispose();
    expect(warm.take(['--version'])).toBeUndefined();
  });

  it('gives no process where the script names no Allure installation', () => {
    const warm = new WarmAllure('/nowhere/cli.js');
    expect(warm.take(['--version'])).toBeUndefined();
  });

  it("reads each git fact of Allure's local CI once, however often the render asks for it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'allure-warm-'));
    try {
      // A git that counts its calls, first on PATH for the warm process.
      const bin = join(dir, 'bin');
      mkdirSync(bin);
      const calls = join(dir, 'calls');
      writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$@" >> '${calls}'\necho main\n`);
      chmodSync(join(bin, 'git'), 0o755);
      const results = join(dir, 'results');
      mkdirSync(results);
      const result = { uuid: 'u1', name: 't', fullName: 'f#t', status: 'passed', stage: 'finished', start: 1, stop: 2 };
      writeFileSync(join(results, 'u1-result.json'), JSON.stringify(result));
      const config = join(dir, 'allure.json');
      const page = { import: '@allurereport/plugin-awesome', options: { singleFile: false } };
      writeFileSync(config, JSON.stringify({ name: 'x', plugins: { html: page, single: page } }));
      const path = process.env.PATH;
      process.env.PATH = `${bin}:${path ?? ''}`;
      let warm: WarmAllure;
      try {
        warm = new WarmAllure(allureScript());
      } finally {
        process.env.PATH = path;
      }
      const child = warm.take(['generate', '--config', config, '--output', join(dir, 'out'), results]);
      expect((await ended(child!)).code).toBe(0);
      const asked = readFileSync(calls, 'utf8').trim().split('\n').sort();
      // repoName, the branch, and the remote once for the provider and once for the repository.
      expect(asked).toEqual([
        'remote get-url origin',
        'remote get-url origin',
        'rev-parse --abbrev-ref HEAD',
        'rev-parse --show-toplevel',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
