import { X_REQUIREMENT, type JsonSchema, type RequirementAnnotation } from '../json/annotate.js';
import { SCHEMAS } from '../registry.js';
import { withToolConstraints } from './constraints.js';
import { SETUP_SCHEMAS } from './setup-bodies.js';

export const COMPONENTS = '#/components/schemas/';

/** The requirement ids an `x-requirement` annotation names, in order, each once. */
export function requirementIds(annotation: RequirementAnnotation): string[] {
  if (typeof annotation === 'string') return [annotation];
  return Object.values(annotation).flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value)));
}

/** Keywords an `allOf` member may carry and still be merged into its parent: no references, no conditions. */
const UNMERGEABLE = new Set(['$ref', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not']);

/**
 * Moves the keywords of an `allOf` whose members are plain keyword sets (Country's maxLength and enum) up onto
 * the schema itself, where fuzzers and mock generators read them; it changes nothing a validator decides.
 * Members that collide (two `pattern`s) or hold references stay where they are.
 */
function liftAllOf(schema: JsonSchema, ids: string[]): void {
  const members = schema.allOf;
  if (!Array.isArray(members)) return;
  const taken = new Set(Object.keys(schema));
  for (const member of members as JsonSchema[]) {
    for (const key of Object.keys(member)) {
      if (key === 'x-requirements') continue;
      if (UNMERGEABLE.has(key) || taken.has(key)) return;
      taken.add(key);
    }
  }
  delete schema.allOf;
  for (const member of members as JsonSchema[]) {
    const { 'x-requirements': memberIds, ...keywords } = member;
    Object.assign(schema, keywords);
    ids.push(...((memberIds as string[] | undefined) ?? []));
  }
}

/**
 * A JSON Schema of schemas/ as an OpenAPI component: bare `$ref: '<Name>'` become component references, per-file
 * ids go, and `x-requirement` (keyword → id maps that tools walking the schema mistake for schema keywords: Portman's
 * fuzzer crashed on `{ anyOf: '<id>' }`) becomes `x-requirements`, the list of the rule ids the object states.
 */
export function toComponent(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toComponent);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  const ids: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === '$schema') continue;
    if (key === X_REQUIREMENT) ids.push(...requirementIds(value as RequirementAnnotation));
    else out[key] = key === '$ref' && typeof value === 'string' ? `${COMPONENTS}${value}` : toComponent(value);
  }
  liftAllOf(out, ids);
  if (ids.length > 0) out['x-requirements'] = [...new Set(ids)];
  return out;
}

/** Every schema of schemas/ as a component, with the constraints tools read in place, and the set-up bodies. */
export const componentSchemas = (): Record<string, JsonSchema> => {
  const rendered = Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => [name, toComponent(schema) as JsonSchema]),
  );
  return { ...withToolConstraints(rendered), ...SETUP_SCHEMAS };
};

export const schemaRef = (name: string): JsonSchema => ({ $ref: `${COMPONENTS}${name}` });
