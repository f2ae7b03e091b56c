/**
 * interface.md's Limits table, row by row, with the requirement ids that carry each row: the field rules that name
 * the row (their limit's `row`, or `limitsRow`), and the rules below, which are not about one field's value.
 * A test reads the table from spec/source/interface.md and fails when a row is missing here.
 */
import { FIELD_RULES, limitsRowOf } from './requirements/field-rules/index.js';
import type { RequirementId } from './requirements/ids.generated.js';

/** Limits-table rows carried by rules outside the rule table (a query, code, another section). */
const OTHER_ROWS: Record<string, RequirementId[]> = {
  'limit query parameter at least 1': ['Sandbox.transactions.limit.min1'],
  'amount precision 18, scale 5, fraction digits per ISO 4217 minor units': ['Amount.amount.fractionDigits'],
  'transaction history without SCA: 90 days; SCA renewal: 180 days': ['Auth.history.90days'],
  'account name up to 70 characters when x-accept-fix is longer-name': ['Versioning.acceptFix.longerName'],
};

function limitsTableRows(): Record<string, RequirementId[]> {
  const rows: Record<string, RequirementId[]> = {};
  for (const rule of FIELD_RULES) {
    const row = limitsRowOf(rule);
    if (row !== undefined) (rows[row] ??= []).push(rule.id);
  }
  for (const [row, ids] of Object.entries(OTHER_ROWS)) (rows[row] ??= []).push(...ids);
  return rows;
}

export const LIMITS_TABLE_ROWS: Readonly<Record<string, RequirementId[]>> = limitsTableRows();
