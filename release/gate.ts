/**
 * The release gate: which failed tests decide the exit code once a baseline or a known-findings file is given.
 *
 * - Without either, every failed MUST test gates (and every failed test under --strict), as always.
 * - A known finding (not expired) turns the failures it names into "known": reported, not gating. A test is known
 *   when its name is listed, or when every rule it broke is.
 * - With a baseline (and without --strict), only regressions gate: a test that did not fail in the baseline and fails
 *   now, a test new since the baseline that fails, or a test that breaks a rule which did not fail before. A test that
 *   failed then and fails now on the same rules is "still failing": reported, not gating.
 * - --strict takes the baseline's leniency away (every failed test gates, SHOULD ones too); known findings still hold,
 *   as each was accepted by name, with a ticket and an end.
 *
 * The gate judges a completed run only: an incomplete run is never 0 whatever it says (the caller keeps its code).
 */
import { requirement, hasRequirement, type Level } from '../spec/index.js';
import { nearestNames } from '../core/index.js';
import { diffRuns, regressions, type RunDiff } from './diff.js';
import { isExpired, type KnownFinding } from './known-findings.js';
import type { RunView, TestVerdict } from './run-view.js';

export interface GateOptions {
  head: RunView;
  /** The baseline's view (`run --baseline DIR`). */
  base?: RunView;
  findings?: readonly KnownFinding[];
  strict: boolean;
  /** Today (UTC, YYYY-MM-DD): a finding is known through its expiry day. */
  today: string;
}

export interface KnownFailure {
  test: string;
  level: Level;
  /** The entries that make it known (its name, or one per rule it broke). */
  findings: KnownFinding[];
}

export interface GateResult {
  diff?: RunDiff;
  /** Failed tests that decide the exit code, each with why it gates. */
  gating: { test: string; level: Level; why: string }[];
  known: KnownFailure[];
  /** Failed before and failing now on the same rules: reported, not gating (a baseline without --strict). */
  stillFailing: { test: string; level: Level }[];
  /** Entries past their expiry day, with the failures they would have covered. */
  expired: { finding: KnownFinding; matches: string[] }[];
  /** Entries in force that matched no failure of this run, with a hint when the id names nothing known. */
  unused: { finding: KnownFinding; hint?: string }[];
  exitCode: 0 | 1;
}

const gateLevels = (strict: boolean): Level[] => (strict ? ['MUST', 'SHOULD'] : ['MUST']);

/** The entries that name this failed test: by its full name, or (all of them together) every rule it broke. */
function coveringFindings(test: TestVerdict, findings: readonly KnownFinding[]): KnownFinding[] | undefined {
  const byName = findings.filter((f) => f.id === test.name);
  if (byName.length) return byName;
  if (!test.broke.length) return undefined;
  const byRule = test.broke.map((id) => findings.find((f) => f.id === id));
  return byRule.every((f) => f !== undefined) ? (byRule as KnownFinding[]) : undefined;
}

/** Does the entry name this failed test, or one of the rules it broke? */
const names = (finding: KnownFinding, test: TestVerdict) => finding.id === test.name || test.broke.includes(finding.id);

function hintFor(finding: KnownFinding, head: RunView): string | undefined {
  if (hasRequirement(finding.id)) return undefined;
  if (head.tests.some((t) => t.name === finding.id)) return undefined;
  const near = nearestNames(finding.id, [...head.requirements.map((r) => r.id), ...head.tests.map((t) => t.name)]);
  return `no requirement or test of this run has this id${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}`;
}

/** Why a test regressed, in words, or undefined when it is still failing on the rules it failed on before. */
function regressionOf(test: TestVerdict, diff: RunDiff, newlyBroken: ReadonlySet<string>): string | undefined {
  const change = diff.tests.newFailures.find((c) => c.id === test.name);
  if (change) return `new failure (${change.before} in the baseline)`;
  if (diff.tests.added.some((c) => c.id === test.name)) return 'new test, failing';
  const rules = test.broke.filter((id) => newlyBroken.has(id));
  if (rules.length) return `breaks ${rules.join(', ')}, which did not fail in the baseline`;
  return undefined;
}

/** The gate's decision and everything it reports: regressions, known, still failing, expired and unused entries. */
export function gate(options: GateOptions): GateResult {
  const { head, base, strict, today } = options;
  const findings = options.findings ?? [];
  const inForce = findings.filter((f) => !isExpired(f, today));
  const failed = head.tests.filter((t) => t.state === 'failed');
  const candidates = failed.filter((t) => gateLevels(strict).includes(t.level));
  const diff = base ? diffRuns(base, head) : undefined;
  const newlyBroken = new Set(
    diff
      ? regressions(diff, ['MUST', 'SHOULD'])
          .filter((r) => r.kind === 'requirement')
          .map((r) => r.id)
      : [],
  );
  const result: GateResult = {
    ...(diff ? { diff } : {}),
    gating: [],
    known: [],
    stillFailing: [],
    expired: [],
    unused: [],
    exitCode: 0,
  };
  for (const test of candidates) {
    const covering = coveringFindings(test, inForce);
    if (covering) {
      result.known.push({ test: test.name, level: test.level, findings: covering });
      continue;
    }
    if (diff && !strict) {
      const why = regressionOf(test, diff, newlyBroken);
      if (why) result.gating.push({ test: test.name, level: test.level, why });
      else result.stillFailing.push({ test: test.name, level: test.level });
      continue;
    }
    result.gating.push({ test: test.name, level: test.level, why: `failed (${test.level})` });
  }
  for (const finding of findings) {
    const matches = failed.filter((t) => names(finding, t)).map((t) => t.name);
    if (isExpired(finding, today)) result.expired.push({ finding, matches });
    else if (!matches.length) {
      const hint = hintFor(finding, head);
      result.unused.push({ finding, ...(hint ? { hint } : {}) });
    }
  }
  result.exitCode = result.gating.length ? 1 : 0;
  return result;
}

/**
 * The count of regressions, in the same words wherever it is said (`run --baseline`, `diff`, the HTML banner): one
 * regression is one failed test that gates because of the baseline (a new failure, a new test failing, or a test
 * breaking a rule that did not fail before). The rules behind them are listed beside, never added to the count.
 */
export const regressionCount = (n: number): string => (n === 0 ? 'no regression' : `${n} regression(s)`);

/** The gate's decision in one line: the console's last line of the gate, and the HTML banner's. */
export function gateHeadline(result: Pick<GateResult, 'gating' | 'known' | 'exitCode'>, mode: GateMode): string {
  const n = result.gating.length;
  const exit = `(exit ${result.exitCode}${result.exitCode ? '' : ' unless the run did not complete'})`;
  const known = result.known.length ? `, ${result.known.length} known finding(s) not gating` : '';
  if (regressionsGate(mode))
    return n
      ? `release gate: ${regressionCount(n)} gate this run${known} ${exit}`
      : `release gate: nothing gates this run (${regressionCount(0)}${known}) ${exit}`;
  const why = mode.strict ? ' (--strict: every failed test gates)' : '';
  return n
    ? `release gate: ${n} failure(s) gate this run${why}${known} ${exit}`
    : `release gate: nothing gates this run${known ? ` (${known.slice(2)})` : ''} ${exit}`;
}

/** What the gate judged by: a baseline (then regressions gate), --strict (then every failure does). */
export interface GateMode {
  baseline: boolean;
  strict: boolean;
}

/** Whether the failures that gate are regressions (a baseline without --strict), as every report names them. */
export const regressionsGate = (mode: GateMode): boolean => mode.baseline && !mode.strict;

/** The level of a requirement id or of a test's name, for a line in a report. */
export const levelOf = (id: string, head: RunView): Level | undefined =>
  hasRequirement(id) ? requirement(id).level : head.tests.find((t) => t.name === id)?.level;
