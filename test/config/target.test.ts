import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../core/index.js';
import { loadConfig } from '../../config/index.js';
import { resemblance } from '../../config/near-miss.js';
import { chooseTarget, type TargetChoice } from '../../config/target.js';
import { VARIABLES } from '../../config/variables.js';

const dir = mkdtempSync(join(tmpdir(), 'psd2-target-'));
let files = 0;

/** The target a run would judge, with the warnings it prints; `file` is the text of a --config-file. */
function choose(options: { env?: Record<string, string>; file?: string; profile?: string }): {
  target: TargetChoice;
  warnings: string[];
} {
  let envFile: string | false = false;
  if (options.file !== undefined) {
    envFile = join(dir, `${++files}.env`);
    writeFileSync(envFile, options.file);
  }
  const warnings: string[] = [];
  const config = loadConfig({ env: options.env ?? {}, envFile });
  return { target: chooseTarget(config, options.profile, (l) => warnings.push(l)), warnings };
}

const refused = (options: Parameters<typeof choose>[0]): string => {
  try {
    choose(options);
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).exitCode).toBe(2);
    return (err as Error).message;
  }
  throw new Error('no configuration error');
};

const EMBEDDED = 'or pass --profile embedded to judge the embedded reference bank';
const BANK = 'https://bank.example/api-sandbox';

describe('the embedded bank is judged only when asked for', () => {
  it('no BASE_URL and no profile: the embedded bank, without a warning', () => {
    expect(choose({})).toEqual({ target: { kind: 'embedded' }, warnings: [] });
  });

  it('--profile embedded or PROFILE=embedded: the embedded bank, also when BASE_URL is empty', () => {
    expect(choose({ profile: 'embedded', env: { BASE_URL: '' } })).toEqual({
      target: { kind: 'embedded' },
      warnings: [],
    });
    expect(choose({ env: { PROFILE: 'embedded' } }).target).toEqual({ kind: 'embedded' });
  });

  it('--profile embedded beside a usable BASE_URL judges the embedded bank and says BASE_URL is ignored', () => {
    expect(choose({ profile: 'embedded', env: { BASE_URL: BANK } })).toEqual({
      target: { kind: 'embedded' },
      warnings: ['--profile embedded judges the embedded reference bank: BASE_URL is ignored'],
    });
  });

  it('a usable BASE_URL: that bank, with the sandbox profile unless another is named', () => {
    expect(choose({ env: { BASE_URL: `${BANK}/` } }).target).toEqual({ kind: 'remote', url: BANK, profile: 'sandbox' });
    expect(choose({ env: { BASE_URL: BANK, PROFILE: 'production' } }).target).toEqual({
      kind: 'remote',
      url: BANK,
      profile: 'production',
    });
    expect(choose({ env: { BASE_URL: BANK, PROFILE: 'production' }, profile: 'sandbox' }).target).toMatchObject({
      profile: 'sandbox',
    });
    expect(choose({ file: `BASE_URL=${BANK}\n` }).target).toMatchObject({ kind: 'remote', url: BANK });
  });

  it.each([
    [
      { profile: 'sandbox' },
      `--profile sandbox judges the bank at BASE_URL, which is not set: set BASE_URL to the bank's URL, ${EMBEDDED}`,
    ],
    [
      { profile: 'production' },
      `--profile production judges the bank at BASE_URL, which is not set: set BASE_URL to the bank's URL, ${EMBEDDED}`,
    ],
    [
      { env: { PROFILE: 'sandbox' } },
      `PROFILE=sandbox judges the bank at BASE_URL, which is not set: set BASE_URL to the bank's URL, ${EMBEDDED}`,
    ],
    [
      { file: 'PROFILE=production\n' },
      `PROFILE=production judges the bank at BASE_URL, which is not set: set BASE_URL to the bank's URL, ${EMBEDDED}`,
    ],
    [
      { profile: 'sandbox', env: { BASE_URL: '' } },
      `--profile sandbox judges the bank at BASE_URL, which is empty (a missing CI ` +
        `secret expands to empty): set BASE_URL to the bank's URL, ${EMBEDDED}`,
    ],
    [
      { env: { PROFILE: 'production', BASE_URL: '  ' } },
      `PROFILE=production judges the bank at BASE_URL, which is empty (a missing CI ` +
        `secret expands to empty): set BASE_URL to the bank's URL, ${EMBEDDED}`,
    ],
    [
      { env: { BASE_URL: '' } },
      'BASE_URL is set but empty (a missing CI secret expands to empty): set it to ' +
        "the bank's URL, or unset it to judge the embedded reference bank",
    ],
    [
      { file: 'BASE_URL=\n' },
      'BASE_URL is set but empty (a missing CI secret expands to empty): set it to ' +
        "the bank's URL, or unset it to judge the embedded reference bank",
    ],
    [
      // The environment overrides the file: an empty secret hides the file's URL, and says so.
      { file: `BASE_URL=${BANK}\n`, env: { BASE_URL: '' }, profile: 'sandbox' },
      `--profile sandbox judges the bank at BASE_URL, which is empty (a missing CI ` +
        `secret expands to empty): set BASE_URL to the bank's URL, ${EMBEDDED}`,
    ],
  ] as [Parameters<typeof choose>[0], string][])('%j is a configuration error: %s', (options, message) => {
    expect(refused(options)).toBe(message);
  });
});

describe('a misspelt variable in the env file', () => {
  it.each([
    ['BASEURL=https://x\n', 'BASEURL (did you mean BASE_URL?)'],
    ['BASE_ULR=https://x\n', 'BASE_ULR (did you mean BASE_URL?)'],
    ['base_url=https://x\n', 'base_url (did you mean BASE_URL?)'],
    ['export BASEURI=https://x\n', 'BASEURI (did you mean BASE_URL?)'],
    ['PSU-ID=2d3e4f50-0000-4000-8000-000000000001\n', 'PSU-ID (did you mean PSU_ID?)'],
    [
      'PROFIL=sandbox\nSEED=3\nMY_OWN_THING=1\nNUM_RUN=2\n',
      'PROFIL (did you mean PROFILE?), NUM_RUN (did you mean NUM_RUNS?)',
    ],
  ])('without a usable BASE_URL is an error naming it and the variable it resembles: %j', (file, named) => {
    const message = refused({ file });
    const path = join(dir, `${files}.env`);
    expect(message).toBe(
      `${path} sets ${named}, which psd2-conformance does not read, and BASE_URL is not ` +
        `set: fix the name${named.includes('), ') ? 's' : ''}, ${EMBEDDED}`,
    );
  });

  it(
    'also with --profile sandbox, or with BASE_URL empty: the ' + 'misspelling is the likelier cause, so it is named',
    () => {
      const message = refused({ file: 'BASEURL=https://x\n', env: { BASE_URL: '' }, profile: 'sandbox' });
      expect(message).toBe(
        `${join(dir, `${files}.env`)} sets BASEURL (did you mean BASE_URL?), which ` +
          `psd2-conformance does not read, and BASE_URL is empty: fix the name, ${EMBEDDED}`,
      );
    },
  );

  it('with a usable BASE_URL is a one-line warning, and the run goes on against that bank', () => {
    const { target, warnings } = choose({ file: 'PSU-ID=x\nBASE_URL=https://bank.example\n' });
    expect(target).toEqual({ kind: 'remote', url: 'https://bank.example', profile: 'sandbox' });
    expect(warnings).toEqual([
      `${join(dir, `${files}.env`)} sets PSU-ID (did you mean PSU_ID?), which psd2-conformance does not read: ignored`,
    ]);
  });

  it('with --profile embedded is a warning: the embedded bank was asked for', () => {
    const { target, warnings } = choose({ file: 'BASEURL=https://x\n', profile: 'embedded' });
    expect(target).toEqual({ kind: 'embedded' });
    expect(warnings).toEqual([
      `${join(dir, `${files}.env`)} sets BASEURL (did you mean ` +
        `BASE_URL?), which psd2-conformance does not read: ignored`,
    ]);
  });

  it('in the process environment is ignored: it holds many variables of other programs', () => {
    expect(choose({ env: { BASEURL: 'https://x', PSU_IDS: '1', base_url: 'y' } })).toEqual({
      target: { kind: 'embedded' },
      warnings: [],
    });
  });

  it('unrelated names in the env file are left alone', () => {
    expect(choose({ file: 'NODE_ENV=test\nDATABASE_URL=postgres://x\nAPI_KEY=k\nTZ=UTC\n' })).toEqual({
      target: { kind: 'embedded' },
      warnings: [],
    });
  });
});

describe('resemblance of variable names', () => {
  const known = VARIABLES.map((v) => v.name);

  it.each([
    ['BASEURL', 'BASE_URL'],
    ['BASE_ULR', 'BASE_URL'],
    ['base_url', 'BASE_URL'],
    ['Base-Url', 'BASE_URL'],
    ['BASEURI', 'BASE_URL'],
    ['PSU-ID', 'PSU_ID'],
    ['SIGNING_CERT_PTH', 'SIGNING_CERT_PATH'],
    ['HTTP_CONCURENCY', 'HTTP_CONCURRENCY'],
  ])('%s resembles %s', (name, expected) => {
    expect(resemblance(name, known)).toBe(expected);
  });

  it.each(['BASE_URL', 'NODE_ENV', 'DATABASE_URL', 'API_BASE_URL', 'HOME', 'TZ', 'CI', 'X'])(
    '%s resembles nothing (known, or too far from every variable)',
    (name) => {
      expect(resemblance(name, known)).toBeUndefined();
    },
  );
});
