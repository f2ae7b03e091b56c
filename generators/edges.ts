import { placeOf, type FieldRule, type OperationId, type RequirementId } from '../spec/index.js';
import type { Breaker } from './rule-breakers.js';
import { besides, charactersOf, child, labelAt, named, preparing, rowsAt, type BodySites, type Site } from './sites.js';
import { ascii, nonAscii } from './text.js';

/**
 * A valid value at the edge of a rule (the longest it allows, a member of its list), put into a body: a bank must
 * accept it (201). The value is fixed (every edge is sent, once); `at` and `prepare` place it as a breaker's are
 * placed. A bank that counts a limit of characters in UTF-8 bytes refuses the longest name in Norwegian letters.
 */
export interface Edge {
  requirementId: RequirementId;
  label: string;
  at: string;
  value: unknown;
  prepare?: Breaker['prepare'];
}

/** The valid values at a row's edges, as the table says them: the longest (see Characters), each listed member. */
function edgeValues(row: FieldRule): { label: string; value: unknown }[] {
  const name = named(row);
  if ('enum' in row)
    // A list that constrains each item of an array member is sent as an array of that one item.
    return row.enum.map((value) => ({ label: `${name} ${value}`, value: row.each ? [value] : value }));
  if (!('length' in row)) return [];
  const { max } = row.length;
  const characters = charactersOf(row);
  if (characters !== 'text' && characters !== 'identifier') return [];
  const longest = [{ label: `${name} of ${max} ASCII letters`, value: ascii(max) }];
  if (characters === 'text') longest.push({ label: `${name} of ${max} non-ASCII letters`, value: nonAscii(max) });
  return longest;
}

/** Every edge the table gives at one site of an operation's body, row by row in table order. */
export function edgesAt(operation: OperationId, site: Site): Edge[] {
  if (site.keep === false) return [];
  const { at, put, wrap = (value: unknown) => value } = { put: site.put, ...site.keep };
  return rowsAt(site, operation).flatMap((row) => {
    const { field } = placeOf(row);
    const prepare = preparing({ ...site.prepare, ...besides(site.at, row.alongside) });
    return edgeValues(row).map(({ label, value }) => ({
      requirementId: row.id,
      label: labelAt(site, label),
      at: at ?? (put ? site.at : child(site.at, field)),
      value: wrap(put ? put(field, value) : value),
      ...(prepare ? { prepare } : {}),
    }));
  });
}

/** A body's edges: the table's at each of its sites (hand-written breakers have none). */
export function edgesOf(operation: OperationId, body: BodySites<Breaker>): Edge[] {
  return body.flatMap((part) => (Array.isArray(part) ? [] : edgesAt(operation, part as Site)));
}
