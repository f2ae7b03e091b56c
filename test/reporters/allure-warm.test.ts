import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
  }, 60_000);

  it('ends without a command when it is disposed of, and gives none after', async () => {
    const warm = new WarmAllure(allureScript());
    warm.dispose();
    expect(warm.take(['--version'])).toBeUndefined();
  });

  it('gives no process where the script names no Allure installation', () => {
    const warm = new WarmAllure('/nowhere/cli.js');
    expect(warm.take(['--version'])).toBeUndefined();
  });
});
