/**
 * Faults that keep a rule on one operation or one class of values only (issue 34: the cells a run once left unsent):
 * a date checked by its pattern alone outside NCBCT, a BIC of any length from 8 to 11, names kept in ISO-8859-1.
 * Each is a deliberate deviation from interface.md (bank/faults.ts says which rule it breaks).
 */
import { pointerGet } from '../core/index.js';
import { expandLocation, ruleLocations } from '../schemas/index.js';
import { FIELD_RULES, LIMITS, type LengthRow, type OperationSpec, type RequirementId } from '../spec/index.js';
import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { EXECUTION_DATES } from './faults.js';

const ISO_DATE_RULES = new Set<string>(EXECUTION_DATES);
const YYYY_MM_DD = /^\d{4}-\d{2}-\d{2}$/;
const OUTSIDE_NCBCT = new Set(['sct.create', 'bulk.create']);

/** A schema violation the switched-on faults let through (the value is the one at the violation's pointer). */
export function relaxedByCellFault(
  op: OperationSpec,
  faults: Faults,
  violation: { requirementId: RequirementId | string; value: unknown },
): boolean {
  const { requirementId, value } = violation;
  const patternOnly = typeof value === 'string' && YYYY_MM_DD.test(value) && ISO_DATE_RULES.has(requirementId);
  if (patternOnly && faults.has('accept-impossible-dates')) return true;
  if (patternOnly && OUTSIDE_NCBCT.has(op.id) && faults.has('impossible-dates-outside-ncbct')) return true;
  return (
    requirementId === 'NCBCT.creditorAgent.bic' &&
    faults.has('accept-bic-9-or-10') &&
    typeof value === 'string' &&
    /^[A-Z]{6}[A-Z0-9]{2,5}$/.test(value)
  );
}

/** A valid body the switched-on faults refuse anyway. */
export function refusedByCellFault(op: OperationSpec, body: unknown, faults: Faults): void {
  const date = (body as { requestedExecutionDate?: unknown } | null)?.requestedExecutionDate;
  if (date !== undefined && OUTSIDE_NCBCT.has(op.id) && faults.has('refuse-execution-date-outside-ncbct'))
    throw new Rejection(400, 'FORMAT_ERROR', 'requestedExecutionDate is not taken on this payment product');
  if (faults.has('latin1-names'))
    for (const { row, pointer, value } of namesIn(op, body))
      if (typeof value === 'string' && [...value].some((c) => (c.codePointAt(0) ?? 0) > 0xff))
        throw new Rejection(400, 'FORMAT_ERROR', `${pointer}: only ISO-8859-1 letters are taken (${row.id})`);
}

/** interface.md's 70-character name limits (creditorName, debtorName and ultimateDebtor, street), by Limits row. */
const NAME_LIMITS = new Set<string>([LIMITS.creditorName.row, LIMITS.debtorName.row, LIMITS.street.row]);
export const NAME_LIMIT_RULES: readonly LengthRow[] = FIELD_RULES.filter(
  (row): row is LengthRow => 'length' in row && NAME_LIMITS.has(row.length.row ?? ''),
);

/**
 * A deliberate deviation (fault utf8-bytes-name-limit): the name limits measured in UTF-8 bytes, not characters, as a
 * bank storing them in a byte-sized column does. ÆØÅ take two bytes each, so a valid name of 36 or more such letters
 * is refused.
 */
export function countedInBytes(op: OperationSpec, body: unknown): void {
  for (const { row, pointer, value } of namesIn(op, body)) {
    const bytes = typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : 0;
    if (bytes > row.length.max)
      throw new Rejection(400, 'FORMAT_ERROR', `${pointer}: ${bytes} bytes, more than ${row.length.max} (${row.id})`);
  }
}

/** Each name the body carries (at every place a name limit's rule locates), with the limit's row. */
function* namesIn(op: OperationSpec, body: unknown): Generator<{ row: LengthRow; pointer: string; value: unknown }> {
  if (!op.requestBody) return;
  for (const row of NAME_LIMIT_RULES)
    for (const pattern of ruleLocations(op.requestBody, row.id))
      for (const pointer of expandLocation(body, pattern)) yield { row, pointer, value: pointerGet(body, pointer) };
}
