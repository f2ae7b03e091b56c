import { readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../core/index.js';
import { VARIABLES, loadConfig, maskNationalId, pathVariable } from '../../config/index.js';

const load = (env: Record<string, string>) => loadConfig({ env, envFile: false });

describe('configuration', () => {
  it('.env.example documents exactly the variables the project reads', () => {
    const documented = [
      ...readFileSync(new URL('../../.env.example', import.meta.url), 'utf8').matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm),
    ].map((m) => m[1]);
    expect(documented.sort()).toEqual(VARIABLES.map((v) => v.name).sort());
  });

  it('defaults: no BASE_URL and no profile (the embedded bank), a fixed seed, platform keyId style', () => {
    const c = load({});
    expect(c.baseUrl).toBeUndefined();
    expect(c.profile).toBeUndefined();
    expect(c).toMatchObject({ baseUrlEmpty: false, nearMisses: [], seed: 20261122, numRuns: 10, paths: {} });
    expect(c.signing).toMatchObject({
      digestAlgorithm: 'SHA-256',
      keyId: { serialCase: 'upper', leadingZeros: false, dnStyle: 'platform' },
    });
  });

  it('BASE_URL keeps its prefix and loses trailing slashes', () => {
    expect(load({ BASE_URL: 'https://bank.example/api-sandbox//' }).baseUrl).toBe('https://bank.example/api-sandbox');
  });

  it.each([
    ['HTTP_CONCURRENCY', 'x', 'HTTP_CONCURRENCY must be an integer ≥ 1, got "x"'],
    ['BASE_URL', 'ftp://bank', 'BASE_URL must be an http or https URL, got "ftp://bank"'],
    ['BASE_URL', 'not a url', 'BASE_URL must be an http or https URL, got "not a url"'],
    ['PROFILE', 'prod', 'PROFILE must be one of embedded, sandbox, production, got "prod"'],
    ['PSU_ID', '123', 'PSU_ID must be a UUID, got "123"'],
    ['PSU_IDENTITY', '123', 'PSU_IDENTITY must be an 11-digit national identity or D-number, got "***"'],
    ['DIGEST_ALGORITHM', 'MD5', 'DIGEST_ALGORITHM must be one of SHA-256, SHA-512, got "MD5"'],
    [pathVariable('sct.create'), 'v1/x', `${pathVariable('sct.create')} must be a path starting with /, got "v1/x"`],
    [
      pathVariable('basket.startAuthorisation'),
      '/v1/baskets/{id}/auth',
      `${pathVariable('basket.startAuthorisation')} must be a path with ` +
        `the parameters {basketId}, got "/v1/baskets/{id}/auth"`,
    ],
  ])('%s=%s is refused with one line naming the variable', (name, value, message) => {
    expect(() => load({ [name]: value })).toThrow(new UserError(message));
  });

  it('a path override replaces an assumed path', () => {
    expect(load({ PATH_SCT_CREATE: '/v1/payments/sepa' }).paths).toEqual({ 'sct.create': '/v1/payments/sepa' });
    expect(pathVariable('basket.startAuthorisation')).toBe('PATH_BASKET_START_AUTHORISATION');
  });

  it('a malformed .env file and a missing explicit one give clear errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    writeFileSync(join(dir, '.env'), 'SEED=1\nthis is not an assignment\n');
    expect(() => loadConfig({ env: {}, envFile: join(dir, '.env') })).toThrow(/\.env:2: not a NAME=value line/);
    expect(() => loadConfig({ env: {}, envFile: join(dir, 'nope.env') })).toThrow(
      /cannot read env file .*nope\.env: ENOENT/,
    );
    writeFileSync(join(dir, 'ok.env'), 'SEED=7\n# comment\nexport NUM_RUNS=3\n');
    expect(loadConfig({ env: {}, envFile: join(dir, 'ok.env') })).toMatchObject({ seed: 7, numRuns: 3 });
  });

  it('masks national identity numbers but the last two digits', () => {
    expect(maskNationalId('01017012345')).toBe('*********45');
  });
});
