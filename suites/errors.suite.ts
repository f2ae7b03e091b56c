import { describe } from 'vitest';
import { checkKidError, checkRejected, notAServerError, properErrorCheck } from '../checks/index.js';
import { bulkBody, ncbctBody } from './support/bodies.js';
import { account, customer, sharedDebtor } from './support/fixtures.js';
import { conformanceTest } from './support/conformance-test.js';

/** interface.md › Errors: the additional rules, and the conventions for what it leaves open. */
describe('errors', () => {
  conformanceTest(
    'Errors.insufficientFunds.notServerError',
    'ncbct.create',
    'a payment beyond the balance gets a proper error, not 500',
    async ({ s, judge }) => {
      const poor = await account(s, await customer(s), 10);
      // Below NOK 100 000: a larger amount is refused first for its missing regulatory reporting, never reaching the
      // funds.
      const exchange = await s.call('ncbct.create', {
        body: ncbctBody(poor, '50000.00', 'too much'),
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
    'Errors.kid.400',
    'bulk.create',
    'a KID with a wrong check digit gives 400, not 401',
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
    ['Errors.bulk.formatError400', 'Errors.invalidJson.400'],
    'bulk.create',
    'a body that is not JSON gives 400 FORMAT_ERROR',
    async ({ s, judge }) => {
      const exchange = await s.call('bulk.create', {
        raw: '{"debtorAccount": {"bban": ',
        query: { allowLogicalDuplicate: true },
      });
      judge(exchange, checkRejected(exchange, 'Errors.bulk.formatError400'));
    },
  );

  conformanceTest(
    'Errors.invalidJson.400',
    'ncbct.create',
    'an NCBCT body that is not JSON gives 400 FORMAT_ERROR',
    async ({ s, judge }) => {
      const exchange = await s.call('ncbct.create', {
        raw: 'creditorName=Kari',
        query: { allowLogicalDuplicate: true },
      });
      judge(exchange, checkRejected(exchange, 'Errors.invalidJson.400'));
    },
  );

  conformanceTest(
    'Payment.requestedExecutionDate.notInPast',
    'ncbct.create',
    'an execution date in the past is rejected (EXECUTION_DATE_INVALID)',
    async ({ s, judge }) => {
      const exchange = await s.call('ncbct.create', {
        body: { ...ncbctBody(await sharedDebtor(s), '17.00', 'past'), requestedExecutionDate: '2020-01-02' },
        query: { allowLogicalDuplicate: true },
      });
      judge(exchange, checkRejected(exchange, 'Payment.requestedExecutionDate.notInPast'));
    },
  );

  conformanceTest(
    'Payment.product.notOffered',
    'payment.status',
    'a payment product the bank does not offer gives 403 PRODUCT_INVALID or 404 PRODUCT_UNKNOWN',
    async ({ s, judge }) => {
      const exchange = await s.call('payment.status', {
        params: { 'payment-product': 'moon-credit-transfers', paymentId: 'enc!!x==' },
      });
      judge(exchange, checkRejected(exchange, 'Payment.product.notOffered'));
    },
  );
});
