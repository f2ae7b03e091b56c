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
  type EngagementRole,
  type RequirementId,
} from '../spec/index.js';
import type { SandboxCardAccountRequest, SandboxEngagement } from '../schemas/index.js';
import { REMOVE, gone, type Breaker } from './invalid.js';
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

/** Not an int32: a fraction, a string of digits, or one past either end of the range. */
const notInt32 = fc.constantFrom<unknown>(1.5, '1000', INT32_MAX + 1, LIMITS.int32.min - 1);
/** A wrong JSON type for a string member (the catalogue ties a member's type to its .required rule). */
const notAString = fc.constantFrom<unknown>(12345678, null, true);

export const ENGAGEMENT_BREAKERS: Breaker[] = [
  {
    requirementId: 'Sandbox.engagement.customer.required',
    label: 'customer missing or not a string',
    at: '/customer',
    value: fc.oneof(gone, notAString),
  },
  {
    requirementId: 'Sandbox.engagement.account.required',
    label: 'account missing or not an object',
    at: '/account',
    value: fc.constantFrom<unknown>(REMOVE, 'NO9386011117947', null),
  },
  {
    requirementId: 'Sandbox.engagement.roles.required',
    label: 'roles missing or not an array',
    at: '/roles',
    value: fc.constantFrom<unknown>(REMOVE, 'VIEW', null),
  },
  {
    requirementId: 'Sandbox.engagement.registerLimit.required',
    label: 'registerLimit missing',
    at: '/registerLimit',
    value: gone,
  },
  {
    requirementId: 'Sandbox.engagement.approvalLimit.required',
    label: 'approvalLimit missing',
    at: '/approvalLimit',
    value: gone,
  },
  {
    requirementId: 'Sandbox.engagement.account.iban.required',
    label: 'account without a string iban',
    at: '/account',
    value: fc.constantFrom<unknown>({}, { iban: 12345 }, { bban: '86011117947' }),
  },
  {
    requirementId: 'Sandbox.engagement.roles.enum',
    label: 'a role outside the list',
    at: '/roles',
    value: fc.constantFrom(['VIEW', 'READ'], ['ADMIN'], ['REGISTER', 'VIEW', 'PAY']),
  },
  {
    requirementId: 'Sandbox.engagement.limits.int32',
    label: 'registerLimit not an int32',
    at: '/registerLimit',
    value: notInt32,
  },
  {
    requirementId: 'Sandbox.engagement.limits.int32',
    label: 'approvalLimit not an int32',
    at: '/approvalLimit',
    value: notInt32,
  },
  // Near misses (spec/near-misses.ts) beside the consent roles, so only the near miss is wrong.
  {
    requirementId: 'Sandbox.engagement.roles.enum',
    label: 'a role of a neighbouring vocabulary (ADMIN, SIGNATORY …)',
    at: '/roles',
    value: fc.constantFrom(...NEAR_MISS_ENGAGEMENT_ROLES).map((role) => [...CONSENT_ROLES, role]),
  },
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
export const CARD_ACCOUNT_BREAKERS: Breaker[] = [
  ...STRING_FIELDS.map(([f, id]) => ({
    requirementId: id,
    label: `${f} missing or not a string`,
    at: `/${f}`,
    value: fc.oneof(gone, notAString),
  })),
  {
    requirementId: 'Sandbox.cardAccount.creditLimit.required',
    label: 'creditLimit missing or without currency',
    at: '/creditLimit',
    value: fc.constantFrom<unknown>(REMOVE, { amount: 50000 }),
  },
  {
    requirementId: 'Sandbox.cardAccount.balances.required',
    label: 'balances missing, not an array or an entry without balanceAmount',
    at: '/balances',
    value: fc.constantFrom<unknown>(REMOVE, 'closingBooked', [{ balanceType: 'expected' }]),
  },
  { requirementId: 'Sandbox.cardAccount.status.required', label: 'status missing', at: '/status', value: gone },
  {
    requirementId: 'Sandbox.cardAccount.status.enum',
    label: 'status outside enabled, deleted, blocked',
    at: '/status',
    value: fc.constantFrom('active', 'closed', 'suspended'),
  },
  {
    requirementId: 'Sandbox.cardAccount.balanceType.enum',
    label: 'balanceType outside closingBooked, expected',
    at: '/balances/0/balanceType',
    value: fc.constantFrom('interimAvailable', 'booked', 'closing'),
  },
  {
    requirementId: 'Sandbox.cardAccount.amounts.int32',
    label: 'creditLimit.amount not an int32',
    at: '/creditLimit/amount',
    value: notInt32,
  },
  {
    requirementId: 'Sandbox.cardAccount.amounts.int32',
    label: 'balanceAmount.amount not an int32',
    at: '/balances/0/balanceAmount/amount',
    value: notInt32,
  },
  {
    requirementId: 'Sandbox.cardAccount.status.enum',
    label: 'a status of other APIs (active, closed …)',
    at: '/status',
    value: fc.constantFrom(...NEAR_MISS_CARD_ACCOUNT_STATUSES),
  },
  {
    requirementId: 'Sandbox.cardAccount.balanceType.enum',
    label: 'a Berlin Group balance type outside the list (interimBooked …)',
    at: '/balances/0/balanceType',
    value: fc.constantFrom(...NEAR_MISS_CARD_BALANCE_TYPES),
  },
];

/** The sandbox bodies' valid edges from the rule table: each listed role, card status and balance type, accepted. */
export const ENGAGEMENT_EDGES: Edge[] = edgesOf('sandbox.engagement.create', [
  { scopes: ['Sandbox.engagement'], at: '' },
]);
export const CARD_ACCOUNT_EDGES: Edge[] = edgesOf('sandbox.cardAccount.create', [
  { scopes: ['Sandbox.cardAccount'], at: '', fields: ['status'] },
  { scopes: ['Sandbox.cardAccount'], at: '/balances/0', fields: ['balanceType'] },
]);
