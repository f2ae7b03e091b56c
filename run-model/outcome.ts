import { requirement, type Level, type OperationId, type RequirementId } from '../spec/index.js';
import type { RecordedExchange } from '../client/index.js';

/** What a conformance test records about itself (vitest task meta), so reports need not parse names. */
export interface ConformanceMeta {
  requirementIds: RequirementId[];
  level: Level;
  operation: OperationId | 'cross-cutting';
  /** SHOULD-level check failures that did not fail the test (they do under --strict). */
  warnings?: { requirementId: RequirementId; message: string }[];
  /** Why a test could not run against this target (e.g. a sandbox operation in production). */
  notTestable?: string;
  /**
   * The run's configuration could not do what the test needed (an SCA driver template that matched nothing): the test
   * judged nothing, and the run stops as misconfigured (exit 2), never blaming the bank.
   */
  configurationError?: string;
  /** Requirements the uniform checks judged during the test (beyond the ones it cites). */
  judged?: RequirementId[];
  /**
   * The cells of the test plan (spec/matrix: `rule × operation × class`) the test sends: each a request of its own
   * for an invalid class, shared with other valid classes for a valid one, or the situation a behaviour names.
   */
  cells?: string[];
  /** The observed cells the uniform checks judged on the test's answers (a response rule on an operation's answer). */
  observed?: string[];
  /** Requirements whose checks failed in a way that failed the test. */
  failedChecks?: RequirementId[];
  /**
   * Rules the test judged at MUST because the bank profile declares the choice they are about (`run --bank-profile`),
   * with the profile's line: they gate as MUST whatever the catalogue's level.
   */
  declared?: { requirementId: RequirementId; by: string }[];
  /** The fast-check seed and path that replay a property failure. */
  replay?: { seed: number; path?: string; command: string; counterexample?: string };
  /** The exchange that failed the test and how the suite judged it (masked), for `psd2-conformance replay --test`. */
  failedExchange?: RecordedExchange;
  /**
   * A failed test: the command that runs it again against the same target, seed and faults (`replay --test` names it
   * when the target, the embedded bank, is gone with its run).
   */
  rerun?: string;
}

export type TestState = 'passed' | 'failed' | 'skipped';

export interface TestOutcome {
  name: string;
  file: string;
  state: TestState;
  durationMs: number;
  /** When the test started and stopped (epoch ms); a skipped test's are the moment it was reported. */
  start?: number;
  stop?: number;
  meta: ConformanceMeta;
  errors: string[];
  /** Why a skipped test did not run: not testable here, not selected, the run was interrupted before it. */
  note?: string;
  /**
   * Whose conduct it judged (a `Verdict`'s party id), when the report judges more than one party (the proxy: `tpp`
   * and `bank`); absent in a run, which judges the bank alone.
   */
  party?: string;
}

export interface RunSummary {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  byLevel: Record<Level, { passed: number; failed: number; skipped: number }>;
  byOperation: Record<string, { passed: number; failed: number; skipped: number }>;
  failedRequirements: string[];
  warnings: number;
  /** 0: every MUST test passed (and every SHOULD test under strict); 1: otherwise. */
  exitCode: 0 | 1;
}

const zero = () => ({ passed: 0, failed: 0, skipped: 0 });

/**
 * The level a test counts at: its own, or MUST when a MUST-level check failed it. A SHOULD test that
 * stumbles on a broken MUST rule (a transaction without a required member, say) still fails the gate.
 */
export function gateLevel(o: TestOutcome): Level {
  if (o.state === 'failed' && o.meta.failedChecks?.some((id) => levelIn(o.meta, id) === 'MUST')) return 'MUST';
  return o.meta.level;
}

/** A rule's level in a test: MUST where the bank profile declared its choice, else the catalogue's. */
export const levelIn = (meta: ConformanceMeta, id: RequirementId): Level =>
  meta.declared?.some((d) => d.requirementId === id) ? 'MUST' : requirement(id).level;

/** Where the bank profile declared the choice a rule is about, in a test's meta: `bank.yaml:3`. */
export const declaredIn = (meta: ConformanceMeta, id: RequirementId): string | undefined =>
  meta.declared?.find((d) => d.requirementId === id)?.by;

/**
 * The rules a failed test shows broken: the ones its checks found broken when there are any (a malformed
 * response found while testing a signature rule names the response rule, not the signature one), else the
 * rules it cites (it failed before any check, e.g. a fixture could not be made).
 */
export function brokenRequirements(o: TestOutcome): RequirementId[] {
  return o.state === 'failed' ? rulesBroken(o.meta) : [];
}

/** The rules a test that failed broke, from its meta (also while it fails, before it becomes an outcome). */
export function rulesBroken(meta: ConformanceMeta): RequirementId[] {
  if (!meta.failedChecks?.length) return meta.requirementIds;
  // The rules the test is about first, then the uniform checks it tripped on the way.
  const cited = meta.failedChecks.filter((id) => meta.requirementIds.includes(id));
  return [...cited, ...meta.failedChecks.filter((id) => !cited.includes(id))];
}

export function summarise(outcomes: TestOutcome[], strict: boolean): RunSummary {
  const byLevel: RunSummary['byLevel'] = { MUST: zero(), SHOULD: zero() };
  const byOperation: RunSummary['byOperation'] = {};
  const failedRequirements = new Set<string>();
  let warnings = 0;
  let gateFailed = false;
  for (const o of outcomes) {
    byLevel[gateLevel(o)][o.state]++;
    (byOperation[o.meta.operation] ??= zero())[o.state]++;
    warnings += o.meta.warnings?.length ?? 0;
    if (o.state === 'failed') {
      for (const id of brokenRequirements(o)) failedRequirements.add(id);
      if (gateLevel(o) === 'MUST' || strict) gateFailed = true;
    }
  }
  const count = (s: TestState) => outcomes.filter((o) => o.state === s).length;
  return {
    total: outcomes.length,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    byLevel,
    byOperation,
    failedRequirements: [...failedRequirements].sort(),
    warnings,
    exitCode: gateFailed ? 1 : 0,
  };
}
