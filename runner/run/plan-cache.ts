import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlannedTest } from '../../run-model/index.js';
import { PACKAGE_ROOT } from '../paths.js';

/**
 * The folders whose sources decide which tests a run declares: the suites, what they import, and the tables they
 * build tests from. Editing any file in them makes a new plan.
 */
const DECLARING = [
  'suites',
  'spec',
  'generators',
  'checks',
  'schemas',
  'core',
  'client',
  'signing',
  'run-model',
  'config',
];

const CACHE_DIR = join(tmpdir(), 'psd2-conformance-plans');

function sourcesOf(dir: string, into: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourcesOf(path, into);
    else if (/\.(ts|js|json)$/.test(entry.name)) into.push(path);
  }
}

let sourcesHash: string | undefined;

/** A hash of every declaring source file (names, sizes, contents): the same sources declare the same tests. */
function sourcesDigest(): string {
  if (sourcesHash) return sourcesHash;
  const files: string[] = [];
  for (const folder of DECLARING) sourcesOf(join(PACKAGE_ROOT, folder), files);
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\u0000${statSync(file).size}\u0000`).update(readFileSync(file));
  return (sourcesHash = hash.digest('hex'));
}

/** The key of a plan: the sources, and everything of the run that decides which tests it declares. */
export function planKey(decides: unknown): string {
  return createHash('sha256').update(sourcesDigest()).update(JSON.stringify(decides)).digest('hex').slice(0, 32);
}

/**
 * The tests an earlier run with the same sources and selection collected, so that a run knows its total (and what to
 * list as not run, should it be interrupted at once) before vitest has collected anything. A plan that cannot be read
 * is no plan: the run collects.
 */
export function cachedPlan(key: string): PlannedTest[] | undefined {
  try {
    return JSON.parse(readFileSync(join(CACHE_DIR, `${key}.json`), 'utf8')) as PlannedTest[];
  } catch {
    return undefined;
  }
}

export function cachePlan(key: string, tests: readonly PlannedTest[]): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(join(CACHE_DIR, `${key}.json`), JSON.stringify(tests));
  } catch {
    // A plan is a shortcut: a run that cannot keep one collects next time.
  }
}
