import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILED_FOLDERS, compiledTree, compiledUrl, treesOf } from '../../bin/compiled-tree.mjs';
import { FOLDERS } from '../../scripts/folders.js';
import { cli } from '../support/cli.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  delete process.env.PSD2_CONFORMANCE_TSX;
});

/** A checkout of two source files, in folders the tree compiles. */
function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'psd2-tree-'));
  roots.push(root);
  mkdirSync(join(root, 'core'));
  mkdirSync(join(root, 'reporters'));
  writeFileSync(join(root, 'core', 'where.ts'), 'export const where: string = import.meta.url;\n');
  writeFileSync(join(root, 'reporters', 'registry.ts'), 'export const own: string = import.meta.url;\n');
  return root;
}

describe("the CLI's compiled tree (bin/compiled-tree.mjs)", () => {
  it('compiles every folder of the library and the application, none of the tooling', () => {
    const expected = Object.entries(FOLDERS)
      .filter(([, folder]) => folder.layer !== 'tooling')
      .map(([name]) => name);
    expect([...COMPILED_FOLDERS].sort()).toEqual(expected.sort());
  });

  it("a compiled module keeps its source's import.meta.url; the reporters' registry keeps its own", async () => {
    const root = checkout();
    const tree = await compiledTree(root);
    expect(tree).toBeDefined();
    const where = (await import(compiledUrl(tree!, 'core/where.ts'))) as { where: string };
    expect(where.where).toBe(pathToFileURL(join(root, 'core', 'where.ts')).href);
    const registry = (await import(compiledUrl(tree!, 'reporters/registry.ts'))) as { own: string };
    expect(registry.own).toBe(pathToFileURL(join(tree!, 'reporters', 'registry.js')).href);
  });

  it('is made once per state of the sources: the same tree again, a new one when a file changes', async () => {
    const root = checkout();
    const first = await compiledTree(root);
    expect(await compiledTree(root)).toBe(first);
    writeFileSync(join(root, 'core', 'where.ts'), 'export const where: string = "changed";\n');
    const second = await compiledTree(root);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(((await import(compiledUrl(second!, 'core/where.ts'))) as { where: string }).where).toBe('changed');
    // Nothing half made is left beside the trees.
    expect(readdirSync(treesOf(root)).sort()).toEqual([first, second].map((t) => t!.split('/').at(-1)).sort());
  });

  it('no tree (the CLI runs through tsx) when a source does not compile, or with PSD2_CONFORMANCE_TSX=1', async () => {
    const root = checkout();
    process.env.PSD2_CONFORMANCE_TSX = '1';
    expect(await compiledTree(root)).toBeUndefined();
    delete process.env.PSD2_CONFORMANCE_TSX;
    writeFileSync(join(root, 'core', 'broken.ts'), 'export const = ;\n');
    expect(await compiledTree(root)).toBeUndefined();
  });

  it('the CLI says the same compiled as through tsx (a trace of places read from stack traces)', async () => {
    const args = ['requirements', '--trace', 'Errors.body.shape'];
    const [compiled, sources] = await Promise.all([cli(args), cli(args, { PSD2_CONFORMANCE_TSX: '1' })]);
    expect(compiled).toMatchObject({ code: 0, stderr: '' });
    expect(compiled.stdout).toContain('checks/body.ts:');
    expect(compiled.stdout).toBe(sources.stdout);
  });
});
