import type { RequirementId } from '../spec/index.js';
import { SCHEMA_BASE, X_REQUIREMENT, type JsonSchema, type RequirementAnnotation } from './json/annotate.js';
import { SCHEMAS, type AnySchemaName } from './registry.js';

/**
 * Where in a value of a schema a rule is judged: the instance pointers of the schema objects annotated with the rule
 * (for `required`, the missing member's), `*` standing for any item of an array. `/payments/*\/creditorName` for
 * BULK.entry.creditorName.max70 in a bulk payment request. Conditions (`if`, `not`, `anyOf`) are found at the object
 * they constrain.
 */
export function ruleLocations(name: AnySchemaName, id: RequirementId): string[] {
  const found = new Set<string>();
  const visiting = new Set<string>();
  const mentions = (annotation: RequirementAnnotation | undefined, keyword?: string): boolean => {
    if (annotation === undefined) return false;
    if (typeof annotation === 'string') return annotation === id;
    return Object.entries(annotation).some(([k, v]) => k !== 'required' && (!keyword || k === keyword) && v === id);
  };
  const walk = (schema: unknown, pointer: string): void => {
    if (!schema || typeof schema !== 'object') return;
    const node = schema as JsonSchema;
    if (typeof node.$ref === 'string') {
      const target = node.$ref.startsWith(SCHEMA_BASE) ? node.$ref.slice(SCHEMA_BASE.length) : node.$ref;
      const key = `${target} ${pointer}`;
      if (visiting.has(key)) return;
      visiting.add(key);
      walk(SCHEMAS[target], pointer);
      visiting.delete(key);
    }
    const annotation = node[X_REQUIREMENT];
    if (mentions(annotation)) found.add(pointer);
    const required = typeof annotation === 'object' ? (annotation.required as Record<string, string> | undefined) : {};
    for (const [member, rule] of Object.entries(required ?? {})) if (rule === id) found.add(`${pointer}/${member}`);
    for (const [member, child] of Object.entries((node.properties as Record<string, unknown> | undefined) ?? {}))
      walk(child, `${pointer}/${member}`);
    if (node.items) walk(node.items, `${pointer}/*`);
    if (node.additionalProperties && typeof node.additionalProperties === 'object')
      walk(node.additionalProperties, `${pointer}/*`);
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      for (const member of (node[keyword] as unknown[] | undefined) ?? []) walk(member, pointer);
    // A condition's own subschemas judge the object they sit in, not members of it.
    for (const keyword of ['then', 'not'])
      if (node[keyword] && mentions((node[keyword] as JsonSchema)[X_REQUIREMENT])) found.add(pointer);
  };
  walk(SCHEMAS[name], '');
  return [...found].sort();
}

/** The pointers a location pattern stands for in one value: `*` becomes each item (or member) that is there. */
export function expandLocation(value: unknown, pattern: string): string[] {
  const tokens = pattern.split('/').slice(1);
  const expand = (node: unknown, at: string, rest: string[]): string[] => {
    if (rest.length === 0) return [at];
    const [head, ...tail] = rest as [string, ...string[]];
    if (head === '*')
      return node && typeof node === 'object'
        ? Object.entries(node).flatMap(([key, item]) => expand(item, `${at}/${key}`, tail))
        : [];
    const child = node && typeof node === 'object' ? (node as Record<string, unknown>)[head] : undefined;
    return tail.length === 0 || child !== undefined ? expand(child, `${at}/${head}`, tail) : [];
  };
  return expand(value, '', tokens);
}
