import fc from 'fast-check';
import {
  CARD_ACCOUNT_STATUSES,
  CARD_BALANCE_TYPES,
  CONSENT_ROLES,
  ENGAGEMENT_ROLES,
  LIMITS,
  NEAR_MISS_CARD_ACCOUNT_STATUSES,
  NEAR_MISS_CARD_BALANCE_TYPES,
  NEAR_MISS_ENGAGEMENT_ROLES,
  CLASS,
  NOT_INT32,
  SANDBOX_CLASS,
  caseVariantsOf,
  fieldRule,
  otherCaseOf,
  type EngagementRole,
  type EnumRow,
  type RequirementId,
} from '../spec/index.js';
import type { SandboxCardAccountRequest, SandboxEngagement } from '../schemas/index.js';
import { REMOVE, type Breaker } from './invalid.js';
import { classBreakers } from './rule-breakers.js';
import { edgesOf, type Edge } from './edges.js';
import { norwegianBban, norwegianIban } from './accounts.js';
import { text } from './text.js';
import { matching } from './matching.js';

/**
 * Sandbox test-data bodies (interface.md › Resources › Sandbox engagement, Sandbox card account).
 * Integers are int32; limits and amounts stay non-negative because interface.md says nothing about
 * negative limits, and the edges 0, 1 and the int32 maximum come often.
 */
const INT32_MAX = LIMITS.int32.max;

/** A list's row of the rule table, which says its look-alikes and letter case. */
function listRow(id: RequirementId): EnumRow & { outsiders: readonly string[] } {
  const row = fieldRule(id);
  if (!row || !('enum' in row) || !row.outsiders) throw new Error(`rule table: ${id} is no list with outsiders`);
  return row as EnumRow & { outsiders: readonly string[] };
}
const roleRow = listRow('Sandbox.engagement.roles.enum');
const statusRow = listRow('Sandbox.cardAccount.status.enum');
const balanceRow = listRow('Sandbox.cardAccount.balanceType.enum');
const nonNegativeInt32 = (): fc.Arbitrary<number> =>
  fc.oneof(
    fc.integer({ min: 0, max: INT32_MAX }),
    fc.integer({ min: 0, max: 1_000_000 }),
    fc.constantFrom(0, 1, INT32_MAX),
  );

/** A sandbox customer number: digits, but never 11 of them, so it cannot pass for a national identity number. */
export const customerNumber = (): fc.Arbitrary<string> => matching(/^[1-9][0-9]{5,9}$/);

export interface EngagementParts {
  /** The PSU who sees the account (interface.md: not the account's owner). */
  customer?: string;
  /** The account, owned by the corporation that owns the agreement. */
  iban?: string;
}

export function sandboxEngagement(parts: EngagementParts = {}): fc.Arbitrary<SandboxEngagement> {
  return fc
    .record({
      customer: parts.customer === undefined ? customerNumber() : fc.constant(parts.customer),
      iban: parts.iban === undefined ? norwegianIban() : fc.constant(parts.iban),
      // REGISTER and VIEW together make the engagement usable for consent: generated often on purpose.
      roles: fc.oneof(
        fc.constant<EngagementRole[]>([...CONSENT_ROLES]),
        fc.subarray<EngagementRole>([...ENGAGEMENT_ROLES], { minLength: 1 }),
      ),
      registerLimit: nonNegativeInt32(),
      approvalLimit: nonNegativeInt32(),
    })
    .map((r) => ({
      customer: r.customer,
      account: { iban: r.iban },
      roles: r.roles,
      registerLimit: r.registerLimit,
      approvalLimit: r.approvalLimit,
    }));
}

const CARD_CURRENCIES = ['NOK', 'NOK', 'EUR', 'SEK', 'DKK', 'USD'] as const;
const maskedPan = fc
  .tuple(fc.constantFrom('4925', '5555', '5413'), matching(/^[0-9]{4}$/))
  .map(([bin, last]) => `${bin} 55** **** ${last}`);
const expiry = fc
  .tuple(fc.integer({ min: 2026, max: 2035 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`);

export interface CardAccountParts {
  /** The owning customer's number (the sandbox links the account to that customer). */
  customerNumber?: string;
}

export function sandboxCardAccount(parts: CardAccountParts = {}): fc.Arbitrary<SandboxCardAccountRequest> {
  // Built once, not inside a chain: regex-based arbitraries are costly to construct.
  const fields = fc.record({
    currency: fc.constantFrom(...CARD_CURRENCIES),
    customerNumber: parts.customerNumber === undefined ? customerNumber() : fc.constant(parts.customerNumber),
    maskedPan,
    creditLimit: nonNegativeInt32(),
    balances: fc.array(fc.record({ amount: nonNegativeInt32(), type: fc.constantFrom(...CARD_BALANCE_TYPES) }), {
      minLength: 1,
      maxLength: 2,
    }),
    cardId: matching(/^card-[0-9a-f]{8}$/),
    cardIdVNo: fc.integer({ min: 1, max: 9 }).map(String),
    accountNumber: norwegianBban(),
    expiry,
    // 70 characters need x-accept-fix: longer-name; the limit without it is not shown, so names stay short.
    name: text(1, 35),
    product: fc.constantFrom('Gold', 'Platinum', 'Kredittkort', 'Business Card'),
    status: fc.constantFrom(...CARD_ACCOUNT_STATUSES),
  });
  return fields.map((r) => ({
    customerNumber: r.customerNumber,
    maskedPan: r.maskedPan,
    currency: r.currency,
    creditLimit: { currency: r.currency, amount: r.creditLimit },
    balances: r.balances.map((x) => ({
      balanceAmount: { currency: r.currency, amount: x.amount },
      balanceType: x.type,
    })),
    cardId: r.cardId,
    cardIdVNo: r.cardIdVNo,
    accountNumber: r.accountNumber,
    expiry: r.expiry,
    name: r.name,
    product: r.product,
    status: r.status,
  }));
}

/** Not an int32 in a body, by class: a fraction, a string of digits, or one past either end of the range. */
const NOT_INT32_BODY: Record<string, readonly unknown[]> = {
  [NOT_INT32.fraction]: [1.5, 100.25],
  [NOT_INT32.digitString]: ['1000', '0'],
  [NOT_INT32.outOfRange]: [INT32_MAX + 1, LIMITS.int32.min - 1],
};
/** A required string member absent, or of a wrong JSON type (the catalogue ties a member's type to its rule). */
const absentOrMistyped = (wrong: readonly unknown[]): Record<string, readonly unknown[]> => ({
  [CLASS.absent]: [REMOVE],
  [CLASS.wrongJsonType]: wrong,
});
const NOT_A_STRING = [12345678, null, true];

/** A role list of the consent roles and one more: the extra role is the only thing wrong (or right) with it. */
const withConsentRoles = (role: string): string[] => [...CONSENT_ROLES, role];

export const ENGAGEMENT_BREAKERS: Breaker[] = [
  ...classBreakers('Sandbox.engagement.customer.required', '/customer', absentOrMistyped(NOT_A_STRING)),
  ...classBreakers('Sandbox.engagement.account.required', '/account', absentOrMistyped(['NO9386011117947', null])),
  ...classBreakers('Sandbox.engagement.roles.required', '/roles', absentOrMistyped(['VIEW', null])),
  ...classBreakers('Sandbox.engagement.registerLimit.required', '/registerLimit', { [CLASS.absent]: [REMOVE] }),
  ...classBreakers('Sandbox.engagement.approvalLimit.required', '/approvalLimit', { [CLASS.absent]: [REMOVE] }),
  ...classBreakers('Sandbox.engagement.account.iban.required', '/account', {
    [SANDBOX_CLASS.noIban]: [{}, { bban: '86011117947' }],
    [SANDBOX_CLASS.ibanNotString]: [{ iban: 12345 }, { iban: null }],
  }),
  // Beside the consent roles, so the role outside the list is the only thing wrong.
  ...classBreakers('Sandbox.engagement.roles.enum', '/roles', {
    [CLASS.madeUp]: roleRow.outsiders.map(withConsentRoles),
    [CLASS.nearMiss]: NEAR_MISS_ENGAGEMENT_ROLES.map(withConsentRoles),
  }),
  ...classBreakers('Codes.letterCase.upper', '/roles', {
    [otherCaseOf(roleRow)]: caseVariantsOf(roleRow).map(withConsentRoles),
  }),
  ...classBreakers('Sandbox.engagement.limits.int32', '/registerLimit', NOT_INT32_BODY),
  ...classBreakers('Sandbox.engagement.limits.int32', '/approvalLimit', NOT_INT32_BODY),
];

/** The card account's string members, each with the rule that requires it. */
const STRING_FIELDS: [string, RequirementId][] = [
  ['customerNumber', 'Sandbox.cardAccount.customerNumber.required'],
  ['maskedPan', 'Sandbox.cardAccount.maskedPan.required'],
  ['currency', 'Sandbox.cardAccount.currency.required'],
  ['cardId', 'Sandbox.cardAccount.cardId.required'],
  ['cardIdVNo', 'Sandbox.cardAccount.cardIdVNo.required'],
  ['accountNumber', 'Sandbox.cardAccount.accountNumber.required'],
  ['expiry', 'Sandbox.cardAccount.expiry.required'],
  ['name', 'Sandbox.cardAccount.name.required'],
  ['product', 'Sandbox.cardAccount.product.required'],
];
const BALANCE_TYPE = '/balances/0/balanceType';
export const CARD_ACCOUNT_BREAKERS: Breaker[] = [
  ...STRING_FIELDS.flatMap(([f, id]) => classBreakers(id, `/${f}`, absentOrMistyped(NOT_A_STRING))),
  ...classBreakers('Sandbox.cardAccount.creditLimit.required', '/creditLimit', {
    [CLASS.absent]: [REMOVE],
    [SANDBOX_CLASS.creditLimitWithoutCurrency]: [{ amount: 50000 }],
  }),
  ...classBreakers('Sandbox.cardAccount.balances.required', '/balances', {
    [CLASS.absent]: [REMOVE],
    [SANDBOX_CLASS.balancesNotArray]: ['closingBooked', { balanceType: 'expected' }],
    [SANDBOX_CLASS.entryWithoutAmount]: [[{ balanceType: 'expected' }]],
  }),
  ...classBreakers('Sandbox.cardAccount.status.required', '/status', { [CLASS.absent]: [REMOVE] }),
  ...classBreakers('Sandbox.cardAccount.status.enum', '/status', {
    [CLASS.madeUp]: statusRow.outsiders,
    [CLASS.nearMiss]: NEAR_MISS_CARD_ACCOUNT_STATUSES,
  }),
  ...classBreakers('Sandbox.cardAccount.balanceType.enum', BALANCE_TYPE, {
    [CLASS.madeUp]: balanceRow.outsiders,
    [CLASS.nearMiss]: NEAR_MISS_CARD_BALANCE_TYPES,
  }),
  ...classBreakers('Codes.letterCase.upper', '/status', { [otherCaseOf(statusRow)]: caseVariantsOf(statusRow) }),
  ...classBreakers('Codes.letterCase.upper', BALANCE_TYPE, {
    [otherCaseOf(balanceRow)]: caseVariantsOf(balanceRow),
  }),
  ...classBreakers('Sandbox.cardAccount.amounts.int32', '/creditLimit/amount', NOT_INT32_BODY),
  ...classBreakers('Sandbox.cardAccount.amounts.int32', '/balances/0/balanceAmount/amount', NOT_INT32_BODY),
];

/** The sandbox bodies' valid edges from the rule table: each listed role, card status and balance type, accepted. */
export const ENGAGEMENT_EDGES: Edge[] = edgesOf('sandbox.engagement.create', [
  { scopes: ['Sandbox.engagement'], at: '' },
]);
export const CARD_ACCOUNT_EDGES: Edge[] = edgesOf('sandbox.cardAccount.create', [
  { scopes: ['Sandbox.cardAccount'], at: '', fields: ['status'] },
  { scopes: ['Sandbox.cardAccount'], at: '/balances/0', fields: ['balanceType'] },
]);
