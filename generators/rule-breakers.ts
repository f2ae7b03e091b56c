import fc from 'fast-check';
import {
  NEAR_MISS_CLASSES,
  REMOVE,
  placeOf,
  rowsOf,
  type EnumRow,
  type FieldRule,
  type InvalidValues,
  type LengthRow,
  type Members,
  type NearMissClass,
  type OperationId,
  type PatternRow,
  type RequirementId,
} from '../spec/index.js';
import { besides, charactersOf, child, labelAt, named, preparing, rowsAt, type BodySites, type Site } from './sites.js';
import { ascii, nonAscii, text } from './text.js';

/**
 * Breakers derived from the rule table (spec/requirements/field-rules/table.ts): each row says what breaks its rule,
 * each body says where it holds the row's scope (sites.ts), and a breaker is a row's invalid values put at a site.
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

/** A way of breaking a row at its own member. */
const wayOf =
  (row: FieldRule) =>
  (label: string, value: fc.Arbitrary<unknown>, requirementId: RequirementId = row.id): Way => ({
    requirementId,
    label,
    value,
    field: placeOf(row).field,
    whole: false,
    alongside: row.alongside ?? {},
  });

/** The row's own invalid values (a made-up date, the amount that makes a condition apply). */
const givenWays = (row: FieldRule): Way[] =>
  (row.invalid ?? []).map((values: InvalidValues) => ({
    requirementId: row.id,
    label: values.label,
    value: fc.constantFrom(...values.values),
    field: values.field ?? placeOf(row).field,
    whole: values.whole === true,
    alongside: { ...row.alongside, ...values.alongside },
  }));

/**
 * A limit's boundary: max + 1 ASCII letters and max + 1 Norwegian ones (two bytes each), the empty (or one short)
 * value of a `1 to N` rule, and random longer text; an account number is too long by one digit, keeping its form.
 */
function lengthWays(row: LengthRow, site: Site): Way[] {
  const way = wayOf(row);
  const name = named(row);
  const { min, max } = row.length;
  const short = min
    ? [way(min === 1 ? `${name} empty` : `${name} of ${min - 1} characters`, fc.constant(ascii(min - 1)))]
    : [];
  const characters = charactersOf(row);
  if (characters === 'digits') return [way(`${name} of ${max + 1} digits`, fc.constant('1'.repeat(max + 1))), ...short];
  if (characters === 'iban')
    return [way(`${name} of ${max + 1} characters`, fc.constant(`${site.ibanCountry ?? 'DE'}${'1'.repeat(max - 1)}`))];
  return [
    way(`${name} of ${max + 1} ASCII letters`, fc.constant(ascii(max + 1))),
    way(`${name} of ${max + 1} non-ASCII letters`, fc.constant(nonAscii(max + 1))),
    ...short,
    way(`${name} over ${max} characters`, over(max)),
  ];
}

/** A list's outsiders: the row's made-up values, then the real codes its standard has and the list does not. */
function listWays(row: EnumRow): Way[] {
  const way = wayOf(row);
  const near = nearMissesOf(row.id);
  return [
    ...(row.outsiders ? [way(`${named(row)} outside the list`, fc.constantFrom(...row.outsiders))] : []),
    ...givenWays(row),
    ...(near ? [way(`${named(row)}: a real code the list does not hold`, fc.constantFrom(...near.nearMisses))] : []),
  ];
}

/**
 * A valid value in another letter case or with blanks around it: they break the conventions (SHOULD), never the
 * list's rule, since interface.md says nothing of case or blanks (a bank that upper-cases or trims is conformant).
 */
function conventionWays(row: EnumRow | PatternRow): Way[] {
  const way = wayOf(row);
  const cases = 'enum' in row ? (row.caseVariants ?? caseVariantsOf(row.enum)) : (row.caseVariants ?? []);
  const blanks = 'enum' in row ? blankVariantsOf(row.enum, lengthLimit(row)) : (row.blankVariants ?? []);
  return [
    ...(cases.length ? [way(`${named(row)} in another letter case`, fc.constantFrom(...cases), LETTER_CASE)] : []),
    ...(blanks.length ? [way(`${named(row)} with blanks around it`, fc.constantFrom(...blanks), WHITESPACE)] : []),
  ];
}

/** Every way the table says a row is broken, at one site: its own values replace what the kind derives, or join it. */
function waysOf(row: FieldRule, site: Site): Way[] {
  const name = named(row);
  const way = wayOf(row);
  if ('enum' in row) return [...listWays(row), ...conventionWays(row)];
  if ('pattern' in row) return [...givenWays(row), ...conventionWays(row)];
  if (row.invalid?.length) return givenWays(row);
  if ('length' in row) return lengthWays(row, site);
  if ('required' in row) return [way(`${name} missing`, gone)];
  if ('type' in row) return [way(`${name} as a JSON number`, fc.integer({ min: 1, max: 9999 }))];
  if ('minItems' in row) return [way(`no ${name}`, fc.constant([]))];
  return [];
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

/** A way put at a site: where it points, the value as placed, and what is prepared first. */
function placed(way: Way, site: Site): Breaker {
  const { put, wrap = (value: fc.Arbitrary<unknown>) => value } = site;
  const inPlace = way.whole || !put;
  const prepare = preparing({ ...site.prepare, ...besides(site.at, way.alongside) });
  return {
    requirementId: way.requirementId,
    label: labelAt(site, way.label),
    at: inPlace && !way.whole ? child(site.at, way.field) : site.at,
    value: wrap(inPlace ? way.value : way.value.map((v) => put(way.field, v))),
    ...(prepare ? { prepare } : {}),
  };
}

/** Every breaker the table gives at one site of an operation's body, row by row in table order. */
export function breakersAt(operation: OperationId, site: Site): Breaker[] {
  return rowsAt(site, operation).flatMap((row) => waysOf(row, site).map((way) => placed(way, site)));
}

/** A body's breakers: the table's at each site, and hand-written ones (rules judged in code) where they stand. */
export function breakersOf(operation: OperationId, body: BodySites<Breaker>): Breaker[] {
  return body.flatMap((part) => (Array.isArray(part) ? part : breakersAt(operation, part as Site)));
}
