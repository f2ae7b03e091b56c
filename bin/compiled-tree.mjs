// The CLI's own TypeScript compiled once to JavaScript, so that a command's process imports it natively instead of
// through tsx's loader: on 2 cores, `run` reached its first test 2.5 s sooner and a bare start took 0.8 s against
// 1.9 s (2026-11-26). The tree is made again whenever a source file changes (its name is a fingerprint of every
// source file's path, size and time), by `npm ci` (the `prepare` script) and else by the first command that needs it;
// anything that keeps it from being made leaves the command on tsx, as before. The suites' workers run from the same
// tree (suite-worker-compiled.mjs): vitest still names the TypeScript files, so reports show them as they are.
//
// Each compiled module keeps its source file's `import.meta.url`, so paths built from it (the package root, the
// catalogue's JSON, the suites' config, the checkout's git facts) are the repository's, and its source map, so a
// stack trace names the TypeScript file and line (the checks' registry reads its callers' places from one).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The folders the CLI imports from: the library's and the application's (scripts/folders.ts; a test holds them). */
export const COMPILED_FOLDERS = [
  'core',
  'spec',
  'schemas',
  'generators',
  'signing',
  'client',
  'checks',
  'tpp',
  'config',
  'run-model',
  'suites',
  'runner',
  'reporters',
  'release',
  'fleet',
  'bank',
  'cli',
];

/**
 * Modules whose `import.meta.url` must be their compiled file's: the reporters' registry imports every reporter file
 * of its own folder, which must be the compiled ones.
 */
const OWN_URL = new Set(['reporters/registry.ts']);

/** Bumped when what this file writes changes, so that a tree of an older shape is not reused. */
const SHAPE = 3;

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where a checkout's trees are kept: under its node_modules, which Node resolves the tree's packages from. */
export const treesOf = (root) => join(root, 'node_modules', '.cache', 'psd2-conformance');

function sources(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const folder of COMPILED_FOLDERS) if (existsSync(join(root, folder))) walk(folder);
  return files.sort();
}

/** The tree's name: every source file's path, size and modification time, and the compiler's version. */
function fingerprint(root, files, compilerVersion) {
  const hash = createHash('sha256').update(`${SHAPE} ${compilerVersion} ${process.version}\n`);
  for (const file of files) {
    const { size, mtimeMs } = statSync(join(root, file));
    hash.update(`${file} ${size} ${mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 20);
}

async function compile(esbuild, root, files, into) {
  await Promise.all(
    files.map(async (file) => {
      const source = join(root, file);
      const { code } = await esbuild.transform(readFileSync(source, 'utf8'), {
        loader: 'ts',
        format: 'esm',
        target: 'node20',
        sourcemap: 'inline',
        // Lines and columns only: Node decodes every module's map as it loads it, and the TypeScript inside each map
        // doubled what it decoded (a stack trace needs the positions; the file is in the repository).
        sourcesContent: false,
        sourcefile: source,
        ...(OWN_URL.has(file) ? {} : { define: { 'import.meta.url': JSON.stringify(pathToFileURL(source).href) } }),
      });
      const out = join(into, file.replace(/\.ts$/, '.js'));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, code);
    }),
  );
  // Compiled files are ES modules, as the repository's are.
  writeFileSync(join(into, 'package.json'), '{ "type": "module", "private": true }\n');
  // The bodies' validators, compiled now instead of in every run's bank and suite worker (schemas/validators.ts);
  // without them a run compiles its own, as before.
  try {
    const { writeStandaloneValidators } = await import(pathToFileURL(join(into, 'schemas', 'validators.js')).href);
    writeStandaloneValidators(into);
  } catch {
    // A tree whose schemas do not load (a checkout of other sources): its validators compile at run time.
  }
  writeFileSync(join(into, '.complete'), `${new Date().toISOString()}\n`);
}

/** How a run's vitest forked its suite worker the last time (runner/run/prewarm.ts), kept beside the trees. */
const SUITE_WORKER_RECORD = 'suite-worker.json';
export const suiteWorkerRecord = (root = ROOT) => join(treesOf(root), SUITE_WORKER_RECORD);

/** Trees of earlier sources, a day old: a long run may still import from the one it started with. */
function prune(trees, keep) {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(trees))
    if (name !== keep && name !== SUITE_WORKER_RECORD && statSync(join(trees, name)).mtimeMs < dayAgo)
      rmSync(join(trees, name), { recursive: true, force: true });
}

/**
 * The compiled tree of the current sources (made now if there is none), or undefined when it cannot be had: no
 * esbuild, a read-only installation, PSD2_CONFORMANCE_TSX=1 (to run the sources through tsx, as when debugging).
 */
export async function compiledTree(root = ROOT) {
  if (process.env.PSD2_CONFORMANCE_TSX === '1') return undefined;
  try {
    // The compiler's version from its package file: importing esbuild itself took 50 ms of every command's start.
    const { version } = JSON.parse(
      readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8'),
    );
    const files = sources(root);
    const name = fingerprint(root, files, version);
    const tree = join(treesOf(root), name);
    if (existsSync(join(tree, '.complete'))) return tree;
    // Made aside and renamed into place: a command started beside this one uses a whole tree or none.
    const making = `${tree}.${process.pid}.${Date.now()}`;
    await compile(await import('esbuild'), root, files, making);
    try {
      renameSync(making, tree);
    } catch {
      // Another process put the same tree in place first.
      rmSync(making, { recursive: true, force: true });
      if (!existsSync(join(tree, '.complete'))) return undefined;
    }
    prune(treesOf(root), name);
    return tree;
  } catch {
    return undefined;
  }
}

/** The compiled module of a source file of the tree (`cli/main.ts` → its URL in the tree). */
export const compiledUrl = (tree, file) => pathToFileURL(join(tree, file.replace(/\.ts$/, '.js'))).href;

/** For `npm ci` (the prepare script): make the tree now, and say where it is. */
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tree = await compiledTree();
  console.log(tree ? `the CLI, compiled: ${relative(ROOT, tree)}` : 'the CLI will run its TypeScript through tsx');
}
