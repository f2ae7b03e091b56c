import { describe } from 'vitest';
import { checkAccepted, checkRejected, statusInSetCheck, twoIdsCheck } from '../checks/index.js';
import { ncbctBody, sctBody } from './support/bodies.js';
import { account, customer, sharedDebtor } from './support/fixtures.js';
import { pickBySeed } from './support/cells.js';
import { createPayment, statusPathOf } from './support/payments.js';
import { PRODUCTS } from './support/products.js';
import { operation } from './support/request.js';
import { conformanceTest } from './support/conformance-test.js';

/**
 * interface.md › Endpoints 3, 4 and 5: the NOK 100 000 rule, and on every payment initiation its logical duplicates,
 * its allowLogicalDuplicate query and the status read of what it created.
 */
describe('payments: examples', () => {
  conformanceTest(
    {
      requirementIds: 'Payment.create.201',
      operation: 'sct.create',
      title: 'a valid SCT gives 201 with a conformant payment initiation response',
    },
    async ({ s, judge }) => {
      const exchange = await s.call('sct.create', {
        body: sctBody(await sharedDebtor(s)),
        query: { allowLogicalDuplicate: true },
      });
      judge(exchange, checkAccepted(exchange, operation('sct.create'), 'Payment.create.201'));
    },
  );

  const threshold: [string, string, Record<string, string>, boolean][] = [
    ['99999.99 NOK without reporting fields', '99999.99', {}, true],
    [
      '100000.00 NOK with both reporting fields',
      '100000.00',
      { regulatoryReportingCode: '14', regulatoryReportingInformation: 'Varekjøp' },
      true,
    ],
  ];
  for (const [label, amount, fields, accepted] of threshold) {
    conformanceTest(
      {
        requirementIds: 'NCBCT.regulatoryReporting.requiredFromNok100000',
        operation: 'ncbct.create',
        title: `${label} is ${accepted ? 'accepted' : 'rejected'}`,
      },
      async ({ s, judge }) => {
        const exchange = await s.call('ncbct.create', {
          body: { ...ncbctBody(await sharedDebtor(s), amount, `t ${label}`), ...fields },
          query: { allowLogicalDuplicate: true },
        });
        const id = 'NCBCT.regulatoryReporting.requiredFromNok100000';
        judge(
          exchange,
          accepted ? checkAccepted(exchange, operation('ncbct.create'), id) : checkRejected(exchange, id),
        );
      },
    );
  }

  for (const { op, product, body } of PRODUCTS) {
    conformanceTest(
      {
        requirementIds: 'Payment.allowLogicalDuplicate.true',
        operation: op,
        title: `${op}: with allowLogicalDuplicate=true an identical payment goes through twice with two ids`,
      },
      async ({ s, judge }) => {
        const twice = body(s, await sharedDebtor(s), '77.00', `dup ${s.ctx.runTag}`);
        const first = await s.call(op, { body: twice, query: { allowLogicalDuplicate: true } });
        const second = await s.call(op, { body: twice, query: { allowLogicalDuplicate: true } });
        const firstPaymentId = (first.response?.json as { paymentId?: unknown } | undefined)?.paymentId;
        judge(second, [
          ...checkAccepted(first, operation(op), 'Payment.allowLogicalDuplicate.true'),
          ...checkAccepted(second, operation(op), 'Payment.allowLogicalDuplicate.true'),
          ...twoIdsCheck.run({ exchange: second, facts: { firstPaymentId } }),
        ]);
      },
    );

    conformanceTest(
      {
        requirementIds: 'Payment.logicalDuplicate.rejectedByDefault',
        operation: op,
        title: `${op}: without allowLogicalDuplicate, an identical second payment is rejected`,
      },
      async ({ s, judge }) => {
        // The payments the suites create without allowLogicalDuplicate: a bank may key duplicates coarsely (same
        // debtor, creditor and amount) and remember them for a while, so each pays from an account of its own.
        const twice = body(s, await account(s, await customer(s)), '78.00', `dup2 ${s.ctx.runTag}`);
        await createPayment(s, op, twice);
        const second = await s.call(op, { body: twice });
        judge(second, checkRejected(second, 'Payment.logicalDuplicate.rejectedByDefault'));
      },
    );

    conformanceTest(
      {
        requirementIds: 'Payment.allowLogicalDuplicate.query',
        operation: op,
        title: `${op}: allowLogicalDuplicate neither true nor false is rejected`,
        cells: [{ requirementId: 'Payment.allowLogicalDuplicate.query', label: 'neither true nor false' }],
      },
      async ({ s, judge }) => {
        const exchange = await s.call(op, {
          body: body(s, await sharedDebtor(s), '79.00', 'q'),
          query: { allowLogicalDuplicate: pickBySeed(['maybe', 'yes'], s.ctx.seed) },
        });
        judge(exchange, checkRejected(exchange, 'Payment.allowLogicalDuplicate.query'));
      },
    );

    conformanceTest(
      {
        requirementIds: 'PaymentStatus.get.200',
        operation: 'payment.status',
        title: `the status of a payment ${op} created reads back with a status of the set`,
      },
      async ({ s, judge }) => {
        const created = await createPayment(s, op, body(s, await sharedDebtor(s), '80.00', 'status'), {
          allowLogicalDuplicate: true,
        });
        const exchange = await s.call('payment.status', { path: statusPathOf(s, op, product, created) });
        judge(exchange, [
          ...checkAccepted(exchange, operation('payment.status'), 'PaymentStatus.get.200'),
          ...statusInSetCheck.run({ exchange }),
        ]);
      },
    );
  }
});
