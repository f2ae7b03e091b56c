import { ruleLine } from '../reporting/rule-text.js';
import { requirement } from '../spec/index.js';
import { brokenRequirements, type RunSummary, type TestOutcome } from './outcome.js';
import type { Target } from './target.js';

const row = (name: string, c: { passed: number; failed: number; skipped: number }) =>
  `  ${name.padEnd(30)} ${String(c.passed).padStart(5)} passed ` +
  `${String(c.failed).padStart(4)} failed ${String(c.skipped).padStart(4)} skipped`;

/** What the closing summary tells of a finished run (a RunResult holds it all). */
export interface FinishedRun {
  summary: RunSummary;
  /** `--max-requests`: tests were left out, and with them rules (untested): no full verdict. */
  budget?: { maxRequests: number; leftOut: number; unjudgedRules: string[] };
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
export function renderSummary(run: FinishedRun): string {
  const { summary, outcomes, target, seed, seconds, cancelled = false, budget } = run;
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
  const security = securityLine(outcomes);
  if (security) lines.push(security);
  if (budget)
    lines.push(
      `budgeted run (--max-requests ${budget.maxRequests}): ${budget.leftOut} test(s) left out; ` +
        `${budget.unjudgedRules.length} rule(s) unjudged, counted as untested: ` +
        `${budget.unjudgedRules.join(', ') || '(none: every rule is judged by a test that ran)'}`,
    );
  lines.push(
    `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped — ` +
      `${verdict(summary, cancelled, budget)} — target: ${target.description}`,
  );
  return lines.join('\n');
}

/** A run the budget cut short, or one where nothing ran, proves nothing either way. */
function verdict(summary: RunSummary, cancelled: boolean, budget?: FinishedRun['budget']): string {
  if (summary.exitCode !== 0) return `NOT CONFORMANT: ${summary.failedRequirements.length} requirement(s) failed`;
  if (cancelled) return 'INCOMPLETE: the time budget ran out before every test ran';
  if (summary.passed + summary.failed === 0) return 'NOTHING JUDGED: no test ran';
  // A budgeted run never reads as a full CONFORMANT: the rules it left out were not judged at all.
  if (budget)
    return (
      `BUDGETED, NOT A FULL VERDICT: every MUST test of the ${summary.passed + summary.failed} run passed; ` +
      `${budget.unjudgedRules.length} rule(s) unjudged`
    );
  return 'CONFORMANT (every MUST test passed)';
}

/**
 * The security rules (catalogue category security: another TPP's resources) in one line of their own: SHOULD rules,
 * so a deviation is a warning in the default profile, but one a reader must not miss among the others.
 */
export function securityLine(outcomes: TestOutcome[]): string | undefined {
  const isSecurity = (id: Parameters<typeof requirement>[0]) => requirement(id).category === 'security';
  const tests = outcomes.filter((o) => o.meta.requirementIds.some(isSecurity));
  if (!tests.length) return undefined;
  const deviations = tests.filter(
    (o) => o.state === 'failed' || o.meta.warnings?.some((w) => isSecurity(w.requirementId)),
  );
  const skipped = tests.filter((o) => o.state === 'skipped').length;
  return (
    `security (another TPP's resources): ${tests.length - deviations.length - skipped} of ${tests.length} ` +
    `test(s) without deviation` +
    (deviations.length
      ? `; DEVIATION in: ${deviations.map((o) => o.meta.requirementIds.join(' + ')).join(', ')}`
      : '') +
    (skipped ? `; ${skipped} not run` : '')
  );
}
