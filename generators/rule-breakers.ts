import fc from 'fast-check';
import {
  CLASS,
  NEAR_MISS_CLASSES,
  REMOVE,
  overAlphabetsOf,
  blankVariantsOf,
  blanksAroundOf,
  caseVariantsOf,
  oneOverIn,
  otherCaseOf,
  placeOf,
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
import { ascii, lettersOf, text } from './text.js';

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
  /** The class of values it sends (spec/matrix): one of the rule's invalid classes on the operation. */
  cls: string;
  /** What it sends, for a reader: the member, the class, and where in the body when the body holds it twice. */
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
  cls: string;
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

/** A way of breaking a row at its own member: one class of values, labelled with the member it is put at. */
const wayOf =
  (row: FieldRule) =>
  (cls: string, value: fc.Arbitrary<unknown>, requirementId: RequirementId = row.id): Way => ({
    requirementId,
    cls,
    label: `${named(row)}: ${cls}`,
    value,
    field: placeOf(row).field,
    whole: false,
    alongside: row.alongside ?? {},
  });

/** The row's own invalid values (a made-up date, the amount that makes a condition apply). */
const givenWays = (row: FieldRule): Way[] =>
  (row.invalid ?? []).map((values: InvalidValues) => ({
    requirementId: row.id,
    cls: values.label,
    label: `${named(row)}: ${values.label}`,
    value: fc.constantFrom(...values.values),
    field: values.field ?? placeOf(row).field,
    whole: values.whole === true,
    alongside: { ...row.alongside, ...values.alongside },
  }));

/**
 * A limit's classes: one over in each alphabet the row's characters allow (Norwegian and Greek letters are two bytes
 * each in UTF-8, and Greek ones fall outside ISO-8859-1), the empty (or one short) value of a `1 to N` rule; an
 * account number is too long by one digit, keeping its form.
 */
function lengthWays(row: LengthRow, site: Site): Way[] {
  const way = wayOf(row);
  const { min, max } = row.length;
  const short = min ? [way(min === 1 ? CLASS.empty : CLASS.oneShort, fc.constant(ascii(min - 1)))] : [];
  const characters = charactersOf(row);
  if (characters === 'digits') return [way(CLASS.oneDigitOver, fc.constant('1'.repeat(max + 1))), ...short];
  if (characters === 'iban')
    return [way(CLASS.oneCharacterOver, fc.constant(`${site.ibanCountry ?? 'DE'}${'1'.repeat(max - 1)}`))];
  return [...overAlphabetsOf(row).map((a) => way(oneOverIn(a), fc.constant(lettersOf(a, max + 1)))), ...short];
}

/** A list's outsiders: the row's look-alikes, its own invalid values, then the real codes the list does not hold. */
function listWays(row: EnumRow): Way[] {
  const way = wayOf(row);
  const near = nearMissesOf(row.id);
  return [
    ...(row.outsiders?.length ? [way(CLASS.madeUp, fc.constantFrom(...row.outsiders))] : []),
    ...givenWays(row),
    ...(near ? [way(CLASS.nearMiss, fc.constantFrom(...near.nearMisses))] : []),
  ];
}

/**
 * A valid value in another letter case or with blanks around it: they break the conventions (SHOULD), never the
 * list's rule, since interface.md says nothing of case or blanks (a bank that upper-cases or trims is conformant).
 */
function conventionWays(row: EnumRow | PatternRow): Way[] {
  const way = wayOf(row);
  const cases = caseVariantsOf(row);
  const blanks = blankVariantsOf(row);
  return [
    ...(cases.length ? [way(otherCaseOf(row), fc.constantFrom(...cases), LETTER_CASE)] : []),
    ...(blanks.length ? [way(blanksAroundOf(row), fc.constantFrom(...blanks), WHITESPACE)] : []),
  ];
}

/** Every way the table says a row is broken, at one site: its own values replace what the kind derives, or join it. */
function waysOf(row: FieldRule, site: Site): Way[] {
  const way = wayOf(row);
  if ('enum' in row) return [...listWays(row), ...conventionWays(row)];
  if ('pattern' in row) return [...givenWays(row), ...conventionWays(row)];
  if (row.invalid?.length) return givenWays(row);
  if ('length' in row) return lengthWays(row, site);
  if ('required' in row) return [way(CLASS.absent, gone)];
  if ('type' in row) return [way(CLASS.jsonNumber, fc.integer({ min: 1, max: 9999 }))];
  if ('minItems' in row) return [way(CLASS.noItems, fc.constant([]))];
  return [];
}

/** A way put at a site: where it points, the value as placed, and what is prepared first. */
function placed(way: Way, site: Site): Breaker {
  const { put, wrap = (value: fc.Arbitrary<unknown>) => value } = site;
  const inPlace = way.whole || !put;
  const prepare = preparing({ ...site.prepare, ...besides(site.at, way.alongside) });
  return {
    requirementId: way.requirementId,
    cls: way.cls,
    label: labelAt(site, way.label),
    at: inPlace && !way.whole ? child(site.at, way.field) : site.at,
    value: wrap(inPlace ? way.value : way.value.map((v) => put(way.field, v))),
    ...(prepare ? { prepare } : {}),
  };
}

/**
 * Hand-written breakers of a rule judged in code or of a sandbox body: one per class of values, at a member, each
 * drawing among its class's values (randomness inside a class, never across classes).
 */
export function classBreakers(
  requirementId: RequirementId,
  at: string,
  classes: Readonly<Record<string, readonly unknown[]>>,
): Breaker[] {
  const member = at.slice(1).replaceAll('/', '.');
  return Object.entries(classes).map(([cls, values]) => ({
    requirementId,
    cls,
    label: `${member}: ${cls}`,
    at,
    value: fc.constantFrom(...values),
  }));
}

/** Every breaker the table gives at one site of an operation's body, row by row in table order. */
export function breakersAt(operation: OperationId, site: Site): Breaker[] {
  return rowsAt(site, operation).flatMap((row) => waysOf(row, site).map((way) => placed(way, site)));
}

/** A body's breakers: the table's at each site, and hand-written ones (rules judged in code) where they stand. */
export function breakersOf(operation: OperationId, body: BodySites<Breaker>): Breaker[] {
  return body.flatMap((part) => (Array.isArray(part) ? part : breakersAt(operation, part as Site)));
}
