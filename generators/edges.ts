import { isDeepStrictEqual } from 'node:util';
import {
  CLASS,
  alphabetsOf,
  longestIn,
  placeOf,
  type FieldRule,
  type Members,
  type OperationId,
  type RequirementId,
} from '../spec/index.js';
import type { Breaker } from './rule-breakers.js';
import { besides, child, labelAt, named, preparing, rowsAt, type BodySites, type Site } from './sites.js';
import { lettersOf } from './text.js';

/**
 * A valid value at the edge of a rule (the longest it allows, a member of its list), put into a body: a bank must
 * accept it (201). The value is fixed (every edge is sent, once); `at` and `prepare` place it as a breaker's are
 * placed. A bank that counts a limit of characters in UTF-8 bytes refuses the longest name in Norwegian letters.
 */
export interface Edge {
  requirementId: RequirementId;
  /** The valid class of the rule it is one value of (spec/matrix). */
  cls: string;
  label: string;
  at: string;
  value: unknown;
  prepare?: Breaker['prepare'];
  /** What `prepare` sets, by absolute pointer: edges whose members meet cannot share a body. */
  prepared?: Members;
}

/**
 * The valid values at a row's edges, one or more per class: the longest in each alphabet the row allows, each listed
 * member (a site may keep to some: an SCT's euro), and the row's own valid values (a BIC of 11 characters, a date).
 */
function edgeValues(row: FieldRule, only?: readonly string[]): { cls: string; label: string; value: unknown }[] {
  const name = named(row);
  const given = (row.valid ?? []).flatMap(({ label, values }) =>
    (typeof values === 'function' ? values(new Date()) : values).map((value) => ({
      cls: label,
      label: `${name}: ${label}`,
      value,
    })),
  );
  if ('enum' in row)
    // A list that constrains each item of an array member is sent as an array of that one item.
    return row.enum
      .filter((value) => !only || only.includes(value))
      .map((value) => ({ cls: CLASS.listedMember, label: `${name} ${value}`, value: row.each ? [value] : value }));
  if (!('length' in row)) return given;
  return alphabetsOf(row).map((alphabet) => ({
    cls: longestIn(alphabet),
    label: `${name}: ${longestIn(alphabet)}`,
    value: lettersOf(alphabet, row.length.max),
  }));
}

/** Every edge the table gives at one site of an operation's body, row by row in table order. */
export function edgesAt(operation: OperationId, site: Site): Edge[] {
  if (site.keep === false) return [];
  const { at, put, wrap = (value: unknown) => value, only } = { put: site.put, ...site.keep };
  return rowsAt(site, operation).flatMap((row) => {
    const { field } = placeOf(row);
    const prepared = { ...site.prepare, ...besides(site.at, row.alongside) };
    const prepare = preparing(prepared);
    return edgeValues(row, only).map(({ cls, label, value }) => ({
      requirementId: row.id,
      cls,
      label: labelAt(site, label),
      at: at ?? (put ? site.at : child(site.at, field)),
      value: wrap(put ? put(field, value) : value),
      ...(prepare ? { prepare, prepared } : {}),
    }));
  });
}

/** A body's edges: the table's at each of its sites (hand-written breakers have none). */
export function edgesOf(operation: OperationId, body: BodySites<Breaker>): Edge[] {
  return body.flatMap((part) => (Array.isArray(part) ? [] : edgesAt(operation, part as Site)));
}

/** Two pointers meet when one is the other or inside it. */
const meet = (a: string, b: string): boolean =>
  a === b || a === '' || b === '' || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/** Whether two edges can be put into one body: what each sets and prepares leaves the other's members alone. */
function compatible(a: Edge, b: Edge): boolean {
  const set = (e: Edge): [string, unknown][] => [[e.at, e.value], ...Object.entries(e.prepared ?? {})];
  return set(a).every(([p, v]) =>
    set(b).every(([q, w]) => !meet(p, q) || (p === q && p !== a.at && q !== b.at && isDeepStrictEqual(v, w))),
  );
}

/**
 * Valid values that can share a request, in as few groups as they allow (issue 34: valid classes share requests,
 * invalid ones are one per request): each edge joins the first group none of whose members it meets. Edges of one
 * member (each listed currency) stay apart; a creditor's bban and a BIC both set creditorAgent, so they do too.
 */
export function shareBodies<E extends Edge>(edges: readonly E[]): E[][] {
  const groups: E[][] = [];
  for (const edge of edges) {
    const group = groups.find((g) => g.every((other) => compatible(edge, other)));
    if (group) group.push(edge);
    else groups.push([edge]);
  }
  return groups;
}
