/**
 * The fleet's exit code is its worst bank's, worst meaning the least known about the bank: a bank that could not be
 * run at all (2: configuration or connection) is worse than one judged in part (3: INCOMPLETE), which is worse than
 * one judged in full and found NOT CONFORMANT (1). A CI gate fails on any of them; the code tells a retry (2, 3: fix
 * the set-up, run again) from a finding (1). A fleet stopped by a signal ends with the signal's code (130, 143, 129).
 */
import type { BankResult } from './bank-result.js';

/** From the best to the worst. */
export const FLEET_EXIT_ORDER = [0, 1, 3, 2] as const;

export const FLEET_EXIT_CODES: Record<(typeof FLEET_EXIT_ORDER)[number], string> = {
  0: 'every bank CONFORMANT: each run completed and every MUST test passed',
  1: 'a bank NOT CONFORMANT (and every bank judged in full)',
  3: 'a bank INCOMPLETE: its run did not complete (its budget, a signal, a crash)',
  2:
    'a bank not run: a configuration or connection error, a variable its entry names unset, or a selection that ' +
    'matches no test; or a usage error of the fleet itself',
};

/** The worst of the banks' exit codes (0 for none). */
export function worstExitCode(banks: readonly Pick<BankResult, 'exitCode'>[]): 0 | 1 | 2 | 3 {
  let worst: (typeof FLEET_EXIT_ORDER)[number] = 0;
  for (const { exitCode } of banks)
    if (FLEET_EXIT_ORDER.indexOf(exitCode) > FLEET_EXIT_ORDER.indexOf(worst)) worst = exitCode;
  return worst;
}

/** The fleet's verdict in its first words, from its exit code. */
export const FLEET_HEADLINES: Record<(typeof FLEET_EXIT_ORDER)[number], string> = {
  0: 'CONFORMANT',
  1: 'NOT CONFORMANT',
  3: 'INCOMPLETE',
  2: 'NOT RUN',
};
