import type { OperationId } from '../../operations.js';
import type { RequirementId } from '../ids.generated.js';
import type { ExpectedRejection, Level } from '../types.js';

/**
 * A member left out: in a row's invalid values, in what a row sets beside its field, in a breaker's value.
 * One symbol for spec/, schemas/ tests and generators/ (which exports it as REMOVE).
 */
export const REMOVE = Symbol('remove');

/** A JSON Schema fragment a row states its rule with (conditions); schemas/ adds the rule's annotation to it. */
export type SchemaFragment = Readonly<Record<string, unknown>>;

/** Members of the object a field belongs to, set (or REMOVE-d) while the rule is broken, by member name. */
export type Members = Readonly<Record<string, unknown>>;

/** Values that break a row's rule, and what they are (a breaker's label, a negative case's name). */
export interface InvalidValues {
  label: string;
  values: readonly unknown[];
  /** The member they are put at, when not the row's own field (a condition broken through a neighbour). */
  field?: string;
  /** The values replace the whole object the field belongs to (they change a neighbour as well). */
  whole?: boolean;
  /** Members set beside them first, in the same object (the amount that makes a condition apply). */
  alongside?: Members;
}

/** Values on the valid side of a row's rule that its kind does not derive (a BIC of 11 characters, a date). */
export interface ValidValues {
  label: string;
  /** Fixed values, or values made when a request is built (a date some weeks from the run's day). */
  values: readonly unknown[] | ((today: Date) => readonly unknown[]);
}

/** What every row may say; everything else comes from its id, its scope (scopes.ts) and the rule's kind. */
interface RowBase {
  /**
   * `<scope>.<field>.<rule>`, written once: the scope is the object a schema builder applies the row to
   * (schemas/json/annotate.ts `members()`), the field the member it constrains (a two-part id such as
   * `Country.enum` constrains the scope's value itself).
   */
  id: RequirementId;
  /** Where the rule sits when the id's own segments do not say it (`BULK.debtorAccount.bbanRequired`). */
  scope?: string;
  field?: string;
  /** MUST by default: a field rule is interface.md's own words. */
  level?: Level;
  /** Default: the scope's section, with `; Limits` when the limit is a row of interface.md's Limits table. */
  section?: string;
  /** Default: a sentence built from the rule (required, length); other kinds write theirs. */
  statement?: string;
  /** Default: the scope's operations. */
  operations?: readonly OperationId[];
  /** Default: 400 FORMAT_ERROR, MUST for bulk (Endpoints › 5) and a convention elsewhere. */
  expected?: ExpectedRejection;
  /** Values that break the rule, instead of (required, length) or beside (enum) the derived ones; one class each. */
  invalid?: readonly InvalidValues[];
  /** Valid values the kind does not derive, one class each. */
  valid?: readonly ValidValues[];
  /** Members set beside the field whenever the rule is broken (the code a reporting text goes with). */
  alongside?: Members;
  /** The row of interface.md's Limits table the rule is one of (a length row takes it from its limit). */
  limitsRow?: string;
}

/** A length limit; `row` names interface.md's Limits-table row it comes from (spec/limits.ts). */
export interface LengthLimit {
  min?: number;
  max: number;
  row?: string;
}

/**
 * What a value of the field is made of, so that a too-long one breaks the length alone, and what its longest valid
 * value is sent as:
 * - text (names, free text): any letters; the longest valid value is sent in ASCII and in non-ASCII letters
 *   (Norwegian names: ÆØÅ, æøå, é, ü), which a bank counting UTF-8 bytes refuses;
 * - identifier (references, identification strings): the longest valid value in ASCII only, since payment schemes
 *   keep identifiers to a Latin subset and interface.md does not say otherwise for them;
 * - digits (an account number) or iban (country code and digits): too long only; no longest valid value is sent,
 *   because its check digits (MOD11, MOD 97 and the country's IBAN length, conventions a bank may enforce) decide it;
 * - code (a value of a closed list): the list's members are its valid values, sent by the list's own row.
 */
export type Characters = 'text' | 'identifier' | 'digits' | 'iban' | 'code';

export interface LengthRow extends RowBase {
  length: LengthLimit;
  characters?: Characters;
}

export interface EnumRow extends RowBase {
  enum: readonly string[];
  /** Made-up values outside the list (near misses come from spec/near-misses.ts by the row's id). */
  outsiders?: readonly string[];
  /** Listed values in another letter case: they break Codes.letterCase.upper (SHOULD), not this rule. */
  caseVariants?: readonly string[];
  /** The member is required, and its absence breaks this same rule (a TppMessage without category). */
  alsoRequired?: true;
  /** The field is an array and the list constrains each of its items. */
  each?: true;
}

export interface RequiredRow extends RowBase {
  required: true;
}

export interface PatternRow extends RowBase {
  pattern: string;
  invalid: readonly InvalidValues[];
  caseVariants?: readonly string[];
  /** Valid values with blanks around them: they break Values.whitespace.trimmed (SHOULD), not this rule. */
  blankVariants?: readonly string[];
}

export interface FormatRow extends RowBase {
  format: 'date';
  invalid: readonly InvalidValues[];
}

/** The member's JSON type (an amount is a string, never a number). */
export interface TypeRow extends RowBase {
  type: 'string' | 'boolean';
}

/** An array's least number of items. */
export interface ItemsRow extends RowBase {
  minItems: number;
}

/**
 * A rule between members of one object: `then` holds when `if` does, no member of one group beside a member of
 * another (`exclusive`), or at least one of some members (`oneRequired`).
 */
export type Condition =
  | { if: SchemaFragment; then: SchemaFragment }
  | { exclusive: readonly (readonly string[])[] }
  | { oneRequired: readonly string[] };

export interface ConditionRow extends RowBase {
  condition: Condition;
  statement: string;
  invalid: readonly InvalidValues[];
}

/** One field rule of interface.md: one row, from which the catalogue, schemas, generators and tests derive. */
export type FieldRule = LengthRow | EnumRow | RequiredRow | PatternRow | FormatRow | TypeRow | ItemsRow | ConditionRow;

export type FieldRuleKind = 'length' | 'enum' | 'required' | 'pattern' | 'format' | 'type' | 'items' | 'condition';

export function kindOf(row: FieldRule): FieldRuleKind {
  if ('length' in row) return 'length';
  if ('enum' in row) return 'enum';
  if ('required' in row) return 'required';
  if ('pattern' in row) return 'pattern';
  if ('format' in row) return 'format';
  if ('type' in row) return 'type';
  if ('minItems' in row) return 'items';
  return 'condition';
}
