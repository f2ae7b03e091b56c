import type { JsonSchema } from '../json/annotate.js';
import { DOCUMENT_NOTE, buildOpenApi } from './build.js';

/**
 * The 3.1 document rewritten as OpenAPI 3.0.3, for tools whose parser reads only 3.0: Dredd 14 (its
 * @apielements/openapi3-parser warns "Version '3.1.0' is not fully supported" and knows none of JSON Schema's
 * later keywords) and Portman. Every rewrite keeps what a validator decides:
 * - `const: x` → `enum: [x]`;
 * - `if: A, then: B` → `anyOf: [{ not: A }, B]` (A implies B);
 * - `contains: S` → `not: { items: { not: S } }` (some item is S);
 * - `$ref` beside other keywords → `allOf: [{ $ref }]` beside them (3.0 ignores a `$ref`'s siblings).
 * Schema objects carry no extensions here: Dredd's parser warns about every `x-` key of a Schema Object (and about
 * `additionalProperties`, dropped where it is `true`, the default), so `x-requirements` moves into the description.
 * A keyword 3.0 does not have and no rewrite covers fails the build, so a new schema keyword cannot slip through.
 */

/** OpenAPI 3.0's Schema Object keywords whose values are schemas (or lists or maps of them). */
const SUBSCHEMAS = new Set(['items', 'not', 'allOf', 'anyOf', 'oneOf', 'additionalProperties']);
/** OpenAPI 3.0's other Schema Object keywords: their values are copied as they are. */
const VALUES = new Set([
  ...['title', 'description', 'type', 'format', 'enum', 'default', 'example', 'deprecated', 'nullable', '$ref'],
  ...['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength'],
  ...['pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required'],
  ...['discriminator', 'readOnly', 'writeOnly', 'xml', 'externalDocs'],
]);

/** Adds one more condition to a schema, through `allOf` when the keyword is already taken. */
function conjoin(schema: JsonSchema, key: string, value: unknown): void {
  if (!(key in schema)) schema[key] = value;
  else schema.allOf = [...((schema.allOf as unknown[]) ?? []), { [key]: value }];
}

export function toSchema30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toSchema30);
  if (!node || typeof node !== 'object') return node;
  const source = node as JsonSchema;
  const out: JsonSchema = {};
  const rewrites: [string, unknown][] = [];
  const ids: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    if (key === 'x-requirements') ids.push(...(value as string[]));
    else if (key.startsWith('x-') || (key === 'additionalProperties' && value === true)) continue;
    else if (VALUES.has(key)) out[key] = value;
    else if (SUBSCHEMAS.has(key)) out[key] = toSchema30(value);
    else if (key === 'properties')
      out.properties = Object.fromEntries(Object.entries(value as JsonSchema).map(([p, s]) => [p, toSchema30(s)]));
    else if (key === 'const') rewrites.push(['enum', [value]]);
    else if (key === 'if') rewrites.push(['anyOf', [{ not: toSchema30(value) }, toSchema30(source.then ?? {})]]);
    else if (key === 'then') continue;
    else if (key === 'contains') rewrites.push(['not', { items: { not: toSchema30(value) } }]);
    else throw new Error(`OpenAPI 3.0 rendering: no rewrite for schema keyword "${key}"`);
  }
  if ('else' in source || Array.isArray(source.type))
    throw new Error('OpenAPI 3.0 rendering: no rewrite for "else" or a list of types');
  for (const [key, value] of rewrites) conjoin(out, key, value);
  if (ids.length > 0)
    out.description = [out.description, `Requirement ids: ${ids.join(', ')}.`].filter(Boolean).join(' ');
  if (typeof out.$ref === 'string' && Object.keys(out).some((k) => k !== '$ref' && !k.startsWith('x-'))) {
    const { $ref, ...rest } = out;
    return { ...rest, allOf: [{ $ref }, ...((rest.allOf as unknown[]) ?? [])] };
  }
  return out;
}

type Operation = { parameters?: JsonSchema[]; requestBody?: JsonSchema; responses: Record<string, JsonSchema> };

function mediaTypes30(content: unknown): unknown {
  if (!content) return content;
  return Object.fromEntries(
    Object.entries(content as Record<string, JsonSchema>).map(([type, media]) => [
      type,
      { ...media, schema: toSchema30(media.schema) },
    ]),
  );
}

const parameter30 = (p: JsonSchema): JsonSchema => (p.schema ? { ...p, schema: toSchema30(p.schema) } : p);

/**
 * `default` (any other status: the Error body) becomes `4XX` and `5XX`: Dredd's parser turns `default` into a
 * transaction expecting 200 with an error body, one more per operation (two "200" transactions of the same name on
 * basket reads); ranges it skips with a warning, and 3.0 tools that read ranges (Portman) keep the meaning.
 */
function responses30(responses: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(responses)) {
    const rendered = response.content ? { ...response, content: mediaTypes30(response.content) } : response;
    if (status !== 'default') out[status] = rendered;
    else {
      out['4XX'] = { ...rendered, description: 'Any other client error: the Error body.' };
      out['5XX'] = { ...rendered, description: 'Any other server error: the Error body.' };
    }
  }
  return out;
}

function operation30(op: Operation): Operation {
  return {
    ...op,
    ...(op.parameters ? { parameters: op.parameters.map(parameter30) } : {}),
    ...(op.requestBody ? { requestBody: { ...op.requestBody, content: mediaTypes30(op.requestBody.content) } } : {}),
    responses: responses30(op.responses),
  };
}

export function buildOpenApi30(): JsonSchema {
  const { jsonSchemaDialect: _, paths, components, ...rest } = buildOpenApi();
  const { parameters, schemas } = components as { parameters: Record<string, JsonSchema>; schemas: JsonSchema };
  return {
    ...rest,
    openapi: '3.0.3',
    info: {
      ...(rest.info as JsonSchema),
      description:
        `${DOCUMENT_NOTE} This is the OpenAPI 3.0 rendering of schemas/openapi.json (3.1), for tools that read ` +
        'only 3.0 (Dredd, Portman): const, if/then and contains are rewritten as enum, anyOf/not and not/items, ' +
        "which decide the same; requirement ids are in the schemas' descriptions; the default response is " +
        'written as 4XX and 5XX.',
    },
    paths: Object.fromEntries(
      Object.entries(paths as Record<string, Record<string, Operation>>).map(([path, item]) => [
        path,
        Object.fromEntries(Object.entries(item).map(([method, op]) => [method, operation30(op)])),
      ]),
    ),
    components: {
      parameters: Object.fromEntries(Object.entries(parameters).map(([n, p]) => [n, parameter30(p)])),
      schemas: Object.fromEntries(Object.entries(schemas).map(([n, s]) => [n, toSchema30(s)])),
    },
  };
}

export const renderOpenApi30 = (): string => `${JSON.stringify(buildOpenApi30(), null, 2)}\n`;
