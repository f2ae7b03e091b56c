import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cli, ROOT } from '../support/cli.js';

function run(command: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const MISSING = '/nonexistent/bank.env';
const LINE =
  `psd2-conformance run: --env-file ${MISSING}: no such file ` +
  `(leave --env-file out to read ./.env, if there is one)`;
const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l && !l.startsWith('npm warn') && !l.startsWith('>'))
    .map((l) => l.trim());

/**
 * A missing --env-file is a configuration error: exit 2 and one line, before anything starts. Node takes a
 * `--env-file` anywhere on its own command line as its own option (nodejs/node#54232) unless `--` ends its options.
 */
describe('run --env-file with a file that does not exist', () => {
  it('node -- bin/psd2-conformance.mjs: exit 2 and one line', { timeout: 60_000 }, async () => {
    const r = await cli(['run', '--env-file', MISSING, '--no-html']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([LINE]);
    expect((await cli(['run', `--env-file=${MISSING}`])).stderr.trim()).toBe(LINE);
  });

  it('npm run conformance -- --env-file: the same', { timeout: 60_000 }, async () => {
    const r = await run('npm', ['run', '--silent', 'conformance', '--', '--env-file', MISSING]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([LINE]);
  });

  it('without `--`, node itself stops first (exit 9): the reason the README says how to pass it', async () => {
    const r = await run(process.execPath, ['bin/psd2-conformance.mjs', 'run', '--env-file', MISSING]);
    expect(r.code).toBe(9);
    expect(r.stderr.trim()).toMatch(/node: \/nonexistent\/bank\.env: not found$/);
  });
});
