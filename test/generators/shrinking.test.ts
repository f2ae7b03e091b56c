import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BODY_KINDS,
  QUERY_KINDS,
  headerBreakers,
  invalidCase,
  invalidHeaders,
  invalidQuery,
  type BodyKind,
  type QueryKind,
} from '../../generators/index.js';
import { requirement } from '../../spec/index.js';
import { bodyBreaks, headerViolations, otherMustViolations, queryViolations } from './oracles.js';

/**
 * Shrinking keeps the labelled violation: a property that fails whenever the labelled rule is broken is
 * shrunk by fast-check, and the smallest counterexample must still break that rule, and no other MUST rule.
 */
function shrunk<T>(arbitrary: fc.Arbitrary<T>, breaks: (c: T) => boolean, seed: number): T {
  const out = fc.check(
    fc.property(arbitrary, (c) => !breaks(c)),
    { seed, numRuns: 20 },
  );
  expect(out.failed).toBe(true);
  return (out.counterexample as [T])[0];
}

const BODY = Object.keys(BODY_KINDS) as BodyKind[];
const unique = <T>(ids: T[]): T[] => [...new Set(ids)];

describe('shrinking keeps the labelled violation', () => {
  it.each(
    BODY.flatMap((kind) =>
      unique(BODY_KINDS[kind].breakers.map((b) => b.requirementId)).map((id) => [kind, id] as const),
    ),
  )('%s body, %s', (kind, id) => {
    const { schema } = BODY_KINDS[kind];
    const c = shrunk(invalidCase(kind, id), (x) => bodyBreaks(schema, x.body, x.requirementId), 41);
    expect(c.requirementId).toBe(id);
    expect(bodyBreaks(schema, c.body, id)).toBe(true);
    expect(otherMustViolations(schema, c.body, id)).toEqual([]);
  });

  it.each(BODY)('%s bodies, all rules: shrinking may move to another rule, and the label follows the body', (kind) => {
    const { schema } = BODY_KINDS[kind];
    const c = shrunk(invalidCase(kind), (x) => bodyBreaks(schema, x.body, x.requirementId), 42);
    expect(bodyBreaks(schema, c.body, c.requirementId), c.label).toBe(true);
    expect(otherMustViolations(schema, c.body, c.requirementId), c.label).toEqual([]);
  });

  it('bulk: a failure that needs three entries shrinks to exactly three, still breaking the labelled rule', () => {
    const { schema } = BODY_KINDS.bulk;
    const c = shrunk(
      invalidCase('bulk', 'BULK.entry.creditorName.max70'),
      (x) =>
        Array.isArray(x.body.payments) && x.body.payments.length >= 3 && bodyBreaks(schema, x.body, x.requirementId),
      43,
    );
    expect((c.body.payments as unknown[]).length).toBe(3);
    // With several entries the broken one stands last, behind valid ones; the label points at it.
    expect(c.pointer).toBe('/payments/2/creditorName');
    expect((c.body.payments as { creditorName: string }[]).map((p) => [...p.creditorName].length > 70)).toEqual([
      false,
      false,
      true,
    ]);
    expect([...((c.body.payments as { creditorName: string }[])[2]?.creditorName ?? '')].length).toBe(71);
    expect(otherMustViolations(schema, c.body, c.requirementId)).toEqual([]);
  });

  it.each(
    (Object.keys(QUERY_KINDS) as QueryKind[]).flatMap((kind) =>
      unique(QUERY_KINDS[kind].breakers.map((b) => b.requirementId)).map((id) => [kind, id] as const),
    ),
  )('%s query, %s', (kind, id) => {
    const op = QUERY_KINDS[kind].operations[0]!;
    const c = shrunk(invalidQuery(kind, id), (x) => queryViolations(op, x.query).includes(x.requirementId), 44);
    expect(c.requirementId).toBe(id);
    expect(queryViolations(op, c.query)).toEqual([id]);
  });

  it.each(
    (['ncbct.create', 'bulk.create', 'basket.startAuthorisation', 'sandbox.engagement.create'] as const).flatMap((op) =>
      unique(headerBreakers(op).map((b) => b.requirementId)).map((id) => [op, id] as const),
    ),
  )('%s headers, %s', (op, id) => {
    const c = shrunk(invalidHeaders(op, id), (x) => headerViolations(op, x.headers).includes(x.requirementId), 45);
    expect(c.requirementId).toBe(id);
    expect(headerViolations(op, c.headers).filter((v) => v !== id && requirement(v).level === 'MUST')).toEqual([]);
    expect(headerViolations(op, c.headers)).toContain(id);
  });
});
