import { cellCoverage, countCells, type CellCounts, type CellRow } from './cells.js';
import { hasRequirement, requirement } from '../spec/index.js';
import { coverage, countStates, type CoverageRow, type CoverageState } from './coverage.js';
import { COMPLETED, endReason, exitCodeOf, type RunEnd } from './end.js';
import { summarise, type RunSummary, type TestOutcome } from './outcome.js';
import type { ShardRecord } from './shard.js';
import type { RunBudget } from './events.js';
import { securityVerdict, type SecurityFindings, type SecurityVerdict } from './security.js';
import type { Target } from './target.js';
import { verdictOf, type Verdict, type VerdictKind } from './verdict.js';

/** What a run records about itself in summary.json, beside the counts. */
export interface RunInfo {
  target: Target;
  profile: string;
  seed: number;
  /** How the run ended: only a completed run can be CONFORMANT. */
  end: RunEnd;
  /** The shard the run ran (with its test list), when it ran one. */
  shard: ShardRecord;
  /** ISO times the run started (before its target) and stopped (after its last test). */
  startedAt: string;
  stoppedAt: string;
  durationSeconds: number;
  /** `--max-requests`: what the request budget left out. */
  budget: RunBudget;
  /** The options that narrowed the run to some tests (RunStart's `selection`). */
  selection: string[];
  /** `--security-findings warn`: broken security rules were recorded as warnings (summary.json's `security`). */
  securityFindings: SecurityFindings;
}

/** One run's record, as it ran or as its folder holds it: what it was, and every test's outcome. */
export interface RunRecord {
  /** The folder it was read from or will be written to. */
  dir: string;
  info: Partial<RunInfo>;
  outcomes: TestOutcome[];
}

/** The target of a report: one run's, shards' of one run, or (a mistake worth showing) shards of several. */
export type ReportTarget =
  | Target
  | { kind: 'unknown'; description: string }
  | { kind: 'several'; description: string; targets: ReportTarget[] }
  /** A bank whose traffic with a TPP the proxy judged: no profile chose what was sent, the TPP did. */
  | { kind: 'proxied'; description: string; url: string };

/** summary.json: the verdict and what it stands on, for one run or for every shard of a run merged. */
export interface ReportSummary extends Omit<RunSummary, 'exitCode'> {
  /** CONFORMANT, NOT CONFORMANT, INCOMPLETE or NOTHING JUDGED, and the line that says what it stands on. */
  verdict: string;
  verdictLine: string;
  /** The exit code of the run: 0 and 1 are verdicts on a completed run; 3, 130, 143 a run that did not complete. */
  exitCode: number;
  /** How the run (or the first shard that did not complete) ended. */
  end: RunEnd;
  target: ReportTarget;
  profile: string;
  /** One seed, or one per shard when the shards ran with different seeds; none where nothing was generated (proxy). */
  seed?: number | number[];
  /** The earliest start and the latest stop of the runs merged (absent for runs that did not record them). */
  startedAt?: string;
  stoppedAt?: string;
  /** Wall-clock time: shards run side by side, so the longest one. */
  durationSeconds: number;
  strict: boolean;
  /** Set when the report is one shard's alone (its verdict covers that shard's tests only), with its test list. */
  shard?: ShardRecord;
  /** `--max-requests`: the run was budgeted; the rules it left unjudged (they count as untested). */
  budget?: RunBudget;
  /** The options that narrowed the run to some tests, as typed: the verdict is on those tests only. */
  selection?: string[];
  /** A session that keeps the details of some exchanges only (the proxy): how many it saw, kept and left out. */
  exchanges?: { total: number; kept: number; omitted: number };
  /** Requirements of the catalogue by what their verdict stands on; `must` counts the MUST rules alone. */
  requirements: Record<CoverageState, number>;
  must: Record<CoverageState, number>;
  /** The test plan's cells (rule × operation × class, spec/matrix) by what the run made of each. */
  matrix?: CellCounts;
  /** The SHOULD rules deviated from, recorded as warnings, by requirement id. */
  warned: string[];
  /** MUST rules judged at SHOULD where only a convention decides (a refusal's exact status or code), as warnings. */
  conventions: string[];
  /** Whether another TPP reached what a TPP made (PSD2), on a line of its own; absent when no such test was planned. */
  security?: SecurityVerdict;
  /** Rules judged at MUST because the bank profile declares their choice (`run --bank-profile`), by id. */
  declared?: string[];
  /** The result folders merged into this report, with what each ran (a shard as i/n, without its test list). */
  shards?: ({ dir: string; total: number; shard?: string } & Partial<Omit<RunInfo, 'shard'>>)[];
}

/**
 * Everything a reporter needs of a finished run (or of shards merged): the summary, every test's outcome, the
 * coverage matrix, and one verdict per party judged. A run judges one party, the bank; the proxy judges two (the
 * bank's answers, the TPP's requests), each with its own verdict and section.
 */
export interface RunReport {
  summary: ReportSummary;
  outcomes: TestOutcome[];
  coverage: CoverageRow[];
  /** The test plan, cell by cell (rule × operation × class): a run's; a proxy session judges no plan. */
  cells?: CellRow[];
  verdicts: Verdict[];
  /** The folders the report was made from: each may hold allure-results/ and exchanges.jsonl. */
  sources: string[];
  /** Made from other folders than the one it is written to (shards merged). */
  merged: boolean;
  /** What a lens adds to the report (release gate, verdict history, x-accept-fix matrix); none by default. */
  sections?: ReportSection[];
}

/**
 * A section of the report that a lens adds (release/): a Markdown page beside the reports (also a global attachment
 * of the HTML report), a member of summary.json, and the lines the console shows of it.
 */
export interface ReportSection {
  /** File name in the reports folder. */
  file: string;
  text: string;
  /** Its member in summary.json. */
  key: string;
  value: unknown;
  lines: string[];
  /** One line the HTML banner shows under the verdict (the release gate's decision), when the section has one. */
  headline?: string;
}

const distinct = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * The rules warned about, by the rule's own level: SHOULD rules deviated from (`warned`), and MUST rules judged at
 * SHOULD where only a convention decides (`conventions`), which are neither SHOULD deviations nor MUST failures.
 */
export function warningsOf(outcomes: readonly TestOutcome[]): { warned: string[]; conventions: string[] } {
  const ids = distinct(outcomes.flatMap((o) => (o.meta.warnings ?? []).map((w) => w.requirementId))).sort();
  const must = (id: string) => hasRequirement(id) && requirement(id).level === 'MUST';
  return { warned: ids.filter((id) => !must(id)), conventions: ids.filter(must) };
}

const UNKNOWN: ReportTarget = { kind: 'unknown', description: 'an unknown target' };

/** Shards of one run name one target; each started its own embedded bank, so only their ports differ. */
export function mergeTargets(targets: (Target | undefined)[]): ReportTarget {
  const known: ReportTarget[] = targets.map((t) => t ?? UNKNOWN);
  const descriptions = distinct(known.map((t) => t.description));
  if (descriptions.length > 1)
    return {
      kind: 'several',
      description: descriptions.join('; '),
      targets: descriptions.map((d) => known.find((t) => t.description === d) as ReportTarget),
    };
  const first = known[0] ?? UNKNOWN;
  if (first.kind !== 'embedded' || distinct(known.map((t) => (t as Target).url)).length === 1) return first;
  const { url: _port, ...rest } = first;
  return rest;
}

/** ISO times sort as they read: the earliest start and the latest stop. */
function span(infos: Partial<RunInfo>[]): { startedAt?: string; stoppedAt?: string } {
  const starts = infos.map((i) => i.startedAt).filter((t): t is string => typeof t === 'string');
  const stops = infos.map((i) => i.stoppedAt).filter((t): t is string => typeof t === 'string');
  return {
    ...(starts.length ? { startedAt: starts.sort()[0] as string } : {}),
    ...(stops.length ? { stoppedAt: stops.sort().at(-1) as string } : {}),
  };
}

/** The shards' own lines: where each came from and what it ran. */
function shardLines(runs: RunRecord[]): NonNullable<ReportSummary['shards']> {
  return runs.map((r) => {
    const { shard, ...info } = r.info;
    return {
      dir: r.dir,
      total: r.outcomes.length,
      ...info,
      ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
    };
  });
}

/** The selection the runs were narrowed by: the one they share (shards of one selected run), or each run's. */
function selectionOf(infos: Partial<RunInfo>[]): { selection?: string[] } {
  const all = distinct(infos.flatMap((i) => i.selection ?? []));
  return all.length ? { selection: all } : {};
}

/** The report of one run, or of every shard of a run merged: summary, coverage and the bank's verdict. */
export function buildReport(runs: RunRecord[], options: { strict: boolean; out?: string }): RunReport {
  const outcomes = runs.flatMap((r) => r.outcomes);
  const rows = coverage(outcomes);
  const cells = cellCoverage(outcomes);
  const counts = summarise(outcomes, options.strict);
  const infos = runs.map((r) => r.info);
  const seeds = distinct(infos.map((i) => i.seed).filter((s): s is number => typeof s === 'number'));
  const end = infos.map((i) => i.end ?? COMPLETED).find((e) => e.kind !== 'completed') ?? COMPLETED;
  const { warned, conventions } = warningsOf(outcomes);
  const declared = distinct(outcomes.flatMap((o) => (o.meta.declared ?? []).map((d) => d.requirementId))).sort();
  const base = {
    ...counts,
    end,
    target: mergeTargets(infos.map((i) => i.target)),
    profile: distinct(infos.map((i) => i.profile ?? 'unknown')).join(', '),
    seed: seeds.length === 1 ? (seeds[0] as number) : seeds,
    ...span(infos),
    durationSeconds: Math.max(0, ...infos.map((i) => i.durationSeconds ?? 0)),
    strict: options.strict,
    requirements: countStates(rows),
    must: countStates(rows, 'MUST'),
    matrix: countCells(cells),
    warned,
    conventions,
    ...(declared.length ? { declared } : {}),
    ...(runs.length === 1 && infos[0]?.shard ? { shard: infos[0].shard } : {}),
    ...(runs.length === 1 && infos[0]?.budget ? { budget: infos[0].budget } : {}),
    ...selectionOf(infos),
    ...(runs.length > 1 ? { shards: shardLines(runs) } : {}),
  };
  const findings = infos.some((i) => i.securityFindings === 'warn') ? 'warn' : 'fail';
  const security = securityVerdict(outcomes, findings);
  const verdict = verdictOf({ ...base, gate: counts.exitCode });
  const summary: ReportSummary = {
    verdict: verdict.headline,
    verdictLine: verdict.line,
    ...base,
    ...(security ? { security } : {}),
    exitCode: exitCodeOf(end, counts),
  };
  const sources = runs.map((r) => r.dir);
  const merged = runs.length > 1 || (options.out !== undefined && runs[0]?.dir !== options.out);
  return { summary, outcomes, coverage: rows, cells, verdicts: [verdict], sources, merged };
}

/** Why a report's verdict is not CONFORMANT when the run did not complete, for a one-line message. */
export const incompleteBecause = (summary: Pick<ReportSummary, 'end'>): string | undefined =>
  summary.end.kind === 'completed' ? undefined : endReason(summary.end);

export type { VerdictKind };
