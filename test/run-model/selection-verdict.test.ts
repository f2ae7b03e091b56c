import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RunRecorder,
  buildReport,
  countStates,
  embeddedTarget,
  narrowedBy,
  verdictOf,
  type PlannedTest,
  type TestOutcome,
  type VerdictInput,
} from '../../run-model/index.js';
import { readRunFolder } from '../../run-model/record.js';

const MUST = { ...countStates([]), passed: 22, 'not observable': 9, skipped: 139 };
const input = (over: Partial<VerdictInput> = {}): VerdictInput => ({
  target: { description: 'the embedded reference bank' },
  profile: 'embedded',
  seed: 5,
  strict: false,
  total: 387,
  passed: 13,
  failed: 0,
  skipped: 374,
  failedRequirements: [],
  gate: 0,
  end: { kind: 'completed' },
  must: MUST,
  ...over,
});

const meta = { requirementIds: ['Basket.create.201'], level: 'MUST', operation: 'basket.create' };
const planned = (name: string): PlannedTest => ({ name, file: '/x/suites/baskets.suite.ts', meta }) as PlannedTest;
const outcome = (name: string, state: TestOutcome['state']): TestOutcome => ({
  ...planned(name),
  state,
  durationMs: 1,
  errors: [],
});

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

  it('CONFORMANT and NOT CONFORMANT on the selected tests only, with a detail that says it is not the whole', () => {
    const selection = ['--grep "Basket"'];
    const conformant = verdictOf(input({ selection }));
    expect(conformant.headline).toBe('CONFORMANT');
    expect(conformant.line).toBe(
      'CONFORMANT on the selected tests only (--grep "Basket"): 22 MUST rules judged, 9 not observable, ' +
        '139 skipped (reasons in coverage.md)',
    );
    expect(conformant.details).toContain(
      'selected by --grep "Basket": a verdict on those tests only, not on the whole interface',
    );
    const failed = verdictOf(input({ selection, gate: 1, failed: 1, failedRequirements: ['Basket.create.201'] }));
    expect(failed.line).toMatch(/^NOT CONFORMANT on the selected tests only \(--grep "Basket"\): 1 /);
    expect(verdictOf(input()).line).toMatch(/^CONFORMANT: 22 MUST rules judged/);
    expect(verdictOf(input()).details.some((d) => d.startsWith('selected by'))).toBe(false);
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
    recorder.onEvent({ type: 'planned', tests: [planned('a')] });
    recorder.onEvent({ type: 'test-finished', outcome: outcome('a', 'passed') });
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
