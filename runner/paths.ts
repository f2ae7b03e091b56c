import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the runner finds its own files, whether it runs from the repository's sources (tsx) or compiled in the
 * installed CLI package (`npm run build`): the package root (vitest's root, so the suites and their config come
 * from the package and never from the user's current folder), the suites' config, the suite files' suffix and
 * the bin. Paths are built from this module's URL, never from the working directory.
 */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** True in the installed CLI package, which ships JavaScript only (no TypeScript sources). */
export const COMPILED = import.meta.url.endsWith('.js');

export const SUITES_CONFIG = join(
  PACKAGE_ROOT,
  COMPILED ? 'vitest.conformance.config.js' : 'vitest.conformance.config.ts',
);
export const SUITES_DIR = join(PACKAGE_ROOT, 'suites');
/** `.suite.ts` in the repository, `.suite.js` once compiled. */
export const SUITE_SUFFIX = COMPILED ? '.suite.js' : '.suite.ts';
export const BIN = join(PACKAGE_ROOT, 'bin', 'psd2-conformance.mjs');
