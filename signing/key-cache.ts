import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import envPaths from 'env-paths';

/**
 * Where test keys are kept when no cacheDir is given (and the CLI's SIGNING_KEY_CACHE_DIR is unset): this user's
 * cache folder, as env-paths names it for the OS (`~/.cache/psd2-conformance` on Linux or `$XDG_CACHE_HOME/…`,
 * `~/Library/Caches/psd2-conformance` on macOS, `%LOCALAPPDATA%\psd2-conformance\Cache` on Windows). Never the
 * consumer's project, where a private key could be committed, nor the package's folder, which may be read-only.
 */
export function defaultKeyCacheDir(): string {
  return envPaths('psd2-conformance', { suffix: '' }).cache;
}

/** Where the keys go when the cache folder cannot be made (a read-only home in a container): one a user, in /tmp. */
export const fallbackKeyCacheDir = (): string => join(tmpdir(), `psd2-conformance-keys-${userInfo().uid}`);
