import { bulkFormatError, formatError } from '../build.js';
import type { Requirement } from '../types.js';
import { scopeOf } from './scopes.js';
import { kindOf, type FieldRule } from './types.js';

/** Where a row sits: the scope a schema builder applies it to, and the member it constrains ('' for the value). */
export interface RowPlace {
  readonly scope: string;
  readonly field: string;
}

// Read once a row: the body generators ask for a scope's rows every time they are made (0.04 s of a run's worker).
const places = new WeakMap<FieldRule, RowPlace>();

/** The row's scope and field: written out in the row, or read from its id `<scope>.<field>.<rule>`. */
export function placeOf(row: FieldRule): RowPlace {
  const known = places.get(row);
  if (known) return known;
  const parts = row.id.split('.');
  const scope = row.scope ?? (parts.length === 2 ? (parts[0] as string) : parts.slice(0, -2).join('.'));
  const field = row.field ?? (parts.length === 2 ? '' : (parts[parts.length - 2] as string));
  const place = { scope, field };
  places.set(row, place);
  return place;
}

/** The last segment of the id a row of this kind must end in, where the kind fixes it. */
function template(row: FieldRule): string | undefined {
  if ('length' in row) {
    const { min, max } = row.length;
    return min ? `length${min}to${max}` : `max${max}`;
  }
  if ('enum' in row) return 'enum';
  if ('required' in row && row.field === undefined) return 'required';
  return undefined;
}

/**
 * Stops the import when a row's id does not say what the row does (`max71` on a limit of 70), as the catalogue's
 * helpers always have: the id is written once, so it must be right.
 */
function checkId(row: FieldRule): void {
  const expected = template(row);
  const last = row.id.split('.').pop();
  if (expected !== undefined && last !== expected)
    throw new Error(
      `field rules: row ${row.id} is a ${kindOf(row)} rule whose id must end in .${expected}; write the id as the ` +
        'rule reads',
    );
}

function statementOf(row: FieldRule, field: string): string {
  if (row.statement) return row.statement;
  if ('required' in row) return `${field} is required.`;
  if ('length' in row) {
    const { min, max } = row.length;
    return `${field} has ${min ? `${min} to ${max}` : `at most ${max}`} characters.`;
  }
  throw new Error(`field rules: row ${row.id} needs a statement (only required and length rules have a default)`);
}

/** The row of interface.md's Limits table a rule is one of, if any. */
export const limitsRowOf = (row: FieldRule): string | undefined =>
  row.limitsRow ?? ('length' in row ? row.length.row : undefined);

/** The catalogue row of a field rule: what the row writes, and the rest from its scope and kind. */
export function requirementOf(row: FieldRule): Requirement {
  checkId(row);
  const { scope: name, field } = placeOf(row);
  const scope = scopeOf(name);
  const limits = limitsRowOf(row) !== undefined;
  const operations = [...(row.operations ?? scope.operations)];
  const side = scope.side === 'request';
  return {
    id: row.id,
    level: row.level ?? 'MUST',
    section: row.section ?? `${scope.section}${limits ? '; Limits' : ''}`,
    statement: statementOf(row, field),
    operations,
    kind: side ? 'body' : 'response',
    ...(side
      ? { expected: row.expected ?? (operations.every((op) => op === 'bulk.create') ? bulkFormatError : formatError()) }
      : {}),
  };
}
