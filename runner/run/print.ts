import { ruleLine } from '../../run-model/index.js';
import { brokenRequirements, type RunSummary, type TestOutcome } from '../../run-model/index.js';
import type { Target } from '../../run-model/index.js';

const row = (name: string, c: { passed: number; failed: number; skipped: number }) =>
  `  ${name.padEnd(30)} ${String(c.passed).padStart(5)} passed ` +
  `${String(c.failed).padStart(4)} failed ${String(c.skipped).padStart(4)} skipped`;

/** What the closing summary tells of a finished run (a RunResult holds it all). */
export interface FinishedRun {
  summary: RunSummary;
  /** Every test's outcome: the failed ones are listed with their broken rules. */
  outcomes: TestOutcome[];
  target: Target;
  seed: number;
  /** How long the run took. */
  seconds: number;
  /** The time budget ran out before every test ran. */
  cancelled?: boolean;
}

/** The closing summary: by operation and level, then every failed requirement with its first failure line. */
export function renderSummary({ summary, outcomes, target, seed, seconds, cancelled = false }: FinishedRun): string {
  const lines = [
    '',
    `psd2-conformance: ${summary.total} tests against ${target.description} (seed ${seed}, ${seconds.toFixed(1)} s)`,
    'by level:',
    ...Object.entries(summary.byLevel).map(([l, c]) => row(l, c)),
    'by operation:',
    ...Object.entries(summary.byOperation)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([op, c]) => row(op, c)),
  ];
  const failed = outcomes.filter((o) => o.state === 'failed');
  if (failed.length) {
    lines.push('failures:');
    for (const o of failed) {
      lines.push(`  ✗ ${o.name}`);
      // The rule in words and where interface.md states it, before the evidence: the failure reads like the spec.
      lines.push(...brokenRequirements(o).map((id) => `      broken: ${ruleLine(id)}`));
      const first = (o.errors[0] ?? '').split('\n');
      lines.push(...first.slice(0, 3).map((l) => `      ${l}`));
      const replay =
        first.find((l) => l.startsWith('replay:')) ?? (o.meta.replay ? `replay: ${o.meta.replay.command}` : undefined);
      if (replay && !first.slice(0, 3).includes(replay)) lines.push(`      ${replay}`);
    }
  }
  if (summary.warnings)
    lines.push(`${summary.warnings} SHOULD-level deviation(s) recorded as warnings (use --strict to fail on them)`);
  lines.push(
    `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped — ` +
      `${verdict(summary, cancelled)} — target: ${target.description}`,
  );
  return lines.join('\n');
}

/** A run the budget cut short, or one where nothing ran, proves nothing either way. */
function verdict(summary: RunSummary, cancelled: boolean): string {
  if (summary.exitCode !== 0) return `NOT CONFORMANT: ${summary.failedRequirements.length} requirement(s) failed`;
  if (cancelled) return 'INCOMPLETE: the time budget ran out before every test ran';
  if (summary.passed + summary.failed === 0) return 'NOTHING JUDGED: no test ran';
  return 'CONFORMANT (every MUST test passed)';
}
