import { describe, expect, it } from 'vitest';
import { VARIABLES } from '../../config/variables.js';
import {
  BULK_BREAKERS,
  CARD_ACCOUNT_BREAKERS,
  ENGAGEMENT_BREAKERS,
  NCBCT_BREAKERS,
  SCT_BREAKERS,
  TRANSACTION_QUERY_BREAKERS,
  type Breaker,
} from '../../generators/index.js';
import type { ConformanceMeta } from '../../run-model/index.js';
import { anyCase, breakerRuns, byRule, everyCase } from '../../suites/support/breakers.js';
import type { RunContext } from '../../suites/support/context.js';
import { forAll } from '../../suites/support/property.js';

const SEED = Number(VARIABLES.find((v) => v.name === 'SEED')?.default);
const NUM_RUNS = Number(VARIABLES.find((v) => v.name === 'NUM_RUNS')?.default);
const FAMILIES: Record<string, Breaker[]> = {
  NCBCT_BREAKERS,
  SCT_BREAKERS,
  BULK_BREAKERS,
  CARD_ACCOUNT_BREAKERS,
  ENGAGEMENT_BREAKERS,
  TRANSACTION_QUERY_BREAKERS,
};

/** The breakers a rule's test sends, run as the suites run them (forAll, examples first, then the random runs). */
async function sent(cases: Breaker[], seed: number, numRuns = NUM_RUNS): Promise<Set<string>> {
  const ctx = { seed, numRuns } as RunContext;
  const meta = { requirementIds: [], level: 'MUST', operation: 'cross-cutting' } as ConformanceMeta;
  const labels = new Set<string>();
  await forAll({
    ctx,
    meta,
    testName: 'test',
    arbitrary: anyCase(cases),
    predicate: async ([c]) => void labels.add(c.label),
    numRuns: breakerRuns(ctx),
    examples: everyCase(cases, seed),
  });
  return labels;
}

/**
 * Issue 14: a rule's test drew its cases with fc.oneof over at most 10 runs, so a case could go unsent (a run
 * against a bank that took lower-case BICs never sent one). Every case now runs first, as an example.
 */
describe('every case of every breaker is sent', () => {
  for (const [family, breakers] of Object.entries(FAMILIES))
    it(`${family}: for the default seed, every breaker of every rule, even with one random run`, async () => {
      for (const [, cases] of byRule(breakers)) {
        expect([...(await sent(cases, SEED))].sort()).toEqual(cases.map((c) => c.label).sort());
        expect((await sent(cases, SEED, 1)).size).toBe(new Set(cases.map((c) => c.label)).size);
      }
    });

  it('the examples follow the seed: the same seed samples the same values, another seed others', () => {
    const values = (seed: number) => JSON.stringify(everyCase(NCBCT_BREAKERS, seed).map(([, v]) => v));
    expect(values(SEED)).toBe(values(SEED));
    expect(values(SEED)).not.toBe(values(SEED + 1));
  });
});
