import { describe, expect, it } from 'vitest';
import {
  matrixPassed,
  renderMatrixMarkdown,
  scoreMatrix,
  variantsOf,
  COMBINATIONS,
  type MatrixInput,
} from '../../runner/mutation/matrix.js';
import {
  mutationPassed,
  renderMutationMarkdown,
  scoreLine,
  scoreMutation,
  type FaultSpec,
  type MutationRun,
} from '../../runner/mutation/score.js';

/** The false-verdict matrix: variants must pass, faults against variants must still be caught. */
const BREAKS: Record<string, string[]> = { 'f-body': ['X.one'], 'f-status': ['Y.one'] };
const input = (runs: MutationRun[], overrides: Partial<MatrixInput> = {}): MatrixInput => ({
  runIds: ['v-ids', 'v-links', 'v-lost'],
  pairs: [
    { fault: 'f-body', variant: 'v-ids' },
    { fault: 'f-status', variant: 'v-links' },
  ],
  runs,
  breaks: (fault) => BREAKS[fault] ?? [],
  describe: (id) =>
    ({
      'v-ids': 'ids are UUIDs: interface.md shows no form',
      'v-links': `links | absolute (${'a very long reason '.repeat(5)})`,
    })[id],
  ...overrides,
});

const RUNS: MutationRun[] = [
  { variants: ['v-ids'], exitCode: 0, seconds: 20, failedRequirements: [], failedTests: [] },
  {
    variants: ['v-links'],
    exitCode: 1,
    seconds: 21.5,
    failedRequirements: ['Link.href', 'S.warn'],
    failedTests: ['baskets.suite.ts › Link.href [MUST] follows self'],
  },
  // v-lost has no run: not run is a false verdict too (no CONFORMANT for a conformant bank).
  { fault: 'f-body', variants: ['v-ids'], exitCode: 1, seconds: 19, failedRequirements: ['X.one'] },
  // Fails only what the variant's own clean run failed: proves nothing of the fault.
  { fault: 'f-status', variants: ['v-links'], exitCode: 1, seconds: 18, failedRequirements: ['Link.href'] },
  // A fault run against the default bank is not a pair.
  { fault: 'f-status', exitCode: 1, seconds: 18, failedRequirements: ['Y.one'] },
];

describe('scoreMatrix', () => {
  const m = scoreMatrix(input(RUNS));

  it('a variant passes with exit 0 and no failed MUST test; its false failures are the failed MUST tests', () => {
    expect(m.variants.map((v) => [v.id, v.exitCode, v.falseFailures])).toEqual([
      ['v-ids', 0, []],
      ['v-links', 1, ['baskets.suite.ts › Link.href [MUST] follows self']],
      ['v-lost', null, []],
    ]);
    expect(m.variants[2]?.reason).toBe('not run');
    expect(m.withoutFalseFailures).toBe(1);
    expect(m.variants[0]?.choice).toBe('ids are UUIDs: interface.md shows no form');
    expect(m.variants[2]?.choice).toBe('v-lost');
  });

  it('a pair is detected only when it fails something the variant alone did not (or a rule the fault breaks)', () => {
    expect(m.pairs.map((p) => [p.fault, p.variant, p.detected, p.namedBreak])).toEqual([
      ['f-body', 'v-ids', true, true],
      ['f-status', 'v-links', false, false],
    ]);
    expect(m.pairsDetected).toBe(1);
    const named = scoreMatrix(
      input([
        ...RUNS.slice(0, 3),
        {
          fault: 'f-status',
          variants: ['v-links'],
          exitCode: 1,
          seconds: 1,
          failedRequirements: ['Link.href', 'Y.one'],
        },
      ]),
    );
    expect(named.pairs[1]).toMatchObject({ detected: true, namedBreak: true });
  });

  it('without a variant run the old failures are unknown: any exit-1 failure of the pair counts', () => {
    const alone = scoreMatrix(
      input([{ fault: 'f-status', variants: ['v-links'], exitCode: 1, seconds: 1, failedRequirements: ['Z.z'] }]),
    );
    expect(alone.pairs[1]?.detected).toBe(true);
    expect(alone.pairs[0]).toMatchObject({ detected: false, exitCode: null, reason: 'not run' });
  });

  it('a combination id runs its variants together, whatever their order in the run', () => {
    const combo = COMBINATIONS[0] as (typeof COMBINATIONS)[number];
    expect(variantsOf(combo.id)).toEqual(combo.variants);
    expect(variantsOf('ids-uuid')).toEqual(['ids-uuid']);
    const r = scoreMatrix(
      input(
        [
          {
            variants: [...combo.variants].reverse(),
            exitCode: 0,
            seconds: 30,
            failedRequirements: [],
            failedTests: [],
          },
        ],
        {
          runIds: [combo.id],
          pairs: [],
        },
      ),
    );
    expect(r.variants[0]).toMatchObject({ id: combo.id, exitCode: 0, variants: combo.variants });
    expect(matrixPassed(r)).toBe(true);
  });

  it('a run without outcomes falls back to its failed requirements as false failures', () => {
    const r = scoreMatrix(input([{ variants: ['v-ids'], exitCode: 1, seconds: 3, failedRequirements: ['Q.one'] }]));
    expect(r.variants[0]?.falseFailures).toEqual(['Q.one']);
  });

  it('passes only with every variant clean and every pair detected', () => {
    expect(matrixPassed(m)).toBe(false);
    const clean = scoreMatrix(input(RUNS, { runIds: ['v-ids'], pairs: [{ fault: 'f-body', variant: 'v-ids' }] }));
    expect(matrixPassed(clean)).toBe(true);
  });
});

describe('the report', () => {
  const FAULT: FaultSpec = { id: 'f-status', area: 'status', breaks: ['Y.one'] };
  const clean: MutationRun = { exitCode: 0, seconds: 15, failedRequirements: [] };
  const report = { ...scoreMutation([FAULT], RUNS, clean, 7), matrix: scoreMatrix(input(RUNS)) };

  it('the fault score ignores fault runs against variants', () => {
    expect(report.faults[0]).toMatchObject({ id: 'f-status', detected: true, failedRequirements: ['Y.one'] });
  });

  it('shows a choice by its first clause, at most 90 characters', () => {
    const long = { ...report, matrix: scoreMatrix(input(RUNS, { describe: () => `${'x'.repeat(100)}: why` })) };
    expect(renderMutationMarkdown(long)).toContain(`| v-ids | ${'x'.repeat(89)}… | passed |`);
  });

  it('renders the variant runs with their false failures and the pairs, after the fault table', () => {
    const md = renderMutationMarkdown(report);
    expect(md.indexOf('## False-verdict matrix')).toBeGreaterThan(md.indexOf('## Per fault'));
    expect(md).toContain('**Variants: 1/3 runs without false failures; fault × variant pairs: 1/2 detected**');
    expect(md).toContain('| v-ids | ids are UUIDs | passed | 0 | 20.0 | - |');
    expect(md).toContain(
      '| v-links | links \\| absolute | **false verdict** | 1 | 21.5 | ' +
        'baskets.suite.ts › Link.href [MUST] follows self |',
    );
    expect(md).toContain('| v-lost | v-lost | not run | - | 0.0 | not run |');
    expect(md).toContain('False verdicts in 1 run(s): `v-links`.');
    expect(md).toContain('| f-body | v-ids | detected | yes | 1 | 19.0 | X.one |');
    expect(md).toContain('| f-status | v-links | **missed** | no | 1 | 18.0 | Link.href |');
    const partial = { ...report, matrix: scoreMatrix(input([])) };
    expect(renderMutationMarkdown(partial)).toContain('| f-body | v-ids | not run | no | - | 0.0 | not run |');
  });

  it('the closing line and the gate include the matrix', () => {
    expect(scoreLine(report)).toBe(
      'mutation score: 100.0 % (1/1) faults detected; clean bank: 0 false failure(s); ' +
        'variants: 1/3 without false failures; fault × variant pairs: 1/2 detected',
    );
    expect(mutationPassed(report)).toBe(false);
    expect(mutationPassed({ ...report, matrix: undefined })).toBe(true);
    const rows = renderMatrixMarkdown(scoreMatrix(input(RUNS, { runIds: ['v-ids'], pairs: [] })));
    expect(rows).not.toContain(expect.stringMatching(/^False verdicts/));
  });
});
