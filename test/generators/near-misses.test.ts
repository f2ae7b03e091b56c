import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VARIABLES } from '../../config/variables.js';
import {
  BODY_KINDS,
  BULK_BREAKERS,
  CARD_ACCOUNT_BREAKERS,
  DEFAULT_DEBTOR,
  ENGAGEMENT_BREAKERS,
  NCBCT_BREAKERS,
  REMOVE,
  SCT_BREAKERS,
  broken,
  bulkRequest,
  headerBreakers,
  ncbctRequest,
  sctRequest,
  type Breaker,
  type BodyKind,
  type Debtor,
} from '../../generators/index.js';
import { NEAR_MISS_CLASSES, type NearMissClass, type RequirementId } from '../../spec/index.js';
import { bodyBreaks, otherMustViolations } from './oracles.js';

/** The run's defaults (config/variables.ts): what `npm run conformance` uses when nothing is set. */
const defaultOf = (name: string) => Number(VARIABLES.find((v) => v.name === name)?.default);
const SEED = defaultOf('SEED');
const NUM_RUNS = defaultOf('NUM_RUNS');
/** suites/payment-bodies.suite.ts runs each breaker test at most 10 times. */
const BREAKER_RUNS = Math.min(NUM_RUNS, 10);

const CLASSES: [string, NearMissClass][] = Object.entries(NEAR_MISS_CLASSES);
const classOf = (requirementId: RequirementId) => CLASSES.find(([, c]) => c.requirementIds.includes(requirementId));

/** Every string inside a generated value: `BYN`, `{ country: 'XK' }`, `['REGISTER', 'VIEW', 'ADMIN']`. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(strings)
      : [];
const holdsNearMiss = (value: unknown, c: NearMissClass) => strings(value).some((s) => c.nearMisses.includes(s));

/** Breakers whose every value carries a near miss of the class of its rule. */
function nearMissBreakers(breakers: Breaker[]): Breaker[] {
  return breakers.filter((b) => {
    const c = classOf(b.requirementId)?.[1];
    return c !== undefined && fc.sample(b.value, { numRuns: 50, seed: 1 }).every((v) => holdsNearMiss(v, c));
  });
}

const PRODUCTS: [string, (d: Debtor) => fc.Arbitrary<Record<string, unknown>>, Breaker[]][] = [
  ['NCBCT', ncbctRequest, NCBCT_BREAKERS],
  ['SCT', sctRequest, SCT_BREAKERS],
  ['bulk', bulkRequest, BULK_BREAKERS],
];

describe('near misses in the generators (spec/near-misses.ts)', () => {
  it('every request-side class of a body has a breaker sending its near misses', () => {
    const covered = new Set(
      nearMissBreakers([
        ...NCBCT_BREAKERS,
        ...SCT_BREAKERS,
        ...BULK_BREAKERS,
        ...ENGAGEMENT_BREAKERS,
        ...CARD_ACCOUNT_BREAKERS,
      ]).map((b) => classOf(b.requirementId)?.[0]),
    );
    const bodyClasses = CLASSES.filter(([, c]) => c.side === 'request' && !c.requirementIds[0]?.startsWith('Headers.'));
    expect(bodyClasses.map(([id]) => id).filter((id) => !covered.has(id))).toEqual([]);
  });

  // Rebuilds each rule test of suites/payment-bodies.suite.ts: one case per breaker of the rule, the run's seed,
  // at most 10 runs. fc.sample draws exactly what fc.check draws for the same arbitrary and seed.
  const ruleTests = PRODUCTS.flatMap(([label, valid, breakers]) =>
    [...new Set(nearMissBreakers(breakers).map((b) => b.requirementId))].map(
      (id) => [label, id, valid, breakers.filter((b) => b.requirementId === id)] as const,
    ),
  );
  it.each(ruleTests)(
    `%s %s: with seed ${SEED} and ${BREAKER_RUNS} runs the suite's rule test sends a near miss`,
    (_, id, valid, cases) => {
      const c = classOf(id)?.[1] as NearMissClass;
      const arbitrary = fc.tuple(
        valid(DEFAULT_DEBTOR),
        fc.oneof(...cases.map((x) => fc.tuple(fc.constant(x), x.value))),
      );
      const sent = fc.sample(arbitrary, { seed: SEED, numRuns: BREAKER_RUNS }).map(([, [, value]]) => value);
      expect(sent.filter((v) => holdsNearMiss(v, c)).length).toBeGreaterThan(0);
    },
  );

  it('every body near-miss class is sent by at least one rule test of the default run', () => {
    const sentClasses = new Set(ruleTests.map(([, id]) => classOf(id)?.[0]));
    expect([...sentClasses].sort()).toEqual(['country', 'currency', 'purposeCode', 'regulatoryReportingCode']);
  });

  // suites/signature-headers.suite.ts sends one value per header breaker: its seed-1 sample.
  it.each(['psuContext', 'psuHttpMethod'] as const)('%s: the header test of NCBCT creation sends a near miss', (id) => {
    const c = NEAR_MISS_CLASSES[id];
    const sent = headerBreakers('ncbct.create')
      .filter((b) => c.requirementIds.includes(b.requirementId as never))
      .map((b) => fc.sample(b.value, { numRuns: 1, seed: 1 })[0]);
    expect(sent.some((v) => holdsNearMiss(v, c))).toBe(true);
  });

  const kinds: [BodyKind, Breaker[]][] = [
    ['ncbct', NCBCT_BREAKERS],
    ['sct', SCT_BREAKERS],
    ['bulk', BULK_BREAKERS],
    ['engagement', ENGAGEMENT_BREAKERS],
    ['card-account', CARD_ACCOUNT_BREAKERS],
  ];
  it.each(kinds)('every %s near-miss value breaks its rule and no other MUST rule', (kind, breakers) => {
    const { schema, valid } = BODY_KINDS[kind];
    const near = nearMissBreakers(breakers);
    expect(near.length).toBeGreaterThan(0);
    const bodies = fc.sample(valid(DEFAULT_DEBTOR), { numRuns: 20, seed: 5 });
    for (const b of near)
      for (const [i, value] of fc.sample(b.value, { numRuns: 60, seed: 6 }).entries()) {
        expect(value).not.toBe(REMOVE);
        const body = broken(bodies[i % bodies.length] as Record<string, unknown>, b, value);
        expect(bodyBreaks(schema, body, b.requirementId), `${b.label}: ${JSON.stringify(value)}`).toBe(true);
        expect(otherMustViolations(schema, body, b.requirementId), `${b.label}: ${JSON.stringify(value)}`).toEqual([]);
      }
  });
});
