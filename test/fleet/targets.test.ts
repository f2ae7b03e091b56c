import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../core/index.js';
import { looksSecret, parseTargets, pickBanks, readTargets, targetsText } from '../../fleet/targets.js';

const GOOD = `banks:
  - name: bank-a
    base_url: https://sandbox.bank-a.no/api-sandbox/
    bank_profile: profiles/bank-a.yaml
    env:
      SIGNING_CERT_PATH: BANK_A_CERT_PATH
      SIGNING_KEY_PATH: BANK_A_KEY_PATH
  - name: bank-b
    base_url: http://127.0.0.1:8431
    profile: production
`;

/** The one line a malformed file gives (a UserError, exit 2). */
const error = (text: string) => {
  try {
    parseTargets(text, '/x/fleet.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).exitCode).toBe(2);
    return (err as Error).message;
  }
  throw new Error('parsed');
};

describe('the targets file', () => {
  it('reads each bank: name, URL (no trailing slash), profile, bank profile beside the file, mapped variables', () => {
    expect(parseTargets(GOOD, '/x/fleet.yaml')).toEqual({
      file: '/x/fleet.yaml',
      banks: [
        {
          name: 'bank-a',
          baseUrl: 'https://sandbox.bank-a.no/api-sandbox',
          profile: 'sandbox',
          bankProfile: '/x/profiles/bank-a.yaml',
          env: { SIGNING_CERT_PATH: 'BANK_A_CERT_PATH', SIGNING_KEY_PATH: 'BANK_A_KEY_PATH' },
          line: 2,
        },
        { name: 'bank-b', baseUrl: 'http://127.0.0.1:8431', profile: 'production', env: {}, line: 8 },
      ],
    });
  });

  it('reads JSON, YAML’s subset, the same way', () => {
    const json = JSON.stringify({
      banks: [{ name: 'bank-b', base_url: 'http://127.0.0.1:8431', profile: 'production' }],
    });
    expect(parseTargets(json, '/x/fleet.json').banks).toEqual([
      { name: 'bank-b', baseUrl: 'http://127.0.0.1:8431', profile: 'production', env: {}, line: 1 },
    ]);
  });

  it('a malformed entry is one line naming the file, the line and the member', () => {
    expect(error(GOOD.replace('    base_url: http://127.0.0.1:8431\n', ''))).toBe(
      '/x/fleet.yaml line 8: banks[1] must have base_url (every bank has a name and a base_url)',
    );
    expect(error(GOOD.replace('name: bank-b', 'name: ../bank-b'))).toBe(
      '/x/fleet.yaml line 8: banks[1].name must be a folder name: letters, digits, ".", "-" and "_", starting with ' +
        'a letter or digit, at most 64, got ../bank-b',
    );
    expect(error(GOOD.replace('profile: production', 'profile: staging'))).toBe(
      '/x/fleet.yaml line 10: banks[1].profile must be one of sandbox, production, got staging',
    );
    expect(error(GOOD.replace('bank_profile:', 'bank_profil:'))).toBe(
      '/x/fleet.yaml line 2: banks[0] must not have bank_profil (did you mean bank_profile?)',
    );
    expect(error('banks: []\n')).toBe('/x/fleet.yaml line 1: banks must not be empty');
    expect(error('banks:\n  - name: [\n')).toMatch(/^\/x\/fleet\.yaml line \d: not YAML \(/);
  });

  it('refuses two banks of one name (one folder), also in another case', () => {
    expect(error(GOOD.replace('name: bank-b', 'name: Bank-A'))).toBe(
      '/x/fleet.yaml line 8: banks[1].name must be unique: Bank-A is also banks[0] (line 2)',
    );
  });

  it('env maps only variables run reads, and not those the file or the fleet set', () => {
    expect(error(GOOD.replace('SIGNING_KEY_PATH: BANK_A_KEY_PATH', 'SIGNING_KEY_PAT: BANK_A_KEY_PATH'))).toBe(
      '/x/fleet.yaml line 7: banks[0].env.SIGNING_KEY_PAT: SIGNING_KEY_PAT is not a variable psd2-conformance ' +
        'reads (did you mean SIGNING_KEY_PATH?)',
    );
    expect(error(GOOD.replace('SIGNING_KEY_PATH: BANK_A_KEY_PATH', 'BASE_URL: BANK_A_URL'))).toBe(
      '/x/fleet.yaml line 7: banks[0].env.BASE_URL: BASE_URL is not set through env: it is base_url',
    );
    expect(error(GOOD.replace('BANK_A_KEY_PATH', '/home/ci/key.pem'))).toBe(
      '/x/fleet.yaml line 7: banks[0].env.SIGNING_KEY_PATH must be the name of an environment variable (letters, ' +
        'digits and "_"), not its value, got /home/ci/key.pem',
    );
  });

  it('refuses a key, a certificate or a password in the file, without repeating it', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----';
    const withPem = error(GOOD.replace('BANK_A_KEY_PATH', `"${pem}"`));
    expect(withPem).toBe(
      '/x/fleet.yaml line 7: banks[0].env.SIGNING_KEY_PATH looks like a key, a certificate or a password (not ' +
        'repeated here): a targets file names the environment variables that hold secrets (env: SIGNING_KEY_PATH: ' +
        'BANK_A_KEY_PATH), never the secrets themselves',
    );
    const base64 = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKjMzEfYyjiWA4R4';
    expect(error(GOOD.replace('BANK_A_CERT_PATH', base64))).not.toContain(base64);
    const password = error(GOOD.replace('https://sandbox', 'https://tpp:hunter2@sandbox'));
    expect(password).toMatch(/^\/x\/fleet\.yaml line 3: banks\[0\]\.base_url looks like a key/);
    expect(password).not.toContain('hunter2');
  });

  it('tells secrets from names, URLs and paths', () => {
    expect(looksSecret('-----BEGIN CERTIFICATE-----')).toBe(true);
    expect(looksSecret('https://user:pw@host.example')).toBe(true);
    expect(looksSecret('A'.repeat(64))).toBe(true);
    expect(looksSecret('BANK_A_SIGNING_CERT_PATH')).toBe(false);
    expect(looksSecret('https://sandbox.bank-a.no/api-sandbox/v1?x=1')).toBe(false);
    expect(looksSecret('profiles/bank-a.yaml')).toBe(false);
  });

  it('a file that cannot be read is one line; --bank names a bank of the file', () => {
    expect(() => readTargets('/nonexistent/fleet.yaml')).toThrow(
      'the targets file /nonexistent/fleet.yaml cannot be read (ENOENT)',
    );
    const dir = mkdtempSync(join(tmpdir(), 'targets-'));
    writeFileSync(join(dir, 'fleet.yaml'), GOOD);
    const targets = readTargets(join(dir, 'fleet.yaml'));
    expect(pickBanks(targets, ['bank-b']).map((b) => b.name)).toEqual(['bank-b']);
    expect(pickBanks(targets, []).map((b) => b.name)).toEqual(['bank-a', 'bank-b']);
    expect(() => pickBanks(targets, ['bank-c'])).toThrow(/--bank bank-c: .* holds no such bank \(did you mean /);
  });

  it('targetsText writes a file that reads back as the banks it names', () => {
    const text = targetsText(
      [
        { name: 'bank-a', baseUrl: 'http://127.0.0.1:1', about: 'clean' },
        { name: 'bank-c', baseUrl: 'http://127.0.0.1:3/api-sandbox', bankProfile: 'my profiles/c.yaml' },
      ],
      'two banks\nserved here',
    );
    expect(text.split('\n').slice(0, 4)).toEqual(['# two banks', '# served here', 'banks:', '  # clean']);
    expect(parseTargets(text, '/x/t.yaml').banks.map(({ line: _, ...b }) => b)).toEqual([
      { name: 'bank-a', baseUrl: 'http://127.0.0.1:1', profile: 'sandbox', env: {} },
      {
        name: 'bank-c',
        baseUrl: 'http://127.0.0.1:3/api-sandbox',
        profile: 'sandbox',
        bankProfile: '/x/my profiles/c.yaml',
        env: {},
      },
    ]);
  });
});
