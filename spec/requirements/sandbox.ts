import { LIMITS } from '../limits.js';
import type { OperationId } from '../operations.js';
import { formatError, requiredRule } from './build.js';
import { CLASS } from '../matrix/labels.js';
import { invalidClass } from '../matrix/types.js';
import { BROKEN_DATES } from './field-rules/table.js';
import type { Requirement } from './types.js';

/** A required member of a sandbox body, absent or of another JSON type (the catalogue ties its type to this rule). */
const ABSENT_OR_MISTYPED = [invalidClass(CLASS.absent), invalidClass(CLASS.wrongJsonType)];

/** The ways a number misses int32, one class each: in a body, and in a query parameter (words and notations too). */
export const NOT_INT32 = {
  fraction: 'a fraction',
  digitString: 'a string of digits',
  outOfRange: 'one past either end of the int32 range',
  word: 'a word',
  notation: 'an exponent or hexadecimal notation',
} as const;
const INT32_IN_BODY = [NOT_INT32.fraction, NOT_INT32.digitString, NOT_INT32.outOfRange].map((l) => invalidClass(l));

/** The classes of Sandbox.engagement.account.iban.required and of the card account's object members. */
export const SANDBOX_CLASS = {
  noIban: 'an account without iban',
  ibanNotString: 'an iban that is not a string',
  creditLimitWithoutCurrency: 'a creditLimit without currency',
  balancesNotArray: 'balances that are not an array',
  entryWithoutAmount: 'a balance without balanceAmount',
  limitZero: 'zero',
  limitNegative: 'a negative number',
} as const;

const ENGAGEMENT = 'Resources › Sandbox engagement';
const CARD_ACCOUNT = 'Resources › Sandbox card account';
const TRANSACTION = 'Resources › Sandbox transaction';
const TRANSACTION_LIST = 'Endpoints › 9. Get sandbox account transactions';
const ENG: OperationId[] = ['sandbox.engagement.create'];
const CARD: OperationId[] = ['sandbox.cardAccount.create'];
const LIST: OperationId[] = ['sandbox.transactions.list'];
const body = formatError();

/** The card account request's fields are all required. */
const IN_CARD_REQUEST = 'in a card account request';

export const SANDBOX_RULES: Requirement[] = [
  requiredRule({
    id: 'Sandbox.engagement.customer.required',
    field: 'customer',
    section: ENGAGEMENT,
    operations: ENG,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.engagement.account.required',
    field: 'account',
    section: ENGAGEMENT,
    operations: ENG,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.engagement.roles.required',
    field: 'roles',
    section: ENGAGEMENT,
    operations: ENG,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.engagement.registerLimit.required',
    field: 'registerLimit',
    section: ENGAGEMENT,
    operations: ENG,
    classes: [invalidClass(CLASS.absent)],
  }),
  requiredRule({
    id: 'Sandbox.engagement.approvalLimit.required',
    field: 'approvalLimit',
    section: ENGAGEMENT,
    operations: ENG,
    classes: [invalidClass(CLASS.absent)],
  }),
  {
    id: 'Sandbox.engagement.account.iban.required',
    level: 'MUST',
    section: ENGAGEMENT,
    statement: 'account contains a string iban.',
    operations: ENG,
    kind: 'body',
    classes: [invalidClass(SANDBOX_CLASS.noIban), invalidClass(SANDBOX_CLASS.ibanNotString)],
    expected: body,
  },
  {
    id: 'Sandbox.engagement.limits.int32',
    level: 'MUST',
    section: ENGAGEMENT,
    statement: 'registerLimit and approvalLimit are int32 integers.',
    operations: ENG,
    kind: 'body',
    classes: INT32_IN_BODY,
    expected: body,
  },
  {
    id: 'Sandbox.engagement.create.201',
    level: 'MUST',
    section: 'Endpoints › 6',
    statement: 'Creating an engagement gives 201 with the sandbox engagement.',
    operations: ENG,
    kind: 'behaviour',
  },
  {
    id: 'Sandbox.engagement.roundTrip',
    level: 'MUST',
    section: `${ENGAGEMENT}; Endpoints › 7`,
    statement: 'An engagement read back has the customer, account, roles and limits it was created with.',
    operations: ['sandbox.engagement.create', 'sandbox.engagement.get'],
    kind: 'behaviour',
  },
  {
    id: 'Sandbox.engagement.consentNeedsRegisterAndView',
    level: 'MUST',
    section: ENGAGEMENT,
    statement: 'An engagement is available for granting consent only when its roles include both REGISTER and VIEW.',
    operations: ENG,
    kind: 'behaviour',
    notTestable:
      'consent granting (account information) is not shown in interface.md; ' +
      'the reference bank exposes it for its own tests only',
  },
  {
    id: 'Sandbox.engagement.accountNotOwnedByCustomer',
    level: 'MUST',
    section: ENGAGEMENT,
    statement:
      'The engagement account is not owned by the PSU in customer but by the corporation that owns the agreement.',
    operations: ENG,
    kind: 'behaviour',
  },
  requiredRule({
    id: 'Sandbox.cardAccount.customerNumber.required',
    field: 'customerNumber',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.maskedPan.required',
    field: 'maskedPan',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.currency.required',
    field: 'currency',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.creditLimit.required',
    field: 'creditLimit',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: [invalidClass(CLASS.absent), invalidClass(SANDBOX_CLASS.creditLimitWithoutCurrency)],
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.balances.required',
    field: 'balances',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: [
      invalidClass(CLASS.absent),
      invalidClass(SANDBOX_CLASS.balancesNotArray),
      invalidClass(SANDBOX_CLASS.entryWithoutAmount),
    ],
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.cardId.required',
    field: 'cardId',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.cardIdVNo.required',
    field: 'cardIdVNo',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.accountNumber.required',
    field: 'accountNumber',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.expiry.required',
    field: 'expiry',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.name.required',
    field: 'name',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.product.required',
    field: 'product',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: ABSENT_OR_MISTYPED,
  }),
  requiredRule({
    id: 'Sandbox.cardAccount.status.required',
    field: 'status',
    where: IN_CARD_REQUEST,
    section: CARD_ACCOUNT,
    operations: CARD,
    classes: [invalidClass(CLASS.absent)],
  }),
  {
    id: 'Sandbox.cardAccount.amounts.int32',
    level: 'MUST',
    section: CARD_ACCOUNT,
    statement: 'creditLimit.amount and balanceAmount.amount are int32 integers with a string currency.',
    operations: CARD,
    kind: 'body',
    classes: INT32_IN_BODY,
    expected: body,
  },
  {
    id: 'Sandbox.cardAccount.response.shape',
    level: 'MUST',
    section: CARD_ACCOUNT,
    statement: 'The response has every request field, a string resourceId and _links with self and transactions Links.',
    operations: CARD,
    kind: 'response',
  },
  {
    id: 'Sandbox.cardAccount.create.201',
    level: 'SHOULD',
    section: 'Endpoints › 8 (success status not shown); platform-notes.md › Paths',
    statement: 'Creating a card account gives 201.',
    operations: CARD,
    kind: 'behaviour',
  },
  {
    id: 'Sandbox.cardAccount.privateJoinsAgreement',
    level: 'MUST',
    section: CARD_ACCOUNT,
    statement: "A private customer's new card account is added to the customer's agreement automatically.",
    operations: CARD,
    kind: 'behaviour',
    notTestable: 'the account list (account information) is not shown in interface.md',
  },
  {
    id: 'Sandbox.cardAccount.corporateNeedsAgreement',
    level: 'MUST',
    section: CARD_ACCOUNT,
    statement:
      "A corporate customer's card account appears only after it is " +
      'added to an agreement with POST /v1/sandbox/agreements.',
    operations: ['sandbox.cardAccount.create', 'sandbox.agreement.create'],
    kind: 'behaviour',
    notTestable: 'the account list (account information) is not shown in interface.md',
  },
  {
    id: 'Sandbox.transactions.list.200',
    level: 'SHOULD',
    section: `${TRANSACTION_LIST} (success status not shown)`,
    statement: 'Listing the transactions of a sandbox account gives 200 with an array.',
    operations: LIST,
    kind: 'behaviour',
  },
  {
    id: 'Sandbox.transaction.fields.required',
    level: 'MUST',
    section: TRANSACTION,
    statement: 'Every member of a sandbox transaction is present with its type.',
    operations: LIST,
    kind: 'response',
  },
  {
    id: 'Sandbox.transactions.limit.min1',
    level: 'MUST',
    section: `${TRANSACTION_LIST}; Limits`,
    statement: `limit is at least ${LIMITS.transactionListLimit.min}: limit=0 is rejected.`,
    operations: LIST,
    kind: 'query',
    classes: [invalidClass(SANDBOX_CLASS.limitZero), invalidClass(SANDBOX_CLASS.limitNegative)],
    expected: { status: [400], codes: ['FORMAT_ERROR'], exactness: 'SHOULD' },
  },
  {
    id: 'Sandbox.transactions.limit.int32',
    level: 'MUST',
    section: TRANSACTION_LIST,
    statement: 'limit and offset are int32: a non-integer value is rejected.',
    operations: LIST,
    kind: 'query',
    classes: [NOT_INT32.word, NOT_INT32.fraction, NOT_INT32.notation, NOT_INT32.outOfRange].map((l) => invalidClass(l)),
    expected: body,
  },
  {
    id: 'Sandbox.transactions.fromDate.date',
    level: 'MUST',
    section: TRANSACTION_LIST,
    statement: 'fromDate and toDate are dates: a malformed date is rejected.',
    operations: LIST,
    kind: 'query',
    classes: BROKEN_DATES.map((d) => invalidClass(d.label)),
    expected: body,
  },
  {
    id: 'Sandbox.transactions.limit.honoured',
    level: 'MUST',
    section: TRANSACTION_LIST,
    statement: 'limit caps the number of transactions returned.',
    operations: LIST,
    kind: 'behaviour',
  },
  {
    id: 'Sandbox.transactions.offset.honoured',
    level: 'MUST',
    section: TRANSACTION_LIST,
    statement: 'offset skips that many transactions before counting the limit: pages neither overlap nor skip.',
    operations: LIST,
    kind: 'behaviour',
  },
  {
    id: 'Sandbox.transactions.dateRange.honoured',
    level: 'MUST',
    section: TRANSACTION_LIST,
    statement: 'Only transactions within fromDate..toDate are returned.',
    operations: LIST,
    kind: 'behaviour',
  },
  {
    id: 'Sandbox.transactions.includesCreated',
    level: 'MUST',
    section: TRANSACTION,
    statement:
      'The list holds transactions created through the sandbox transaction ' +
      'operation and ones from payments made in the sandbox.',
    operations: ['sandbox.transactions.list', 'sandbox.transactions.create'],
    kind: 'behaviour',
  },
  {
    id: 'Sandbox.setup.noMod11',
    level: 'SHOULD',
    section: "platform-notes.md › Paths (a real client's sandbox set-up calls)",
    statement:
      'Sandbox set-up operations accept account numbers whose MOD11 check digit is wrong, ' +
      'and agreement engagements without registerLimit and approvalLimit.',
    operations: ['sandbox.account.create', 'sandbox.agreement.create'],
    kind: 'behaviour',
  },
  {
    id: 'Sandbox.notInProduction',
    level: 'MUST',
    section: 'What the service does › 6',
    statement: 'Sandbox operations exist only in the sandbox; a production interface does not offer them.',
    operations: ['sandbox.engagement.create', 'sandbox.cardAccount.create', 'sandbox.transactions.list'],
    kind: 'behaviour',
  },
];
