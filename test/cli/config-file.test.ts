import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

const MISSING = '/nonexistent/bank.env';
const LINE =
  `psd2-conformance run: --config-file ${MISSING}: no such file ` +
  '(leave --config-file out to read ./.env, if there is one)';
const BIN = 'bin/psd2-conformance.mjs';

/** stderr without npm's own chatter (`npm warn …`, the `> script` banner). */
function run(command: string, args: string[]) {
  const r = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    timeout: hangGuard(60_000),
  });
  const lines = r.stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('npm warn') && !l.startsWith('>'));
  return { status: r.status, lines };
}

/**
 * `--config-file F` works however the CLI is started. Its old name, `--env-file`, could not: Node 20 takes it for
 * its own flag anywhere on its command line (nodejs/node#54232), and npx and `node bin/…` start Node with it.
 */
describe('run --config-file with a file that does not exist: exit 2 and one line, however the CLI starts', () => {
  it.each([
    ['npx psd2-conformance', 'npx', ['psd2-conformance']],
    ['the bin, through its shebang', `${ROOT}${BIN}`, []],
    ['node bin/psd2-conformance.mjs', process.execPath, [BIN]],
    ['node -- bin/psd2-conformance.mjs', process.execPath, ['--', BIN]],
    ['npm run conformance --', 'npm', ['run', '--silent', 'conformance', '--']],
  ])('%s', (_, command, prefix) => {
    expect(run(command, [...prefix, 'run', '--config-file', MISSING])).toEqual({ status: 2, lines: [LINE] });
  });

  it('--config-file=F too', () => {
    expect(run(process.execPath, [BIN, 'run', `--config-file=${MISSING}`])).toEqual({ status: 2, lines: [LINE] });
  });

  it('the old --env-file: one line naming --config-file where it reaches the CLI; else Node 20 stops first', () => {
    const renamed =
      'psd2-conformance run: --env-file is now --config-file (Node 20 takes --env-file for its own flag when npx ' +
      'starts psd2-conformance)';
    expect(run(`${ROOT}${BIN}`, ['run', '--env-file', MISSING])).toEqual({ status: 2, lines: [renamed] });
    // Through npx, Node 20 reads the flag first (npx is a Node program) and exits 9; Node 22 leaves it to the CLI.
    const npx = run('npx', ['psd2-conformance', 'run', '--env-file', MISSING]);
    if (Number(process.versions.node.split('.')[0]) < 22)
      expect(npx).toEqual({ status: 9, lines: [`node: ${MISSING}: not found`] });
    else expect(npx).toEqual({ status: 2, lines: [renamed] });
  });
});
