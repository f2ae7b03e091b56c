import type fc from 'fast-check';
import { pointerRemove, pointerSet } from '../core/index.js';
import {
  REMOVE,
  kindOf,
  placeOf,
  requirement,
  rowsOf,
  type Characters,
  type FieldRule,
  type FieldRuleKind,
  type Members,
  type OperationId,
} from '../spec/index.js';

/**
 * Where a body holds the objects (or values) of some scopes of the rule table (spec/requirements/field-rules/), and
 * how a member's value is put there. A row of a scope is broken (rule-breakers.ts) and kept at its edge (edges.ts) at
 * every site of that scope: a new row gets both in every body that holds its scope.
 */
export interface Site {
  /** The table scopes whose rows apply here. */
  scopes: readonly string[];
  /** JSON pointer of the scope's object (or, for a value scope such as Currency, of the value) in the body. */
  at: string;
  /** Only the rows of these members. */
  fields?: readonly string[];
  /** Only the rows of these kinds. */
  kinds?: readonly FieldRuleKind[];
  /**
   * The object put at `at` around a member's value (REMOVE: the member left out), for an object the valid body may
   * lack or whose other members would break other rules; without it the member is set in place.
   */
  put?: (field: string, value: unknown) => unknown;
  /** Wraps each value put at `at` (a structured item inside its array). */
  wrap?: (value: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>;
  /** Body members set first, by absolute pointer (REMOVE leaves one out): what the body needs for this site. */
  prepare?: Members;
  /** Said after the labels of what is put here, where another site holds the same scope in the body. */
  where?: string;
  /** The country of an IBAN made too long (it keeps its structure). */
  ibanCountry?: string;
  /**
   * How a valid edge value (the longest a rule allows, a member of its list) is put here: `false` sends none; `only`
   * keeps to the members a product surely takes where it restricts the list beyond interface.md (an SCT's euro);
   * `at`/`put` place it elsewhere than a broken value (a currency with an amount of its minor units); `wrap` for a
   * single value.
   */
  keep?:
    | false
    | {
        at?: string;
        put?: (field: string, value: unknown) => unknown;
        wrap?: (value: unknown) => unknown;
        /** Only these members of a list (a product that restricts it beyond interface.md's list: an SCT's euro). */
        only?: readonly string[];
      };
}

/** A body: its sites, and hand-written breakers (rules judged in code) between them, in the order they are sent. */
export type BodySites<B> = readonly (Site | readonly B[])[];

/** The rows a site serves for an operation: its scopes' request rows whose catalogue rule names the operation. */
export function rowsAt(site: Site, operation: OperationId): FieldRule[] {
  return rowsOf(site.scopes).filter((row) => {
    const rule = requirement(row.id);
    return (
      rule.kind === 'body' &&
      rule.operations.includes(operation) &&
      (!site.fields || site.fields.includes(placeOf(row).field)) &&
      (!site.kinds || site.kinds.includes(kindOf(row)))
    );
  });
}

/** A member's name as labels say it ('' is the scope's value: its name in lower case). */
export const named = (row: FieldRule): string => placeOf(row).field || placeOf(row).scope.toLowerCase();

/** A label as a site says it: with where, when the body holds the scope at more than one site. */
export const labelAt = (site: Site, label: string): string => (site.where ? `${label} ${site.where}` : label);

/** What the member's values are made of (text unless the row says otherwise). */
export const charactersOf = (row: FieldRule): Characters => ('characters' in row && row.characters) || 'text';

/** The pointer of a member of the object at `at` ('' is the object itself). */
export const child = (at: string, member: string): string => (member ? `${at}/${member}` : at);

/** Members beside a field, as absolute pointers of the body. */
export const besides = (at: string, members: Members = {}): Members =>
  Object.fromEntries(Object.entries(members).map(([member, value]) => [child(at, member), value]));

/** Sets (or REMOVE-s) members of a body by pointer, on a copy. */
export function preparing(members: Members): ((body: Record<string, unknown>) => Record<string, unknown>) | undefined {
  const entries = Object.entries(members);
  if (entries.length === 0) return undefined;
  return (body) => {
    const copy = structuredClone(body);
    for (const [pointer, value] of entries)
      if (value === REMOVE) pointerRemove(copy, pointer);
      else pointerSet(copy, pointer, value);
    return copy;
  };
}
