import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { UserError } from '../core/index.js';
import { SET_TOGETHER, VARIABLES, type ValueSchema, type Variable } from './variables.js';

/** The configuration's values once valid: whole numbers as numbers, everything else as the text given. */
export type Values = Record<string, string | number | undefined>;

const ROWS = new Map(VARIABLES.map((v) => [v.name, v]));

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

let validator: ValidateFunction | undefined;
/** Compiled once, when a configuration is first read (ajv compiles in milliseconds, but not for `--help`). */
const validate = (): ValidateFunction =>
  (validator ??= new Ajv2020({ allErrors: false, strict: true }).compile(environmentSchema()));

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

/** The one-line message of the first error, naming the variable and its value (masked when it is a secret). */
function message(error: ErrorObject, given: Record<string, string>): string {
  if (error.keyword === 'dependentRequired') {
    const { property, missingProperty } = error.params as { property: string; missingProperty: string };
    const [first, second] = SET_TOGETHER.find((pair) => pair.includes(property)) ?? [property, missingProperty];
    return `${first} and ${second} must be set together`;
  }
  const name = error.instancePath.slice(1);
  const row = ROWS.get(name) as Variable;
  const shown = row.secret ? '***' : (given[name] ?? '');
  return `${name} must be ${row.schema ? expected(row.schema) : 'text'}, got "${shown}"`;
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
  const valid = validate();
  if (!valid(values)) throw new UserError(message((valid.errors as ErrorObject[])[0] as ErrorObject, given));
  return values;
}
