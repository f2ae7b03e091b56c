import { headersFor, type HeaderSelection, type HeaderSpec } from './headers.js';

export type OperationId =
  | 'basket.startAuthorisation'
  | 'basket.get'
  | 'ncbct.create'
  | 'sct.create'
  | 'bulk.create'
  | 'sandbox.engagement.create'
  | 'sandbox.engagement.get'
  | 'sandbox.cardAccount.create'
  | 'sandbox.transactions.list'
  | 'payment.status'
  | 'payment.delete'
  | 'basket.create'
  | 'sandbox.customer.create'
  | 'sandbox.account.create'
  | 'sandbox.agreement.create'
  | 'sandbox.transactions.create'
  | 'sandbox.cardTransactions.create'
  | 'sandbox.initialize';

/**
 * - `specified`: one of the nine operations interface.md specifies.
 * - `named`: interface.md names it only ("request and response shapes: not shown").
 * - `platform`: not in interface.md; platform-notes.md reports it from the banks that run the interface.
 */
export type OperationStanding = 'specified' | 'named' | 'platform';

export interface QueryParam {
  name: string;
  type: 'boolean' | 'date' | 'int32';
  required: boolean;
  minimum?: number;
  description: string;
}

/** Names of schemas in schemas/ (see schemas/index.ts). */
export type SchemaName =
  | 'NcbctPaymentRequest'
  | 'SctPaymentRequest'
  | 'BulkPaymentRequest'
  | 'PaymentInitiationResponse'
  | 'BulkPaymentInitiationResponse'
  | 'SigningBasket'
  | 'SigningBasketRequest'
  | 'BasketAuthorisation'
  | 'SandboxEngagement'
  | 'SandboxCardAccountRequest'
  | 'SandboxCardAccountResponse'
  | 'SandboxTransactionList'
  | 'ErrorBody'
  | 'ChallengeBody';

export interface OperationSpec {
  id: OperationId;
  summary: string;
  /** interface.md section it comes from ("Endpoints › 3. Create NCBCT payment"). */
  section: string;
  standing: OperationStanding;
  method: 'GET' | 'POST' | 'DELETE';
  /** Default path; overridable by configuration where `pathAssumed`. */
  path: string;
  /** true when interface.md does not show the path and it comes from platform-notes.md. */
  pathAssumed: boolean;
  pathParams: string[];
  query: QueryParam[];
  headers: HeaderSpec[];
  /** true when interface.md does not show the headers and they are assumed from similar operations. */
  headersAssumed: boolean;
  requestBody?: SchemaName;
  /** Success status and whether interface.md states it. */
  success: { status: number; shown: boolean; body?: SchemaName };
  /** Error statuses interface.md documents for the operation, with their codes. */
  documentedErrors: { status: number; code?: string; body: SchemaName }[];
  /** Only in the sandbox, never in production. */
  sandboxOnly: boolean;
  /** Creates a payment (refused by the production profile without --allow-payments). */
  createsPayment: boolean;
}

const allowLogicalDuplicate: QueryParam = {
  name: 'allowLogicalDuplicate',
  type: 'boolean',
  required: false,
  description: 'whether logical duplicate payments are allowed',
};

const basketHeaders: HeaderSelection = {
  groups: ['N', 'S', 'T', 'P', 'X'],
  without: ['Digest'],
  presence: { 'x-accept-fix': 'yes' },
};
const paymentHeaders: HeaderSelection = {
  groups: ['N', 'S', 'T', 'P', 'I', 'X'],
  presence: { Digest: 'yes', 'x-accept-fix': 'yes' },
};
const bulkHeaders: HeaderSelection = {
  groups: ['N', 'S', 'T', 'P', 'I', 'X'],
  without: ['TPP-Brand-Logging-Information'],
  presence: { Digest: 'yes' },
};
/**
 * Operation 6's list: Content-Type (optional), group N, X-Request-ID, Digest, TPP-Signature-Certificate, Signature (all
 * required).
 */
const sandboxHeaders: HeaderSelection = {
  groups: ['N', 'S'],
  presence: { Digest: 'yes' },
  extra: [{ name: 'Content-Type', group: 'N', presence: 'no', format: { kind: 'string' } }],
};
const sandboxReadHeaders: HeaderSelection = { groups: ['N', 'S'], without: ['Digest'] };

/**
 * What interface.md leaves of the operations on a created payment it only names (status read, deletion): no body,
 * headers as the reads of group S and P take them, a success status it does not show.
 */
const ON_A_PAYMENT = {
  standing: 'named',
  query: [],
  headerSelection: { groups: ['N', 'S', 'P'], without: ['Digest'] },
  headersAssumed: true,
  success: { status: 200, shown: false },
  documentedErrors: [],
  sandboxOnly: false,
  createsPayment: false,
} as const satisfies Partial<Parameters<typeof op>[0]>;

const serverErrors = [{ status: 500, code: 'SYSTEM_ERROR', body: 'ErrorBody' as const }];

function op(spec: Omit<OperationSpec, 'headers' | 'pathParams'> & { headerSelection: HeaderSelection }): OperationSpec {
  const { headerSelection, ...rest } = spec;
  const pathParams = [...spec.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  return { ...rest, pathParams, headers: headersFor(headerSelection) };
}

export const OPERATIONS: readonly OperationSpec[] = [
  op({
    id: 'basket.startAuthorisation',
    summary: 'Start authorisation of a signing basket',
    section: 'Endpoints › 1. Start signing basket authorisation',
    standing: 'specified',
    method: 'POST',
    path: '/v1/signing-baskets/{basketId}/authorisations',
    pathAssumed: true,
    query: [],
    headerSelection: basketHeaders,
    headersAssumed: false,
    success: { status: 201, shown: true, body: 'BasketAuthorisation' },
    documentedErrors: [],
    sandboxOnly: false,
    createsPayment: false,
  }),
  op({
    id: 'basket.get',
    summary: 'Read a signing basket',
    section: 'Endpoints › 2. Get signing basket details',
    standing: 'specified',
    method: 'GET',
    path: '/v1/signing-baskets/{basketId}',
    pathAssumed: false,
    query: [],
    // "The same header names as operation 1. Which of them are required: not shown": x-accept-fix too, which operation
    // 1 requires, so a bank may require it here as well.
    headerSelection: { ...basketHeaders, presence: { 'x-accept-fix': 'unknown' }, presenceUnknown: true },
    headersAssumed: false,
    success: { status: 200, shown: true, body: 'SigningBasket' },
    documentedErrors: [
      { status: 401, body: 'ChallengeBody' },
      { status: 404, code: 'RESOURCE_UNKNOWN', body: 'ErrorBody' },
      ...serverErrors,
    ],
    sandboxOnly: false,
    createsPayment: false,
  }),
  op({
    id: 'ncbct.create',
    summary: 'Initiate a Norwegian cross-border credit transfer',
    section: 'Endpoints › 3. Create NCBCT payment',
    standing: 'specified',
    method: 'POST',
    path: '/v1/payments/norwegian-cross-border-credit-transfers',
    pathAssumed: false,
    query: [allowLogicalDuplicate],
    headerSelection: paymentHeaders,
    headersAssumed: false,
    requestBody: 'NcbctPaymentRequest',
    success: { status: 201, shown: true, body: 'PaymentInitiationResponse' },
    documentedErrors: [],
    sandboxOnly: false,
    createsPayment: true,
  }),
  op({
    id: 'sct.create',
    summary: 'Initiate a SEPA-style credit transfer',
    section: 'Endpoints › 4. Create SCT payment',
    standing: 'specified',
    method: 'POST',
    path: '/v1/payments/sepa-credit-transfers',
    pathAssumed: true,
    query: [allowLogicalDuplicate],
    headerSelection: paymentHeaders,
    headersAssumed: false,
    requestBody: 'SctPaymentRequest',
    success: { status: 201, shown: true, body: 'PaymentInitiationResponse' },
    documentedErrors: [],
    sandboxOnly: false,
    createsPayment: true,
  }),
  op({
    id: 'bulk.create',
    summary: 'Initiate a bulk payment of Norwegian domestic credit transfers',
    section: 'Endpoints › 5. Create bulk payment, Norwegian domestic credit transfers',
    standing: 'specified',
    method: 'POST',
    path: '/v1/bulk-payments/norwegian-domestic-credit-transfers',
    pathAssumed: false,
    query: [allowLogicalDuplicate],
    headerSelection: bulkHeaders,
    headersAssumed: false,
    requestBody: 'BulkPaymentRequest',
    success: { status: 201, shown: true, body: 'BulkPaymentInitiationResponse' },
    documentedErrors: [
      { status: 400, code: 'FORMAT_ERROR', body: 'ErrorBody' },
      { status: 401, body: 'ChallengeBody' },
      { status: 403, code: 'PRODUCT_INVALID', body: 'ErrorBody' },
      { status: 404, code: 'RESOURCE_UNKNOWN', body: 'ErrorBody' },
      ...serverErrors,
    ],
    sandboxOnly: false,
    createsPayment: true,
  }),
  op({
    id: 'sandbox.engagement.create',
    summary: 'Create an engagement on a sandbox agreement',
    section: 'Endpoints › 6. Create engagement on a sandbox agreement',
    standing: 'specified',
    method: 'POST',
    path: '/v1/sandbox/agreements/{mockAgreementId}/engagements',
    pathAssumed: false,
    query: [],
    headerSelection: sandboxHeaders,
    headersAssumed: false,
    requestBody: 'SandboxEngagement',
    success: { status: 201, shown: true, body: 'SandboxEngagement' },
    documentedErrors: [],
    sandboxOnly: true,
    createsPayment: false,
  }),
  op({
    id: 'sandbox.engagement.get',
    summary: 'Read an engagement of a sandbox agreement',
    section: 'Endpoints › 7. Get engagement of a sandbox agreement',
    standing: 'specified',
    method: 'GET',
    path: '/v1/sandbox/agreements/{mockAgreementId}/engagements/{mockEngagementId}',
    pathAssumed: true,
    query: [],
    // "The same as operation 6", whose Digest is required: a bank may require it on this GET too, so the suite sends
    // the Digest of the empty body (suites/support/request.ts). Kept as interface.md says.
    headerSelection: sandboxHeaders,
    headersAssumed: false,
    success: { status: 200, shown: true, body: 'SandboxEngagement' },
    documentedErrors: [],
    sandboxOnly: true,
    createsPayment: false,
  }),
  op({
    id: 'sandbox.cardAccount.create',
    summary: 'Create a sandbox card account',
    section: 'Endpoints › 8. Create sandbox card account',
    standing: 'specified',
    method: 'POST',
    path: '/v1/sandbox/card-accounts',
    pathAssumed: true,
    query: [],
    headerSelection: sandboxHeaders,
    headersAssumed: false,
    requestBody: 'SandboxCardAccountRequest',
    success: { status: 201, shown: false, body: 'SandboxCardAccountResponse' },
    documentedErrors: [],
    sandboxOnly: true,
    createsPayment: false,
  }),
  op({
    id: 'sandbox.transactions.list',
    summary: 'List the transactions of a sandbox account',
    section: 'Endpoints › 9. Get sandbox account transactions',
    standing: 'specified',
    method: 'GET',
    path: '/v1/sandbox/accounts/{mockAccountId}/transactions',
    pathAssumed: false,
    query: [
      { name: 'fromDate', type: 'date', required: false, description: 'first value date included' },
      { name: 'toDate', type: 'date', required: false, description: 'last value date included' },
      {
        name: 'offset',
        type: 'int32',
        required: false,
        minimum: 0,
        description: 'number of transactions skipped before counting the limit',
      },
      {
        name: 'limit',
        type: 'int32',
        required: false,
        minimum: 1,
        description: 'number of transactions returned; at least 1',
      },
    ],
    headerSelection: sandboxReadHeaders,
    headersAssumed: false,
    success: { status: 200, shown: false, body: 'SandboxTransactionList' },
    documentedErrors: [],
    sandboxOnly: true,
    createsPayment: false,
  }),
  op({
    ...ON_A_PAYMENT,
    id: 'payment.status',
    summary: 'Read the status of a payment',
    section: 'What the service does (named only)',
    method: 'GET',
    path: '/v1/payments/{payment-product}/{paymentId}/status',
    pathAssumed: false,
  }),
  op({
    ...ON_A_PAYMENT,
    id: 'payment.delete',
    summary: 'Delete (cancel) a payment',
    section: 'What the service does (payment cancellation or deletion: mentioned in the release notes only)',
    method: 'DELETE',
    path: '/v1/payments/{payment-product}/{paymentId}',
    pathAssumed: true,
  }),
  op({
    id: 'basket.create',
    summary: 'Create a signing basket from payment ids',
    section: 'Resources › Signing basket (creation is platform-only)',
    standing: 'platform',
    method: 'POST',
    path: '/v1/signing-baskets',
    pathAssumed: true,
    query: [],
    headerSelection: { groups: ['N', 'S', 'T', 'P'], presence: { Digest: 'yes' } },
    headersAssumed: true,
    requestBody: 'SigningBasketRequest',
    success: { status: 201, shown: false },
    documentedErrors: [],
    sandboxOnly: false,
    createsPayment: false,
  }),
  ...(
    [
      ['sandbox.customer.create', 'Create a sandbox customer', 'POST', '/v1/sandbox/customers', 'platform'],
      ['sandbox.account.create', 'Create a sandbox account', 'POST', '/v1/sandbox/accounts', 'named'],
      ['sandbox.agreement.create', 'Create a sandbox agreement', 'POST', '/v1/sandbox/agreements', 'named'],
      [
        'sandbox.transactions.create',
        'Add transactions to a sandbox account',
        'POST',
        '/v1/sandbox/accounts/{mockCardAccountId}/transactions',
        'named',
      ],
      [
        'sandbox.cardTransactions.create',
        'Add transactions to a sandbox card account',
        'POST',
        '/v1/sandbox/card-accounts/{mockCardAccountId}/transactions',
        'platform',
      ],
      ['sandbox.initialize', 'Reset the sandbox', 'POST', '/v1/sandbox/initialize', 'platform'],
    ] as const
  ).map(([id, summary, method, path, standing]) =>
    op({
      id,
      summary,
      section: standing === 'named' ? 'What the service does (named only)' : 'platform-notes.md (not in interface.md)',
      standing,
      method,
      path,
      pathAssumed: standing === 'platform',
      query: [],
      headerSelection: sandboxHeaders,
      headersAssumed: true,
      success: { status: 201, shown: false },
      documentedErrors: [],
      sandboxOnly: true,
      createsPayment: false,
    }),
  ),
];

export function operation(id: OperationId): OperationSpec {
  const found = OPERATIONS.find((o) => o.id === id);
  if (!found) throw new Error(`unknown operation ${id}`);
  return found;
}

/** Payment products that the payment status path takes (platform-notes.md). */
export const PAYMENT_PRODUCTS = [
  'norwegian-domestic-credit-transfers',
  'instant-norwegian-domestic-credit-transfers-straks',
  'cross-border-credit-transfers',
  'norwegian-cross-border-credit-transfers',
  'sepa-credit-transfers',
] as const;
