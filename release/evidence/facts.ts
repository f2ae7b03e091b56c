/**
 * What the evidence says of the tool itself: its name, version and git commit (when it runs from a checkout), the
 * sha256 of the interface text its rules come from and of its rule catalogue.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REQUIREMENTS } from '../../spec/index.js';
import { sha256 } from './files.js';
import type { Manifest } from './manifest.js';

/** The package's root, from this module's place in it (sources or compiled alike: release/evidence/). */
export const TOOL_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where the interface text lives in the package. */
export const INTERFACE_FILE = 'spec/source/interface.md';

function git(args: string[], root: string): string | undefined {
  try {
    return execFileSync('git', ['-C', root, ...args], {
      encoding: 'utf8',
      timeout: 3000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/** Name, version and commit: the checkout's HEAD (dirty when tracked files changed), else package.json's gitHead. */
export function toolFacts(root = TOOL_ROOT): Manifest['tool'] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    gitHead?: string;
  };
  const head = existsSync(join(root, '.git')) ? git(['rev-parse', 'HEAD'], root) : undefined;
  const commit = head ?? pkg.gitHead;
  const dirty = head ? Boolean(git(['status', '--porcelain', '--untracked-files=no'], root)) : undefined;
  return {
    name: pkg.name,
    version: pkg.version,
    ...(commit ? { commit } : {}),
    ...(dirty ? { dirty } : {}),
  };
}

/** The interface text's sha256, or why it is not known (an installation without the text). */
export function interfaceFacts(root = TOOL_ROOT): Manifest['interface'] {
  const file = join(root, INTERFACE_FILE);
  if (!existsSync(file)) return { file: INTERFACE_FILE, note: `${INTERFACE_FILE} is not part of this installation` };
  return { file: INTERFACE_FILE, sha256: sha256(readFileSync(file)) };
}

/** The catalogue's sha256: every requirement row as JSON, in catalogue order. */
export function catalogueFacts(): Manifest['catalogue'] {
  return { sha256: sha256(JSON.stringify(REQUIREMENTS)), requirements: REQUIREMENTS.length };
}
