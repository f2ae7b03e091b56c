import { describe, expect, it } from 'vitest';
import { BODY_KINDS, HEADER_BREAKERS, NOT_GENERATED, QUERY_KINDS, headerBreakers } from '../../generators/index.js';
import {
  OPERATIONS,
  REQUIREMENTS,
  hasRequirement,
  requirement,
  type Requirement,
  type RequirementId,
} from '../../spec/index.js';

/**
 * The catalogue says what a rule constrains (`kind`): body, query and header rules are the ones a request
 * can break, so each MUST rule of those kinds needs an invalid generator for every operation it names,
 * unless generators/coverage.ts exempts it with a reason.
 */
const REQUEST_KINDS: Requirement['kind'][] = ['body', 'query', 'header'];
const MUST_REQUEST_RULES = REQUIREMENTS.filter(
  (r) => r.level === 'MUST' && REQUEST_KINDS.includes(r.kind) && !r.notTestable,
);

/** "rule @ operation" for every breaker of every generator, at the operation it serves. */
function generated(): Set<string> {
  const pairs = new Set<string>();
  for (const kind of Object.values(BODY_KINDS))
    for (const b of kind.breakers) pairs.add(`${b.requirementId} @ ${kind.operation}`);
  for (const kind of Object.values(QUERY_KINDS))
    for (const op of kind.operations) for (const b of kind.breakers) pairs.add(`${b.requirementId} @ ${op}`);
  for (const o of OPERATIONS) for (const b of headerBreakers(o.id)) pairs.add(`${b.requirementId} @ ${o.id}`);
  return pairs;
}

const exempt = (id: string, op: string) => id in NOT_GENERATED || `${id} @ ${op}` in NOT_GENERATED;

describe('every MUST rule about request bodies, queries or headers has an invalid generator', () => {
  const pairs = generated();

  it('the catalogue has such rules of each kind (the walk is not vacuous)', () => {
    for (const kind of REQUEST_KINDS)
      expect(MUST_REQUEST_RULES.filter((r) => r.kind === kind).length, kind).toBeGreaterThan(2);
  });

  it('for every operation the rule names, or an exemption with its reason', () => {
    const missing = MUST_REQUEST_RULES.flatMap((r) =>
      r.operations.filter((op) => !pairs.has(`${r.id} @ ${op}`) && !exempt(r.id, op)).map((op) => `${r.id} @ ${op}`),
    );
    expect(missing).toEqual([]);
  });

  it(
    'each exemption names a MUST request rule (and operation) of ' + 'the catalogue, gives a reason, and is not stale',
    () => {
      for (const [key, reason] of Object.entries(NOT_GENERATED)) {
        const [id, op] = key.split(' @ ') as [string, string | undefined];
        expect(hasRequirement(id), key).toBe(true);
        const r = requirement(id as RequirementId);
        expect(r.level, key).toBe('MUST');
        expect(REQUEST_KINDS, key).toContain(r.kind);
        expect(reason.length, key).toBeGreaterThan(30);
        const ops = op === undefined ? r.operations : [op];
        if (op !== undefined) expect(r.operations, key).toContain(op);
        for (const o of ops)
          expect(pairs.has(`${id} @ ${o}`), `${key} is generated at ${o}: drop the exemption`).toBe(false);
      }
    },
  );

  it('every breaker names a catalogue rule of a request kind that applies to the operation it is generated for', () => {
    for (const pair of pairs) {
      const [id, op] = pair.split(' @ ') as [RequirementId, string];
      const r = requirement(id);
      expect(REQUEST_KINDS, pair).toContain(r.kind);
      expect(r.operations, pair).toContain(op);
    }
    // Every header breaker serves at least one operation.
    for (const b of HEADER_BREAKERS)
      expect(
        [...pairs].some((p) => p.startsWith(`${b.requirementId} @ `)),
        b.requirementId,
      ).toBe(true);
  });
});
