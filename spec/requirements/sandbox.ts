import { LIMITS } from '../limits.js';
import type { OperationId } from '../operations.js';
import { formatError, rule } from './build.js';

const E = 'Resources › Sandbox engagement';
const C = 'Resources › Sandbox card account';
const T = 'Resources › Sandbox transaction';
const L = 'Endpoints › 9. Get sandbox account transactions';
const ENG: OperationId[] = ['sandbox.engagement.create'];
const CARD: OperationId[] = ['sandbox.cardAccount.create'];
const LIST: OperationId[] = ['sandbox.transactions.list'];
const body = formatError();

const CARD_FIELDS = [
  'customerNumber',
  'maskedPan',
  'currency',
  'creditLimit',
  'balances',
  'cardId',
  'cardIdVNo',
  'accountNumber',
  'expiry',
  'name',
  'product',
  'status',
] as const;

export const SANDBOX_RULES = [
  ...(['customer', 'account', 'roles', 'registerLimit', 'approvalLimit'] as const).map((f) =>
    rule(`Sandbox.engagement.${f}.required`, 'MUST', E, `${f} is required.`, ENG, 'body', { expected: body }),
  ),
  rule('Sandbox.engagement.account.iban.required', 'MUST', E, 'account contains a string iban.', ENG, 'body', {
    expected: body,
  }),
  rule(
    'Sandbox.engagement.roles.enum',
    'MUST',
    E,
    'Each role is one of OWNER, DISPOSAL, VIEW, REGISTER, APPROVE, INTERNAL_TRANSFER, SALARY.',
    ENG,
    'body',
    { expected: body },
  ),
  rule(
    'Sandbox.engagement.limits.int32',
    'MUST',
    E,
    'registerLimit and approvalLimit are int32 integers.',
    ENG,
    'body',
    { expected: body },
  ),
  rule(
    'Sandbox.engagement.create.201',
    'MUST',
    'Endpoints › 6',
    'Creating an engagement gives 201 with the sandbox engagement.',
    ENG,
    'behaviour',
  ),
  rule(
    'Sandbox.engagement.roundTrip',
    'MUST',
    `${E}; Endpoints › 7`,
    'An engagement read back has the customer, account, roles and limits it was created with.',
    ['sandbox.engagement.create', 'sandbox.engagement.get'],
    'behaviour',
  ),
  rule(
    'Sandbox.engagement.consentNeedsRegisterAndView',
    'MUST',
    E,
    'An engagement is available for granting consent only when its roles include both REGISTER and VIEW.',
    ENG,
    'behaviour',
    {
      notTestable:
        'consent granting (account information) is not shown in interface.md; the reference bank exposes it for its own tests only',
    },
  ),
  rule(
    'Sandbox.engagement.accountNotOwnedByCustomer',
    'MUST',
    E,
    'The engagement account is not owned by the PSU in customer but by the corporation that owns the agreement.',
    ENG,
    'behaviour',
    { notTestable: 'account ownership is not observable through the interface' },
  ),
  ...CARD_FIELDS.map((f) =>
    rule(`Sandbox.cardAccount.${f}.required`, 'MUST', C, `${f} is required in a card account request.`, CARD, 'body', {
      expected: body,
    }),
  ),
  rule('Sandbox.cardAccount.status.enum', 'MUST', C, 'status is one of enabled, deleted, blocked.', CARD, 'body', {
    expected: body,
  }),
  rule('Sandbox.cardAccount.balanceType.enum', 'MUST', C, 'balanceType is closingBooked or expected.', CARD, 'body', {
    expected: body,
  }),
  rule(
    'Sandbox.cardAccount.amounts.int32',
    'MUST',
    C,
    'creditLimit.amount and balanceAmount.amount are int32 integers with a string currency.',
    CARD,
    'body',
    { expected: body },
  ),
  rule(
    'Sandbox.cardAccount.response.shape',
    'MUST',
    C,
    'The response has every request field, a string resourceId and _links with self and transactions Links.',
    CARD,
    'response',
  ),
  rule(
    'Sandbox.cardAccount.create.201',
    'SHOULD',
    'Endpoints › 8 (success status not shown); platform-notes.md › Paths',
    'Creating a card account gives 201.',
    CARD,
    'behaviour',
  ),
  rule(
    'Sandbox.cardAccount.privateJoinsAgreement',
    'MUST',
    C,
    "A private customer's new card account is added to the customer's agreement automatically.",
    CARD,
    'behaviour',
    { notTestable: 'the account list (account information) is not shown in interface.md' },
  ),
  rule(
    'Sandbox.cardAccount.corporateNeedsAgreement',
    'MUST',
    C,
    "A corporate customer's card account appears only after it is added to an agreement with POST /v1/sandbox/agreements.",
    ['sandbox.cardAccount.create', 'sandbox.agreement.create'],
    'behaviour',
    { notTestable: 'the account list (account information) is not shown in interface.md' },
  ),
  rule(
    'Sandbox.transactions.list.200',
    'SHOULD',
    `${L} (success status not shown)`,
    'Listing the transactions of a sandbox account gives 200 with an array.',
    LIST,
    'behaviour',
  ),
  rule(
    'Sandbox.transaction.fields.required',
    'MUST',
    T,
    'Every member of a sandbox transaction is present with its type.',
    LIST,
    'response',
  ),
  rule(
    'Sandbox.transaction.bankTransactionCode.length4to14',
    'MUST',
    `${T}; Limits`,
    `bankTransactionCode has ${LIMITS.bankTransactionCode.min} to ${LIMITS.bankTransactionCode.max} characters.`,
    LIST,
    'response',
  ),
  rule(
    'Sandbox.transactions.limit.min1',
    'MUST',
    `${L}; Limits`,
    `limit is at least ${LIMITS.transactionListLimit.min}: limit=0 is rejected.`,
    LIST,
    'query',
    { expected: { status: [400], codes: ['FORMAT_ERROR'], exactness: 'SHOULD' } },
  ),
  rule(
    'Sandbox.transactions.limit.int32',
    'MUST',
    L,
    'limit and offset are int32: a non-integer value is rejected.',
    LIST,
    'query',
    { expected: body },
  ),
  rule(
    'Sandbox.transactions.fromDate.date',
    'MUST',
    L,
    'fromDate and toDate are dates: a malformed date is rejected.',
    LIST,
    'query',
    { expected: body },
  ),
  rule(
    'Sandbox.transactions.limit.honoured',
    'MUST',
    L,
    'limit caps the number of transactions returned.',
    LIST,
    'behaviour',
  ),
  rule(
    'Sandbox.transactions.offset.honoured',
    'MUST',
    L,
    'offset skips that many transactions before counting the limit: pages neither overlap nor skip.',
    LIST,
    'behaviour',
  ),
  rule(
    'Sandbox.transactions.dateRange.honoured',
    'MUST',
    L,
    'Only transactions within fromDate..toDate are returned.',
    LIST,
    'behaviour',
  ),
  rule(
    'Sandbox.transactions.includesCreated',
    'MUST',
    T,
    'The list holds transactions created through the sandbox transaction operation and ones from payments made in the sandbox.',
    ['sandbox.transactions.list', 'sandbox.transactions.create'],
    'behaviour',
  ),
  rule(
    'Sandbox.setup.noMod11',
    'SHOULD',
    "platform-notes.md › Paths (a real client's sandbox set-up calls)",
    'Sandbox set-up operations accept account numbers whose MOD11 check digit is wrong, and agreement engagements without registerLimit and approvalLimit.',
    ['sandbox.account.create', 'sandbox.agreement.create'],
    'behaviour',
  ),
  rule(
    'Sandbox.notInProduction',
    'MUST',
    'What the service does › 6',
    'Sandbox operations exist only in the sandbox; a production interface does not offer them.',
    ['sandbox.engagement.create', 'sandbox.cardAccount.create', 'sandbox.transactions.list'],
    'behaviour',
  ),
];
