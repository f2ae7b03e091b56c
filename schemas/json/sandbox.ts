import { CARD_ACCOUNT_STATUSES, CARD_BALANCE_TYPES, ENGAGEMENT_ROLES, LIMITS } from '../../spec/index.js';
import { X_REQUIREMENT, enumOf, object, ref, text, type JsonSchema } from './annotate.js';

/** interface.md › Resources › Sandbox engagement, card account and transaction. */

const int32 = (id: string): JsonSchema => ({
  type: 'integer',
  minimum: LIMITS.int32.min,
  maximum: LIMITS.int32.max,
  [X_REQUIREMENT]: id,
});

export const SandboxEngagement: JsonSchema = object(
  {
    customer: { type: 'string', [X_REQUIREMENT]: 'Sandbox.engagement.customer.required' },
    account: object(
      { iban: { type: 'string', [X_REQUIREMENT]: 'Sandbox.engagement.account.iban.required' } },
      { iban: 'Sandbox.engagement.account.iban.required' },
      {},
      { type: 'Sandbox.engagement.account.required' },
    ),
    roles: {
      type: 'array',
      items: enumOf(ENGAGEMENT_ROLES, 'Sandbox.engagement.roles.enum'),
      [X_REQUIREMENT]: 'Sandbox.engagement.roles.required',
    },
    registerLimit: int32('Sandbox.engagement.limits.int32'),
    approvalLimit: int32('Sandbox.engagement.limits.int32'),
  },
  {
    customer: 'Sandbox.engagement.customer.required',
    account: 'Sandbox.engagement.account.required',
    roles: 'Sandbox.engagement.roles.required',
    registerLimit: 'Sandbox.engagement.registerLimit.required',
    approvalLimit: 'Sandbox.engagement.approvalLimit.required',
  },
);

const CARD = 'Sandbox.cardAccount';
const cardAmount = object(
  { currency: { type: 'string' }, amount: int32(`${CARD}.amounts.int32`) },
  { currency: `${CARD}.creditLimit.required`, amount: `${CARD}.amounts.int32` },
);
const balance = object(
  {
    balanceAmount: object(
      { currency: { type: 'string' }, amount: int32(`${CARD}.amounts.int32`) },
      { currency: `${CARD}.balances.required`, amount: `${CARD}.amounts.int32` },
    ),
    balanceType: enumOf(CARD_BALANCE_TYPES, `${CARD}.balanceType.enum`),
  },
  { balanceAmount: `${CARD}.balances.required`, balanceType: `${CARD}.balanceType.enum` },
);

const cardFields: Record<string, JsonSchema> = {
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
  status: enumOf(CARD_ACCOUNT_STATUSES, `${CARD}.status.enum`),
};

/** Each field is required and names its own rule, e.g. Sandbox.cardAccount.maskedPan.required. */
const cardRequired = Object.fromEntries(Object.keys(cardFields).map((f) => [f, `${CARD}.${f}.required`]));
for (const [field, schema] of Object.entries(cardFields)) {
  if (!(X_REQUIREMENT in schema)) schema[X_REQUIREMENT] = `${CARD}.${field}.required`;
}

export const SandboxCardAccountRequest: JsonSchema = object(cardFields, cardRequired);

const selfAndTransactions = object(
  { self: ref('Link'), transactions: ref('Link') },
  { self: `${CARD}.response.shape`, transactions: `${CARD}.response.shape` },
);

/** The response: the request's fields plus resourceId and _links (self, transactions); a missing field breaks response.shape. */
export const SandboxCardAccountResponse: JsonSchema = object(
  {
    ...cardFields,
    resourceId: { type: 'string', [X_REQUIREMENT]: `${CARD}.response.shape` },
    _links: selfAndTransactions,
  },
  Object.fromEntries([...Object.keys(cardFields), 'resourceId', '_links'].map((f) => [f, `${CARD}.response.shape`])),
);

const T = 'Sandbox.transaction.fields.required';
const str: JsonSchema = { type: 'string', [X_REQUIREMENT]: T };
const txAccount = object({ iban: str, bban: str }, { iban: T, bban: T });
const txFields: Record<string, JsonSchema> = {
  id: str,
  amount: int32(T),
  currency: str,
  valueDate: str,
  remittanceInformationUnstructured: str,
  creditorName: str,
  creditorAccount: txAccount,
  debtorName: str,
  debtorAccount: txAccount,
  bankTransactionCode: text(LIMITS.bankTransactionCode, 'Sandbox.transaction.bankTransactionCode.length4to14'),
  ultimateDebtor: str,
  ultimateCreditor: str,
  purposeCode: str,
  bookingDate: str,
  _links: object({ self: ref('Link') }, { self: T }),
};

export const SandboxTransaction: JsonSchema = object(
  txFields,
  Object.fromEntries(Object.keys(txFields).map((f) => [f, T])),
);

export const SandboxTransactionList: JsonSchema = {
  type: 'array',
  items: ref('SandboxTransaction'),
  [X_REQUIREMENT]: 'Sandbox.transactions.list.200',
};
