import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

const cli = (args: string[], env: Record<string, string> = {}, cwd = ROOT) => {
  const r = spawnSync(process.execPath, ['--', `${ROOT}bin/psd2-conformance.mjs`, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    timeout: hangGuard(30_000),
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.trim() };
};

const SEED_RANGE = 'must be an integer from 0 to 4294967295 (fast-check keeps 32 bits of a seed)';

describe('numbers are checked, never silently changed', () => {
  it.each([
    ['run', '4294967303'],
    ['run', '99999999999999999999'],
    ['run', '-1'],
    ['generate', '4294967296'],
    ['mutation', '4294967296'],
  ])('%s --seed %s: exit 2 with the range fast-check tells apart', (command, seed) => {
    const args = command === 'generate' ? ['generate', 'ncbct', '--seed', seed] : [command, '--seed', seed];
    expect(cli(args)).toMatchObject({
      status: 2,
      stderr: `psd2-conformance ${command}: --seed ${SEED_RANGE}, got "${seed}"`,
    });
  });

  it('SEED in the environment is held to the same range', () => {
    expect(cli(['run'], { SEED: '4294967303' })).toMatchObject({
      status: 2,
      stderr: `psd2-conformance run: SEED ${SEED_RANGE}, got "4294967303"`,
    });
  });

  it('the top of the range is a seed like any other', () => {
    const r = cli(['generate', 'ncbct', '--count', '1', '--seed', '4294967295']);
    expect([r.status, r.stderr]).toEqual([0, '']);
  });
});

describe('an output folder that cannot hold files is exit 2 before anything runs, and no folder is left behind', () => {
  it.each([
    [
      ['run', '--reports', '/proc/x'],
      'run: --reports cannot hold files at /proc/x: this file system takes no new folders there (ENOENT)',
    ],
    [
      ['report', '--out', '/proc/x/y', 'reports'],
      'report: --out cannot hold files at /proc/x/y: this file system takes no new folders there (ENOENT)',
    ],
    [
      ['mutation', '--out', '/proc/x'],
      'mutation: --out cannot hold files at /proc/x: this file system takes no new folders there (ENOENT)',
    ],
    [['proxy', '--reports', '/sys/x'], 'proxy: --reports cannot hold files at /sys/x: not writable (EPERM)'],
    [
      ['run', '--exchanges', '/proc/x/exchanges.jsonl'],
      'run: --exchanges cannot be written at /proc/x/exchanges.jsonl: this file system takes no new folders there ' +
        '(ENOENT)',
    ],
    [
      ['run', '--reports', '/etc/passwd/x'],
      'run: --reports cannot hold files at /etc/passwd/x: a file is in the way of the folder ' +
        '(ENOTDIR: /etc/passwd is a file)',
    ],
  ])('%j', (args, line) => {
    const r = cli(args);
    expect([r.status, r.stderr]).toEqual([2, `psd2-conformance ${line}`]);
    // Refused while parsing, before anything ran: nothing on stdout, where a run prints its tests and verdict (how
    // soon, `npm run bench` measures: the refusal bench).
    expect(r.stdout).toBe('');
  });

  it.each([
    [['run', '--reports', 'new/reports'], { SEED: 'x' }],
    [['run', '--reports', 'new/reports', '--grep', 'zzzz'], {}],
    [['run', '--reports', 'new/reports', '--fault', 'nope'], {}],
    [['report', '--out', 'new/reports', 'nonexistent'], {}],
    [['proxy', '--reports', 'new/reports'], { SEED: 'x' }],
  ] as [string[], Record<string, string>][])('%j %j: a configuration error writes no folder', (args, env) => {
    const cwd = mkdtempSync(join(tmpdir(), 'psd2-noleft-'));
    const r = cli(args, env, cwd);
    expect(r.status).toBe(2);
    expect(readdirSync(cwd)).toEqual([]);
    expect(existsSync(join(cwd, 'new'))).toBe(false);
  });
});
