import type { RequirementId } from '../../spec/index.js';

/**
 * Every schema keyword that states a rule carries the rule's requirement id in an `x-requirement`
 * annotation on the schema object that holds it, so that a validation error maps back to the catalogue:
 * - a string: the id of every keyword of that object;
 * - an object: keyword → id, and for `required` property → id.
 */
export type RequirementAnnotation =
  RequirementId | { [keyword: string]: RequirementId | Record<string, RequirementId> };

export const X_REQUIREMENT = 'x-requirement';

/** A schema object; its own annotation is typed, so a mistyped id in it is a type error. */
export type JsonSchema = { [keyword: string]: unknown; [X_REQUIREMENT]?: RequirementAnnotation };

/** The base of every schema's `$id`; shared schemas are referenced by their bare name. */
export const SCHEMA_BASE = 'https://psd2-conformance.example/schemas/';

export const ref = (name: string): JsonSchema => ({ $ref: name });

/** A string with length limits, each limit tied to its rule. */
export function text(limits: { min?: number; max?: number }, id: RequirementId): JsonSchema {
  const schema: JsonSchema = { type: 'string' };
  if (limits.min !== undefined) schema.minLength = limits.min;
  if (limits.max !== undefined) schema.maxLength = limits.max;
  return { ...schema, [X_REQUIREMENT]: id };
}

/** An object whose required members each name their own rule. */
export function object(
  properties: Record<string, JsonSchema>,
  required: Record<string, RequirementId>,
  extra: JsonSchema = {},
  annotation: Record<string, RequirementId> = {},
): JsonSchema {
  const schema: JsonSchema = { type: 'object', properties };
  if (Object.keys(required).length > 0) schema.required = Object.keys(required);
  return { ...schema, ...extra, [X_REQUIREMENT]: { required, ...annotation } };
}

export const isoDate = (id: RequirementId): JsonSchema => ({ type: 'string', format: 'date', [X_REQUIREMENT]: id });

export const enumOf = (values: readonly string[], id: RequirementId): JsonSchema => ({
  type: 'string',
  enum: [...values],
  [X_REQUIREMENT]: id,
});
