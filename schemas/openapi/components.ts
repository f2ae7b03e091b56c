import type { JsonSchema } from '../json/annotate.js';
import { SCHEMAS } from '../registry.js';

const COMPONENTS = '#/components/schemas/';

/** Rewrites the bare `$ref: '<Name>'` of the schemas to OpenAPI component references, and drops per-file ids. */
function toComponent(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toComponent);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === '$schema') continue;
    out[key] = key === '$ref' && typeof value === 'string' ? `${COMPONENTS}${value}` : toComponent(value);
  }
  return out;
}

export const componentSchemas = (): Record<string, unknown> =>
  Object.fromEntries(Object.entries(SCHEMAS).map(([name, s]) => [name, toComponent(s)]));

export const schemaRef = (name: string): JsonSchema => ({ $ref: `${COMPONENTS}${name}` });
