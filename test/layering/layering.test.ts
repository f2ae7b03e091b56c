import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycle, importGraph, importsOf, layeringViolations } from './imports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const edges = importGraph(ROOT);

describe('layering: the library stands on its own (ARCHITECTURE.md)', () => {
  it('reads the imports of every source file', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual(
      expect.objectContaining({ from: 'signing/sign.ts', to: 'core/index.ts', specifier: '../core/index.js' }),
    );
  });

  it(
    'core, spec, schemas, generators, signing, client, checks and tpp import ' +
      'nothing from cli, runner, suites, bank, config or reporting',
    () => {
      expect(layeringViolations(edges)).toEqual([]);
    },
  );

  it('no import cycle anywhere', () => {
    expect(findCycle(edges)).toBeUndefined();
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

  it('a planted cycle is found, file by file', () => {
    const cycle = [
      ...planted('runner/a.ts', "import { b } from '../suites/b.js';"),
      ...planted('suites/b.ts', "import { a } from '../runner/a.js';"),
    ];
    expect(findCycle(cycle)).toEqual(['runner/a.ts', 'suites/b.ts', 'runner/a.ts']);
  });
});
