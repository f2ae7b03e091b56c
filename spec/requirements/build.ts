import { OPERATIONS, type OperationId } from '../operations.js';
import type { RequirementId } from './ids.generated.js';
import type { ValueClass } from '../matrix/types.js';
import type { ExpectedRejection, Level, Requirement } from './types.js';

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

/** A body that breaks a rule of a payment request: bulk's rejection is stated, the others' a convention. */
const bodyRejection = (operations: OperationId[]): ExpectedRejection =>
  operations.includes('bulk.create') ? bulkFormatError : formatError();

/**
 * Every row writes its id literally, so that grep finds the catalogue entry; a helper that builds the rest of a
 * row from a template checks that the id is the one its template gives, and stops the import when it is not.
 */
export function assertTemplateId(id: string, template: string, helper: string): void {
  if (id !== template && !id.endsWith(`.${template}`))
    throw new Error(
      `requirement catalogue: ${helper}() row ${id} does not match its template ` +
        `<scope>.${template}; write the id as the template builds it`,
    );
}

interface FieldRule {
  /** The literal id; `<scope>.<field>.required`. */
  id: RequirementId;
  field: string;
  /** The interface.md section of the table the field sits in. */
  section: string;
  operations: OperationId[];
}

/**
 * `<field> is required`, rejected with the body rejection of its operation: for the sandbox set-up bodies, whose
 * required members are not rows of the rule table (field-rules/table.ts) because their breakers send wrong JSON
 * types as well.
 */
export function requiredRule(row: FieldRule & { where?: string; classes?: readonly ValueClass[] }): Requirement {
  assertTemplateId(row.id, `${row.field}.required`, 'requiredRule');
  return {
    id: row.id,
    level: 'MUST',
    section: row.section,
    statement: `${row.field} is required${row.where ? ` ${row.where}` : ''}.`,
    operations: row.operations,
    kind: 'body',
    expected: bodyRejection(row.operations),
    ...(row.classes ? { classes: row.classes } : {}),
  };
}
