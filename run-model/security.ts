import type { CheckResult } from '../checks/index.js';
import { REQUIREMENTS, hasRequirement, requirement, type RequirementId } from '../spec/index.js';
import { brokenRequirements, type TestOutcome } from './outcome.js';

/**
 * `run --security-findings`: `fail` (the default), a security rule broken fails the run as any MUST does; `warn`, it is
 * recorded as a warning, as before PSD2's rules were MUST, for a team that must ship while it is being fixed.
 */
export const SECURITY_FINDINGS = ['fail', 'warn'] as const;
export type SecurityFindings = (typeof SECURITY_FINDINGS)[number];

/** A rule of the catalogue's category security: another TPP's resources. */
export const isSecurityRule = (id: string): boolean => hasRequirement(id) && requirement(id).category === 'security';

/**
 * The check results as the run counts them: under `--security-findings warn` a failed security check is a warning
 * (level SHOULD, as a SHOULD failure is), so it no longer fails the test; otherwise they are as they are.
 */
export function asSecurityFindings(results: CheckResult[], findings: SecurityFindings = 'fail'): CheckResult[] {
  if (findings === 'fail') return results;
  return results.map((r) =>
    !r.ok && r.level === 'MUST' && isSecurityRule(r.requirementId) ? { ...r, level: 'SHOULD' as const } : r,
  );
}

export type SecurityState = 'FAILED' | 'DEVIATION' | 'HELD' | 'NOT JUDGED';

/** The security verdict: whether another TPP reached what a TPP made, on a line of its own beside the run's verdict. */
export interface SecurityVerdict {
  /** FAILED (it fails the run), DEVIATION (recorded as a warning: --security-findings warn), HELD, NOT JUDGED. */
  state: SecurityState;
  /** `security: …`, as the console, coverage.md, summary.json, junit.xml and the HTML banner show it. */
  line: string;
  /** The security rules broken, failing the run. */
  failed: RequirementId[];
  /** The security rules broken, recorded as warnings (--security-findings warn). */
  warned: RequirementId[];
  findings: SecurityFindings;
  /** The tests of security rules, and how many of them judged nothing (not run, or failed first on another rule). */
  tests: number;
  notJudged: number;
}

const securityIds = (ids: readonly string[]) => ids.filter(isSecurityRule) as RequirementId[];

/** `Security.otherTpp.payment, Security.otherTpp.basket (PSD2 › Directive … Art. …)`: each source named once. */
function citedRules(ids: readonly RequirementId[]): string {
  const bySection = new Map<string, RequirementId[]>();
  for (const id of ids) bySection.set(requirement(id).section, [...(bySection.get(requirement(id).section) ?? []), id]);
  return [...bySection].map(([section, rules]) => `${rules.join(', ')} (${section})`).join('; ');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function lineOf(v: Omit<SecurityVerdict, 'line'>, held: number, reason: string | undefined): string {
  const unjudged = v.notJudged ? `; ${v.notJudged} of ${plural(v.tests, 'test')} judged nothing` : '';
  switch (v.state) {
    case 'FAILED':
      return (
        `security: FAILED — another TPP reached a TPP's resources: ${citedRules(v.failed)} — a MUST of PSD2: it ` +
        `fails the run${unjudged}`
      );
    case 'DEVIATION':
      return (
        "security: DEVIATION, recorded as a warning by --security-findings warn — another TPP reached a TPP's " +
        `resources: ${citedRules(v.warned)} — without that option it fails the run${unjudged}`
      );
    case 'HELD': {
      const sources = [...new Set(REQUIREMENTS.filter((r) => r.category === 'security').map((r) => r.section))];
      return (
        `security: HELD — no other TPP reached a TPP's payment, basket or authorisation (${plural(held, 'test')}` +
        `${unjudged}; ${sources.join('; ')})` +
        (v.findings === 'warn' ? ' (--security-findings warn: a deviation would only warn)' : '')
      );
    }
    case 'NOT JUDGED':
      return (
        `security: NOT JUDGED — none of its ${plural(v.tests, 'test')} judged another TPP` +
        (reason ? ` (${reason})` : '')
      );
  }
}

/**
 * The security verdict of a run's outcomes, or undefined when none of its tests cites a security rule (a run
 * narrowed to other tests). A test that broke a security rule FAILED it, or, under --security-findings warn, left a
 * warning (DEVIATION); one that passed without such a warning HELD it; a skipped test, or one that failed first on
 * another rule (its data could not be made), judged nothing.
 */
export function securityVerdict(
  outcomes: readonly TestOutcome[],
  findings: SecurityFindings = 'fail',
): SecurityVerdict | undefined {
  const tests = outcomes.filter((o) => o.meta.requirementIds.some(isSecurityRule));
  if (!tests.length) return undefined;
  const failed = [...new Set(tests.flatMap((o) => securityIds(brokenRequirements(o))))].sort();
  const warned = [
    ...new Set(tests.flatMap((o) => securityIds((o.meta.warnings ?? []).map((w) => w.requirementId)))),
  ].sort();
  const judged = (o: TestOutcome) => securityIds(brokenRequirements(o)).length > 0 || o.state === 'passed';
  const held = tests.filter(
    (o) => o.state === 'passed' && !o.meta.warnings?.some((w) => isSecurityRule(w.requirementId)),
  );
  const notJudged = tests.filter((o) => !judged(o));
  const state: SecurityState = failed.length
    ? 'FAILED'
    : warned.length
      ? 'DEVIATION'
      : held.length
        ? 'HELD'
        : 'NOT JUDGED';
  const reason = notJudged.map((o) => o.note ?? o.meta.notTestable).find(Boolean);
  const verdict = { state, failed, warned, findings, tests: tests.length, notJudged: notJudged.length };
  return { ...verdict, line: lineOf(verdict, held.length, reason) };
}
