import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunRecorder, buildReport, embeddedTarget, narrowedBy, type PlannedTest } from '../../run-model/index.js';
import { readRunFolder } from '../../run-model/record.js';
import { outcome, planned } from '../support/outcomes.js';

const meta = {
  requirementIds: ['Basket.create.201'],
  level: 'MUST',
  operation: 'basket.create',
} as PlannedTest['meta'];

describe('a verdict on some of the tests says which (run-model/selection.ts, verdict.ts)', () => {
  it('names the options that narrowed the run, as typed, and none when nothing did', () => {
    expect(
      narrowedBy(
        {
          operations: ['basket.create', 'ncbct.create'],
          excludeOperations: ['bulk.create'],
          requirements: ['NCBCT'],
          level: 'MUST',
          checks: ['status', 'body'],
          excludeChecks: ['headers'],
        },
        { grep: 'Basket "x"', suiteFiles: ['baskets'] },
      ),
    ).toEqual([
      '--operation basket.create',
      '--operation ncbct.create',
      '--exclude-operation bulk.create',
      '--requirement NCBCT',
      '--level MUST',
      '--checks status,body',
      '--exclude-checks headers',
      '--grep "Basket \\"x\\""',
      '--suite-file baskets',
    ]);
    expect(narrowedBy({ operations: [], excludeOperations: [], requirements: [], checks: [] })).toEqual([]);
  });

  it('travels from the run start to summary.json and back (a `report` over the folder says it too)', () => {
    const recorder = new RunRecorder();
    const start = {
      target: embeddedTarget({ url: 'http://127.0.0.1:1' }),
      profile: 'embedded',
      seed: 5,
      strict: false,
      startedAt: 1000,
      selection: ['--operation basket.create'],
    };
    recorder.onEvent({ type: 'started', run: start });
    recorder.onEvent({ type: 'planned', tests: [planned('a', meta)] });
    recorder.onEvent({ type: 'test-finished', outcome: outcome('a', 'passed', meta) });
    recorder.onEvent({ type: 'ended', end: { kind: 'completed' }, at: 2000 });
    const report = buildReport([recorder.record('reports')], { strict: false });
    expect(report.summary.selection).toEqual(['--operation basket.create']);
    expect(report.summary.verdictLine).toMatch(/^CONFORMANT on the selected tests only \(--operation basket\.create\)/);
    const dir = mkdtempSync(join(tmpdir(), 'psd2-selection-'));
    try {
      writeFileSync(join(dir, 'outcomes.json'), JSON.stringify(report.outcomes));
      writeFileSync(join(dir, 'summary.json'), JSON.stringify(report.summary));
      expect(readRunFolder(dir).info.selection).toEqual(['--operation basket.create']);
      const again = buildReport([readRunFolder(dir)], { strict: false });
      expect(again.summary.verdictLine).toBe(report.summary.verdictLine);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
