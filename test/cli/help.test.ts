import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { leafCommands } from '../../cli/program.js';
import { ROOT } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

const BIN = new URL('../../bin/psd2-conformance.mjs', import.meta.url).pathname;
/** The bin as a shell runs it: through its shebang, not through `node`. */
const cli = (...args: string[]) =>
  spawnSync(BIN, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    timeout: hangGuard(60_000),
  });

const RUN_OPTIONS = [
  '--profile <profile>',
  '--config-file <file>',
  '--seed <n>',
  '--num-runs <n>',
  '--operation <id>',
  '--exclude-operation <id>',
  '--requirement <id>',
  '--level <level>',
  '--grep <regexp>',
  '--shard <i/n>',
  '--strict',
  '--security-findings <mode>',
  '--allow-payments',
  '--budget <seconds>',
  '--fault <id>',
  '--variant <id>',
  '--reports <dir>',
  '--no-html',
  '--report <names>',
  '--history-limit <n>',
  '--exchanges <file>',
  '--replay-path <path>',
  '--order <order>',
  '--suite-file <name>',
];

describe('the CLI explains itself', () => {
  it('run --help names every option of run, with its default, and examples', () => {
    const r = cli('run', '--help');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    for (const option of RUN_OPTIONS) expect(lines.some((l) => l.startsWith(`  ${option} `))).toBe(true);
    expect(r.stdout).toMatch(/--budget <seconds> +time budget of the whole run/);
    expect(r.stdout).toMatch(/\(default: 900\)/);
    expect(r.stdout).toMatch(/\(choices:\s+MUST,\s+SHOULD;\s+default:\s+both\)/);
    expect(r.stdout).toContain('Examples:\n  $ psd2-conformance run ');
    expect(r.stdout).toContain('Exit codes:\n  0  CONFORMANT: the run completed and every MUST test passed\n');
  });

  it('help run prints exactly what run --help prints', () => {
    const help = cli('help', 'run');
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(cli('run', '--help').stdout);
  });

  it("--version prints package.json's version", () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const r = cli('--version');
    expect([r.status, r.stdout]).toEqual([0, `${version}\n`]);
  });

  it('the overview lists every command, doctor, proxy and replay among them', () => {
    const r = cli('--help');
    expect(r.status).toBe(0);
    for (const name of [
      'run',
      'report',
      'doctor',
      'requirements',
      'sign',
      'verify',
      'proxy',
      'replay',
      'generate',
      'serve',
      'mutation',
    ])
      expect(r.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it.each([
    [
      ['run', 'extra'],
      'psd2-conformance run: unexpected argument "extra": run takes no arguments (see psd2-conformance run --help)',
    ],
    [
      ['requirements', 'SOME.ID'],
      'psd2-conformance requirements: unexpected argument "SOME.ID": requirements ' +
        'takes no arguments (see psd2-conformance requirements --help)',
    ],
    [
      ['generate', 'ncbct', 'sct'],
      'psd2-conformance generate: unexpected argument "sct": generate ' +
        'takes 1 argument (see psd2-conformance generate --help)',
    ],
    [
      ['requirements', '--trace', 'NCBCT.creditorName.max70', '--level', 'MUST'],
      'psd2-conformance requirements: --trace cannot go with --level (see psd2-conformance requirements --help)',
    ],
    [['run', '--strcit'], 'psd2-conformance run: unknown option --strcit (did you mean --strict?)'],
    [['run', '--seed'], 'psd2-conformance run: --seed needs a value'],
    [
      ['run', '--seed', '-1'],
      'psd2-conformance run: --seed must be an integer from 0 to 4294967295 (fast-check keeps 32 bits of a seed), ' +
        'got "-1"',
    ],
    [['run', '--shard', '5/4'], 'psd2-conformance run: --shard must look like i/n with 1 ≤ i ≤ n, got "5/4"'],
    [
      ['run', '--profile', 'prod'],
      'psd2-conformance run: --profile must be embedded, sandbox or production, not "prod"',
    ],
    [['rn'], 'psd2-conformance: unknown command "rn" (did you mean run?); psd2-conformance --help lists the commands'],
    [['help', 'nope'], 'psd2-conformance: unknown command "nope"; psd2-conformance --help lists the commands'],
    [
      ['run', '--config-file', '/missing'],
      'psd2-conformance run: --config-file /missing: no such file ' +
        '(leave --config-file out to read ./.env, if there is one)',
    ],
    [
      ['doctor', '--config-file', '/missing'],
      'psd2-conformance doctor: --config-file /missing: no such file ' +
        '(leave --config-file out to read ./.env, if there is one)',
    ],
    [
      ['proxy', '--config-file', '/missing'],
      'psd2-conformance proxy: --config-file /missing: no such file ' +
        '(leave --config-file out to read ./.env, if there is one)',
    ],
    // Where the old spelling reaches the CLI (the shebang's `--` keeps it from Node), one line names the new one.
    [
      ['doctor', '--env-file', 'ci.env'],
      'psd2-conformance doctor: --env-file is now --config-file (Node 20 takes --env-file for its own flag when npx ' +
        'starts psd2-conformance)',
    ],
    [
      ['proxy', '--port', '65536'],
      'psd2-conformance proxy: --port must be a whole number from 0 to 65535, got "65536"',
    ],
    [
      ['replay', '--exchanges', 'x.jsonl', '--reports', 'r'],
      'psd2-conformance replay: --reports goes with --test alone; --exchanges names its file itself',
    ],
    // A subcommand says its mistakes in its own name.
    [['fleet', 'run'], 'psd2-conformance fleet run: give the targets file (docs/fleet.md says its form)'],
    [
      ['fleet', 'run', 'f.yaml', '--parallell', '2'],
      'psd2-conformance fleet run: unknown option --parallell (did you mean --parallel?)',
    ],
    [
      ['fleet', 'matrix', 'a.yaml', 'b.yaml'],
      'psd2-conformance fleet matrix: unexpected argument "b.yaml": fleet matrix takes 1 argument ' +
        '(see psd2-conformance fleet matrix --help)',
    ],
    [
      ['fleet', 'rnu'],
      'psd2-conformance fleet: unknown command "rnu" (did you mean run?); ' +
        'psd2-conformance fleet --help lists the commands',
    ],
    [
      ['fleet', 'run', '/missing/fleet.yaml'],
      'psd2-conformance fleet run: the targets file /missing/fleet.yaml cannot be read (ENOENT)',
    ],
  ])('%j is one line on stderr and exit code 2, before anything runs', (args, line) => {
    const r = cli(...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toEqual([line, '']);
  });

  it('psd2-conformance alone prints the overview on stderr and exits 2', () => {
    const r = cli();
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Usage: psd2-conformance [options] [command]');
  });
});

describe('every command declares every option with a description, its default and examples', async () => {
  const commands = await leafCommands();
  it.each(commands.map((c) => [c.path, c.command] as const))('%s', (name, command) => {
    let help = '';
    command.configureOutput({ writeOut: (text) => (help += text) });
    command.outputHelp();
    // A hidden option (an old spelling that only names the new one) has no help entry.
    const options = command.options.filter((o) => o.long !== '--help' && !o.hidden);
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) {
      expect(option.description, option.flags).not.toBe('');
      // The option's help entry runs from its flags to the next option's.
      const entry = new RegExp(
        `^  ${option.flags.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} [\\s\\S]*?(?=\\n  -|\\n\\n)`,
        'm',
      ).exec(help)?.[0];
      expect(entry, option.flags).toBeDefined();
      expect(entry?.replace(/\s+/g, ' '), option.flags).toMatch(/\((?:choices: [^)]*; )?default: [^)]+\)|\(required\)/);
    }
    expect(help).toContain(`Examples:\n  $ psd2-conformance ${name}`);
  });
});
