import type { RequirementId } from '../ids.generated.js';
import type { Requirement } from '../types.js';
import { placeOf, requirementOf } from './catalogue.js';
import { FIELD_RULES } from './table.js';
import type { FieldRule, LengthRow } from './types.js';

export { FIELD_RULES } from './table.js';
export { SCOPES, scopeOf, type Scope } from './scopes.js';
export { limitsRowOf, placeOf, requirementOf, type RowPlace } from './catalogue.js';
export * from './types.js';

/** The catalogue rows of the rule table, in its order. */
export const FIELD_RULE_REQUIREMENTS: readonly Requirement[] = FIELD_RULES.map(requirementOf);

const byId = new Map<string, FieldRule>(FIELD_RULES.map((row) => [row.id, row]));

/** The table's row of a field rule, or undefined for a rule written elsewhere (not about one field). */
export const fieldRule = (id: RequirementId): FieldRule | undefined => byId.get(id);

/** The rows of a scope (or of several, in table order). */
export const rowsOf = (scopes: string | readonly string[]): FieldRule[] => {
  const wanted = typeof scopes === 'string' ? [scopes] : scopes;
  return FIELD_RULES.filter((row) => wanted.includes(placeOf(row).scope));
};

/**
 * The length limit of a member: the bounds a valid value keeps to (generators/valid.ts reads them here, so that a
 * new limit in the table bounds the values generated for it).
 */
export function lengthOf(scope: string, field: string): LengthRow['length'] {
  const row = rowsOf(scope).find((r): r is LengthRow => 'length' in r && placeOf(r).field === field);
  if (!row) throw new Error(`field rules: no length rule for ${scope} › ${field}`);
  return row.length;
}
