import { NEAR_MISS_CLASSES, type NearMissClass } from '../near-misses.js';
import {
  placeOf,
  rowsOf,
  scopeOf,
  type EnumRow,
  type FieldRule,
  type LengthRow,
  type PatternRow,
} from '../requirements/field-rules/index.js';
import type { RequirementId } from '../requirements/ids.generated.js';
import { CLASS } from './labels.js';
import { invalidClass as invalid, observedClass, validClass as valid, type ValueClass } from './types.js';

/**
 * The classes of a rule-table row (spec/requirements/field-rules/table.ts), derived from its kind: the generators
 * (generators/rule-breakers.ts, edges.ts) make one value of each, labelled with these words, and a test that sends it
 * declares the cell. A class is one way of breaking the rule, or one kind of value it allows: randomness stays inside
 * a class, never across classes.
 */

/** The alphabets a free-text limit is judged in: interface.md limits characters, not alphabets. */
export const ALPHABETS = {
  /** ASCII letters: one byte each in UTF-8 and ISO-8859-1. */
  ascii: 'ASCII letters',
  /** Norwegian letters (Æ, Ø, Å, æ, ø, å, é, ü): in ISO-8859-1, two bytes each in UTF-8. */
  latin1: 'Norwegian letters',
  /** Greek letters: outside ISO-8859-1, two bytes each in UTF-8; a bank that stores Latin-1 loses them. */
  beyondLatin1: 'Greek letters',
} as const;

export type Alphabet = keyof typeof ALPHABETS;

/**
 * The alphabets a row's longest valid value is sent in (see Characters in field-rules/types.ts): free text in each,
 * an identifier in ASCII only (payment schemes keep identifiers to a Latin subset, and interface.md does not say).
 */
export function alphabetsOf(row: LengthRow): Alphabet[] {
  const characters = row.characters ?? 'text';
  if (characters === 'text') return ['ascii', 'latin1', 'beyondLatin1'];
  return characters === 'identifier' ? ['ascii'] : [];
}

/**
 * The alphabets a row's value one over its limit is sent in: those of its valid values, and for an identifier Greek
 * letters too (whatever a bank makes of them, one over the limit is refused).
 */
export function overAlphabetsOf(row: LengthRow): Alphabet[] {
  return (row.characters ?? 'text') === 'identifier' ? ['ascii', 'beyondLatin1'] : alphabetsOf(row);
}

export const longestIn = (alphabet: Alphabet): string => `longest, in ${ALPHABETS[alphabet]}`;
export const oneOverIn = (alphabet: Alphabet): string => `one over, in ${ALPHABETS[alphabet]}`;

/** A member's name as labels say it ('' is the scope's value: its name in lower case). */
export const memberName = (row: FieldRule): string => placeOf(row).field || placeOf(row).scope.toLowerCase();

/**
 * A listed value in the other letter case (interface.md writes codes in one case and says nothing about others): the
 * row's own variants, or the first member lower-cased, or upper-cased where the list is written in lower case; none
 * for digits. Such values break Codes.letterCase.upper (SHOULD), never the list's rule.
 */
export function caseVariantsOf(row: EnumRow | PatternRow): readonly string[] {
  if (row.caseVariants) return row.caseVariants;
  if (!('enum' in row)) return [];
  const first = row.enum[0] ?? '';
  const other = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
  return other === first ? [] : [other];
}

/** The most characters another row of the same member allows. */
function lengthLimit(row: FieldRule): number | undefined {
  const { scope, field } = placeOf(row);
  const limit = rowsOf(scope).find((r) => 'length' in r && placeOf(r).field === field);
  return limit && 'length' in limit ? limit.length.max : undefined;
}

/**
 * A valid value with a blank before it, and after it (they break Values.whitespace.trimmed, SHOULD): a pattern row's
 * own, or a list's first member padded, where a blank leaves room in the member's length limit (a country of two
 * letters has none).
 */
export function blankVariantsOf(row: EnumRow | PatternRow): readonly string[] {
  if (!('enum' in row)) return row.blankVariants ?? [];
  const first = row.enum[0];
  return first && first.length < (lengthLimit(row) ?? Infinity) ? [` ${first}`, `${first} `] : [];
}

/** The convention classes a closed list or a pattern gives another rule: its values in another case, or padded. */
export const otherCaseOf = (row: FieldRule): string => `${memberName(row)} in another letter case`;
export const blanksAroundOf = (row: FieldRule): string => `${memberName(row)} with blanks around it`;

const nearMissesOf = (id: RequirementId): NearMissClass | undefined =>
  Object.values(NEAR_MISS_CLASSES).find((c: NearMissClass) => c.requirementIds.includes(id));

/** A length row's classes: the longest in each alphabet it allows, one over in each, and one under its minimum. */
function lengthClasses(row: LengthRow): ValueClass[] {
  const { min } = row.length;
  const short = min ? [invalid(min === 1 ? CLASS.empty : CLASS.oneShort)] : [];
  if (row.invalid?.length) return row.invalid.map((v) => invalid(v.label));
  const characters = row.characters ?? 'text';
  if (characters === 'digits') return [invalid(CLASS.oneDigitOver), ...short];
  if (characters === 'iban') return [invalid(CLASS.oneCharacterOver), ...short];
  return [
    ...alphabetsOf(row).map((a) => valid(longestIn(a))),
    ...overAlphabetsOf(row).map((a) => invalid(oneOverIn(a))),
    ...short,
  ];
}

/** The classes of one row of the rule table; a response row's rule is judged on every answer that shows it. */
export function rowClasses(row: FieldRule): ValueClass[] {
  if (scopeOf(placeOf(row).scope).side === 'response') return [observedClass(CLASS.everyAnswer)];
  const given = [...(row.valid ?? []).map((v) => valid(v.label)), ...(row.invalid ?? []).map((v) => invalid(v.label))];
  if ('enum' in row) {
    const near = nearMissesOf(row.id);
    return [
      valid(CLASS.listedMember),
      ...(row.outsiders?.length ? [invalid(CLASS.madeUp)] : []),
      ...given,
      ...(near ? [invalid(CLASS.nearMiss)] : []),
    ];
  }
  if ('length' in row) return lengthClasses(row);
  if (given.length) return given;
  if ('required' in row) return [invalid(CLASS.absent)];
  if ('type' in row) return [invalid(CLASS.jsonNumber)];
  if ('minItems' in row) return [invalid(CLASS.noItems)];
  return [];
}
