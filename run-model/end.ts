/**
 * How a run ended. Only a run that ran to its end can be CONFORMANT: one interrupted by a signal, cut short by its
 * time budget, or whose test worker died is INCOMPLETE, and its exit code is never 0.
 */
export type RunEnd =
  | { kind: 'completed' }
  | { kind: 'interrupted'; signal: StopSignal; because?: string }
  | { kind: 'budget'; seconds: number }
  | { kind: 'crashed'; reason: string }
  /** A configuration error found while testing (an SCA driver template that matched nothing): exit 2. */
  | { kind: 'misconfigured'; reason: string };

/** The signals a run stops on: Ctrl-C, a CI job cancelled or evicted, a terminal closed. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/**
 * Exit codes of `psd2-conformance run` (and `report`): 0 and 1 are verdicts on a run that ended; 2 a configuration
 * error (also one found while testing); 3 is a run that did not end (budget, crash); a signal gives 128 + its number,
 * as shells do, so CI sees a cancelled job as cancelled.
 */
export const EXIT_CODES = {
  conformant: 0,
  notConformant: 1,
  usage: 2,
  incomplete: 3,
  SIGHUP: 129,
  SIGINT: 130,
  SIGTERM: 143,
} as const;

export const COMPLETED: RunEnd = { kind: 'completed' };

/** What stopped the run, in words: "interrupted by SIGINT", "the time budget of 900 s ran out" … */
export function endReason(end: RunEnd): string {
  switch (end.kind) {
    case 'completed':
      return 'the run completed';
    case 'interrupted':
      return `interrupted by ${end.signal}${end.because ? ` (${end.because})` : ''}`;
    case 'budget':
      return `the time budget of ${end.seconds} s ran out`;
    case 'crashed':
      return `the run crashed: ${end.reason}`;
    case 'misconfigured':
      return `stopped by a configuration error (${end.reason})`;
  }
}

/** The exit code of a run that ended this way with this verdict (0 only for a completed CONFORMANT run). */
export function exitCodeOf(end: RunEnd, verdict: { exitCode: 0 | 1 }): number {
  if (end.kind === 'interrupted') return EXIT_CODES[end.signal];
  if (end.kind === 'misconfigured') return EXIT_CODES.usage;
  if (end.kind !== 'completed') return EXIT_CODES.incomplete;
  return verdict.exitCode;
}

/** A run end as summary.json holds it, or undefined for anything else. */
export function runEndOf(value: unknown): RunEnd | undefined {
  const end = value as Partial<Record<string, unknown>> | null;
  if (!end || typeof end !== 'object') return undefined;
  if (end.kind === 'completed') return COMPLETED;
  if (end.kind === 'interrupted' && STOP_SIGNALS.includes(end.signal as StopSignal))
    return {
      kind: 'interrupted',
      signal: end.signal as StopSignal,
      ...(typeof end.because === 'string' ? { because: end.because } : {}),
    };
  if (end.kind === 'budget' && typeof end.seconds === 'number') return { kind: 'budget', seconds: end.seconds };
  if (end.kind === 'crashed' && typeof end.reason === 'string') return { kind: 'crashed', reason: end.reason };
  if (end.kind === 'misconfigured' && typeof end.reason === 'string')
    return { kind: 'misconfigured', reason: end.reason };
  return undefined;
}
