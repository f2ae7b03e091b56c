/**
 * What the evidence says of the tool itself: its name, version and git commit (when it runs from a checkout), the
 * sha256 of the interface text its rules come from and of its rule catalogue.
 */
import { execFile, execFileSync } from 'node:child_process';
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

const GIT_OPTIONS = { encoding: 'utf8', timeout: 3000 } as const;
/** What a reading asks git, at once or in the background: the commit, and whether a tracked file changed. */
const HEAD = ['rev-parse', 'HEAD'];
const CHANGED = ['status', '--porcelain', '--untracked-files=no'];

function git(args: string[], root: string): string | undefined {
  try {
    return execFileSync('git', ['-C', root, ...args], { ...GIT_OPTIONS, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

const gitSoon = (args: string[], root: string): Promise<string | undefined> =>
  new Promise((done) => {
    const child = execFile('git', ['-C', root, ...args], GIT_OPTIONS, (err, out) => done(err ? undefined : out.trim()));
    child.stdin?.end();
  });

type ToolFacts = Manifest['tool'];

function factsOf(root: string, head: string | undefined, status: string | undefined): ToolFacts {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    gitHead?: string;
  };
  const commit = head ?? pkg.gitHead;
  return {
    name: pkg.name,
    version: pkg.version,
    ...(commit ? { commit } : {}),
    ...(head && status ? { dirty: true } : {}),
  };
}

/**
 * The facts of each root, read once a process: a run seals its evidence twice (when its files are written, and
 * again after the HTML), and each reading ran git twice, about 45 ms after the verdict (2026-11-27, 2 cores).
 */
const known = new Map<string, ToolFacts>();

/** Name, version and commit: the checkout's HEAD (dirty when tracked files changed), else package.json's gitHead. */
export function toolFacts(root = TOOL_ROOT): ToolFacts {
  let facts = known.get(root);
  if (!facts) {
    const head = existsSync(join(root, '.git')) ? git(HEAD, root) : undefined;
    const status = head ? git(CHANGED, root) : undefined;
    known.set(root, (facts = factsOf(root, head, status)));
  }
  return facts;
}

/**
 * Reads the facts in the background, without holding up the process while git runs: a run starts this while its
 * tests run, and its evidence then finds them read.
 */
export async function readToolFactsSoon(root = TOOL_ROOT): Promise<void> {
  if (known.has(root)) return;
  const head = existsSync(join(root, '.git')) ? await gitSoon(HEAD, root) : undefined;
  const status = head ? await gitSoon(CHANGED, root) : undefined;
  if (!known.has(root)) known.set(root, factsOf(root, head, status));
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
