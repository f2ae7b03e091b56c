/**
 * What the policy lets through or holds back in a request body, beside the schema: letter case and padding of
 * codes, check digits, empty lists, and members interface.md does not name. The schema itself stays the one the
 * suites use; these only decide what a bank may tolerate or refuse where interface.md leaves it open.
 */
import { pointerGet } from '../core/index.js';
import { SCHEMAS, type Violation } from '../schemas/index.js';
import { CARD_ACCOUNT_STATUSES, CARD_BALANCE_TYPES, ibanProblem, type OperationSpec } from '../spec/index.js';
import { Rejection } from './errors.js';
import type { BankPolicy } from './policy.js';

type Body = Record<string, unknown>;
const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rewrites one string member in place when present. */
function rewrite(holder: unknown, key: string, change: (value: string) => string): void {
  if (isObject(holder) && typeof holder[key] === 'string') holder[key] = change(holder[key]);
}

/** The spelling in `values` that equals `value` but for letter case, or `value` unchanged. */
const canonicalCase = (values: readonly string[], value: string): string =>
  values.find((known) => known.toLowerCase() === value.toLowerCase()) ?? value;

/**
 * A copy of the body with the codes the policy reads leniently put into their canonical form: BICs upper-cased,
 * padding around BIC, IBAN and BBAN trimmed, card-account enums in interface.md's spelling. The default policy
 * returns the body unchanged.
 */
export function normaliseBody(op: OperationSpec, body: unknown, policy: BankPolicy): unknown {
  const trim = policy.trimWhitespace;
  const upperBic = policy.bicCase === 'insensitive';
  const enumCase = policy.sandboxEnumCase === 'insensitive';
  if (!isObject(body) || (!trim && !upperBic && !enumCase)) return body;
  const copy = structuredClone(body);
  const pad = (s: string) => (trim ? s.trim() : s);
  if (op.requestBody === 'NcbctPaymentRequest' || op.requestBody === 'SctPaymentRequest') {
    rewrite(copy, 'creditorAgent', (s) => (upperBic ? pad(s).toUpperCase() : pad(s)));
    for (const account of [copy.creditorAccount, copy.debtorAccount]) {
      rewrite(account, 'iban', pad);
      rewrite(account, 'bban', pad);
    }
  }
  if (op.requestBody === 'BulkPaymentRequest') {
    rewrite(copy.debtorAccount, 'bban', pad);
    for (const entry of Array.isArray(copy.payments) ? copy.payments : [])
      if (isObject(entry)) rewrite(entry.creditorAccount, 'bban', pad);
  }
  if (op.requestBody === 'SandboxCardAccountRequest' && enumCase) {
    rewrite(copy, 'status', (s) => canonicalCase(CARD_ACCOUNT_STATUSES, s));
    for (const balance of Array.isArray(copy.balances) ? copy.balances : [])
      rewrite(balance, 'balanceType', (s) => canonicalCase(CARD_BALANCE_TYPES, s));
  }
  return copy;
}

/**
 * Whether the policy lets a schema violation pass: a check digit it does not verify (the structure still has to
 * hold), a MOD11 it does not apply, an empty bulk or basket it accepts.
 */
export function tolerated(policy: BankPolicy, body: unknown, violation: Violation): boolean {
  const value = pointerGet(body, violation.pointer);
  switch (violation.requirementId) {
    // The catalogue reports a MOD 97 or country-length problem alone under iban.checksum (a SHOULD rule).
    case 'AccountReference.iban.checksum':
      return policy.ibanCheckDigits === 'ignore' && typeof value === 'string' && ibanProblem(value) === 'checksum';
    case 'StructuredRemittance.kid.checkDigit':
      return policy.kidCheckDigit === 'ignore' && typeof value === 'string' && /^[0-9]{2,25}$/.test(value);
    case 'AccountReference.bban.norwegianMod11':
      return policy.mod11 === 'never' && typeof value === 'string' && /^[0-9]{11}$/.test(value);
    case 'BULK.payments.nonEmpty':
      return policy.emptyBulk === 'accept';
    case 'Basket.create.paymentIds':
      return policy.emptyBasket === 'accept' && Array.isArray(value) && value.length === 0;
    default:
      return false;
  }
}

/** Where a schema's object members are declared: `properties`, through `$ref`s to the shared schemas. */
function resolve(schema: unknown): Body | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema.$ref === 'string') return resolve(SCHEMAS[schema.$ref]);
  return schema;
}

/** Pointers of members the schema does not name, at any depth of the body. */
export function unknownMembers(schema: unknown, value: unknown, pointer = ''): string[] {
  const s = resolve(schema);
  if (!s) return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => unknownMembers(s.items, item, `${pointer}/${i}`));
  if (!isObject(value) || !isObject(s.properties)) return [];
  const properties = s.properties;
  return Object.entries(value).flatMap(([key, member]) =>
    key in properties ? unknownMembers(properties[key], member, `${pointer}/${key}`) : [`${pointer}/${key}`],
  );
}

/** The strict policy refuses members interface.md does not name in a request body. */
export function refuseUnknownMembers(op: OperationSpec, body: unknown, policy: BankPolicy): void {
  if (policy.unknownBodyMembers !== 'refuse' || !op.requestBody) return;
  const unknown = unknownMembers(SCHEMAS[op.requestBody], body);
  if (unknown.length)
    throw new Rejection(400, 'FORMAT_ERROR', `members interface.md does not name: ${unknown.slice(0, 5).join(', ')}`);
}
