/**
 * `npm run build`: compiles the sources once with tsc and splits the output into two publishable packages,
 *
 * - packages/psd2-conformance: the library a TPP installs (generators, signer, client, checks, schemas …), with
 *   type declarations, and no test runner, report renderer or reference bank among its dependencies;
 * - packages/psd2-conformance-cli: the `psd2-conformance` command (runner, suites, bank, reports), whose imports
 *   of library files are rewritten to `psd2-conformance/<path>` so that it depends on the library package
 *   instead of shipping a copy of it.
 *
 * The sources stay where they are (the repository runs them with tsx); `npm pack` in either folder makes the
 * tarball. Each package's dependencies are what its compiled code imports, at the root package.json's ranges.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { APPLICATION_FOLDERS, LIBRARY_FOLDERS } from './folders.js';

/**
 * The library's folders (adding one adds it to the build, the package's files and its exports) and the CLI's, from
 * the one folder table (scripts/folders.ts) the layering test and package.json's exports also follow.
 */
const CLI_FOLDERS = APPLICATION_FOLDERS;
const CLI_ROOT_FILES = ['vitest.conformance.config.ts'];
/** Generated files the library ships as they are. */
const LIBRARY_ASSETS = ['schemas/openapi.json', 'schemas/openapi-3.0.json'];
/** Generated files the CLI ships as they are: the test manifest it judges a selection against before vitest starts. */
const CLI_ASSETS = ['run-model/test-manifest.generated.json'];
/**
 * CLI dependencies no import statement names: the suites' setup file (a string in the vitest config), the
 * allure command (spawned, resolved with createRequire) and commander (@commander-js/extra-typings re-exports
 * it and only names it as a peer).
 */
const CLI_UNIMPORTED_DEPENDENCIES = ['allure-vitest', 'allure', 'commander'];

export const LIBRARY_NAME = 'psd2-conformance';
export const CLI_NAME = 'psd2-conformance-cli';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PACKAGES_DIR = join(ROOT, 'packages');
const COMPILED = join(PACKAGES_DIR, '.tsc');
export const LIBRARY_DIR = join(PACKAGES_DIR, LIBRARY_NAME);
export const CLI_DIR = join(PACKAGES_DIR, CLI_NAME);

interface Manifest {
  version: string;
  description: string;
  license: string;
  repository: unknown;
  homepage: string;
  bugs: unknown;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

function tsc(name: string, compilerOptions: object, include: string[]): void {
  const file = join(PACKAGES_DIR, `tsconfig.${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      extends: '../tsconfig.json',
      compilerOptions: { noEmit: false, rootDir: '..', outDir: '.tsc', ...compilerOptions },
      include: include.map((i) => `../${i}`),
    }),
  );
  const bin = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [bin, '-p', file], { stdio: 'inherit' });
}

/** Every file under a folder, as paths relative to `base` with forward slashes. */
function walk(base: string, dir: string): string[] {
  if (!existsSync(join(base, dir))) return [];
  return readdirSync(join(base, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    return entry.isDirectory() ? walk(base, path) : [path];
  });
}

/** What tsc emits: `import … from '…'` and `export … from '…'` at a line's start, `import '…'`, `import('…')`. */
const SPECIFIER = /(^(?:import|export)\b[^;]*?\bfrom\s*|^import\s*|\bimport\(\s*)(['"])([^'"\n]+)\2/gm;

function specifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) => m[3] ?? '');
}

/** The compiled file a relative specifier of `from` names (`../spec/index.js` from `client/client.js`). */
const target = (from: string, specifier: string): string => posix.normalize(posix.join(posix.dirname(from), specifier));

/** A .js file with its declaration, or a declaration with its .js: what one import brings into a package. */
function companions(file: string): string[] {
  if (file.endsWith('.d.ts')) return [file, file.replace(/\.d\.ts$/, '.js')];
  if (file.endsWith('.js')) return [file, file.replace(/\.js$/, '.d.ts')];
  return [file];
}

/**
 * The library's files: everything compiled from its folders and whatever they import. A library file that
 * imports from a CLI folder (cli/errors.ts, config/index.ts today) brings that file along, with a warning: the
 * CLI then imports it from the library too, so that one class (UserError) stays one class.
 */
function libraryFiles(): Set<string> {
  const files = new Set<string>();
  const queue = LIBRARY_FOLDERS.flatMap((folder) => walk(COMPILED, folder));
  const library: readonly string[] = LIBRARY_FOLDERS;
  while (queue.length) {
    const file = queue.pop() as string;
    if (files.has(file) || !existsSync(join(COMPILED, file))) continue;
    files.add(file);
    for (const specifier of specifiers(readFileSync(join(COMPILED, file), 'utf8')))
      if (specifier.startsWith('.')) queue.push(...companions(target(file, specifier)));
  }
  const outside = [...files].filter((f) => !library.includes(f.split('/')[0] ?? '') && f.endsWith('.js'));
  if (outside.length)
    console.warn(`build: the library imports files outside its folders, shipped with it: ${outside.sort().join(', ')}`);
  return files;
}

const packageName = (specifier: string): string =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);

/** The packages the files import (bare specifiers, node: built-ins aside), at the root package.json's ranges. */
function dependenciesOf(dir: string, files: string[], extra: string[]): Record<string, string> {
  const names = new Set(extra);
  for (const file of files)
    for (const specifier of specifiers(readFileSync(join(dir, file), 'utf8')))
      if (!specifier.startsWith('.') && !specifier.startsWith('node:')) names.add(packageName(specifier));
  names.delete(LIBRARY_NAME);
  const ranges = { ...manifest.devDependencies, ...manifest.dependencies };
  return Object.fromEntries(
    [...names].sort().map((name) => {
      const range = ranges[name];
      if (!range) throw new Error(`build: ${name} is imported but not in the root package.json`);
      return [name, range];
    }),
  );
}

function copy(files: Iterable<string>, to: string, transform: (file: string, text: string) => string = (_, t) => t) {
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    writeFileSync(join(to, file), transform(file, readFileSync(join(COMPILED, file), 'utf8')));
  }
}

function writeManifest(dir: string, fields: object): void {
  const common = {
    version: manifest.version,
    license: manifest.license,
    repository: manifest.repository,
    homepage: manifest.homepage,
    bugs: manifest.bugs,
    type: 'module',
    engines: manifest.engines,
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ ...fields, ...common }, null, 2)}\n`);
}

function buildLibrary(files: Set<string>): void {
  copy(files, LIBRARY_DIR);
  for (const asset of LIBRARY_ASSETS) cpSync(join(ROOT, asset), join(LIBRARY_DIR, asset));
  const folders = [...new Set([...files].map((f) => f.split('/')[0] ?? ''))].sort();
  const exports: Record<string, unknown> = {};
  for (const folder of folders) {
    if (files.has(`${folder}/index.js`))
      exports[`./${folder}`] = { types: `./${folder}/index.d.ts`, import: `./${folder}/index.js` };
    exports[`./${folder}/*.js`] = { types: `./${folder}/*.d.ts`, import: `./${folder}/*.js` };
  }
  for (const asset of LIBRARY_ASSETS) exports[`./${asset}`] = `./${asset}`;
  exports['./package.json'] = './package.json';
  const list = [...files];
  const dependencies = dependenciesOf(COMPILED, list, []);
  // Its declarations name node's and node-forge's types: a strict consumer type-checks without installing them.
  for (const types of ['@types/node', ...Object.keys(dependencies).map((d) => `@types/${d}`)]) {
    const range = manifest.devDependencies[types];
    if (range) dependencies[types] = range;
  }
  writeManifest(LIBRARY_DIR, {
    name: LIBRARY_NAME,
    description: `${manifest.description} The library: generators, signer, client, checks, schemas and the TPP lens.`,
    exports,
    files: [...folders, ...LIBRARY_ASSETS],
    dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))),
  });
  writeFileSync(
    join(LIBRARY_DIR, 'README.md'),
    `# ${LIBRARY_NAME}\n\nGenerators, the request signer, the HTTP client, checks, schemas ` +
      `and the TPP lens of psd2-conformance. See the project's docs/library.md (Install).\n`,
  );
}

/** The bin without tsx: the compiled CLI is plain JavaScript (the bin marks its tsx part, "// tsx:" to "end tsx"). */
function compiledBin(): string {
  const source = readFileSync(join(ROOT, 'bin', 'psd2-conformance.mjs'), 'utf8');
  const edits: [RegExp | string, string][] = [
    [/\/\/ tsx: [\s\S]*?\/\/ end tsx\n/, ''],
    ["cli ?? (await import('../cli/main.ts'))", "await import('../cli/main.js')"],
  ];
  return edits.reduce((text, [from, to]) => {
    const replaced = text.replace(from, to);
    if (replaced === text) throw new Error(`build: bin/psd2-conformance.mjs no longer contains ${String(from)}`);
    return replaced;
  }, source);
}

function buildCli(library: Set<string>): void {
  const files = [
    ...CLI_FOLDERS.flatMap((folder) => walk(COMPILED, folder)),
    ...CLI_ROOT_FILES.map((f) => f.replace(/\.ts$/, '.js')),
  ].filter((f) => f.endsWith('.js') && !library.has(f));
  copy(files, CLI_DIR, (file, text) =>
    text.replace(SPECIFIER, (whole, _prefix: string, quote: string, specifier: string) => {
      if (!specifier.startsWith('.')) return whole;
      const path = target(file, specifier);
      return library.has(path)
        ? whole.replace(`${quote}${specifier}${quote}`, `${quote}${LIBRARY_NAME}/${path}${quote}`)
        : whole;
    }),
  );
  for (const asset of CLI_ASSETS) cpSync(join(ROOT, asset), join(CLI_DIR, asset));
  mkdirSync(join(CLI_DIR, 'bin'), { recursive: true });
  writeFileSync(join(CLI_DIR, 'bin', 'psd2-conformance.mjs'), compiledBin(), { mode: 0o755 });
  const dependencies = dependenciesOf(CLI_DIR, files, CLI_UNIMPORTED_DEPENDENCIES);
  writeManifest(CLI_DIR, {
    name: CLI_NAME,
    description: `${manifest.description} The psd2-conformance command: suites, runner, reference bank and reports.`,
    bin: { 'psd2-conformance': 'bin/psd2-conformance.mjs' },
    files: ['bin', ...CLI_FOLDERS, ...CLI_ROOT_FILES.map((f) => f.replace(/\.ts$/, '.js'))],
    dependencies: { [LIBRARY_NAME]: manifest.version, ...dependencies },
  });
  writeFileSync(
    join(CLI_DIR, 'README.md'),
    `# ${CLI_NAME}\n\nThe \`psd2-conformance\` command: \`npx psd2-conformance run\` judges a bank (or the ` +
      `embedded reference bank) against the Norwegian PSD2 interface. See the project's docs/library.md (Install).\n`,
  );
}

export function buildPackages(): void {
  for (const dir of [COMPILED, LIBRARY_DIR, CLI_DIR]) rmSync(dir, { recursive: true, force: true });
  mkdirSync(PACKAGES_DIR, { recursive: true });
  // Declarations for the library only: the CLI's commander types are too deep to write out (TS7056), and its
  // package is run, not imported.
  tsc('library', { declaration: true, emitDeclarationOnly: true }, [...LIBRARY_FOLDERS]);
  tsc('cli', {}, [...LIBRARY_FOLDERS, ...CLI_FOLDERS, ...CLI_ROOT_FILES]);
  const library = libraryFiles();
  buildLibrary(library);
  buildCli(library);
  rmSync(COMPILED, { recursive: true, force: true });
  console.log(`build: ${relative(ROOT, LIBRARY_DIR)} (${library.size} files), ${relative(ROOT, CLI_DIR)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildPackages();
