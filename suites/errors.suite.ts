import { describe } from 'vitest';
import { checkKidError, checkRejected, notAServerError, properErrorCheck } from '../checks/index.js';
import { KID_WRONG_CHECK_DIGIT, type OperationId } from '../spec/index.js';
import { bulkBody } from './support/bodies.js';
import { account, customer, sharedDebtor } from './support/fixtures.js';
import { conformanceTest } from './support/conformance-test.js';
import { PRODUCTS } from './support/products.js';
import { validRequest } from './operation-requests.js';
import type { CallOptions, Session } from './support/session.js';

/** A body that is not JSON, of each product: a truncated object, or a form encoding. */
const NOT_JSON: Record<string, string> = {
  'ncbct.create': 'creditorName=Kari',
  'sct.create': '{"instructedAmount": {"amount": "1.00", ',
};

/** interface.md › Errors: the additional rules, and the conventions for what it leaves open. */
describe('errors', () => {
  for (const { op, body } of PRODUCTS)
    conformanceTest(
      {
        requirementIds: 'Errors.insufficientFunds.notServerError',
        operation: op,
        title: `${op}: a payment beyond the balance gets a proper error, not 500`,
      },
      async ({ s, judge }) => {
        const poor = await account(s, await customer(s), 10);
        // Below NOK 100 000: a larger amount is refused first for its missing regulatory reporting, never reaching
        // the funds.
        const exchange = await s.call(op, {
          body: body(s, poor, '50000.00', 'too much'),
          query: { allowLogicalDuplicate: true },
        });
        // A bank may accept the initiation and reject at execution; what it must not do is fail with a 5xx.
        const requirementId = 'Errors.insufficientFunds.notServerError';
        judge(exchange, [notAServerError(exchange), ...properErrorCheck.run({ exchange, requirementId })]);
      },
    );

  // Errors rule 2 and release 1.7.0: "KID errors give 400 (not 401)". interface.md names no code for a KID error,
  // so any listed code conforms (Errors.code.inList) and KID_INVALID or KID_MISSING is only the convention. Whether
  // a bank verifies a KID's check digit at all is a convention too (StructuredRemittance.kid.checkDigit): a bank
  // that accepts the payment made no KID error, so this rule has nothing to judge and passes with that warning.
  conformanceTest(
    {
      requirementIds: 'Errors.kid.400',
      operation: 'bulk.create',
      title: 'a KID with a wrong check digit gives 400, not 401',
      cells: [{ requirementId: 'Errors.kid.400', label: KID_WRONG_CHECK_DIGIT }],
    },
    async ({ s, judge }) => {
      const owner = await customer(s);
      const debtor = await account(s, owner);
      const creditor = await account(s, owner);
      const body = bulkBody(debtor, creditor);
      const entry = body.payments[0] as Record<string, unknown>;
      delete entry.remittanceInformationUnstructured;
      entry.remittanceInformationStructured = { reference: '12345675', referenceType: 'KID' };
      const exchange = await s.call('bulk.create', { body, query: { allowLogicalDuplicate: true } });
      judge(exchange, checkKidError(exchange, '12345675'));
    },
  );

  // A malformed bulk payment is a MUST of interface.md (Endpoints › 5), so this test gates at MUST.
  conformanceTest(
    {
      requirementIds: ['Errors.bulk.formatError400', 'Errors.invalidJson.400'],
      operation: 'bulk.create',
      title: 'a body that is not JSON gives 400 FORMAT_ERROR',
      cells: [{ requirementId: 'Errors.invalidJson.400', label: 'a body that is not JSON' }],
    },
    async ({ s, judge }) => {
      const exchange = await s.call('bulk.create', {
        raw: '{"debtorAccount": {"bban": ',
        query: { allowLogicalDuplicate: true },
      });
      judge(exchange, checkRejected(exchange, 'Errors.bulk.formatError400'));
    },
  );

  for (const [op, raw] of Object.entries(NOT_JSON) as [OperationId, string][])
    conformanceTest(
      {
        requirementIds: 'Errors.invalidJson.400',
        operation: op,
        title: `${op}: a body that is not JSON gives 400 FORMAT_ERROR`,
        cells: [{ requirementId: 'Errors.invalidJson.400', label: 'a body that is not JSON' }],
      },
      async ({ s, judge }) => {
        const exchange = await s.call(op, { raw, query: { allowLogicalDuplicate: true } });
        judge(exchange, checkRejected(exchange, 'Errors.invalidJson.400'));
      },
    );

  for (const { op, body } of PRODUCTS)
    conformanceTest(
      {
        requirementIds: 'Payment.requestedExecutionDate.notInPast',
        operation: op,
        title: `${op}: an execution date in the past is rejected (EXECUTION_DATE_INVALID)`,
        cells: [{ requirementId: 'Payment.requestedExecutionDate.notInPast', label: 'a date in the past' }],
      },
      async ({ s, judge }) => {
        const exchange = await s.call(op, {
          body: { ...body(s, await sharedDebtor(s), '17.00', 'past'), requestedExecutionDate: '2020-01-02' },
          query: { allowLogicalDuplicate: true },
        });
        judge(exchange, checkRejected(exchange, 'Payment.requestedExecutionDate.notInPast'));
      },
    );

  // Berlin Group: an unknown id in the path is 404 RESOURCE_UNKNOWN (SHOULD). Each operation that names a resource
  // by id in its path is asked for one no bank has (the basket read has its own test in baskets.suite.ts, the
  // transaction list in sandbox-transactions.suite.ts).
  const unknown = (s: { ctx: { runTag: string } }) => `enc!!unknown-${s.ctx.runTag}==`;
  const UNKNOWN_IN_PATH: [OperationId, (s: Session) => Promise<CallOptions>][] = [
    [
      'payment.status',
      async (s) => ({
        params: { 'payment-product': 'norwegian-cross-border-credit-transfers', paymentId: unknown(s) },
      }),
    ],
    ['basket.startAuthorisation', async (s) => ({ params: { basketId: unknown(s) } })],
    [
      'sandbox.engagement.get',
      async (s) => ({ params: { mockAgreementId: unknown(s), mockEngagementId: unknown(s) } }),
    ],
    [
      'sandbox.engagement.create',
      async (s) => ({
        ...(await validRequest('sandbox.engagement.create', s)),
        params: { mockAgreementId: unknown(s) },
      }),
    ],
  ];
  for (const [op, request] of UNKNOWN_IN_PATH)
    conformanceTest(
      {
        requirementIds: 'Errors.unknownResource.404',
        operation: op,
        title: `${op}: an unknown id in the path gives 404 RESOURCE_UNKNOWN`,
      },
      async ({ s, judge }) => {
        const exchange = await s.call(op, await request(s));
        judge(exchange, checkRejected(exchange, 'Errors.unknownResource.404'));
      },
    );

  conformanceTest(
    {
      requirementIds: 'Payment.product.notOffered',
      operation: 'payment.status',
      title: 'a payment product the bank does not offer gives 403 PRODUCT_INVALID or 404 PRODUCT_UNKNOWN',
    },
    async ({ s, judge }) => {
      const exchange = await s.call('payment.status', {
        params: { 'payment-product': 'moon-credit-transfers', paymentId: 'enc!!x==' },
      });
      judge(exchange, checkRejected(exchange, 'Payment.product.notOffered'));
    },
  );
});
