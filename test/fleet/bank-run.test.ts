import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { choicesKey, readBankRecord } from '../../fleet/bank-record.js';
import { bankRunArgs, bankRunEnv, commandLine, startBankRun } from '../../fleet/bank-run.js';
import { FLEET_EXIT_ORDER, worstExitCode } from '../../fleet/exit-code.js';
import { githubMatrix, gitlabMatrix } from '../../fleet/matrix.js';
import type { Bank } from '../../fleet/targets.js';
import { parse } from 'yaml';

const BANK: Bank = {
  name: 'bank-a',
  baseUrl: 'https://sandbox.bank-a.no',
  profile: 'sandbox',
  env: { SIGNING_KEY_PATH: 'BANK_A_KEY_PATH', MTLS_CERT_PATH: 'BANK_A_QWAC' },
};
const SETTINGS = { seed: 7, budgetSeconds: 300, args: ['--operation', 'ncbct.create', '--no-html'] };

describe("a bank's run", () => {
  it('is `run` with the bank’s profile, the fleet’s seed and budget, its own folder and the options passed on', () => {
    expect(bankRunArgs(BANK, '/r/bank-a', SETTINGS)).toEqual([
      'run',
      '--profile',
      'sandbox',
      '--seed',
      '7',
      '--budget',
      '300',
      '--reports',
      '/r/bank-a',
      '--operation',
      'ncbct.create',
      '--no-html',
    ]);
  });

  it('passes the bank profile on as run --bank-profile FILE, only for a bank that has one', () => {
    const args = bankRunArgs({ ...BANK, bankProfile: '/x/profiles/bank-a.yaml' }, '/r/bank-a', SETTINGS);
    expect(args.slice(0, 5)).toEqual(['run', '--profile', 'sandbox', '--bank-profile', '/x/profiles/bank-a.yaml']);
    expect(bankRunArgs(BANK, '/r/bank-a', SETTINGS)).not.toContain('--bank-profile');
  });

  it('has the fleet’s environment, the bank’s BASE_URL, its mapped variables, and no PROFILE of the fleet’s', () => {
    const { env, missing } = bankRunEnv(BANK, {
      PATH: '/bin',
      PROFILE: 'embedded',
      BASE_URL: 'https://other.bank',
      SIGNING_CERT_PATH: '/shared/qseal.pem',
      BANK_A_KEY_PATH: '/k/a.pem',
      BANK_A_QWAC: '/k/a-qwac.pem',
      BANK_B_KEY_PATH: '/k/b.pem',
    });
    expect(missing).toEqual([]);
    expect(env).toEqual({
      PATH: '/bin',
      BASE_URL: 'https://sandbox.bank-a.no',
      SIGNING_CERT_PATH: '/shared/qseal.pem',
      SIGNING_KEY_PATH: '/k/a.pem',
      MTLS_CERT_PATH: '/k/a-qwac.pem',
      BANK_A_KEY_PATH: '/k/a.pem',
      BANK_A_QWAC: '/k/a-qwac.pem',
      BANK_B_KEY_PATH: '/k/b.pem',
    });
  });

  it('is one shell line in its log: its URL, the names of its mapped variables (never their values)', () => {
    const args = bankRunArgs({ ...BANK, bankProfile: "/x/bank's profile.yaml" }, '/r/bank-a', SETTINGS);
    expect(commandLine(BANK, args)).toBe(
      'BASE_URL=https://sandbox.bank-a.no SIGNING_KEY_PATH="$BANK_A_KEY_PATH" MTLS_CERT_PATH="$BANK_A_QWAC" ' +
        "psd2-conformance run --profile sandbox --bank-profile '/x/bank'\\''s profile.yaml' --seed 7 --budget 300 " +
        '--reports /r/bank-a --operation ncbct.create --no-html',
    );
  });

  it(
    'is started as a child run with --bank-profile when the bank has one (whether run takes it yet or not)',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'bank-run-'));
      const profile = join(dir, 'profile.yaml');
      writeFileSync(profile, 'errors: berlin-group\n');
      // Nothing listens on port 9: the child ends with exit 2 whatever it stops on (the option, or the connection).
      const bank: Bank = { ...BANK, baseUrl: 'http://127.0.0.1:9', env: {}, bankProfile: profile };
      const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
      const end = await startBankRun(bank, join(dir, 'bank-a'), { ...SETTINGS, args: ['--no-html'] }, env).done;
      expect(end.code).toBe(2);
      expect(readFileSync(join(dir, 'bank-a.log'), 'utf8').split('\n')[0]).toBe(
        `$ BASE_URL=http://127.0.0.1:9 psd2-conformance run --profile sandbox --bank-profile ${profile} --seed 7 ` +
          `--budget 300 --reports ${join(dir, 'bank-a')} --no-html`,
      );
      expect(readBankRecord(join(dir, 'bank-a'))).toMatchObject({
        name: 'bank-a',
        bankProfile: { file: 'profile.yaml', choices: choicesKey(profile) },
        exitCode: 2,
        error: expect.stringMatching(/^psd2-conformance run: /),
      });
    },
  );

  it('names the variables it maps that are unset or empty (a missing CI secret expands to empty)', () => {
    expect(bankRunEnv(BANK, { BANK_A_KEY_PATH: '' }).missing).toEqual([
      'SIGNING_KEY_PATH (from BANK_A_KEY_PATH)',
      'MTLS_CERT_PATH (from BANK_A_QWAC)',
    ]);
  });
});

describe("the fleet's exit code", () => {
  it('is the worst bank’s: not run (2) over incomplete (3) over not conformant (1) over conformant (0)', () => {
    expect(FLEET_EXIT_ORDER).toEqual([0, 1, 3, 2]);
    const codes = (...c: (0 | 1 | 2 | 3)[]) => worstExitCode(c.map((exitCode) => ({ exitCode })));
    expect(codes()).toBe(0);
    expect(codes(0, 0)).toBe(0);
    expect(codes(0, 1, 0)).toBe(1);
    expect(codes(1, 3, 0)).toBe(3);
    expect(codes(3, 2, 1)).toBe(2);
    expect(codes(2, 0)).toBe(2);
  });
});

describe('the job matrix', () => {
  const targets = {
    file: 'fleet.yaml',
    banks: [BANK, { ...BANK, name: 'bank-b', env: {} }],
  };

  it('for GitHub Actions: one line of JSON, an include per bank, names only', () => {
    expect(githubMatrix(targets)).toBe('{"include":[{"bank":"bank-a"},{"bank":"bank-b"}]}');
  });

  it('for GitLab: a parallel:matrix fragment with BANK', () => {
    const fragment = gitlabMatrix(targets);
    expect(parse(fragment)).toEqual({ parallel: { matrix: [{ BANK: ['bank-a', 'bank-b'] }] } });
    expect(fragment).not.toContain('BANK_A_KEY_PATH');
  });
});

describe("a bank profile's choices key", () => {
  it('is the same for the same choices whatever the layout, comments and key order, and differs otherwise', () => {
    const dir = mkdtempSync(join(tmpdir(), 'choices-'));
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const a = choicesKey(file('a.yaml', 'errors: berlin-group\nids: uuid\n'));
    const b = choicesKey(file('b.yaml', '# bank b\nids:   uuid\nerrors: berlin-group\n'));
    const c = choicesKey(file('c.yaml', 'errors: interface\nids: uuid\n'));
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(() => choicesKey(join(dir, 'missing.yaml'))).toThrow(/the bank profile .*missing\.yaml cannot be read/);
  });
});
