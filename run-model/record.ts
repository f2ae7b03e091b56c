import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/index.js';
import { COMPLETED, endReason, runEndOf, type RunEnd } from './end.js';
import type { PlannedTest, RunEvent, RunListener, RunStart } from './events.js';
import type { TestOutcome } from './outcome.js';
import type { RunInfo, RunRecord } from './report.js';
import { SECURITY_FINDINGS, type SecurityFindings } from './security.js';
import { shardOf } from './shard.js';
import { isTarget } from './target.js';

/** The file of a run's folder that holds every test's outcome (`report`, replay and shard balancing read it). */
export const OUTCOMES_FILE = 'outcomes.json';
export const SUMMARY_FILE = 'summary.json';

/** Why a test the run planned has no outcome: the run ended before it. */
export function notRunNote(end: RunEnd): string {
  return end.kind === 'interrupted' ? `interrupted by ${end.signal} before it ran` : `not run: ${endReason(end)}`;
}

/**
 * A run's record, made from its events alone: what ran, every outcome, and the planned tests that never got one
 * (skipped, with the reason the run ended). The runner's listener; what is written at the end, or at once when the
 * run must stop now, is `record()`.
 */
export class RunRecorder implements RunListener {
  private start: RunStart | undefined;
  private planned: PlannedTest[] = [];
  private readonly outcomes = new Map<string, TestOutcome>();
  private stoppedAt: number | undefined;
  private end: RunEnd | undefined;

  onEvent(event: RunEvent): void {
    if (event.type === 'started') this.start = event.run;
    else if (event.type === 'planned') this.planned = event.tests;
    else if (event.type === 'test-finished') this.outcomes.set(key(event.outcome), event.outcome);
    else if (event.type === 'stopping') this.end ??= event.end;
    else if (event.type === 'ended') [this.end, this.stoppedAt] = [this.end ?? event.end, event.at];
  }

  /** Whether the run has got as far as starting its target (before that, there is nothing to report). */
  get started(): boolean {
    return this.start !== undefined;
  }

  /** Planned tests that have no outcome yet. */
  missing(): PlannedTest[] {
    return this.planned.filter((t) => !this.outcomes.has(key(t)));
  }

  /** The record of the run so far: `end` overrides how it ended (the run is being stopped now). */
  record(dir: string, end: RunEnd = this.end ?? COMPLETED, now = Date.now()): RunRecord {
    const stopped = this.stoppedAt ?? now;
    // Tests a stopped run cancelled are reported skipped without a reason of their own: the run's end is theirs.
    const outcomes = [...this.outcomes.values()].map((o) =>
      end.kind !== 'completed' && o.state === 'skipped' && !o.note && !o.meta.notTestable
        ? { ...o, note: notRunNote(end) }
        : o,
    );
    const unrun = this.missing().map((t): TestOutcome => ({
      name: t.name,
      file: t.file,
      state: 'skipped',
      durationMs: 0,
      start: stopped,
      stop: stopped,
      meta: t.meta,
      errors: [],
      note: notRunNote(end.kind === 'completed' ? { kind: 'crashed', reason: 'its test never reported' } : end),
    }));
    const start = this.start;
    const info: Partial<RunInfo> = start
      ? {
          target: start.target,
          profile: start.profile,
          seed: start.seed,
          end,
          startedAt: new Date(start.startedAt).toISOString(),
          stoppedAt: new Date(stopped).toISOString(),
          durationSeconds: Number(((stopped - start.startedAt) / 1000).toFixed(2)),
          ...(start.shard ? { shard: start.shard } : {}),
          ...(start.budget ? { budget: start.budget } : {}),
          ...(start.selection?.length ? { selection: start.selection } : {}),
          ...(start.securityFindings === 'warn' ? { securityFindings: start.securityFindings } : {}),
        }
      : { end };
    return { dir, info, outcomes: [...outcomes, ...unrun] };
  }
}

const key = (t: { file: string; name: string }) => `${t.file}\u0000${t.name}`;

/** A summary.json's `budget` member, as a budgeted run wrote it. */
const isBudget = (value: unknown): value is RunInfo['budget'] =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { maxRequests?: unknown }).maxRequests === 'number' &&
  Array.isArray((value as { unjudgedRules?: unknown }).unjudgedRules);

/** How a summary.json's `security` verdict says broken security rules were counted. */
const findingsOf = (security: unknown): SecurityFindings | undefined => {
  const findings = (security as { findings?: unknown } | null)?.findings;
  return SECURITY_FINDINGS.find((f) => f === findings);
};

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** A run's folder read back (`report`, the proxy): its outcomes and what its summary.json says about the run. */
export function readRunFolder(dir: string): RunRecord {
  if (!existsSync(dir))
    throw new UserError(`${dir} does not exist: give the folder \`psd2-conformance run --reports DIR\` wrote`);
  const file = join(dir, OUTCOMES_FILE);
  if (!existsSync(file)) throw new UserError(`${dir} holds no ${OUTCOMES_FILE}: run \`psd2-conformance run\` first`);
  const outcomes = readJson(file) as TestOutcome[];
  const summary = join(dir, SUMMARY_FILE);
  if (!existsSync(summary)) return { dir, info: {}, outcomes };
  const s = readJson(summary) as Partial<Record<keyof RunInfo | 'cancelled' | 'security', unknown>>;
  const shard = shardOf(s.shard);
  const end = runEndOf(s.end);
  return {
    dir,
    outcomes,
    info: {
      ...(isTarget(s.target) ? { target: s.target } : {}),
      ...(typeof s.profile === 'string' ? { profile: s.profile } : {}),
      ...(typeof s.seed === 'number' ? { seed: s.seed } : {}),
      ...(typeof s.durationSeconds === 'number' ? { durationSeconds: s.durationSeconds } : {}),
      ...(typeof s.startedAt === 'string' ? { startedAt: s.startedAt } : {}),
      ...(typeof s.stoppedAt === 'string' ? { stoppedAt: s.stoppedAt } : {}),
      ...(end ? { end } : {}),
      ...(shard ? { shard } : {}),
      ...(isBudget(s.budget) ? { budget: s.budget } : {}),
      ...(Array.isArray(s.selection) && s.selection.every((o) => typeof o === 'string')
        ? { selection: s.selection as string[] }
        : {}),
      ...(findingsOf(s.security) === 'warn' ? { securityFindings: 'warn' as const } : {}),
    },
  };
}
