/**
 * What changed between two runs, test by test and requirement by requirement: new failures, fixed, still failing,
 * failed before and not judged now, new and removed, changed levels. `run --baseline` and `psd2-conformance diff` say
 * the same from it.
 */
import type { Level } from '../spec/index.js';
import type { RunView } from './run-view.js';

/** One test or requirement that changed (or did not: still failing), with its state and level on either side. */
export interface Change {
  /** A requirement id, or a test's full name. */
  id: string;
  level: Level;
  before?: string;
  after?: string;
  /** Its level in the baseline, when that differs. */
  levelBefore?: Level;
}

export interface DiffSide {
  /** Failed now; present before and not failed then. */
  newFailures: Change[];
  /** Failed before, passed now. */
  fixed: Change[];
  stillFailing: Change[];
  /** Failed before, neither passed nor failed now (skipped, not observed …): no longer judged, so not fixed. */
  notJudged: Change[];
  /** Absent from the baseline (with the state they have now). */
  added: Change[];
  /** Absent now (with the state they had). */
  removed: Change[];
  /** Present in both, at another level now. */
  levelChanged: Change[];
}

export interface RunDiff {
  base: { target: string; seed?: number; dir?: string; startedAt?: string };
  head: { target: string; seed?: number; dir?: string; startedAt?: string };
  tests: DiffSide;
  requirements: DiffSide;
}

export const DIFF_KINDS = [
  'newFailures',
  'fixed',
  'stillFailing',
  'notJudged',
  'added',
  'removed',
  'levelChanged',
] as const;
export type DiffKind = (typeof DIFF_KINDS)[number];

/** How each kind of change reads in a report. */
export const DIFF_TITLES: Record<DiffKind, string> = {
  newFailures: 'new failures',
  fixed: 'fixed',
  stillFailing: 'still failing',
  notJudged: 'failed before, not judged now',
  added: 'new',
  removed: 'removed',
  levelChanged: 'level changed',
};

interface Item {
  id: string;
  level: Level;
  state: string;
}

const empty = (): DiffSide => ({
  newFailures: [],
  fixed: [],
  stillFailing: [],
  notJudged: [],
  added: [],
  removed: [],
  levelChanged: [],
});

function diffItems(before: readonly Item[], after: readonly Item[]): DiffSide {
  const side = empty();
  const old = new Map(before.map((i) => [i.id, i]));
  const now = new Set(after.map((i) => i.id));
  for (const item of after) {
    const was = old.get(item.id);
    const change: Change = {
      id: item.id,
      level: item.level,
      after: item.state,
      ...(was ? { before: was.state } : {}),
      ...(was && was.level !== item.level ? { levelBefore: was.level } : {}),
    };
    if (!was) side.added.push(change);
    else if (item.state === 'failed') side[was.state === 'failed' ? 'stillFailing' : 'newFailures'].push(change);
    else if (was.state === 'failed') side[item.state === 'passed' ? 'fixed' : 'notJudged'].push(change);
    if (was && was.level !== item.level) side.levelChanged.push(change);
  }
  for (const item of before)
    if (!now.has(item.id)) side.removed.push({ id: item.id, level: item.level, before: item.state });
  for (const list of Object.values(side) as Change[][]) list.sort((a, b) => a.id.localeCompare(b.id));
  return side;
}

const about = (v: RunView) => ({
  target: v.target,
  ...(v.seed !== undefined ? { seed: v.seed } : {}),
  ...(v.dir ? { dir: v.dir } : {}),
  ...(v.startedAt ? { startedAt: v.startedAt } : {}),
});

/** The changes from `base` (an earlier run) to `head` (this run). */
export function diffRuns(base: RunView, head: RunView): RunDiff {
  const tests = (v: RunView): Item[] => v.tests.map((t) => ({ id: t.name, level: t.level, state: t.state }));
  return {
    base: about(base),
    head: about(head),
    tests: diffItems(tests(base), tests(head)),
    requirements: diffItems(base.requirements, head.requirements),
  };
}

/** A test or requirement that gates a run with a baseline. */
export interface Regression {
  kind: 'test' | 'requirement';
  id: string;
  level: Level;
  /** new failure (passed or was not judged before), or new and failing. */
  why: 'new failure' | 'new and failing';
}

/**
 * The regressions of a diff at the levels that gate: a test or rule that did not fail before and fails now, or one
 * new since the baseline that fails. A rule failing both then and now is "still failing", not a regression.
 */
export function regressions(diff: RunDiff, levels: readonly Level[] = ['MUST']): Regression[] {
  const of = (kind: Regression['kind'], side: DiffSide): Regression[] => [
    ...side.newFailures.map((c) => ({ kind, id: c.id, level: c.level, why: 'new failure' as const })),
    ...side.added
      .filter((c) => c.after === 'failed')
      .map((c) => ({ kind, id: c.id, level: c.level, why: 'new and failing' as const })),
  ];
  return [...of('test', diff.tests), ...of('requirement', diff.requirements)].filter((r) => levels.includes(r.level));
}

/** True when nothing changed at all (no kind of change has an entry but "still failing"). */
export const unchanged = (diff: RunDiff): boolean =>
  [diff.tests, diff.requirements].every((side) =>
    DIFF_KINDS.every((kind) => kind === 'stillFailing' || side[kind].length === 0),
  );
