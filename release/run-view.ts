/**
 * What the release lens reads of a run: per test and per requirement, its level and its state, and what the run was
 * (target, seed, whether it ran to its end). Built from a run's outcomes and coverage rows, in memory or as its
 * reports folder holds them (outcomes.json, coverage.json, summary.json), so that a baseline, a diff, the history
 * and the evidence all judge the same small record.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/index.js';
import type { Level } from '../spec/index.js';
import { brokenRequirements, gateLevel, type RunReport, type TestOutcome } from '../run-model/index.js';

export type TestState = TestOutcome['state'];

export interface TestVerdict {
  name: string;
  /** The level it counts at: its own, or MUST when a MUST-level check failed it. */
  level: Level;
  state: TestState;
  /** The requirement ids it cites. */
  cites: string[];
  /** The rules it broke (empty unless it failed). */
  broke: string[];
}

export interface RequirementVerdict {
  id: string;
  level: Level;
  /** As the coverage matrix says it: passed, failed, skipped, not observed … */
  state: string;
  /** The tests behind the verdict. */
  tests: string[];
}

/** The coverage row as the release lens reads it (coverage.json), whatever else a row carries. */
export interface CoverageLike {
  id: string;
  level: Level;
  state: string;
  tests: { name: string }[];
}

export interface RunView {
  /** The folder it was read from, when it was. */
  dir?: string;
  /** The target in words (`the embedded reference bank with fault …`, or the URL and profile). */
  target: string;
  seed?: number;
  profile?: string;
  startedAt?: string;
  /** False for a run that did not run to its end (interrupted, out of budget, crashed). */
  completed: boolean;
  /**
   * True when the run was narrowed to some tests (`--grep`, `--operation`, a shard, `--max-requests` …): what it
   * skipped or left unjudged says nothing of the bank.
   */
  narrowed?: boolean;
  tests: TestVerdict[];
  requirements: RequirementVerdict[];
}

export interface RunFacts {
  target?: string;
  seed?: number;
  profile?: string;
  startedAt?: string;
  completed?: boolean;
  narrowed?: boolean;
}

export function testVerdict(o: TestOutcome): TestVerdict {
  return {
    name: o.name,
    level: gateLevel(o),
    state: o.state,
    cites: [...o.meta.requirementIds],
    broke: [...brokenRequirements(o)],
  };
}

/** The release lens's view of a run, from its outcomes and coverage rows. */
export function runView(outcomes: readonly TestOutcome[], rows: readonly CoverageLike[], facts: RunFacts): RunView {
  return {
    target: facts.target ?? 'an unknown target',
    ...(facts.seed !== undefined ? { seed: facts.seed } : {}),
    ...(facts.profile !== undefined ? { profile: facts.profile } : {}),
    ...(facts.startedAt !== undefined ? { startedAt: facts.startedAt } : {}),
    completed: facts.completed ?? true,
    ...(facts.narrowed ? { narrowed: true } : {}),
    tests: outcomes.map(testVerdict),
    requirements: rows.map((r) => ({ id: r.id, level: r.level, state: r.state, tests: r.tests.map((t) => t.name) })),
  };
}

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (err) {
    throw new UserError(`${file} is not the ${what} a run writes (${(err as Error).message.split('\n')[0]})`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function outcomesOf(value: unknown, file: string): TestOutcome[] {
  const ok =
    Array.isArray(value) &&
    value.every(
      (o) =>
        isObject(o) &&
        typeof o.name === 'string' &&
        ['passed', 'failed', 'skipped'].includes(o.state as string) &&
        isObject(o.meta) &&
        Array.isArray(o.meta.requirementIds),
    );
  if (!ok) throw new UserError(`${file} is not a list of test outcomes as \`psd2-conformance run\` writes it`);
  return value as TestOutcome[];
}

function rowsOf(value: unknown, file: string): CoverageLike[] {
  const ok =
    Array.isArray(value) &&
    value.every(
      (r) => isObject(r) && typeof r.id === 'string' && typeof r.state === 'string' && Array.isArray(r.tests),
    );
  if (!ok) throw new UserError(`${file} is not a coverage matrix as \`psd2-conformance run\` writes it`);
  return value as CoverageLike[];
}

/** What summary.json says of the run, read leniently: an older summary lacks some members. */
export function factsOf(summary: unknown): RunFacts {
  if (!isObject(summary)) return {};
  const target = isObject(summary.target) ? summary.target.description : summary.target;
  const end = isObject(summary.end) ? summary.end.kind : undefined;
  // What narrowed it is in the summary's own words (selection, shard, budget); the history needs only that it was.
  const narrowed =
    (Array.isArray(summary.selection) && summary.selection.length > 0) ||
    isObject(summary.shard) ||
    isObject(summary.budget);
  return {
    ...(typeof target === 'string' ? { target } : {}),
    ...(typeof summary.seed === 'number' ? { seed: summary.seed } : {}),
    ...(typeof summary.profile === 'string' ? { profile: summary.profile } : {}),
    ...(typeof summary.startedAt === 'string' ? { startedAt: summary.startedAt } : {}),
    completed: summary.cancelled !== true && (end === undefined || end === 'completed'),
    ...(narrowed ? { narrowed } : {}),
  };
}

/**
 * A run's view from its reports folder. `what` names the folder's role in a message (`--baseline`, `diff`): a folder
 * that is not a run's reports is a one-line error.
 */
export function readRunView(dir: string, what: string): RunView {
  if (!existsSync(dir)) throw new UserError(`${what} ${dir} does not exist: give a folder \`run --reports\` wrote`);
  const outcomesFile = join(dir, 'outcomes.json');
  if (!existsSync(outcomesFile))
    throw new UserError(`${what} ${dir} holds no outcomes.json: give a folder \`psd2-conformance run\` wrote`);
  const outcomes = outcomesOf(readJson(outcomesFile, 'test outcomes'), outcomesFile);
  const coverageFile = join(dir, 'coverage.json');
  const rows = existsSync(coverageFile) ? rowsOf(readJson(coverageFile, 'coverage matrix'), coverageFile) : [];
  const summaryFile = join(dir, 'summary.json');
  const facts = existsSync(summaryFile) ? factsOf(readJson(summaryFile, 'summary')) : {};
  return { dir, ...runView(outcomes, rows, facts) };
}

/** What a section builder reads of the run being reported. */
export interface SectionInput {
  /** Keep the verdict history (verdicts.jsonl): false when `--report` leaves the release reporter out. */
  history?: boolean;
  outDir: string;
  outcomes: readonly TestOutcome[];
  rows: readonly CoverageLike[];
  /** summary.json as the reports write it (target, seed, profile, startedAt, end …). */
  summary: unknown;
  /** The run's recorded exchanges (JSON lines), when it recorded them. */
  exchangesFile?: string;
}

/** A finished report as the lens reads it. */
export const sectionInput = (report: RunReport, outDir: string, exchangesFile?: string): SectionInput => ({
  outDir,
  outcomes: report.outcomes,
  rows: report.coverage,
  summary: report.summary,
  ...(exchangesFile ? { exchangesFile } : {}),
});

/** The view of the run being reported, as the release lens reads it. */
export function viewOf(input: SectionInput): RunView {
  return { dir: input.outDir, ...runView(input.outcomes, input.rows, factsOf(input.summary)) };
}
