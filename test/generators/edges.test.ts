import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BODY_KINDS,
  DEFAULT_DEBTOR,
  ascii,
  broken,
  greek,
  nonAscii,
  type BodyKind,
  type Breaker,
} from '../../generators/index.js';
import { ruleLocations, validate } from '../../schemas/index.js';
import { FIELD_RULES, NEAR_MISS_CLASSES, requirement, type FieldRule, type NearMissClass } from '../../spec/index.js';

/**
 * Issue 21 item 12, the field part: every length and list row of the rule table yields its boundary cases in every
 * body that holds it, derived, so a new row gets them too. Lengths: max+1 ASCII and non-ASCII letters and, for 1 to
 * N, the empty string are refused; the longest valid value (ASCII, and Norwegian letters for text) is accepted. Lists:
 * each near miss is refused, each member accepted.
 */
const KINDS = Object.keys(BODY_KINDS) as BodyKind[];
const REQUEST_ROWS = FIELD_RULES.filter((row) => requirement(row.id).kind === 'body');

/** Every value a breaker can give (its arbitrary is a constant or a small set). */
const valuesOf = (b: Breaker): unknown[] => fc.sample(b.value, { seed: 1, numRuns: 200 });
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

/** The body kinds whose operation the row names and whose schema holds it. */
const kindsOf = (row: FieldRule): BodyKind[] =>
  KINDS.filter(
    (k) =>
      requirement(row.id).operations.includes(BODY_KINDS[k].operation) &&
      ruleLocations(BODY_KINDS[k].schema, row.id).length > 0,
  );

const lengthRows = REQUEST_ROWS.filter(
  (r): r is Extract<FieldRule, { length: unknown }> =>
    'length' in r && ['text', 'identifier', undefined].includes(r.characters),
);
const listRows = REQUEST_ROWS.filter((r): r is Extract<FieldRule, { enum: unknown }> => 'enum' in r);

describe('boundary cases derived from the rule table', () => {
  it('the walk is not vacuous: length rows of text and list rows of request bodies', () => {
    expect(lengthRows.length).toBeGreaterThan(15);
    expect(listRows.length).toBeGreaterThan(6);
  });

  it.each(lengthRows.flatMap((row) => kindsOf(row).map((kind) => [row.id, kind, row] as const)))(
    '%s in %s bodies: max+1 in ASCII, Greek (and for text Norwegian) letters, and empty for 1 to N, refused; the ' +
      'longest accepted',
    (id, kind, row) => {
      const { min, max } = row.length;
      const sent = BODY_KINDS[kind].breakers
        .filter((b) => b.requirementId === id)
        .flatMap(valuesOf)
        .flatMap(strings);
      const text = row.characters !== 'identifier';
      const over = [ascii(max + 1), greek(max + 1), ...(text ? [nonAscii(max + 1)] : []), ...(min === 1 ? [''] : [])];
      expect(sent).toEqual(expect.arrayContaining(over));
      const edges = BODY_KINDS[kind].edges.filter((e) => e.requirementId === id).flatMap((e) => strings(e.value));
      const longest = text ? [ascii(max), nonAscii(max), greek(max)] : [ascii(max)];
      expect(edges).toEqual(expect.arrayContaining(longest));
    },
  );

  it.each(listRows.map((row) => [row.id, row] as const))(
    '%s: each near miss is refused and each member accepted, in some body',
    (id, row) => {
      const kinds = kindsOf(row);
      expect(kinds.length).toBeGreaterThan(0);
      const near = Object.values(NEAR_MISS_CLASSES).find((c: NearMissClass) => c.requirementIds.includes(id));
      const sent = kinds.flatMap((k) => BODY_KINDS[k].breakers.filter((b) => b.requirementId === id));
      expect(sent.flatMap(valuesOf).flatMap(strings)).toEqual(expect.arrayContaining([...(near?.nearMisses ?? [])]));
      const accepted = kinds.flatMap((k) => BODY_KINDS[k].edges.filter((e) => e.requirementId === id));
      expect([...new Set(accepted.flatMap((e) => strings(e.value)))].sort()).toEqual(
        expect.arrayContaining([...row.enum].sort()),
      );
    },
  );

  it.each(KINDS)('every %s edge, put into valid bodies, leaves them valid', (kind) => {
    const { schema, valid, edges } = BODY_KINDS[kind];
    const bodies = fc.sample(valid(DEFAULT_DEBTOR), { numRuns: 5, seed: 9 });
    for (const edge of edges)
      for (const body of bodies)
        expect(validate(schema, broken(body, edge, edge.value)), `${edge.label} at ${edge.at}`).toEqual([]);
  });
});
