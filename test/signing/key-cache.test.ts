import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultKeyCacheDir, testIdentity } from '../../signing/index.js';

const saved = { cache: process.env.XDG_CACHE_HOME, cwd: process.cwd() };
afterEach(() => {
  if (saved.cache === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = saved.cache;
  process.chdir(saved.cwd);
});

describe("testIdentity()'s keys live in this user's cache folder, never in the consumer's project", () => {
  it('without cacheDir: the OS cache folder (XDG_CACHE_HOME on Linux), nothing in the working directory', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'psd2-xdg-'));
    const project = mkdtempSync(join(tmpdir(), 'psd2-project-'));
    process.env.XDG_CACHE_HOME = cache;
    process.chdir(project);
    expect(defaultKeyCacheDir()).toBe(join(cache, 'psd2-conformance'));
    const identity = await testIdentity();
    expect(identity.serialHex).toMatch(/^[0-9A-F]+$/i);
    expect(readdirSync(join(cache, 'psd2-conformance'))).toEqual(['test-identity.json']);
    expect(readdirSync(project)).toEqual([]);
  });

  it('a cache folder that cannot be made: one in the temporary folder, of this user', async () => {
    const blocked = mkdtempSync(join(tmpdir(), 'psd2-blocked-'));
    writeFileSync(join(blocked, 'file'), '');
    process.env.XDG_CACHE_HOME = join(blocked, 'file');
    await testIdentity();
    expect(existsSync(join(tmpdir(), `psd2-conformance-keys-${userInfo().uid}`, 'test-identity.json'))).toBe(true);
  });

  it('a cacheDir given is used as it is, and one that cannot be made is an error, not a silent elsewhere', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'psd2-given-'));
    await testIdentity({ cacheDir: join(dir, 'keys') });
    expect(readdirSync(join(dir, 'keys'))).toEqual(['test-identity.json']);
    writeFileSync(join(dir, 'file'), '');
    await expect(testIdentity({ cacheDir: join(dir, 'file', 'keys') })).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});
