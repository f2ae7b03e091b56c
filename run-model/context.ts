import type { Config } from '../config/index.js';
import type { SecurityFindings } from './security.js';
import type { BankProfile } from '../config/bank-profile.js';
import type { Selection } from './selection.js';

/** How the run reaches its target; `embedded` is the reference bank the run started itself. */
export type Profile = 'embedded' | 'sandbox' | 'production';

/** The run's context, validated once by `psd2-conformance run` and provided to every suite file. */
export interface RunContext {
  baseUrl: string;
  profile: Profile;
  seed: number;
  numRuns: number;
  /**
   * --thorough: every member of every list is sent as a valid edge, and rule breakers add random runs after their
   * cases. Without it a run sends each distinct case once (suites/support/depth.ts).
   */
  thorough?: boolean;
  strict: boolean;
  /** `run --security-findings warn`: a broken security rule is a warning, not a failure (run-model/security.ts). */
  securityFindings?: SecurityFindings;
  /** Unique to the run: names and references made by the suites carry it, so runs never collide. */
  runTag: string;
  allowPayments: boolean;
  /** `run --accept-fix-matrix`: the matrix suite sends its requests (skipped otherwise). */
  acceptFixMatrix?: boolean;
  /** fast-check path of a counterexample to replay (with --seed and --grep). */
  replayPath?: string;
  selection?: Selection;
  /**
   * Where every exchange of the run is appended as one JSON line (run-model/exchanges.ts): the reports folder's
   * exchanges.jsonl, or `run --exchanges FILE`. Unset: the run records none (`--report` without `exchanges`).
   */
  exchangesPath?: string;
  /** Where the reports go (`run --reports`): the re-signing replay command of a failed test names it. */
  reportsDir?: string;
  /** Faults switched on in the embedded bank: a replay command must switch them on again. */
  faults?: string[];
  /** Variants switched on in the embedded bank: a replay command must switch them on again. */
  variants?: string[];
  config: Config;
  /**
   * `run --bank-profile FILE`: the bank's declared choices, read once at start. Each is judged at MUST where an answer
   * shows it (checks/declared.ts), and its failure names the profile's line.
   */
  bankProfile?: BankProfile;
  /**
   * host:port of the run's permit service: HTTP_CONCURRENCY and HTTP_REQUESTS_PER_SECOND across all workers; or
   * LOCAL_PERMITS, when the run has one worker (against the embedded bank), which then keeps the ledger itself.
   */
  permits?: string;
}

/** `permits` of a run whose one worker keeps the ledger of permits itself. */
export const LOCAL_PERMITS = 'local';
