import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORTERS, ReporterRegistry, isReporterFile, loadReporters, pickReporters } from '../../reporters/index.js';
import { selectableReporterNames } from '../../reporters/registry.js';
import { ROOT } from '../support/cli.js';

const REGISTRY = join(ROOT, 'reporters', 'registry.ts');

describe('reporters are registered handlers', () => {
  it('every reporter of the folder is registered, each by the one file that defines it', async () => {
    await loadReporters();
    expect(REPORTERS.all().map((r) => r.name)).toEqual(
      expect.arrayContaining(['allure', 'console', 'coverage', 'exchanges', 'html', 'junit', 'outcomes', 'summary']),
    );
    expect(REPORTERS.selectable()).not.toContain('console');
    // --help names them from the files without importing them: the same names, the always-on console left out.
    expect(selectableReporterNames()).toEqual([...REPORTERS.selectable()].sort());
    expect(
      ['junit.reporter.ts', 'junit.reporter.js', 'registry.ts', 'junit.reporter.d.ts'].map(isReporterFile),
    ).toEqual([true, true, false, false]);
  });

  it('a new reporter is one file: dropped into a folder of reporters, it is loaded and can be picked', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'psd2-reporters-'));
    writeFileSync(
      join(folder, 'tap.reporter.ts'),
      [
        `import { defineReporter } from '${REGISTRY}';`,
        "export default defineReporter({ name: 'tap-planted', description: 'TAP', writes: ['results.tap'],",
        "  create: () => ({ files: (report) => ({ 'results.tap': `1..${report.outcomes.length}\\n` }) }) });",
      ].join('\n'),
    );
    try {
      await loadReporters(folder);
      expect(REPORTERS.get('tap-planted')?.writes).toEqual(['results.tap']);
      expect((await pickReporters(['tap-planted'])).map((r) => r.name)).toEqual(['console', 'tap-planted']);
    } finally {
      // The unit tests share their modules (isolate: false): the next file's registry is the project's own again.
      expect(REPORTERS.unregister('tap-planted')).toBe(true);
    }
    expect(REPORTERS.get('tap-planted')).toBeUndefined();
  });

  it('picks only what is asked for (and Allure results for the HTML); an unknown name is one line', async () => {
    expect((await pickReporters(['junit'])).map((r) => r.name)).toEqual(['console', 'junit']);
    expect((await pickReporters(['html'])).map((r) => r.name)).toEqual(['allure', 'console', 'html']);
    await expect(pickReporters(['junti'])).rejects.toThrow(/^unknown --report junti: the reporters are allure, /);
  });

  it('a name is registered once', () => {
    const registry = new ReporterRegistry();
    const definition = { name: 'x', description: 'x', writes: [], create: () => ({}) };
    registry.register(definition);
    expect(() => registry.register(definition)).toThrow('a reporter named x is registered');
    expect(() => registry.register({ ...definition, name: 'Not Valid' })).toThrow(/is not lower-case words/);
  });
});
