import { describe } from 'vitest';
import { checkRejected, notAServerError, verdict } from '../checks/index.js';
import { requirement } from '../spec/index.js';
import { bulkBody, ncbctBody } from './support/bodies.js';
import { account, customer, sharedDebtor } from './support/fixtures.js';
import { rule } from './support/rule.js';

/** interface.md › Errors: the additional rules, and the conventions for what it leaves open. */
describe('errors', () => {
  rule(
    'Errors.insufficientFunds.notServerError',
    'ncbct.create',
    'a payment beyond the balance gets a proper error, not 500',
    async ({ s, judge }) => {
      const poor = await account(s, await customer(s), 10);
      // Below NOK 100 000: a larger amount is refused first for its missing regulatory reporting, never reaching the funds.
      const exchange = await s.call('ncbct.create', {
        body: ncbctBody(poor, '50000.00', 'too much'),
        query: { allowLogicalDuplicate: true },
      });
      const status = exchange.response?.status ?? 0;
      // A bank may accept the initiation and reject at execution; what it must not do is fail with a 5xx.
      judge(exchange, [
        notAServerError(exchange),
        verdict(
          'proper_error',
          'Errors.insufficientFunds.notServerError',
          status < 500 && status > 0,
          `status ${status}`,
        ),
      ]);
    },
  );

  rule('Errors.kid.400', 'bulk.create', 'a KID with a wrong check digit gives 400, not 401', async ({ s, judge }) => {
    const owner = await customer(s);
    const debtor = await account(s, owner);
    const creditor = await account(s, owner);
    const body = bulkBody(debtor, creditor);
    const entry = body.payments[0] as Record<string, unknown>;
    delete entry.remittanceInformationUnstructured;
    entry.remittanceInformationStructured = { reference: '12345675', referenceType: 'KID' };
    const exchange = await s.call('bulk.create', { body, query: { allowLogicalDuplicate: true } });
    judge(exchange, checkRejected(exchange, 'Errors.kid.400', requirement('Errors.kid.400').expected));
  });

  // A malformed bulk payment is a MUST of interface.md (Endpoints › 5), so this test gates at MUST.
  rule(
    ['Errors.bulk.formatError400', 'Errors.invalidJson.400'],
    'bulk.create',
    'a body that is not JSON gives 400 FORMAT_ERROR',
    async ({ s, judge }) => {
      const exchange = await s.call('bulk.create', {
        raw: '{"debtorAccount": {"bban": ',
        query: { allowLogicalDuplicate: true },
      });
      judge(
        exchange,
        checkRejected(exchange, 'Errors.bulk.formatError400', requirement('Errors.bulk.formatError400').expected),
      );
    },
  );

  rule(
    'Errors.invalidJson.400',
    'ncbct.create',
    'an NCBCT body that is not JSON gives 400 FORMAT_ERROR',
    async ({ s, judge }) => {
      const exchange = await s.call('ncbct.create', {
        raw: 'creditorName=Kari',
        query: { allowLogicalDuplicate: true },
      });
      judge(
        exchange,
        checkRejected(exchange, 'Errors.invalidJson.400', requirement('Errors.invalidJson.400').expected),
      );
    },
  );

  rule(
    'Payment.requestedExecutionDate.notInPast',
    'ncbct.create',
    'an execution date in the past is rejected (EXECUTION_DATE_INVALID)',
    async ({ s, judge }) => {
      const exchange = await s.call('ncbct.create', {
        body: { ...ncbctBody(await sharedDebtor(s), '17.00', 'past'), requestedExecutionDate: '2020-01-02' },
        query: { allowLogicalDuplicate: true },
      });
      judge(
        exchange,
        checkRejected(
          exchange,
          'Payment.requestedExecutionDate.notInPast',
          requirement('Payment.requestedExecutionDate.notInPast').expected,
        ),
      );
    },
  );

  rule(
    'Payment.product.notOffered',
    'payment.status',
    'a payment product the bank does not offer gives 403 PRODUCT_INVALID or 404 PRODUCT_UNKNOWN',
    async ({ s, judge }) => {
      const exchange = await s.call('payment.status', {
        params: { 'payment-product': 'moon-credit-transfers', paymentId: 'enc!!x==' },
      });
      judge(
        exchange,
        checkRejected(exchange, 'Payment.product.notOffered', requirement('Payment.product.notOffered').expected),
      );
    },
  );
});
