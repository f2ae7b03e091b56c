import fc from 'fast-check';
import type { Breaker } from '../../generators/index.js';
import type { RequirementId } from '../../spec/index.js';
import type { RunContext } from './context.js';

/** One case of a breaker: the breaker, and the value it puts where it points. */
export type BrokenCase = [Breaker, unknown];

/** The breakers grouped by the rule they break, in their order: one test per rule, its breakers as its cases. */
export function byRule(breakers: readonly Breaker[]): [RequirementId, Breaker[]][] {
  const rules = new Map<RequirementId, Breaker[]>();
  for (const b of breakers) rules.set(b.requirementId, [...(rules.get(b.requirementId) ?? []), b]);
  return [...rules.entries()];
}

/** Any case of any of the breakers (the random runs). */
export const anyCase = (cases: readonly Breaker[]): fc.Arbitrary<BrokenCase> =>
  fc.oneof(...cases.map((c) => fc.tuple(fc.constant(c), c.value)));

/**
 * One value of every breaker, sampled from the run's seed: run first (fast-check's examples), so that every case
 * is sent in every run, however few random runs follow and whichever of them `fc.oneof` picks. The same seed
 * sends the same values; another seed, others.
 */
export function everyCase(cases: readonly Breaker[], seed: number): BrokenCase[] {
  return cases.map((c, i) => [c, fc.sample(c.value, { seed: seed + i, numRuns: 1 })[0]]);
}

/** Random runs after the examples: a rule's cases are few, and each run is a request. */
export const breakerRuns = (ctx: RunContext): number => Math.min(ctx.numRuns, 10);

/** The title of a rule's test: the cases it sends. */
export const casesTitle = (what: string, cases: readonly Breaker[]): string =>
  `${what} that break it (${cases.map((c) => c.label).join('; ')}) are rejected`;
