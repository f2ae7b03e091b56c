import { describe, expect, it } from 'vitest';
import {
  mutationPassed,
  renderMutationMarkdown,
  score,
  scoreLine,
  scoreMutation,
  scoredFaults,
  type FaultSpec,
  type MutationRun,
} from '../../runner/mutation/score.js';
import { pool } from '../../runner/mutation/run.js';

const FAULTS: FaultSpec[] = [
  { id: 'a-body', area: 'body', breaks: ['X.one'] },
  { id: 'b-body', area: 'body', breaks: ['X.two', 'X.three'] },
  { id: 'c-status', area: 'status', breaks: ['Y.one'] },
  { id: 'd-status', area: 'status', breaks: ['Y.two'] },
];

const runs: MutationRun[] = [
  { fault: 'a-body', exitCode: 1, seconds: 12.3, failedRequirements: ['X.one', 'Z.other'] },
  { fault: 'b-body', exitCode: 1, seconds: 10, failedRequirements: ['Z.other'] },
  { fault: 'c-status', exitCode: 0, seconds: 9.5, failedRequirements: [] },
  // d-status has no run at all: it counts as missed.
];
const clean: MutationRun = { exitCode: 0, seconds: 15, failedRequirements: [] };

describe('score', () => {
  it('is a percentage with one decimal', () => {
    expect(score(2, 3)).toEqual({ detected: 2, total: 3, percent: 66.7 });
    expect(score(54, 54)).toEqual({ detected: 54, total: 54, percent: 100 });
    expect(score(0, 0)).toEqual({ detected: 0, total: 0, percent: 100 });
  });
});

describe('scoreMutation', () => {
  const report = scoreMutation(FAULTS, runs, clean, 7);

  it('detected means exit 1; named means one of the broken ids failed', () => {
    expect(report.faults.map((f) => [f.id, f.detected, f.namedBreak, f.exitCode])).toEqual([
      ['a-body', true, true, 1],
      ['b-body', true, false, 1],
      ['c-status', false, false, 0],
      ['d-status', false, false, null],
    ]);
    expect(report.faults[3]?.reason).toBe('not run');
    expect(report.detectedWithoutNamedBreak).toEqual(['b-body']);
  });

  it('scores per area and overall', () => {
    expect(report.byArea).toEqual({
      body: { detected: 2, total: 2, percent: 100 },
      status: { detected: 0, total: 2, percent: 0 },
    });
    expect(report.overall).toEqual({ detected: 2, total: 4, percent: 50 });
  });

  it('a failing clean run reports its failed requirements as false failures', () => {
    const bad = scoreMutation(FAULTS, runs, { exitCode: 1, seconds: 3, failedRequirements: ['Q.one'] }, 7);
    expect(bad.clean).toEqual({ exitCode: 1, seconds: 3, falseFailures: ['Q.one'] });
    expect(report.clean).toEqual({ exitCode: 0, seconds: 15, falseFailures: [] });
  });

  it('a run ending with exit 2 is missed, with its reason', () => {
    const r = scoreMutation(
      [FAULTS[0] as FaultSpec],
      [{ fault: 'a-body', exitCode: 2, seconds: 1, failedRequirements: [], reason: 'cannot reach' }],
      clean,
      1,
    );
    expect(r.faults[0]).toMatchObject({ detected: false, reason: 'cannot reach' });
  });
});

describe('rendering', () => {
  const report = scoreMutation(FAULTS, runs, clean, 7);

  it('the Markdown report carries the score, the areas, the missed faults and one row per fault', () => {
    const md = renderMutationMarkdown(report);
    expect(md).toContain('**Overall: 50.0 % (2/4)**');
    expect(md).toContain('| body | 100.0 % (2/2) |');
    expect(md).toContain('| status | 0.0 % (0/2) |');
    expect(md).toContain('Exit 0, no false failures (15.0 s).');
    expect(md).toContain('- `c-status` (status): exit 0\n- `d-status` (status): exit null, not run');
    expect(md).toContain('| a-body | body | detected | yes | 1 | 12.3 | X.one, Z.other |');
    expect(md).toContain('| d-status | status | **missed** | no | - | 0.0 | - |');
  });

  it(
    'a missed fault that no request can observe is a known gap, ' +
      'with the reason, and does not fail the mutation run',
    () => {
      const hidden: FaultSpec = {
        id: 'e-hidden',
        area: 'sandbox',
        breaks: ['W.one'],
        unobservable: 'W.one: shows only in consent granting',
      };
      const r = scoreMutation(
        [FAULTS[0] as FaultSpec, hidden],
        [runs[0] as MutationRun, { fault: 'e-hidden', exitCode: 0, seconds: 2, failedRequirements: [] }],
        clean,
        1,
      );
      expect(r.knownGaps).toEqual([{ id: 'e-hidden', reason: 'W.one: shows only in consent granting' }]);
      expect(renderMutationMarkdown(r)).toContain(
        '- `e-hidden` (sandbox): exit 0. Known gap: W.one: shows only in consent granting',
      );
      expect(mutationPassed(r)).toBe(true);
      expect(r.overall).toEqual({ detected: 1, total: 2, percent: 50 });
    },
  );

  it('any other miss, or a failing clean bank, fails the mutation run', () => {
    expect(mutationPassed(report)).toBe(false);
    const all = scoreMutation([FAULTS[0] as FaultSpec], [runs[0] as MutationRun], clean, 1);
    expect(mutationPassed(all)).toBe(true);
    expect(
      mutationPassed(
        scoreMutation(
          [FAULTS[0] as FaultSpec],
          [runs[0] as MutationRun],
          { exitCode: 1, seconds: 1, failedRequirements: ['Q'] },
          1,
        ),
      ),
    ).toBe(false);
  });

  it('the closing line states the overall score and the false failures', () => {
    expect(scoreLine(report)).toBe('mutation score: 50.0 % (2/4) faults detected; clean bank: 0 false failure(s)');
    expect(scoreLine(scoreMutation(FAULTS, runs, { exitCode: 1, seconds: 1, failedRequirements: ['Q.one'] }, 7))).toBe(
      'mutation score: 50.0 % (2/4) faults detected; clean bank: 1 false failure(s) (exit 1)',
    );
  });
});

describe('a selection (mutation --fault, --variant) scores what it ran', () => {
  const selection = { faults: ['a-body'], variants: [] };
  const report = {
    ...scoreMutation(scoredFaults(FAULTS, selection), [runs[0] as MutationRun, clean], clean, 7),
    selection,
  };

  it('the one fault it ran is the whole score: no fault it did not select is missed', () => {
    expect(scoredFaults(FAULTS, selection).map((f) => f.id)).toEqual(['a-body']);
    expect(scoredFaults(FAULTS).map((f) => f.id)).toEqual(['a-body', 'b-body', 'c-status', 'd-status']);
    expect(report.overall).toEqual({ detected: 1, total: 1, percent: 100 });
    expect(scoreLine(report)).toBe(
      'mutation score of the selection (--fault a-body): 100.0 % (1/1) faults detected; clean bank: 0 false failure(s)',
    );
    const md = renderMutationMarkdown(report);
    expect(md).toContain('A selection (`--fault a-body`): 1 fault(s) ran');
    expect(md).toContain('## Missed faults\n\nNone.');
    expect(md).not.toContain('d-status');
    expect(mutationPassed(report)).toBe(true);
  });

  it('its exit code comes from what ran: a selected fault missed fails it', () => {
    const missed = { faults: ['c-status'], variants: [] };
    const r = { ...scoreMutation(scoredFaults(FAULTS, missed), runs, clean, 7), selection: missed };
    expect(r.overall).toEqual({ detected: 0, total: 1, percent: 0 });
    expect(mutationPassed(r)).toBe(false);
  });

  it('variants alone: no fault and no clean bank ran, and neither is scored', () => {
    const variants = { faults: [], variants: ['v-ids'] };
    const notRun = { exitCode: null, seconds: 0, failedRequirements: [], reason: 'not run' };
    const r = { ...scoreMutation(scoredFaults(FAULTS, variants), [], notRun, 7), selection: variants };
    expect(scoreLine(r)).toBe('mutation score of the selection (--variant v-ids): no fault selected');
    expect(renderMutationMarkdown(r)).toContain('Not run (only variants were selected).');
    expect(mutationPassed(r)).toBe(true);
    // The whole matrix without its clean run is no pass.
    expect(mutationPassed(scoreMutation(FAULTS.slice(0, 1), runs, notRun, 7))).toBe(false);
  });
});

describe('pool', () => {
  it('keeps input order and never runs more than `parallel` at once', async () => {
    let active = 0;
    let peak = 0;
    const out = await pool([5, 1, 4, 2, 3], 2, async (n) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, n));
      active--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});
