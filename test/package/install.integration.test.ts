import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_DIR, CLI_NAME, LIBRARY_DIR, LIBRARY_NAME } from '../../scripts/build-packages.js';
import { ROOT } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

/**
 * The packages as a user meets them: `npm run build`, `npm pack` of both, an empty project that installs the two
 * tarballs offline, then the install example of docs/library.md run with plain Node and type-checked by a strict
 * tsc, and `npx psd2-conformance run` against the embedded bank from that project.
 *
 * Offline: `npm ci` put every dependency's tarball in npm's cache, but not the registry's metadata, which npm
 * needs to choose versions for ranges. The empty project therefore gets a package-lock.json taken from the
 * repository's (the packages' dependencies and theirs, at the versions the repository locks), so npm resolves
 * nothing and fetches every tarball from the cache by its integrity.
 */

const MARKER =
  '<!-- the install example: test/package/install.integration.test.ts ' +
  'runs this block as check.mjs and type-checks it -->';

function installExample(): string {
  const page = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8');
  const after = page.slice(page.indexOf(MARKER) + MARKER.length);
  const block = /^\s*```js\n([\s\S]*?)\n```/.exec(after);
  if (page.indexOf(MARKER) < 0 || !block) throw new Error('docs/library.md has no install example after its marker');
  return block[1] as string;
}

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string, timeoutMs: number): Promise<Exit> {
  return new Promise((resolve) => {
    // A clean environment: no BASE_URL or PROFILE of vitest's or the developer's reaches the CLI.
    const child = spawn(command, args, {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exit: Exit = { code: null, stdout: '', stderr: '' };
    child.stdout.on('data', (d: Buffer) => (exit.stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (exit.stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ ...exit, code });
    });
  });
}

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  dev?: boolean;
  devOptional?: boolean;
  [field: string]: unknown;
}

interface Packed {
  filename: string;
  files: { path: string }[];
}

interface Manifest {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  [field: string]: unknown;
}

/**
 * The consumer's package.json and package-lock.json: the tarballs, and every package they need where the
 * repository's lock has it (nested copies stay nested). Optional peers the repository does not install are left out.
 */
function writeConsumer(dir: string, tarballs: { file: string; manifest: Manifest }[]): void {
  const lock = (
    JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }
  ).packages;
  const parent = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/node_modules/')));
  const locate = (from: string, name: string): string | undefined => {
    for (let at = from; ; at = parent(at)) {
      const candidate = `${at ? `${at}/` : ''}node_modules/${name}`;
      if (lock[candidate]) return candidate;
      if (!at) return undefined;
    }
  };
  const root = { name: 'consumer', version: '1.0.0', private: true, dependencies: {} as Record<string, string> };
  const packages: Record<string, unknown> = {};
  const queue: [string, string][] = [];
  for (const { file, manifest } of tarballs) {
    root.dependencies[manifest.name] = `file:${file}`;
    const integrity = `sha512-${createHash('sha512')
      .update(readFileSync(join(dir, file)))
      .digest('base64')}`;
    packages[`node_modules/${manifest.name}`] = { ...manifest, resolved: `file:${file}`, integrity };
    queue.push(...Object.keys(manifest.dependencies).map((name): [string, string] => ['', name]));
  }
  while (queue.length) {
    const [from, name] = queue.pop() as [string, string];
    const at = locate(from, name);
    if (root.dependencies[name] || !at || packages[at]) continue;
    const { dev: _dev, devOptional: _devOptional, ...entry } = lock[at] as LockEntry;
    packages[at] = entry;
    const needs = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
    queue.push(...Object.keys(needs).map((dep): [string, string] => [at, dep]));
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(root, null, 2)}\n`);
  const consumerLock = { ...root, lockfileVersion: 3, requires: true, packages: { '': root, ...packages } };
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(consumerLock, null, 2)}\n`);
}

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('the packages, installed from their tarballs into an empty project', () => {
  let dir: string;
  const packed: Packed[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'psd2-install-'));
    // In a child process: tsc takes a minute, which this worker must not spend blocked.
    const build = await run(NPM, ['run', 'build'], ROOT, hangGuard(400_000));
    expect(build.code, build.stdout + build.stderr).toBe(0);
    for (const folder of [LIBRARY_DIR, CLI_DIR]) {
      const pack = await run(NPM, ['pack', '--json', '--pack-destination', dir], folder, hangGuard(120_000));
      expect(pack.code, pack.stderr).toBe(0);
      packed.push(...(JSON.parse(pack.stdout) as Packed[]));
    }
    writeConsumer(
      dir,
      packed.map(({ filename }) => ({
        file: filename,
        manifest: JSON.parse(
          readFileSync(join(filename.startsWith(CLI_NAME) ? CLI_DIR : LIBRARY_DIR, 'package.json'), 'utf8'),
        ) as Manifest,
      })),
    );
    const install = await run(
      NPM,
      ['install', '--offline', '--no-audit', '--no-fund', ...packed.map((p) => `./${p.filename}`)],
      dir,
      hangGuard(300_000),
    );
    expect(install.code, install.stderr).toBe(0);
  }, hangGuard(600_000));

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('ship no tests, no TypeScript sources, no reports, keys or .env', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(packed.map((p) => p.filename)).toEqual([`${LIBRARY_NAME}-${version}.tgz`, `${CLI_NAME}-${version}.tgz`]);
    for (const { filename, files } of packed) {
      const paths = files.map((f) => f.path);
      expect(paths.length, filename).toBeGreaterThan(50);
      const shipped = paths.filter(
        (p) =>
          /(^|\/)(test|reports|\.keys|fixtures)\//.test(p) ||
          (p.endsWith('.ts') && !p.endsWith('.d.ts')) ||
          /(^|\/)\.env|\.(pem|key|p12|pfx)$/.test(p),
      );
      expect(shipped, filename).toEqual([]);
    }
    // The library ships declarations beside its code; the CLI ships its compiled suites and their config.
    const library = packed.find((p) => p.filename.startsWith(`${LIBRARY_NAME}-`))?.files.map((f) => f.path) ?? [];
    expect(library).toEqual(
      expect.arrayContaining(['generators/index.js', 'generators/index.d.ts', 'schemas/openapi.json']),
    );
    const cli = packed.find((p) => p.filename.startsWith(CLI_NAME))?.files.map((f) => f.path) ?? [];
    expect(cli).toEqual(expect.arrayContaining(['bin/psd2-conformance.mjs', 'vitest.conformance.config.js']));
    expect(cli.filter((p) => p.startsWith('generators/') || p.startsWith('signing/'))).toEqual([]);
  });

  it(
    "docs/library.md's install example runs in plain Node: a generated NCBCT body, signed",
    async () => {
      writeFileSync(join(dir, 'check.mjs'), installExample());
      const check = await run(process.execPath, ['check.mjs'], dir, hangGuard(60_000));
      expect(check.code, check.stderr).toBe(0);
      const headers = JSON.parse(check.stdout) as Record<string, string>;
      expect(headers.Digest).toMatch(/^SHA-256=[A-Za-z0-9+/]{43}=$/);
      expect(headers.Signature).toMatch(
        /^keyId="SN=[0-9A-F]+,CA=[^"]+",algorithm="rsa-sha256",headers="[^"]*digest[^"]*",signature="[A-Za-z0-9+/=]+"$/,
      );
      expect(headers['TPP-Signature-Certificate']).toMatch(/^MII/);
    },
    hangGuard(60_000),
  );

  it(
    'the same example type-checks in a strict consumer (module nodenext) without extra installs',
    async () => {
      writeFileSync(join(dir, 'check.mts'), installExample());
      const config = {
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          noEmit: true,
        },
        files: ['check.mts'],
      };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
      const tsc = await run(
        process.execPath,
        [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'],
        dir,
        hangGuard(180_000),
      );
      expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0);
    },
    hangGuard(180_000),
  );

  it(
    'npx psd2-conformance run judges the embedded bank and writes the reports in the current folder',
    async () => {
      const conformance = await run('npx', ['--no-install', 'psd2-conformance', 'run'], dir, hangGuard(400_000));
      expect(conformance.code, conformance.stderr.slice(-2000)).toBe(0);
      expect(conformance.stdout).toMatch(
        /— CONFORMANT: \d+ MUST rules judged[^\n—]* — target: the embedded reference bank/,
      );
      expect(existsSync(join(dir, 'reports', 'html', 'index.html'))).toBe(true);
      expect(existsSync(join(dir, 'reports', 'junit.xml'))).toBe(true);
      expect(existsSync(join(dir, 'node_modules', CLI_NAME, 'reports'))).toBe(false);
    },
    hangGuard(400_000),
  );

  it(
    'requirements --trace, which reads the TypeScript sources, says where it works instead of failing',
    async () => {
      const trace = await run(
        'npx',
        ['--no-install', 'psd2-conformance', 'requirements', '--trace', 'NCBCT.creditorName.max70'],
        dir,
        hangGuard(60_000),
      );
      expect(trace.code).toBe(2);
      expect(trace.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn'))).toEqual([
        expect.stringMatching(
          /^psd2-conformance requirements: --trace reads the TypeScript sources, .* a clone of the repository/,
        ),
      ]);
    },
    hangGuard(60_000),
  );

  it(
    'stops with exit 2 and one line when it cannot write the reports',
    async () => {
      const blocked = join(dir, 'blocked');
      mkdirSync(blocked);
      writeFileSync(join(blocked, 'reports'), 'a file where the reports folder would be');
      const conformance = await run('npx', ['--no-install', 'psd2-conformance', 'run'], blocked, hangGuard(60_000));
      expect(conformance.code).toBe(2);
      const lines = conformance.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn'));
      expect(lines).toEqual([
        `psd2-conformance run: cannot write the reports to ` +
          `${join(blocked, 'reports')} (--reports): a file is in the way of the ` +
          `folder (EEXIST)`,
      ]);
    },
    hangGuard(60_000),
  );
});
