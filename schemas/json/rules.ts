import {
  kindOf,
  placeOf,
  rowsOf,
  type Condition,
  type FieldRule,
  type RequirementId,
  type SchemaFragment,
} from '../../spec/index.js';
import { X_REQUIREMENT, type JsonSchema } from './annotate.js';

/**
 * The rule table (spec/requirements/field-rules/) as JSON Schema keywords. A schema writes its members' structure
 * (types, references, nesting) and names the table scopes it is an object of; every row of those scopes adds its
 * keyword to its member, annotated with its id, so that a rule is written once, as a row.
 */

const NODE_KINDS = new Set(['length', 'enum', 'pattern', 'format', 'type', 'items']);

/** Which row's id a member of the wrong JSON type is reported under: the most specific rule about its values. */
const TYPE_OWNERS = ['type', 'enum', 'length', 'pattern', 'format'] as const;

/** Schema keywords that only describe: kept after the annotation, where the schemas have always written them. */
const DOCUMENTATION = new Set(['description', 'deprecated']);

/** The keywords a row adds to the schema of its member. */
function keywordsOf(row: FieldRule): JsonSchema {
  if ('length' in row) {
    const { min, max } = row.length;
    return { ...(min !== undefined ? { minLength: min } : {}), maxLength: max };
  }
  if ('enum' in row) return { enum: [...row.enum] };
  if ('pattern' in row) return { pattern: row.pattern };
  if ('format' in row) return { format: row.format };
  if ('type' in row) return { type: row.type };
  if ('minItems' in row) return { minItems: row.minItems };
  throw new Error(`field rules: row ${row.id} adds no keyword to its member`);
}

const keywordOf = (row: FieldRule): string => Object.keys(keywordsOf(row)).at(-1) as string;

/** The member's schema with its rows' keywords; a member whose schema names its own rule keeps it as written. */
export function withRules(base: JsonSchema, rows: readonly FieldRule[], requiredBy?: RequirementId): JsonSchema {
  if (base[X_REQUIREMENT] !== undefined) return base;
  const items = rows.filter((r) => 'enum' in r && r.each);
  const own = rows.filter((r) => NODE_KINDS.has(kindOf(r)) && !items.includes(r));
  const withItems =
    items.length > 0 ? { ...base, items: withKeywords((base.items as JsonSchema | undefined) ?? {}, items) } : base;
  return withKeywords(withItems, own, requiredBy);
}

/**
 * A schema with the keywords of rows that constrain it. Its annotation names the rule of each keyword; a value of
 * the wrong JSON type is reported under the most specific rule about its values, else under the rule requiring it.
 */
function withKeywords(base: JsonSchema, rows: readonly FieldRule[], requiredBy?: RequirementId): JsonSchema {
  const structure = Object.fromEntries(Object.entries(base).filter(([k]) => !DOCUMENTATION.has(k)));
  const documentation = Object.fromEntries(Object.entries(base).filter(([k]) => DOCUMENTATION.has(k)));
  const out: JsonSchema = { ...structure };
  const owner = TYPE_OWNERS.map((kind) => rows.find((r) => kindOf(r) === kind)).find(Boolean);
  const typeId = owner?.id ?? (base.$ref === undefined ? requiredBy : undefined);
  if (rows.length > 1) {
    if (owner && 'type' in owner) Object.assign(out, keywordsOf(owner));
    out.allOf = rows.filter((r) => !('type' in r)).map((r) => ({ ...keywordsOf(r), [X_REQUIREMENT]: r.id }));
  } else if (rows.length === 1) Object.assign(out, keywordsOf(rows[0] as FieldRule));
  const only = rows.length === 1 ? (rows[0] as FieldRule) : undefined;
  if (only && only !== owner) out[X_REQUIREMENT] = { ...(typeId ? { type: typeId } : {}), [keywordOf(only)]: only.id };
  else if (typeId) out[X_REQUIREMENT] = typeId;
  return { ...out, ...documentation };
}

/** The rule's id on a condition's own subschemas, so that a failing `then` names it. */
function annotated(fragment: SchemaFragment, id: RequirementId): JsonSchema {
  const properties = fragment.properties as Record<string, JsonSchema> | undefined;
  return {
    ...fragment,
    ...(properties
      ? {
          properties: Object.fromEntries(
            Object.entries(properties).map(([k, v]) => [k, { ...v, [X_REQUIREMENT]: id }]),
          ),
        }
      : {}),
    [X_REQUIREMENT]: id,
  };
}

/** A condition row as keywords of its object, and the keyword whose failure names it. */
function conditionOf(condition: Condition, id: RequirementId): { keyword: string; schema: JsonSchema } {
  if ('if' in condition) return { keyword: 'if', schema: { if: condition.if, then: annotated(condition.then, id) } };
  if ('exclusive' in condition) {
    const [first = [], ...others] = condition.exclusive;
    const pairs = first.flatMap((a) => others.flat().map((b) => ({ type: 'object', required: [a, b] })));
    return { keyword: 'not', schema: { not: { anyOf: pairs } } };
  }
  return {
    keyword: 'anyOf',
    schema: {
      anyOf: condition.oneRequired.map((member) => ({ type: 'object', required: [member], [X_REQUIREMENT]: id })),
    },
  };
}

export interface MembersOptions {
  /** Required members whose rules are not table rows (sandbox set-up bodies, response shapes), by member. */
  required?: Record<string, RequirementId>;
  /** Keywords of the object itself that no row states. */
  extra?: JsonSchema;
  /** Their annotation: keyword → id. */
  annotation?: Record<string, RequirementId>;
}

/**
 * An object of the table's `scopes` (most specific first: a member two scopes require is required by the first's
 * rule). Each member takes the keywords of its rows; required members and conditions come from rows too.
 */
export function members(
  scopes: string | readonly string[],
  properties: Record<string, JsonSchema>,
  options: MembersOptions = {},
): JsonSchema {
  const order = typeof scopes === 'string' ? [scopes] : scopes;
  const rows = order.flatMap((scope) => rowsOf(scope));
  const fieldRows = (name: string) => rows.filter((r) => placeOf(r).field === name && kindOf(r) !== 'condition');
  const requiredRow = (name: string) =>
    fieldRows(name).find((r) => 'required' in r || ('enum' in r && r.alsoRequired === true));
  const required: Record<string, RequirementId> = {};
  for (const name of Object.keys(properties)) {
    const id = requiredRow(name)?.id ?? options.required?.[name];
    if (id) required[name] = id;
  }
  const built = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, withRules(schema, fieldRows(name), required[name])]),
  );
  const conditions = rows.flatMap((r) => ('condition' in r ? [conditionOf(r.condition, r.id)] : []));
  const conditionIds = rows.filter((r) => 'condition' in r).map((r) => r.id);
  const schema: JsonSchema = { type: 'object', properties: built };
  if (Object.keys(required).length > 0) schema.required = Object.keys(required);
  if (conditions.length === 1) {
    const [only] = conditions as [{ keyword: string; schema: JsonSchema }];
    return {
      ...schema,
      ...only.schema,
      ...options.extra,
      [X_REQUIREMENT]: { required, [only.keyword]: conditionIds[0] as RequirementId, ...options.annotation },
    };
  }
  const allOf = conditions.map((c, i) => ({ ...c.schema, [X_REQUIREMENT]: conditionIds[i] as RequirementId }));
  return {
    ...schema,
    ...(allOf.length > 0 ? { allOf } : {}),
    ...options.extra,
    [X_REQUIREMENT]: { required, ...options.annotation },
  };
}

/** A value type of the table (Currency, Country): the rows of its scope whose field is the value itself. */
export const valueOf = (scope: string, base: JsonSchema): JsonSchema =>
  withRules(
    base,
    rowsOf(scope).filter((r) => placeOf(r).field === ''),
  );
