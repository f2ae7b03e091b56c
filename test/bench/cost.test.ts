import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COST_LABELS, quiet, readMutationReport } from '../../bench/cost.js';
import { benchmarksPage, judgeTargets, machineLine } from '../../bench/main.js';
import { sampleTree } from '../../bench/processes.js';
import { medianRun, type RunFigures } from '../../bench/run.js';
import type { BenchResult } from '../../bench/types.js';

const cost = (figures: { label: string; value: number }[]): BenchResult => ({
  name: 'cost',
  operation: 'test',
  figures: figures.map((f) => ({ ...f, unit: '' })),
  ratios: [],
});

const run = (seconds: number, first: number | undefined, report: number, rss: number): RunFigures => ({
  seconds,
  exitCode: 0,
  requests: 788,
  reportSeconds: report,
  mainRssMb: rss,
  workerRssMb: rss / 2,
  firstRequestSeconds: first,
  processes: [{ pid: seconds, command: 'node … run', peakRssMb: rss, threads: 1 }],
  verdictLine: 'CONFORMANT',
});

describe('the cost bench (issue 25)', () => {
  it('reports the median of several default runs: each time its median, each memory figure its largest', () => {
    const figures = medianRun([run(7.31, 2.0, 1.41, 175), run(5.93, 1.69, 1.13, 187), run(6.2, undefined, 1.2, 160)]);
    expect(figures).toMatchObject({
      seconds: 6.2,
      firstRequestSeconds: 1.69,
      reportSeconds: 1.2,
      mainRssMb: 187,
      workerRssMb: 93.5,
      samples: [7.31, 5.93, 6.2],
    });
    expect(figures.processes).toEqual([{ pid: 5.93, command: 'node … run', peakRssMb: 187, threads: 1 }]);
  });

  it('judges each figure against its target, and says "not measured" with the command when a figure is missing', () => {
    const lines = judgeTargets([
      cost([
        { label: COST_LABELS.requests, value: 2606 },
        { label: COST_LABELS.largest, value: 120 },
        { label: COST_LABELS.wall, value: 4.2 },
      ]),
    ]);
    expect(lines.find((l) => l.includes(COST_LABELS.requests))).toMatch(
      /^ {2}FAIL .*2606 requests \(target ≤ 1200; issue 34/,
    );
    expect(lines.find((l) => l.includes(COST_LABELS.largest))).toMatch(/^ {2}PASS .*120 MB \(target ≤ 250/);
    expect(lines.find((l) => l.includes(COST_LABELS.wall))).toMatch(/^ {2}PASS .*4\.20 s \(target ≤ 5;/);
    expect(lines.find((l) => l.includes(COST_LABELS.mutation))).toMatch(/not measured: .*npm run mutation/);
    expect(lines.find((l) => l.includes(COST_LABELS.firstRequest))).toMatch(/not measured: the run recorded no/);
  });

  it('calls a machine quiet only with its last minute’s load under half its cores, and says so', () => {
    expect(quiet(0.9, 2)).toBe(true);
    expect(quiet(1, 2)).toBe(false);
    expect(machineLine([0.5, 0.4, 0.3], 2)).toBe(
      'machine: 2 cores, load average 0.50 / 0.40 / 0.30 (1/5/15 min), quiet',
    );
    expect(machineLine([17.56, 10.7, 6.75], 2)).toMatch(/load average 17\.56 .*NOT QUIET \(quiet: under 1\)/);
    // After the benches the load is their own: said, not judged.
    expect(machineLine([1.11, 2.45, 2.92], 2, true)).toBe(
      "machine: 2 cores, load average 1.11 / 2.45 / 2.92 (1/5/15 min), the benches' own load included",
    );
  });

  it('reads the score and the loop of a mutation report; none when the file is missing or not a report', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cost-'));
    const path = join(dir, 'mutation.json');
    expect(readMutationReport(path)).toBeUndefined();
    writeFileSync(path, '{"nothing": 1}');
    expect(readMutationReport(path)).toBeUndefined();
    const loop = { mode: 'one process, one vitest', runs: 152, wallSeconds: 281.5, finishedAt: 'x', full: true };
    writeFileSync(path, JSON.stringify({ overall: { detected: 79, total: 81, percent: 97.5 }, loop }));
    expect(readMutationReport(path)).toMatchObject({ detected: 79, total: 81, knownGaps: 0, loop });
    // A known gap (no run can observe it) is not held against detection per request.
    const gaps = [{ id: 'engagement-visible-without-register-view', reason: 'not shown' }];
    writeFileSync(path, JSON.stringify({ overall: { detected: 84, total: 85 }, knownGaps: gaps, loop }));
    expect(readMutationReport(path)).toMatchObject({ detected: 84, total: 85, knownGaps: 1 });
  });

  it('writes the page with its date, the load before and after, the targets and the figures', () => {
    const page = benchmarksPage({
      startedAt: new Date('2026-11-26T10:00:00Z'),
      argv: ['cost', '--markdown', 'docs/benchmarks.md'],
      results: [cost([{ label: COST_LABELS.wall, value: 7.5 }])],
      targets: ['  FAIL  default run wall time: 7.50 s (target ≤ 5; issue 25)'],
      machineBefore: 'machine: 2 cores, load average 3.00',
      machineAfter: 'machine: 2 cores, load average 4.00',
    });
    expect(page).toContain('- date: 2026-11-26T10:00:00.000Z');
    expect(page).toContain('- before: machine: 2 cores, load average 3.00');
    expect(page).toContain('- after: machine: 2 cores, load average 4.00');
    expect(page).toContain('FAIL  default run wall time: 7.50 s (target ≤ 5; issue 25)');
    expect(page).toMatch(/default run wall time, HTML included +7\.50/);
  });

  it('samples a process tree: the bench’s own process is found with a peak resident set and its threads', async () => {
    const sampler = sampleTree(process.pid, 10);
    await new Promise((done) => setTimeout(done, 50));
    const mine = sampler.stop().find((p) => p.pid === process.pid);
    if (process.platform !== 'linux') return expect(mine).toBeUndefined();
    expect(mine?.peakRssMb).toBeGreaterThan(10);
    expect(mine?.threads).toBeGreaterThan(1);
  });
});
