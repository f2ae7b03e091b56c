import { operation, type OperationId } from '../operations.js';
import {
  FIELD_RULES,
  fieldRule,
  type EnumRow,
  type FieldRule,
  type PatternRow,
} from '../requirements/field-rules/index.js';
import { requirement } from '../requirements/index.js';
import type { RequirementId } from '../requirements/ids.generated.js';
import type { Requirement } from '../requirements/types.js';
import { blanksAroundOf, blankVariantsOf, caseVariantsOf, otherCaseOf, rowClasses } from './field-classes.js';
import { CLASS } from './labels.js';
import { headerRuleClasses, isHeaderRule } from './headers.js';
import { invalidClass, observedClass, situationClass, type ValueClass } from './types.js';

/**
 * The classes of values of every rule on every operation it applies to, from the catalogue: the rule table's rows
 * derive theirs from their kind (field-classes.ts), the header rules theirs from the header groups (headers.ts), the
 * conventions of letter case and blanks theirs from the lists and patterns they concern; every other rule writes its
 * classes in its catalogue row (`classes`), or has the one a kind implies.
 */

const LETTER_CASE: RequirementId = 'Codes.letterCase.upper';
const WHITESPACE: RequirementId = 'Values.whitespace.trimmed';

/** The request rows whose values go into the operation's body (its catalogue row names the operation). */
const bodyRowsOf = (op: OperationId): FieldRule[] =>
  FIELD_RULES.filter((row) => requirement(row.id).kind === 'body' && requirement(row.id).operations.includes(op));

/** The classes a convention gets from the lists and patterns of the operation's body: one per list or pattern. */
function conventionClasses(id: RequirementId, op: OperationId): ValueClass[] {
  const rows = bodyRowsOf(op);
  const listsAndPatterns = rows.filter((row): row is EnumRow | PatternRow => 'enum' in row || 'pattern' in row);
  if (id === LETTER_CASE)
    return listsAndPatterns
      .filter((row) => caseVariantsOf(row).length > 0)
      .map((row) => invalidClass(otherCaseOf(row)));
  if (id === WHITESPACE)
    return listsAndPatterns
      .filter((row) => blankVariantsOf(row).length > 0)
      .map((row) => invalidClass(blanksAroundOf(row)));
  return [];
}

/** Whether a request of the operation carries what the class needs (a body, a header). */
export function classApplies(c: ValueClass, op: OperationId): boolean {
  const spec = operation(op);
  if (c.needs?.body && spec.requestBody === undefined) return false;
  if (c.needs?.operations && !c.needs.operations.includes(op)) return false;
  const header = c.needs?.header?.toLowerCase();
  return header === undefined || spec.headers.some((h) => h.name.toLowerCase() === header);
}

/** The class a rule of a kind has when neither the table, the headers nor the row give it any. */
function kindClass(rule: Requirement): ValueClass {
  if (rule.kind === 'response') return observedClass(CLASS.everyAnswer);
  if (rule.kind === 'behaviour') return situationClass(CLASS.situation);
  return invalidClass('a request that breaks it');
}

/** Every class of a rule on one operation it applies to (none on an operation it does not name). */
export function classesOf(id: RequirementId, op: OperationId): ValueClass[] {
  const rule = requirement(id);
  if (!rule.operations.includes(op)) return [];
  const row = fieldRule(id);
  const derived = row
    ? rowClasses(row)
    : [...conventionClasses(id, op), ...(isHeaderRule(id, op) ? headerRuleClasses(id, op) : [])];
  const classes = [...derived, ...(rule.classes ?? [])].filter((c) => classApplies(c, op));
  const unique = classes.filter((c, i) => classes.findIndex((d) => d.label === c.label) === i);
  return unique.length ? unique : [kindClass(rule)];
}
