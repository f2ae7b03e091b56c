import fc from 'fast-check';
import { pointerRemove, pointerSet } from '../core/index.js';
import {
  NEAR_MISS_CLASSES,
  REMOVE,
  kindOf,
  placeOf,
  rowsOf,
  type FieldRule,
  type Characters,
  type FieldRuleKind,
  type InvalidValues,
  type Members,
  type NearMissClass,
  type OperationId,
  type RequirementId,
  requirement,
} from '../spec/index.js';
import { ascii, nonAscii, text } from './text.js';

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
 * Text one to forty characters over a limit. A map over an array of letters (no `chain`), so that it shrinks towards
 * max + 1 letters; the boundary itself is sent as cases of its own (`ascii`, `nonAscii`).
 */
export const over = (max: number): fc.Arbitrary<string> => text(max + 1, max + 40);

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
  /**
   * How a valid edge value (the longest a rule allows, a member of its list) is put here: `false` sends none (the
   * body's product restricts the member beyond interface.md's list, as an SCT's euro); `at`/`put` place it
   * elsewhere than a broken value (a currency with an amount of its minor units); `wrap` for a single value.
   */
  keep?: false | { at?: string; put?: (field: string, value: unknown) => unknown; wrap?: (value: unknown) => unknown };
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

/** What the member's values are made of (text unless the row says otherwise). */
const charactersOf = (row: FieldRule): Characters => ('characters' in row && row.characters) || 'text';

/** A too-long value made of the characters the member takes: it breaks the length and nothing else. */
function tooLong(row: FieldRule, max: number, site: Site): string {
  const characters = charactersOf(row);
  if (characters === 'digits') return '1'.repeat(max + 1);
  if (characters === 'iban') return `${site.ibanCountry ?? 'DE'}${'1'.repeat(max - 1)}`;
  return ascii(max + 1);
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
    const characters = charactersOf(row);
    const shortLabel = min === 1 ? `${name} empty` : `${name} of ${(min ?? 1) - 1} characters`;
    const short = min ? [way(row.id, shortLabel, fc.constant(ascii(min - 1)))] : [];
    if (characters === 'digits' || characters === 'iban')
      return [way(row.id, `${name} of ${max + 1} characters`, fc.constant(tooLong(row, max, site))), ...short];
    return [
      way(row.id, `${name} of ${max + 1} ASCII letters`, fc.constant(ascii(max + 1))),
      way(row.id, `${name} of ${max + 1} non-ASCII letters`, fc.constant(nonAscii(max + 1))),
      ...short,
      way(row.id, `${name} over ${max} characters`, over(max)),
    ];
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
  const cases = 'enum' in row ? (row.caseVariants ?? caseVariantsOf(row.enum)) : 'pattern' in row && row.caseVariants;
  if (cases && cases.length > 0)
    ways.push(way(LETTER_CASE, `${name} in another letter case`, fc.constantFrom(...cases)));
  const blanks = 'enum' in row ? blankVariantsOf(row.enum, lengthLimit(row)) : 'pattern' in row && row.blankVariants;
  if (blanks && blanks.length > 0)
    ways.push(way(WHITESPACE, `${name} with blanks around it`, fc.constantFrom(...blanks)));
  return ways;
}

/**
 * A listed value in the other letter case (interface.md writes codes in one case and says nothing about others):
 * the first member lower-cased, or upper-cased where the list is written in lower case; none for digits.
 */
function caseVariantsOf(list: readonly string[]): string[] {
  const first = list[0] ?? '';
  const other = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
  return other === first ? [] : [other];
}

/**
 * A listed value with a blank before it, and after it; none where a blank would break the member's length limit too
 * (a country of two letters has no room for one).
 */
const blankVariantsOf = (list: readonly string[], max = Infinity): string[] =>
  list[0] && list[0].length < max ? [` ${list[0]}`, `${list[0]} `] : [];

/** The most characters another row of the same member allows. */
function lengthLimit(row: FieldRule): number | undefined {
  const { scope, field } = placeOf(row);
  const limit = rowsOf(scope).find((r) => 'length' in r && placeOf(r).field === field);
  return limit && 'length' in limit ? limit.length.max : undefined;
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

/**
 * A valid value at the edge of a rule (the longest it allows, a member of its list), put into a body: accepted. The
 * value is fixed (every edge is sent, once); `at` and `prepare` place it as a breaker's are placed.
 */
export interface Edge {
  requirementId: RequirementId;
  label: string;
  at: string;
  value: unknown;
  prepare?: Breaker['prepare'];
}

/** The valid values at a row's edges, as the table says them: the longest (see Characters), each listed member. */
function edgeValues(row: FieldRule): { label: string; value: string }[] {
  const name = named(row);
  if ('length' in row) {
    const { max } = row.length;
    const characters = charactersOf(row);
    if (characters !== 'text' && characters !== 'identifier') return [];
    return [
      { label: `${name} of ${max} ASCII letters`, value: ascii(max) },
      ...(characters === 'text' ? [{ label: `${name} of ${max} non-ASCII letters`, value: nonAscii(max) }] : []),
    ];
  }
  if ('enum' in row) return row.enum.map((value) => ({ label: `${name} ${value}`, value }));
  return [];
}

/** Every edge the table gives at one site of an operation's body, row by row in table order. */
export function edgesAt(operation: OperationId, site: Site): Edge[] {
  if (site.keep === false) return [];
  const keep = site.keep ?? {};
  const put = keep.put ?? site.put;
  return rowsAt(site, operation).flatMap((row) => {
    const { field } = placeOf(row);
    const alongside = Object.entries(row.alongside ?? {}).map(([m, v]) => [child(site.at, m), v] as const);
    const prepare = preparing({ ...site.prepare, ...Object.fromEntries(alongside) });
    // A list that constrains each item of an array member is sent as an array of that one item.
    const each = 'enum' in row && row.each === true;
    return edgeValues(row).map(({ label, value }) => {
      const member = each ? [value] : value;
      const placedValue = put ? put(field, member) : member;
      return {
        requirementId: row.id,
        label,
        at: keep.at ?? (put ? site.at : child(site.at, field)),
        value: keep.wrap ? keep.wrap(placedValue) : placedValue,
        ...(prepare ? { prepare } : {}),
      };
    });
  });
}

/** A body's edges: the table's at each of its sites (hand-written breakers have none). */
export function edgesOf(operation: OperationId, parts: readonly (Site | readonly Breaker[])[]): Edge[] {
  return parts.flatMap((part) => (Array.isArray(part) ? [] : edgesAt(operation, part as Site)));
}
