import type { ConformanceMeta, TestOutcome } from './outcome.js';
import type { RunEnd } from './end.js';
import type { Target } from './target.js';
import type { SecurityFindings } from './security.js';
import type { ShardRecord } from './shard.js';

/** A test the run will report, known before any test runs (collected, not yet run). */
export interface PlannedTest {
  /** Its full name: describe blocks, then its own, joined by ` > `. */
  name: string;
  /** Its suite file (absolute). */
  file: string;
  meta: ConformanceMeta;
}

/** What a run says about itself once its target is up: every report names these. */
export interface RunStart {
  target: Target;
  profile: string;
  seed: number;
  strict: boolean;
  /** `--security-findings warn`: broken security rules were recorded as warnings; absent, they fail the run. */
  securityFindings?: SecurityFindings;
  /** When the run began (epoch ms): before the bank started, so its duration is the whole run's. */
  startedAt: number;
  shard?: ShardRecord;
  /** `--max-requests`: the tests it left out and the rules only they judge (untested): no full verdict. */
  budget?: RunBudget;
  /**
   * The options that narrowed the run to some tests (`--grep "Basket"`, `--operation ncbct.create` …), as typed: its
   * verdict is on those tests only, and says so.
   */
  selection?: string[];
}

export interface RunBudget {
  maxRequests: number;
  leftOut: number;
  unjudgedRules: string[];
}

/** Where the run is: starting its target, collecting the suites, running the tests, writing the reports. */
export type RunPhase = 'starting' | 'collecting' | 'testing' | 'reporting';

/**
 * The run's events, in the order they happen. The runner emits them; the reporters (and whatever else listens)
 * follow the run by them alone.
 */
export type RunEvent =
  | { type: 'phase'; phase: RunPhase; at: number; detail?: string }
  | { type: 'started'; run: RunStart }
  | { type: 'planned'; tests: PlannedTest[] }
  | { type: 'test-started'; name: string; file: string; at: number }
  | { type: 'test-finished'; outcome: TestOutcome }
  | { type: 'file-finished'; file: string; at: number }
  | { type: 'notice'; text: string }
  /** The run was asked to stop (a signal, the budget, a dead worker): what it has is written, then it ends. */
  | { type: 'stopping'; end: RunEnd; at: number }
  | { type: 'ended'; end: RunEnd; at: number };

/** Follows a run by its events. */
export interface RunListener {
  onEvent(event: RunEvent): void;
}

/** Sends each event to every listener; a listener that throws does not stop the others or the run. */
export function broadcast(listeners: readonly RunListener[], onError: (err: unknown) => void): RunListener {
  return {
    onEvent(event) {
      for (const listener of listeners)
        try {
          listener.onEvent(event);
        } catch (err) {
          onError(err);
        }
    },
  };
}
