import fc from 'fast-check';
import { pointerRemove, pointerSet } from '../core/index.js';
import {
  NEAR_MISS_CLASSES,
  REMOVE,
  kindOf,
  placeOf,
  rowsOf,
  type FieldRule,
  type FieldRuleKind,
  type InvalidValues,
  type Members,
  type NearMissClass,
  type OperationId,
  type RequirementId,
  requirement,
} from '../spec/index.js';
import { text } from './valid.js';

/**
 * Breakers derived from the rule table (spec/requirements/field-rules/table.ts): each row says what breaks its rule,
 * each body says where it holds the row's scope (a `Site`), and a breaker is a row's invalid values put at a site.
 * A new row gets breakers in every body that holds its scope, with no line written here.
 */

/**
 * One rule broken on an otherwise valid body, labelled with the requirement it breaks (the expected answer
 * comes from the catalogue). `at` is a JSON pointer; the value replaces what is there, or REMOVE deletes it.
 */
export interface Breaker {
  requirementId: RequirementId;
  label: string;
  at: string;
  value: fc.Arbitrary<unknown>;
  /** Only for bodies where this holds (e.g. a creditor bban for the creditorAgent rule). */
  prepare?: (body: Record<string, unknown>) => Record<string, unknown>;
}

export const gone = fc.constant(REMOVE);

/**
 * Text one to forty characters over a limit: half the time exactly max + 1, the boundary a lenient server most often
 * gets wrong.
 */
export const over = (max: number) =>
  fc.oneof(fc.constant(max + 1), fc.integer({ min: max + 1, max: max + 40 })).chain((length) => text(length, length));

/** Where a body holds the objects (or values) of some table scopes, and how a broken member is put there. */
export interface Site {
  /** The table scopes whose rows break here. */
  scopes: readonly string[];
  /** JSON pointer of the scope's object (or, for a value scope such as Currency, of the value) in the body. */
  at: string;
  /** Only the rows of these members. */
  fields?: readonly string[];
  /** Only the rows of these kinds. */
  kinds?: readonly FieldRuleKind[];
  /**
   * The object put at `at` around a member's value (REMOVE: the member left out), for an object the valid body may
   * lack or whose other members would break other rules; without it the member is set in place.
   */
  put?: (field: string, value: unknown) => unknown;
  /** Wraps each value put at `at` (a structured item inside its array). */
  wrap?: (value: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>;
  /** Body members set first, by absolute pointer (REMOVE leaves one out): what the body needs for this site. */
  prepare?: Members;
  /** The country of an IBAN made too long (it keeps its structure). */
  ibanCountry?: string;
  /** Members whose `1 to N` rule is broken only by the long side here. */
  longOnly?: readonly string[];
}

/** One way a row is broken: which rule, what, where in the site (a member, or the whole object) and with what. */
interface Way {
  requirementId: RequirementId;
  label: string;
  value: fc.Arbitrary<unknown>;
  field: string;
  whole: boolean;
  alongside: Members;
}

const LETTER_CASE: RequirementId = 'Codes.letterCase.upper';
const WHITESPACE: RequirementId = 'Values.whitespace.trimmed';

const nearMissesOf = (id: RequirementId): NearMissClass | undefined =>
  Object.values(NEAR_MISS_CLASSES).find((c: NearMissClass) => c.requirementIds.includes(id));

/** A member's name as labels say it ('' is the scope's value: its name in lower case). */
const named = (row: FieldRule): string => placeOf(row).field || placeOf(row).scope.toLowerCase();

function explicit(row: FieldRule, values: InvalidValues, field: string): Way {
  return {
    requirementId: row.id,
    label: values.label,
    value: fc.constantFrom(...values.values),
    field: values.field ?? field,
    whole: values.whole === true,
    alongside: { ...row.alongside, ...values.alongside },
  };
}

/** The values of a too-long (or, for `1 to N`, empty) member, made of the characters the member takes. */
function lengthValues(row: FieldRule & { length: { min?: number; max: number } }, site: Site): fc.Arbitrary<unknown> {
  const { min, max } = row.length;
  if ('characters' in row && row.characters === 'digits') return fc.constant('1'.repeat(max + 1));
  if ('characters' in row && row.characters === 'iban')
    return fc.constant(`${site.ibanCountry ?? 'DE'}${'1'.repeat(max - 1)}`);
  const long = over(max);
  return min && !site.longOnly?.includes(placeOf(row).field) ? fc.oneof(fc.constant(''), long) : long;
}

/** Every way the table says a row is broken, at one site. */
function waysOf(row: FieldRule, site: Site): Way[] {
  const field = placeOf(row).field;
  const name = named(row);
  const way = (requirementId: RequirementId, label: string, value: fc.Arbitrary<unknown>): Way => ({
    requirementId,
    label,
    value,
    field,
    whole: false,
    alongside: row.alongside ?? {},
  });
  const given = (row.invalid ?? []).map((values) => explicit(row, values, field));
  if (given.length > 0 && !('enum' in row) && !('pattern' in row)) return given;
  if ('length' in row) {
    const { min, max } = row.length;
    const empty = min && !site.longOnly?.includes(field) ? 'empty or ' : '';
    return [way(row.id, `${name} ${empty}over ${max} characters`, lengthValues(row, site))];
  }
  if ('required' in row) return [way(row.id, `${name} missing`, gone)];
  if ('type' in row) return [way(row.id, `${name} as a JSON number`, fc.integer({ min: 1, max: 9999 }))];
  if ('minItems' in row) return [way(row.id, `no ${name}`, fc.constant([]))];
  const ways = [...given];
  if ('enum' in row) {
    if (row.outsiders) ways.unshift(way(row.id, `${name} outside the list`, fc.constantFrom(...row.outsiders)));
    const near = nearMissesOf(row.id);
    if (near)
      ways.push(way(row.id, `${name}: a real code the list does not hold`, fc.constantFrom(...near.nearMisses)));
  }
  if (('enum' in row || 'pattern' in row) && row.caseVariants)
    ways.push(way(LETTER_CASE, `${name} in another letter case`, fc.constantFrom(...row.caseVariants)));
  if ('pattern' in row && row.blankVariants)
    ways.push(way(WHITESPACE, `${name} with blanks around it`, fc.constantFrom(...row.blankVariants)));
  return ways;
}

const child = (at: string, member: string) => (member ? `${at}/${member}` : at);

/** Sets (or REMOVE-s) members of a body by pointer, on a copy. */
function preparing(members: Record<string, unknown>): Breaker['prepare'] {
  const entries = Object.entries(members);
  if (entries.length === 0) return undefined;
  return (body) => {
    const copy = structuredClone(body);
    for (const [pointer, value] of entries)
      if (value === REMOVE) pointerRemove(copy, pointer);
      else pointerSet(copy, pointer, value);
    return copy;
  };
}

/** A way put at a site: where it points, the value as placed, and what is prepared first. */
function placed(way: Way, site: Site): Breaker {
  const { put, wrap } = site;
  const inPlace = way.whole || !put;
  let value = inPlace ? way.value : way.value.map((v) => put(way.field, v));
  if (wrap) value = wrap(value);
  const alongside = Object.fromEntries(Object.entries(way.alongside).map(([m, v]) => [child(site.at, m), v]));
  const prepare = preparing({ ...site.prepare, ...alongside });
  return {
    requirementId: way.requirementId,
    label: way.label,
    at: inPlace && !way.whole ? child(site.at, way.field) : site.at,
    value,
    ...(prepare ? { prepare } : {}),
  };
}

/** The rows a site breaks for an operation: its scopes' rows whose catalogue rule names the operation, filtered. */
function rowsAt(site: Site, operation: OperationId): FieldRule[] {
  return rowsOf(site.scopes).filter((row) => {
    const { field } = placeOf(row);
    const rule = requirement(row.id);
    return (
      rule.kind === 'body' &&
      rule.operations.includes(operation) &&
      (!site.fields || site.fields.includes(field)) &&
      (!site.kinds || site.kinds.includes(kindOf(row)))
    );
  });
}

/** Every breaker the table gives at one site of an operation's body, row by row in table order. */
export function breakersAt(operation: OperationId, site: Site): Breaker[] {
  return rowsAt(site, operation).flatMap((row) => waysOf(row, site).map((way) => placed(way, site)));
}

/** A body's breakers: the table's at each site, and hand-written ones (rules judged in code) where they stand. */
export function breakersOf(operation: OperationId, parts: readonly (Site | readonly Breaker[])[]): Breaker[] {
  return parts.flatMap((part) => (Array.isArray(part) ? part : breakersAt(operation, part as Site)));
}
