import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptFixMatrix } from '../../release/accept-fix-matrix.js';
import { exitCodeOf } from '../../release/evidence/report.js';
import { releaseLens, type SectionInput } from '../../release/lens.js';
import type { RunReport, TestOutcome } from '../../run-model/index.js';
import type { RequirementId } from '../../spec/index.js';

/** Outcomes and folders written out by hand: the expected results are not computed by the code under test. */
const outcome = (name: string, state: TestOutcome['state'], ids: string[], failedChecks?: string[]): TestOutcome => ({
  name,
  file: 'suites/x.suite.ts',
  state,
  durationMs: 1,
  meta: {
    requirementIds: ids as RequirementId[],
    level: 'MUST',
    operation: 'sct.create',
    ...(failedChecks ? { failedChecks: failedChecks as RequirementId[] } : {}),
  },
  errors: [],
});

const RULE = 'PaymentResponse.transactionStatus.enum';
const summary = {
  target: { kind: 'embedded', description: 'the embedded reference bank' },
  seed: 7,
  end: { kind: 'completed' },
};

function folder(outcomes: TestOutcome[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'lens-'));
  writeFileSync(join(dir, 'outcomes.json'), JSON.stringify(outcomes));
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary));
  return dir;
}

const input = (outDir: string, outcomes: TestOutcome[]): SectionInput => ({ outDir, outcomes, rows: [], summary });

describe('the release lens of a run', () => {
  const before = [outcome('a valid SCT gives 201', 'passed', [RULE])];
  const after = [outcome('a valid SCT gives 201', 'failed', [RULE], [RULE])];

  it('without a baseline or findings: the history section alone, no gate', () => {
    const out = mkdtempSync(join(tmpdir(), 'lens-out-'));
    const lens = releaseLens({ strict: false });
    expect(lens.sections(input(out, after)).map((s) => s.file)).toEqual(['verdict-history.md']);
    expect(lens.gate).toBeUndefined();
    expect(readFileSync(join(out, 'verdicts.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('with a baseline: the regression gates, release.md names it, summary.json gets `release`', () => {
    const lens = releaseLens({ baseline: folder(before), strict: false });
    const [release] = lens.sections(input(mkdtempSync(join(tmpdir(), 'lens-out-')), after));
    expect(lens.gate?.exitCode).toBe(1);
    expect(release?.key).toBe('release');
    expect(release?.text).toContain('| MUST | a valid SCT gives 201 | new failure (passed in the baseline) |');
    expect(release?.lines).toContain('release gate: 1 regression(s) gate this run (exit 1)');
    expect(release?.headline).toBe('release gate: 1 regression(s) gate this run (exit 1)');
  });

  it('a known finding in force: not gating, listed with its ticket', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lens-known-')), 'known.yaml');
    writeFileSync(file, `findings:\n  - id: ${RULE}\n    reason: r\n    ticket: T-1\n    expires: 2099-01-01\n`);
    const lens = releaseLens({
      baseline: folder(before),
      knownFindings: file,
      strict: false,
      now: new Date('2026-06-01'),
    });
    lens.sections(input(mkdtempSync(join(tmpdir(), 'lens-out-')), after));
    expect(lens.gate?.exitCode).toBe(0);
    expect(lens.gate?.known.map((k) => k.test)).toEqual(['a valid SCT gives 201']);
  });

  it("the run's exit code: the gate's for a completed run, the run's own when it did not complete", () => {
    const report = (end: string, exitCode: number, gate?: number) =>
      ({
        summary: { end: { kind: end }, exitCode },
        ...(gate !== undefined ? { sections: [{ key: 'release', value: { exitCode: gate } }] } : {}),
      }) as unknown as RunReport;
    expect(exitCodeOf(report('completed', 1, 0))).toBe(0);
    expect(exitCodeOf(report('completed', 1))).toBe(1);
    expect(exitCodeOf(report('budget', 3, 0))).toBe(3);
  });
});

describe('the x-accept-fix matrix from outcomes and exchanges', () => {
  const title = (op: string, value?: string) =>
    `x-accept-fix matrix > R [MUST] x-accept-fix matrix: ${op} ` +
    (value ? `with x-accept-fix: ${value}` : 'without x-accept-fix');
  const line = (test: string, status: number, response: unknown) =>
    JSON.stringify({
      test: `suites/accept-fix-matrix.suite.ts > ${test}`,
      seq: 0,
      request: { method: 'POST', url: 'http://127.0.0.1:1/v1/payments/sepa-credit-transfers', headers: {} },
      status,
      response: JSON.stringify(response),
    });

  it('names the status, code and rule of a refusal, and a shape change against amount-as-string', () => {
    const dir = mkdtempSync(join(tmpdir(), 'matrix-'));
    const exchanges = join(dir, 'exchanges.jsonl');
    const fees = { transactionStatus: 'RCVD', transactionFees: { amount: '1.00', currency: 'EUR' } };
    writeFileSync(
      exchanges,
      [
        line(title('sct.create'), 400, { code: 'FORMAT_ERROR' }),
        line(title('sct.create', 'amount-as-string'), 201, fees),
        line(title('sct.create', 'longer-name'), 201, { ...fees, transactionFees: { amount: 1, currency: 'EUR' } }),
      ].join('\n'),
    );
    const matrix = acceptFixMatrix(
      [
        outcome(title('sct.create'), 'passed', ['Headers.x-accept-fix.required']),
        outcome(title('sct.create', 'amount-as-string'), 'passed', [RULE]),
        outcome(title('sct.create', 'longer-name'), 'failed', ['Versioning.acceptFix.amountAsString']),
      ],
      exchanges,
    );
    expect(matrix?.cells).toEqual([
      {
        operation: 'sct.create',
        value: 'without',
        state: 'passed',
        status: 400,
        code: 'FORMAT_ERROR',
        broke: [],
        differences: [
          { kind: 'status', a: '201', b: '400' },
          { kind: 'code', a: 'none', b: 'FORMAT_ERROR' },
        ],
      },
      { operation: 'sct.create', value: 'amount-as-string', state: 'passed', status: 201, broke: [], differences: [] },
      {
        operation: 'sct.create',
        value: 'longer-name',
        state: 'failed',
        status: 201,
        broke: ['Versioning.acceptFix.amountAsString'],
        differences: [{ kind: 'shape', path: '/transactionFees/amount', a: 'string', b: 'number' }],
      },
    ]);
    expect(matrix?.onlyWith['longer-name']).toEqual(['Versioning.acceptFix.amountAsString']);
    expect(matrix?.onlyWith.without).toEqual([]);
  });

  it('nothing when the matrix suite did not run', () => {
    expect(acceptFixMatrix([outcome('another test', 'passed', [RULE])])).toBeUndefined();
  });
});
