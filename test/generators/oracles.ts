import { isIP } from 'node:net';
import { validate } from '../../schemas/index.js';
import {
  PSU_CONTEXTS,
  PSU_HTTP_METHODS,
  operation,
  requirement,
  type OperationId,
  type RequirementId,
  type SchemaName,
} from '../../spec/index.js';

/** Rules that cannot be broken alone: the second id necessarily breaks with the first. */
export const COMPANIONS: Partial<Record<RequirementId, RequirementId[]>> = {
  'Country.max2': ['Country.enum'],
  'AccountReference.iban.max34': ['AccountReference.iban.structure'],
  'Amount.amount.precision18scale5': ['Amount.amount.fractionDigits'],
};

/** MUST rules a body breaks besides `id` and its companions (the catch-all never2xx aside). */
export function otherMustViolations(schema: SchemaName, body: unknown, id: RequirementId): RequirementId[] {
  return validate(schema, body)
    .map((v) => v.requirementId)
    .filter(
      (other) =>
        other !== id &&
        !(COMPANIONS[id] ?? []).includes(other) &&
        other !== 'Errors.invalidRequest.never2xx' &&
        requirement(other).level === 'MUST',
    );
}

export const bodyBreaks = (schema: SchemaName, body: unknown, id: RequirementId): boolean =>
  validate(schema, body).some((v) => v.requirementId === id);

/**
 * Judges of header sets and queries for the generator tests, written from interface.md (Header groups,
 * Endpoint 9, Endpoints 3 to 5) and independent of generators/: schemas/ has no validator for these.
 * Each returns the catalogue ids the request breaks, restricted to rules that name the operation.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The signer adds these over the final request; a header set before signing lacks them by design. */
const SIGNER = new Set(['Digest', 'Signature', 'TPP-Signature-Certificate']);

const forOperation = (op: OperationId, ids: Set<RequirementId>) =>
  [...ids].filter((id) => requirement(id).operations.includes(op)).sort();

export function headerViolations(op: OperationId, headers: Record<string, string>): RequirementId[] {
  const spec = operation(op);
  const has = (name: string) => typeof headers[name] === 'string';
  const found = new Set<RequirementId>();
  for (const h of spec.headers)
    if (h.presence === 'yes' && h.requiredRule && !SIGNER.has(h.name) && !has(h.name)) found.add(h.requiredRule);
  if (!has('PSU-ID') && !has('X-PSU-IDENTITY')) found.add('Headers.PSU-ID.required');
  const malformed = (name: string, ok: (v: string) => boolean, id: RequirementId) => {
    if (has(name) && !ok(headers[name] as string)) found.add(id);
  };
  malformed('PSU-ID', (v) => UUID.test(v), 'Headers.PSU-ID.uuid');
  malformed('PSU-Device-ID', (v) => UUID.test(v), 'Headers.PSU-Device-ID.uuid');
  malformed('PSU-IP-Address', (v) => isIP(v) !== 0, 'Headers.PSU-IP-Address.ip');
  malformed(
    'PSU-HTTP-Method',
    (v) => (PSU_HTTP_METHODS as readonly string[]).includes(v),
    'Headers.PSU-HTTP-Method.enum',
  );
  malformed('PSU-Context', (v) => (PSU_CONTEXTS as readonly string[]).includes(v), 'Headers.PSU-Context.enum');
  malformed('TPP-Redirect-Preferred', (v) => v === 'true' || v === 'false', 'Headers.TPP-Redirect-Preferred.boolean');
  malformed('Accept', (v) => /application\/json|application\/\*|\*\/\*/.test(v), 'Negotiation.accept.unsupported');
  if (headers['PSU-Context'] === 'CORPORATE' && !has('PSU-Corporate-ID'))
    found.add('Errors.corporateWithoutCorporateId.400');
  const taken = new Set(spec.headers.map((h) => h.name));
  // A rule about a header the operation does not take cannot be broken by that operation's request.
  const about = (id: RequirementId) => id.match(/^Headers\.([^.]+)\./)?.[1];
  return forOperation(op, new Set([...found].filter((id) => !about(id) || taken.has(about(id) as string))));
}

const INT32 = /^-?[0-9]+$/;
const isInt32 = (v: unknown) => INT32.test(String(v)) && Number(v) >= -(2 ** 31) && Number(v) <= 2 ** 31 - 1;
/** A calendar date YYYY-MM-DD that exists (no 30 February). */
function isDate(v: unknown): boolean {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(String(v))) return false;
  const day = new Date(`${String(v)}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === String(v);
}

export function queryViolations(op: OperationId, query: Record<string, unknown>): RequirementId[] {
  const found = new Set<RequirementId>();
  const known = new Set(operation(op).query.map((q) => q.name));
  for (const name of Object.keys(query))
    if (!known.has(name)) throw new Error(`${op} takes no query parameter ${name}`);
  for (const name of ['limit', 'offset'])
    if (name in query && !isInt32(query[name])) found.add('Sandbox.transactions.limit.int32');
  if ('limit' in query && isInt32(query.limit) && Number(query.limit) < 1) found.add('Sandbox.transactions.limit.min1');
  for (const name of ['fromDate', 'toDate'])
    if (name in query && !isDate(query[name])) found.add('Sandbox.transactions.fromDate.date');
  if ('allowLogicalDuplicate' in query && !['true', 'false'].includes(String(query.allowLogicalDuplicate)))
    found.add('Payment.allowLogicalDuplicate.query');
  return forOperation(op, found);
}
