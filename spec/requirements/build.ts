import { OPERATIONS, type OperationId } from '../operations.js';
import type { ExpectedRejection, Level, Requirement, RuleKind } from './types.js';

/** Rules that hold for every operation (response shapes, signatures). */
export const ALL_OPERATIONS: OperationId[] = OPERATIONS.map((o) => o.id);

export const PAYMENT_CREATION: OperationId[] = ['ncbct.create', 'sct.create', 'bulk.create'];

/** A 4xx with FORMAT_ERROR: stated for bulk (Errors), the convention for NCBCT and SCT. */
export const formatError = (exactness: Level = 'SHOULD'): ExpectedRejection => ({
  status: [400],
  codes: ['FORMAT_ERROR'],
  exactness,
});

/**
 * A malformed bulk payment: 400 is stated (Endpoints › 5: "400 (FORMAT_ERROR)"), but where another listed code
 * fits a field as well (EXECUTION_DATE_INVALID for a date, KID_INVALID for a structured reference, BAD_REQUEST)
 * interface.md does not say which condition yields which code: FORMAT_ERROR is then the convention.
 */
export const bulkFormatError: ExpectedRejection = { ...formatError('MUST'), codeExactness: 'SHOULD' };

/** Small constructor so that the catalogue reads as a table. */
export function rule(
  id: string,
  level: Level,
  section: string,
  statement: string,
  operations: OperationId[],
  kind: RuleKind,
  extra: Partial<Pick<Requirement, 'expected' | 'notTestable'>> = {},
): Requirement {
  return { id, level, section, statement, operations, kind, ...extra };
}
