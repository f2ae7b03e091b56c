/**
 * How two banks' answers to the same seeded requests differ: the one call from the fleet into compare's pairing and
 * masking (release/compare). Every drift of answers in the fleet report goes through here, so that a change of how
 * compare masks (each side's own set-up data, assigned ids, quoted digests and request ids) reaches the fleet at once.
 */
import { readFileSync } from 'node:fs';
import { compareRuns, type Comparison, type Side } from '../release/compare/compare.js';
import type { RecordedLine } from '../release/compare/mask.js';
import { readExchanges, type TestOutcome } from '../run-model/index.js';

export type { Comparison, Side };

/** The differences between the reference bank's answers and another bank's, exchange pair by exchange pair. */
export function answerDifferences(reference: Side, other: Side): Comparison {
  return compareRuns(reference, other);
}

/** One bank's side of a comparison: its recorded exchanges (those a test sent) and its tests' outcomes. */
export function sideOf(label: string, exchangesFile: string, outcomes: readonly TestOutcome[]): Side {
  const exchanges = readExchanges(readFileSync(exchangesFile, 'utf8')).filter(
    (e): e is RecordedLine & typeof e => typeof e.test === 'string' && typeof e.seq === 'number',
  );
  return { label, exchanges, outcomes };
}
