import { ENGAGEMENT_ROLES, LIMITS, type OperationId } from '../../spec/index.js';
import type { JsonSchema } from '../json/annotate.js';

/**
 * Bodies of the operations interface.md names only, or that only platform-notes.md reports: the shapes
 * platform-notes.md shows, nothing more. What neither document shows stays open: no member is required unless a
 * document says so, and other members are allowed (`additionalProperties: true`), so a tool that validates
 * requests against this document never refuses a set-up call a conformant sandbox accepts. These exist only in
 * the OpenAPI document; the suites judge none of them.
 */

const COMPONENTS = '#/components/schemas/';
const string: JsonSchema = { type: 'string' };
const int32: JsonSchema = { type: 'integer', format: 'int32', minimum: LIMITS.int32.min, maximum: LIMITS.int32.max };
const open = (description: string, properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  additionalProperties: true,
});

const SandboxCustomerRequest = open(
  'platform-notes.md: {"customerNumber", "name", "type": "private" or ' +
    '"corporate"}. Which members are required: not shown.',
  { customerNumber: string, name: string, type: { type: 'string', enum: ['private', 'corporate'] } },
);

const SandboxCustomer = open(
  'platform-notes.md: 201 {customerId, customerNumber, customerType, ' +
    'customerName, _links.self}. Required members: not shown.',
  {
    customerId: string,
    customerNumber: string,
    customerType: string,
    customerName: string,
    _links: { type: 'object', properties: { self: { $ref: `${COMPONENTS}Link` } } },
  },
);

const balance = open('Seen in a real client: balanceType EXPECTED (upper case), amount a JSON number.', {
  balanceType: string,
  balanceAmount: open('', { amount: { type: 'number' }, currency: string }),
});

const SandboxAccountRequest = open(
  'Fields of the non-card sandbox account: not shown in interface.md; these are the ones a real client sends ' +
    '(platform-notes.md). Account numbers are not checked for MOD11 here (platform-notes.md: 43427943323).',
  {
    customerNumber: string,
    accountName: string,
    bban: string,
    iban: string,
    currency: string,
    product: string,
    cashAccountType: string,
    creditLine: { type: 'number' },
    balances: { type: 'array', items: balance },
  },
);

const SandboxAccount = open('platform-notes.md: the 201 response carries `id` and `customerNumber`.', {
  id: string,
  customerNumber: string,
});

const SandboxAgreementRequest = open(
  'Fields of the sandbox agreement: not shown in interface.md. platform-notes.md: {"owner": "<corporate ' +
    'customerNumber>", "name", "engagements": [...]}, engagements with only customer, account and roles: ' +
    'registerLimit and approvalLimit may be absent here.',
  {
    owner: string,
    name: string,
    engagements: {
      type: 'array',
      items: open('An engagement as in interface.md, without the limits it requires on its own operation.', {
        customer: string,
        account: open('', { iban: string }),
        roles: { type: 'array', items: { type: 'string', enum: [...ENGAGEMENT_ROLES] } },
        registerLimit: int32,
        approvalLimit: int32,
      }),
    },
  },
);

const SandboxTransactionInput = open(
  "Request shape: not shown in interface.md. The members of interface.md's sandbox transaction, none required.",
  {
    id: string,
    amount: int32,
    currency: string,
    valueDate: string,
    bookingDate: string,
    remittanceInformationUnstructured: string,
    creditorName: string,
    creditorAccount: open('', { iban: string, bban: string }),
    debtorName: string,
    debtorAccount: open('', { iban: string, bban: string }),
    bankTransactionCode: string,
    ultimateDebtor: string,
    ultimateCreditor: string,
    purposeCode: string,
  },
);

const SandboxTransactionsRequest: JsonSchema = {
  type: 'array',
  description: 'platform-notes.md: the body is an array of transactions.',
  items: { $ref: `${COMPONENTS}SandboxTransactionInput` },
};

const SandboxInitializeRequest = open(
  'Body: not shown (platform-notes.md names only the path). Clients send none or {}; both are described.',
  {},
);

const SigningBasketCreated = open(
  'Berlin Group convention (platform-notes.md): 201 ' +
    '{transactionStatus, basketId, _links}. Required members: not ' +
    'shown.',
  { basketId: string, transactionStatus: string, _links: { $ref: `${COMPONENTS}Links` } },
);

export const SETUP_SCHEMAS: Record<string, JsonSchema> = {
  SandboxCustomerRequest,
  SandboxCustomer,
  SandboxAccountRequest,
  SandboxAccount,
  SandboxAgreementRequest,
  SandboxTransactionInput,
  SandboxTransactionsRequest,
  SandboxInitializeRequest,
  SigningBasketCreated,
};

export interface SetupBody {
  request?: { schema: string; required: boolean };
  response?: string;
}

/** The bodies spec/operations.ts does not name, by operation. */
export const SETUP_BODIES: Partial<Record<OperationId, SetupBody>> = {
  'sandbox.customer.create': {
    request: { schema: 'SandboxCustomerRequest', required: true },
    response: 'SandboxCustomer',
  },
  'sandbox.account.create': {
    request: { schema: 'SandboxAccountRequest', required: true },
    response: 'SandboxAccount',
  },
  'sandbox.agreement.create': { request: { schema: 'SandboxAgreementRequest', required: true } },
  'sandbox.transactions.create': { request: { schema: 'SandboxTransactionsRequest', required: true } },
  'sandbox.cardTransactions.create': { request: { schema: 'SandboxTransactionsRequest', required: true } },
  'sandbox.initialize': { request: { schema: 'SandboxInitializeRequest', required: false } },
  'basket.create': { response: 'SigningBasketCreated' },
};
