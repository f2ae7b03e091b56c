import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../bank/index.js';
import { allCommands } from '../../cli/program.js';
import { ROOT } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

/** Every `$ psd2-conformance run …` line of `run --help`, as words, without its `# comment`. */
async function runExamples(): Promise<string[][]> {
  const run = (await allCommands()).find((c) => c.name() === 'run');
  let help = '';
  run?.configureOutput({ writeOut: (text) => (help += text) });
  run?.outputHelp();
  return help
    .split('\n')
    .filter((l) => l.startsWith('  $ psd2-conformance run'))
    .map((l) => l.slice('  $ psd2-conformance '.length).replace(/#.*$/, '').trim().split(/\s+/));
}

/**
 * The tiny selection each example runs with: six tests of three operations (--shard 2/4 still has one), among them
 * the test the fault of the `--fault` example breaks. Without the HTML report, which adds seconds and no check here.
 */
const TINY = ['--grep', 'creditorName', '--no-html'];

function shell(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // The bin as a shell runs it, through its shebang, in a folder of its own (the reports land there).
    const child = spawn(join(ROOT, 'bin/psd2-conformance.mjs'), args, {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `run --help`'s examples work as printed (issue 21): each runs, with a tiny selection appended, against what it
 * names. `--profile sandbox` reads BASE_URL from ./.env or the --config-file it names: both are written, pointing
 * at a reference bank this test starts. The example with a deliberate fault must fail (exit 1), the others pass.
 */
describe('every example of run --help works as printed', async () => {
  const examples = await runExamples();
  let bank: RunningBank;
  beforeAll(async () => {
    bank = await startBank({ log: () => {} });
  });
  afterAll(async () => bank.close());

  it('there are examples, each a run of psd2-conformance', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const words of examples) expect(words[0]).toBe('run');
  });

  it.each(examples.map((words) => [words.join(' '), words] as const))(
    '%s',
    { timeout: hangGuard(240_000) },
    async (_, words) => {
      const cwd = mkdtempSync(join(tmpdir(), 'psd2-example-'));
      const configFile = words[words.indexOf('--config-file') + 1];
      // A file the example names, else ./.env where it says "the bank at BASE_URL": never both, never for the others.
      if (configFile && words.includes('--config-file')) writeFileSync(join(cwd, configFile), `BASE_URL=${bank.url}\n`);
      else if (words.includes('sandbox')) writeFileSync(join(cwd, '.env'), `BASE_URL=${bank.url}\n`);
      // The release lens's example names an earlier run's folder and a known-findings file: both are made first.
      const baseline = words.includes('--baseline') ? words[words.indexOf('--baseline') + 1] : undefined;
      if (baseline) {
        const earlier = await shell(['run', '--profile', 'sandbox', '--reports', baseline, ...TINY], cwd);
        expect(earlier.code, earlier.stderr).toBe(0);
      }
      const known = words.includes('--known-findings') ? words[words.indexOf('--known-findings') + 1] : undefined;
      if (known) writeFileSync(join(cwd, known), 'findings: []\n');
      // A bank profile example names the reference bank's own choices.
      const profile = words.includes('--bank-profile') ? words[words.indexOf('--bank-profile') + 1] : undefined;
      if (profile) copyFileSync(join(ROOT, 'examples/bank-profiles/default.yaml'), join(cwd, profile));
      const r = await shell([...words, ...TINY], cwd);
      const fault = words.includes('--fault');
      expect(r.code, r.stderr).toBe(fault ? 1 : 0);
      expect(r.stdout).toMatch(fault ? /NOT CONFORMANT/ : /(?<!NOT )CONFORMANT/);
      if (words.includes('sandbox'))
        expect(r.stdout).toContain(
          `target: ${bank.url} (profile sandbox${profile ? `, judged by bank profile ${profile}` : ''})`,
        );
    },
  );
});
