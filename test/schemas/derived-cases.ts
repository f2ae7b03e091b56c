import { expandLocation, ruleLocations } from '../../schemas/index.js';
import { pointerGet } from '../../core/index.js';
import {
  FIELD_RULES,
  NEAR_MISS_CLASSES,
  REMOVE,
  kindOf,
  placeOf,
  type FieldRule,
  type Members,
  type NearMissClass,
  type RequirementId,
  type SchemaName,
} from '../../spec/index.js';
import { mutate } from './mutate.js';

/**
 * Negative schema cases derived from the rule table: every row's invalid values (too long, empty, outside the list, a
 * near miss, missing, of the wrong type, the row's own) put into the first conformant example that holds the row's
 * field, each expected to be reported under the row's rule (or under the convention a case or blank variant
 * breaks). A new row gets its cases here with nothing written.
 */

export interface DerivedCase {
  schema: SchemaName;
  requirementId: RequirementId;
  label: string;
  body: unknown;
}

/** One value that breaks a row, and where it goes relative to the row's location. */
interface Way {
  requirementId: RequirementId;
  label: string;
  value: unknown;
  /** A member of the object instead of the row's own location. */
  field?: string;
  /** The value replaces the object the row's member belongs to. */
  whole?: boolean;
  alongside?: Members;
}

const LETTER_CASE: RequirementId = 'Codes.letterCase.upper';
const WHITESPACE: RequirementId = 'Values.whitespace.trimmed';

const nearMissesOf = (id: RequirementId): readonly string[] =>
  Object.values(NEAR_MISS_CLASSES).find((c: NearMissClass) => c.requirementIds.includes(id))?.nearMisses ?? [];

/** Every value the table says breaks a row, with what it is. */
export function waysOf(row: FieldRule): Way[] {
  const id = row.id;
  const own: Way[] = (row.invalid ?? []).flatMap((v) =>
    v.values.map((value) => ({
      requirementId: id,
      label: v.label,
      value,
      ...(v.field !== undefined ? { field: v.field } : {}),
      ...(v.whole ? { whole: true } : {}),
      alongside: { ...row.alongside, ...v.alongside },
    })),
  );
  const way = (label: string, value: unknown, requirementId = id): Way => ({
    requirementId,
    label,
    value,
    ...(row.alongside ? { alongside: row.alongside } : {}),
  });
  const variants = (list: readonly string[] | undefined, convention: RequirementId, what: string) =>
    (list ?? []).map((value) => way(what, value, convention));
  switch (kindOf(row)) {
    case 'length': {
      const { min, max } = (row as { length: { min?: number; max: number } }).length;
      const short = min === undefined ? [] : [way(min === 1 ? 'empty' : `${min - 1} characters`, 'a'.repeat(min - 1))];
      return [
        way(`${max + 1} characters`, 'a'.repeat(max + 1)),
        way(`${max + 1} two-byte letters`, 'ø'.repeat(max + 1)),
        ...short,
        ...own,
      ];
    }
    case 'enum': {
      const r = row as { outsiders?: readonly string[]; caseVariants?: readonly string[] };
      return [
        ...(r.outsiders ?? []).map((value) => way('outside the list', value)),
        ...nearMissesOf(id).map((value) => way('a near miss', value)),
        ...variants(r.caseVariants, LETTER_CASE, 'another letter case'),
        ...own,
      ];
    }
    case 'required':
      return [way('removed', REMOVE), ...own];
    case 'type':
      return [way('of another JSON type', 'type' in row && row.type === 'string' ? 1250.5 : 'true'), ...own];
    case 'items':
      return [way('no items', []), ...own];
    default: {
      const r = row as { caseVariants?: readonly string[]; blankVariants?: readonly string[] };
      return [
        ...own,
        ...variants(r.caseVariants, LETTER_CASE, 'another letter case'),
        ...variants(r.blankVariants, WHITESPACE, 'blanks around it'),
      ];
    }
  }
}

const parentOf = (pointer: string) => pointer.slice(0, pointer.lastIndexOf('/'));

/** The body a way makes of an example, at one location of its row, or undefined when the example cannot hold it. */
function applied(row: FieldRule, way: Way, example: unknown, location: string): unknown {
  const condition = kindOf(row) === 'condition';
  const object = condition ? location : parentOf(location);
  const at = way.whole ? object : way.field !== undefined ? `${object}/${way.field}` : location;
  if (pointerGet(example, object) === undefined && object !== '') return undefined;
  if (way.value === REMOVE && pointerGet(example, at) === undefined) return undefined;
  let body = example;
  for (const [member, value] of Object.entries(way.alongside ?? {})) body = mutate(body, `${object}/${member}`, value);
  return mutate(body, at, way.value);
}

/** The cases of every row of the table, each in the first conformant example that can hold it. */
export function derivedCases(examples: readonly (readonly [SchemaName, unknown])[]): DerivedCase[] {
  return FIELD_RULES.flatMap((row) =>
    waysOf(row).flatMap((way) => {
      for (const [schema, example] of examples)
        for (const pattern of ruleLocations(schema, row.id))
          for (const location of expandLocation(example, pattern)) {
            const body = applied(row, way, example, location);
            if (body === undefined) continue;
            const shown = way.value === REMOVE ? 'removed' : `= ${JSON.stringify(way.value).slice(0, 40)}`;
            return [{ schema, requirementId: way.requirementId, label: `${location} ${shown} (${way.label})`, body }];
          }
      return [];
    }),
  );
}

/** The rows of the table that no example can hold, so none of their cases is derived (the test wants none). */
export function rowsWithoutCases(examples: readonly (readonly [SchemaName, unknown])[]): string[] {
  const derived = new Set<string>(derivedCases(examples).map((c) => c.requirementId));
  return FIELD_RULES.filter((row) => !derived.has(row.id)).map((row) => `${row.id} (${placeOf(row).field})`);
}

/** A valid value at a row's edge: the longest it allows (in Norwegian letters too, for text), each listed member. */
function edgeValues(row: FieldRule): { label: string; value: unknown }[] {
  if ('length' in row) {
    const characters = row.characters ?? 'text';
    if (characters !== 'text' && characters !== 'identifier') return [];
    const { max } = row.length;
    return [
      { label: `${max} characters`, value: 'a'.repeat(max) },
      ...(characters === 'text' ? [{ label: `${max} two-byte letters`, value: 'ø'.repeat(max) }] : []),
    ];
  }
  if ('enum' in row) return row.enum.map((value) => ({ label: 'listed', value }));
  return [];
}

export interface DerivedConformant {
  schema: SchemaName;
  label: string;
  body: unknown;
}

/**
 * The valid side of every length and list row, at schema level: each value at the row's edge put into the first
 * example that holds the row's member must pass, responses' lists (statuses, TppMessage codes, link verbs) included.
 */
export function derivedConformant(examples: readonly (readonly [SchemaName, unknown])[]): DerivedConformant[] {
  return FIELD_RULES.flatMap((row) =>
    edgeValues(row).flatMap(({ label, value }) => {
      for (const [schema, example] of examples)
        for (const pattern of ruleLocations(schema, row.id))
          for (const location of expandLocation(example, pattern)) {
            const way: Way = { requirementId: row.id, label, value };
            const body = applied(row, way, example, location);
            if (body === undefined) continue;
            return [
              { schema, label: `${row.id}: ${location} = ${JSON.stringify(value).slice(0, 30)} (${label})`, body },
            ];
          }
      return [];
    }),
  );
}
