import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { newAjv2020 } from '../core/ajv.js';
import { UserError } from '../core/index.js';
import { SET_TOGETHER, VARIABLES, type ValueSchema, type Variable } from './variables.js';

/** The configuration's values once valid: whole numbers as numbers, everything else as the text given. */
export type Values = Record<string, string | number | undefined>;

/**
 * The environment's schema, from the one VARIABLES table: each row's value schema, and the pairs that go together
 * (a certificate and its key) as dependentRequired.
 */
export function environmentSchema(): object {
  const properties = Object.fromEntries(VARIABLES.map((v) => [v.name, v.schema ?? { type: 'string' }]));
  const dependentRequired = Object.fromEntries(
    SET_TOGETHER.flatMap(([a, b]) => [
      [a, [b]],
      [b, [a]],
    ]),
  );
  return { type: 'object', properties, dependentRequired };
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();
/**
 * A variable's own validator, compiled the first time a value is given for it: compiling the whole environment's
 * schema took 60-100 ms of every command's start, for a run that sets one variable or none (2026-11-26).
 */
function validatorOf(row: Variable): ValidateFunction {
  let validator = validators.get(row.name);
  if (!validator) {
    ajv ??= newAjv2020({ allErrors: false, strict: true });
    validator = ajv.compile(row.schema ?? { type: 'string' });
    validators.set(row.name, validator);
  }
  return validator;
}

/** "an integer ≥ 1", "one of upper, lower", "a UUID": what completes "NAME must be …". */
export function expected(schema: ValueSchema): string {
  if ('enum' in schema) return `one of ${schema.enum.join(', ')}`;
  if (schema.type === 'string') return schema.description;
  const range = schema.maximum === undefined ? ` ≥ ${schema.minimum}` : ` from ${schema.minimum} to ${schema.maximum}`;
  return `an integer${range}${schema.description ? ` (${schema.description})` : ''}`;
}

/** A whole number is written in digits only: "1e3", "0x10" and " 7" stay text, which an integer schema refuses. */
const typed = (row: Variable, value: string): string | number =>
  row.schema && 'type' in row.schema && row.schema.type === 'integer' && /^\d+$/.test(value) ? Number(value) : value;

/** The one-line message of a value its schema refuses, naming the variable and the value (masked when secret). */
function message(row: Variable, given: string): string {
  const shown = row.secret ? '***' : given;
  return `${row.name} must be ${row.schema ? expected(row.schema) : 'text'}, got "${shown}"`;
}

/**
 * The variables of the table, read from `env` (blank counts as unset), defaults filled in, validated against the
 * table's schema: the first error is a UserError of one line (exit 2).
 */
export function validatedValues(env: Record<string, string | undefined>): Values {
  const given: Record<string, string> = {};
  const values: Values = {};
  for (const row of VARIABLES) {
    const value = env[row.name]?.trim() || row.default;
    if (value === undefined) continue;
    given[row.name] = value;
    values[row.name] = typed(row, value);
  }
  // The table's order, as the environment's schema checks it (environmentSchema): its properties, then the pairs.
  // Only values the environment gave: a default satisfies its own schema (test/config/schema.test.ts holds that).
  for (const row of VARIABLES)
    if (env[row.name]?.trim() && !validatorOf(row)(values[row.name]))
      throw new UserError(message(row, given[row.name] ?? ''));
  for (const [first, second] of SET_TOGETHER)
    if (first in values !== second in values) throw new UserError(`${first} and ${second} must be set together`);
  return values;
}
