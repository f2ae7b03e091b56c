import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { loadAjv } from '../core/ajv.js';
import { requirement, type RequirementId, type SchemaName } from '../spec/index.js';
import { CODE_VALIDATORS } from './code/index.js';
import { conventionInstead, listFits, testFits } from './code/normalised.js';
import type { Violation } from './code/types.js';
import { SCHEMA_BASE, X_REQUIREMENT, type RequirementAnnotation } from './json/annotate.js';
import { schemasAjv, standaloneValidators } from './validators.js';
import { BODY_SCHEMAS, SCHEMAS, type AnySchemaName } from './registry.js';

export type { Violation } from './code/types.js';
export { SCHEMAS, BODY_SCHEMAS, type AnySchemaName, type SharedSchemaName } from './registry.js';
export { X_REQUIREMENT, SCHEMA_BASE } from './json/annotate.js';
export { expandLocation, ruleLocations } from './locate.js';
/** The bodies' TypeScript types, compiled from the schemas by `npm run generate`. */
export type * from './types.generated.js';

/** A keyword an ajv error cannot be traced to: the request is still invalid, so it still must not succeed. */
const FALLBACK: RequirementId = 'Errors.invalidRequest.never2xx';

let ajv: Ajv2020 | undefined;
let ahead: { validators: Record<string, ValidateFunction> | undefined } | undefined;
const compiled = new Map<string, ValidateFunction>();

/** The validators compiled ahead of time, looked for once a process (none when the process runs no tree). */
const aheadOfTime = () => (ahead ??= { validators: standaloneValidators() }).validators;

/**
 * The validator of one schema: compiled ahead of time in the tree this process runs from (schemas/validators.ts),
 * else compiled here on its first use (compiling all of them up front cost the bank's first answer seconds of
 * start-up for schemas a run may never use).
 */
function validatorOf(name: string): ValidateFunction | undefined {
  const known = compiled.get(name);
  if (known) return known;
  if (!(name in SCHEMAS)) return undefined;
  const check =
    aheadOfTime()?.[name] ?? ((ajv ??= schemasAjv()).getSchema(`${SCHEMA_BASE}${name}`) as ValidateFunction);
  compiled.set(name, check);
  return check;
}

/** Loads the validators now, for a process that waits before its first check (a prewarmed suite worker). */
export function loadValidators(): void {
  if (!aheadOfTime()) loadAjv();
}

function requirementOf(error: ErrorObject): RequirementId {
  const annotation = (error.parentSchema as Record<string, unknown> | undefined)?.[X_REQUIREMENT] as
    RequirementAnnotation | undefined;
  if (typeof annotation === 'string') return annotation;
  const entry = annotation?.[error.keyword];
  if (typeof entry === 'string') return entry;
  if (entry && error.keyword === 'required')
    return entry[(error.params as { missingProperty: string }).missingProperty] ?? FALLBACK;
  return FALLBACK;
}

/** A list or pattern failure that only letter case or blanks cause names its SHOULD convention instead. */
function requirementFor(error: ErrorObject): RequirementId {
  const id = requirementOf(error);
  const fits =
    error.keyword === 'enum'
      ? listFits(error.schema as unknown[])
      : error.keyword === 'pattern'
        ? testFits((v) => new RegExp(error.schema as string, 'u').test(v))
        : undefined;
  return (fits && conventionInstead(id, error.data, fits)) || id;
}

function toViolation(error: ErrorObject): Omit<Violation, 'level'> {
  const missing =
    error.keyword === 'required' ? `/${(error.params as { missingProperty: string }).missingProperty}` : '';
  return {
    requirementId: requirementFor(error),
    pointer: `${error.instancePath}${missing}`,
    message: error.message ?? error.keyword,
  };
}

export interface ValidateOptions {
  /** MUST: only rules interface.md states; ALL (default): SHOULD conventions too. */
  strictness?: 'MUST' | 'ALL';
}

/**
 * Validates a body against a schema and the schema's code validators. Each violation names the
 * requirement it breaks; one violation per (requirement, pointer).
 */
export function validate(name: AnySchemaName, value: unknown, options: ValidateOptions = {}): Violation[] {
  const check = validatorOf(name);
  if (!check) throw new Error(`no schema named ${name}`);
  // An `if` error only repeats the `then` error beneath it.
  const found = check(value) ? [] : (check.errors ?? []).filter((e) => e.keyword !== 'if').map(toViolation);
  for (const validator of CODE_VALIDATORS[name] ?? []) found.push(...validator(value));
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const v of found) {
    const key = `${v.requirementId} ${v.pointer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const level = requirement(v.requirementId).level;
    if (options.strictness === 'MUST' && level !== 'MUST') continue;
    violations.push({ ...v, level });
  }
  return violations;
}

const annotated = new Map<string, RequirementId[]>();

/**
 * Every rule annotated (`x-requirement`) in a schema and the schemas it references: what a body that validates
 * against it was found to hold. Rules of its code validators are not listed (they run as code, not as keywords).
 */
export function schemaRules(name: AnySchemaName): RequirementId[] {
  const known = annotated.get(name);
  if (known) return known;
  const ids = new Set<RequirementId>();
  const seen = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === X_REQUIREMENT) collect(value as RequirementAnnotation);
      else if (key === '$ref' && typeof value === 'string') follow(value);
      else walk(value);
    }
  };
  const collect = (annotation: RequirementAnnotation): void => {
    if (typeof annotation === 'string') ids.add(annotation);
    else
      for (const entry of Object.values(annotation))
        if (typeof entry === 'string') ids.add(entry);
        else for (const id of Object.values(entry)) ids.add(id);
  };
  const follow = (reference: string): void => {
    const target = reference.startsWith(SCHEMA_BASE) ? reference.slice(SCHEMA_BASE.length) : reference;
    if (seen.has(target)) return;
    seen.add(target);
    walk((SCHEMAS as Record<string, unknown>)[target]);
  };
  follow(name);
  const rules = [...ids].sort();
  annotated.set(name, rules);
  return rules;
}

/** True when the schema is one of the operation bodies (and not a shared type). */
export const isBodySchema = (name: string): name is SchemaName => (BODY_SCHEMAS as readonly string[]).includes(name);
