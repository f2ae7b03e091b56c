import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FOLDERS, LIBRARY_FOLDERS } from '../../scripts/folders.js';
import { findCycle, folderGraph, importGraph, importsOf, layeringViolations } from '../../scripts/imports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const edges = importGraph(ROOT);
/** Folders no source lives in: dependencies, generated output, version control. */
const NOT_SOURCE = new Set(['node_modules', 'reports', 'packages']);

describe('layering: the folder table (scripts/folders.ts) holds for every import', () => {
  it('reads the imports of every source file', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual(
      expect.objectContaining({ from: 'signing/sign.ts', to: 'core/index.ts', specifier: '../core/index.js' }),
    );
  });

  it('every top-level folder has a row in the table, and every row a folder', () => {
    const folders = readdirSync(ROOT, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !NOT_SOURCE.has(e.name))
      .map((e) => e.name)
      .sort();
    expect(folders).toEqual(Object.keys(FOLDERS).sort());
  });

  it('no file imports a folder its folder may not import (the library imports nothing of the application)', () => {
    expect(layeringViolations(edges)).toEqual([]);
  });

  it('runner, suites and reporters meet in the run model and never import each other', () => {
    const three = ['runner', 'suites', 'reporters'];
    const between = folderGraph(edges).filter((e) => three.includes(e.from) && three.includes(e.to));
    expect(between.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
    for (const folder of three)
      expect(
        folderGraph(edges).some((e) => e.from === folder && e.to === 'run-model'),
        folder,
      ).toBe(true);
  });

  it('no import cycle between folders', () => {
    expect(findCycle(folderGraph(edges))).toBeUndefined();
  });

  it('no import cycle between files', () => {
    expect(findCycle(edges)).toBeUndefined();
  });

  it('tsc checks every folder of code (a folder left out is only checked where something imports it)', () => {
    const { include } = JSON.parse(readFileSync(`${ROOT}/tsconfig.json`, 'utf8')) as { include: string[] };
    const code = Object.entries(FOLDERS)
      .filter(([name, f]) => f.layer !== 'tooling' || ['scripts', 'test', 'bench'].includes(name))
      .map(([name]) => name);
    expect(code.filter((name) => !include.includes(name))).toEqual([]);
  });

  it("the package's exports name every library folder, and nothing else", () => {
    const manifest = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { exports: Record<string, string> };
    expect(manifest.exports).toEqual(Object.fromEntries(LIBRARY_FOLDERS.map((f) => [`./${f}`, `./${f}/index.ts`])));
  });
});

describe('the import reader catches what it is meant to', () => {
  const planted = (file: string, text: string) => importsOf(file, text);

  it('a library file importing the CLI is named with its line and specifier', () => {
    const bad = planted(
      'signing/sign.ts',
      "import { x } from './digest.js';\nimport { UserError } from '../cli/errors.js';\n",
    );
    expect(layeringViolations(bad)).toEqual(['signing/sign.ts:2 imports ../cli/errors.js (cli/ is not library)']);
  });

  it('type-only, multi-line, re-export and dynamic imports count too', () => {
    const text = [
      "import type { Config } from '../config/index.js';",
      'import {',
      '  a,',
      "} from '../bank/index.js';",
      "export { b } from '../runner/run.js';",
      "const c = await import('../suites/support/session.js');",
    ].join('\n');
    expect(layeringViolations(planted('client/x.ts', text)).map((v) => v.split(' imports ')[1])).toEqual([
      '../config/index.js (config/ is not library)',
      '../bank/index.js (bank/ is not library)',
      '../runner/run.js (runner/ is not library)',
      '../suites/support/session.js (suites/ is not library)',
    ]);
  });

  it('a runner file importing the reports, or a suite importing the runner, is refused', () => {
    const bad = [
      ...planted('runner/run/run.ts', "import { writeReport } from '../../reporters/index.js';"),
      ...planted('suites/support/session.ts', "import { runConformance } from '../../runner/run/run.js';"),
      ...planted('reporters/junit.reporter.ts', "import type { X } from '../suites/support/context.js';"),
    ];
    expect(layeringViolations(bad).map((v) => v.split(' (')[0])).toEqual([
      'runner/run/run.ts:1 imports ../../reporters/index.js',
      'suites/support/session.ts:1 imports ../../runner/run/run.js',
      'reporters/junit.reporter.ts:1 imports ../suites/support/context.js',
    ]);
  });

  it('a planted cycle is found, file by file and folder by folder', () => {
    const cycle = [
      ...planted('runner/a.ts', "import { b } from '../suites/b.js';"),
      ...planted('suites/b.ts', "import { a } from '../runner/a.js';"),
    ];
    expect(findCycle(cycle)).toEqual(['runner/a.ts', 'suites/b.ts', 'runner/a.ts']);
    const folders = [
      ...planted('run-model/x.ts', "import { y } from '../reporters/y.js';"),
      ...planted('reporters/y.ts', "import { z } from '../run-model/z.js';"),
    ];
    expect(findCycle(folderGraph(folders))).toEqual(['run-model', 'reporters', 'run-model']);
  });
});
