import { LIMITS, type RequirementId } from '../../spec/index.js';
import { X_REQUIREMENT, object, ref, type JsonSchema } from './annotate.js';
import { members } from './rules.js';

/** interface.md › Resources › Sandbox engagement, card account and transaction. */

const int32 = (id: RequirementId): JsonSchema => ({
  type: 'integer',
  minimum: LIMITS.int32.min,
  maximum: LIMITS.int32.max,
  [X_REQUIREMENT]: id,
});

export const SandboxEngagement: JsonSchema = members(
  'Sandbox.engagement',
  {
    customer: { type: 'string' },
    account: object(
      { iban: { type: 'string', [X_REQUIREMENT]: 'Sandbox.engagement.account.iban.required' } },
      { iban: 'Sandbox.engagement.account.iban.required' },
      {},
      { type: 'Sandbox.engagement.account.required' },
    ),
    roles: { type: 'array', items: { type: 'string' } },
    registerLimit: int32('Sandbox.engagement.limits.int32'),
    approvalLimit: int32('Sandbox.engagement.limits.int32'),
  },
  {
    required: {
      customer: 'Sandbox.engagement.customer.required',
      account: 'Sandbox.engagement.account.required',
      roles: 'Sandbox.engagement.roles.required',
      registerLimit: 'Sandbox.engagement.registerLimit.required',
      approvalLimit: 'Sandbox.engagement.approvalLimit.required',
    },
  },
);

const cardAmount = object(
  { currency: { type: 'string' }, amount: int32('Sandbox.cardAccount.amounts.int32') },
  { currency: 'Sandbox.cardAccount.creditLimit.required', amount: 'Sandbox.cardAccount.amounts.int32' },
);
const balance = members(
  'Sandbox.cardAccount',
  {
    balanceAmount: object(
      { currency: { type: 'string' }, amount: int32('Sandbox.cardAccount.amounts.int32') },
      { currency: 'Sandbox.cardAccount.balances.required', amount: 'Sandbox.cardAccount.amounts.int32' },
    ),
    balanceType: { type: 'string' },
  },
  { required: { balanceAmount: 'Sandbox.cardAccount.balances.required' } },
);

/** Each field is required and names its own rule. */
const cardRequired = {
  customerNumber: 'Sandbox.cardAccount.customerNumber.required',
  maskedPan: 'Sandbox.cardAccount.maskedPan.required',
  currency: 'Sandbox.cardAccount.currency.required',
  creditLimit: 'Sandbox.cardAccount.creditLimit.required',
  balances: 'Sandbox.cardAccount.balances.required',
  cardId: 'Sandbox.cardAccount.cardId.required',
  cardIdVNo: 'Sandbox.cardAccount.cardIdVNo.required',
  accountNumber: 'Sandbox.cardAccount.accountNumber.required',
  expiry: 'Sandbox.cardAccount.expiry.required',
  name: 'Sandbox.cardAccount.name.required',
  product: 'Sandbox.cardAccount.product.required',
  status: 'Sandbox.cardAccount.status.required',
} satisfies Record<string, RequirementId>;
type CardField = keyof typeof cardRequired;

const cardFields: Record<CardField, JsonSchema> = {
  customerNumber: { type: 'string' },
  maskedPan: { type: 'string' },
  currency: { type: 'string' },
  creditLimit: cardAmount,
  balances: { type: 'array', items: balance },
  cardId: { type: 'string' },
  cardIdVNo: { type: 'string' },
  accountNumber: { type: 'string' },
  expiry: { type: 'string' },
  name: { type: 'string' },
  product: { type: 'string' },
  status: { type: 'string' },
};

/** Each member of the request names its own rule: its list's, or the one that requires it. */
export const SandboxCardAccountRequest: JsonSchema = members('Sandbox.cardAccount', cardFields, {
  required: cardRequired,
});
const requestFields = SandboxCardAccountRequest.properties as Record<CardField, JsonSchema>;

/** A card account response without one of its members breaks the response's shape. */
const RESPONSE_SHAPE: RequirementId = 'Sandbox.cardAccount.response.shape';
const selfAndTransactions = object(
  { self: ref('Link'), transactions: ref('Link') },
  { self: RESPONSE_SHAPE, transactions: RESPONSE_SHAPE },
);

/**
 * The response: the request's fields plus resourceId and _links (self, transactions); a missing field breaks
 * response.shape.
 */
export const SandboxCardAccountResponse: JsonSchema = object(
  {
    ...requestFields,
    resourceId: { type: 'string', [X_REQUIREMENT]: RESPONSE_SHAPE },
    _links: selfAndTransactions,
  },
  Object.fromEntries([...Object.keys(requestFields), 'resourceId', '_links'].map((f) => [f, RESPONSE_SHAPE] as const)),
);

const TRANSACTION_FIELDS: RequirementId = 'Sandbox.transaction.fields.required';
const str: JsonSchema = { type: 'string', [X_REQUIREMENT]: TRANSACTION_FIELDS };
const txAccount = object({ iban: str, bban: str }, { iban: TRANSACTION_FIELDS, bban: TRANSACTION_FIELDS });
const txFields: Record<string, JsonSchema> = {
  id: str,
  amount: int32(TRANSACTION_FIELDS),
  currency: str,
  valueDate: str,
  remittanceInformationUnstructured: str,
  creditorName: str,
  creditorAccount: txAccount,
  debtorName: str,
  debtorAccount: txAccount,
  bankTransactionCode: { type: 'string' },
  ultimateDebtor: str,
  ultimateCreditor: str,
  purposeCode: str,
  bookingDate: str,
  _links: object({ self: ref('Link') }, { self: TRANSACTION_FIELDS }),
};

export const SandboxTransaction: JsonSchema = members('Sandbox.transaction', txFields, {
  required: Object.fromEntries(Object.keys(txFields).map((f) => [f, TRANSACTION_FIELDS] as const)),
});

export const SandboxTransactionList: JsonSchema = {
  type: 'array',
  items: ref('SandboxTransaction'),
  [X_REQUIREMENT]: 'Sandbox.transactions.list.200',
};
