// Kept apart from score.ts so that matrix.ts can name a run without importing the score (no cycle).

/** What one run (clean or with one fault, against the default bank or variants of it) left behind. */
export interface MutationRun {
  /** The fault id, or undefined for the clean bank. */
  fault?: string;
  /** Variants of the bank switched on; none for the default bank. */
  variants?: string[];
  /** Names of the tests that failed at MUST level (every failed test under --strict). */
  failedTests?: string[];
  /** The clean default-bank run's requests per test and per file's set-up (run-model/budget.ts), when recorded. */
  requests?: { tests: Record<string, number>; setup: Record<string, number> };
  exitCode: number | null;
  seconds: number;
  failedRequirements: string[];
  /**
   * The run was focused on the tests that detected its fault when last measured (runner/mutation/focus.ts): how many
   * it registered, and whether it settled nothing, so that every suite ran after it (the verdict is that run's).
   */
  focused?: { tests: number; fellBack: boolean };
  /** The run's last stderr line when it did not end with 0 or 1 (configuration error, crash, kill). */
  reason?: string;
}

/** What one mutation run of a faulty bank showed: shared by a fault's run and a fault × variant pair's. */
export interface Detection {
  detected: boolean;
  /** One of the fault's `breaks` is among the failed requirements. */
  namedBreak: boolean;
  exitCode: number | null;
  seconds: number;
  failedRequirements: string[];
  reason?: string;
}
