import { describe } from 'vitest';
import { checkAccepted, checkRejected, statusInSetCheck, twoIdsCheck } from '../checks/index.js';
import { ncbctBody, sctBody } from './support/bodies.js';
import { account, customer, sharedDebtor } from './support/fixtures.js';
import { createPayment } from './support/payments.js';
import { operation } from './support/request.js';
import { conformanceTest } from './support/conformance-test.js';

/** interface.md › Endpoints 3 and 4, the payment initiation response, the NOK 100 000 rule, logical duplicates. */
describe('NCBCT and SCT payments: examples', () => {
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
    ['100000.00 NOK without reporting fields', '100000.00', {}, false],
    ['100000.00 NOK with only the code', '100000.00', { regulatoryReportingCode: '14' }, false],
    ['100000.01 NOK with only the information', '100000.01', { regulatoryReportingInformation: 'Varekjøp' }, false],
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

  conformanceTest(
    {
      requirementIds: 'Payment.allowLogicalDuplicate.true',
      operation: 'ncbct.create',
      title: 'with allowLogicalDuplicate=true an identical payment goes through twice with two ids',
    },
    async ({ s, judge }) => {
      const body = ncbctBody(await sharedDebtor(s), '77.00', `dup ${s.ctx.runTag}`);
      const first = await s.call('ncbct.create', { body, query: { allowLogicalDuplicate: true } });
      const second = await s.call('ncbct.create', { body, query: { allowLogicalDuplicate: true } });
      const firstPaymentId = (first.response?.json as { paymentId?: unknown } | undefined)?.paymentId;
      judge(second, [
        ...checkAccepted(first, operation('ncbct.create'), 'Payment.allowLogicalDuplicate.true'),
        ...checkAccepted(second, operation('ncbct.create'), 'Payment.allowLogicalDuplicate.true'),
        ...twoIdsCheck.run({ exchange: second, facts: { firstPaymentId } }),
      ]);
    },
  );

  conformanceTest(
    {
      requirementIds: 'Payment.logicalDuplicate.rejectedByDefault',
      operation: 'ncbct.create',
      title: 'without allowLogicalDuplicate, an identical second payment is rejected',
    },
    async ({ s, judge }) => {
      // The one payment the suites create without allowLogicalDuplicate: a bank may key duplicates coarsely (same
      // debtor, creditor and amount) and remember them for a while, so it pays from an account of its own.
      const body = ncbctBody(await account(s, await customer(s)), '78.00', `dup2 ${s.ctx.runTag}`);
      await createPayment(s, 'ncbct.create', body);
      const second = await s.call('ncbct.create', { body });
      judge(second, checkRejected(second, 'Payment.logicalDuplicate.rejectedByDefault'));
    },
  );

  conformanceTest(
    {
      requirementIds: 'Payment.allowLogicalDuplicate.query',
      operation: 'ncbct.create',
      title: 'allowLogicalDuplicate=maybe is rejected',
    },
    async ({ s, judge }) => {
      const exchange = await s.call('ncbct.create', {
        body: ncbctBody(await sharedDebtor(s), '79.00', 'q'),
        query: { allowLogicalDuplicate: 'maybe' },
      });
      judge(exchange, checkRejected(exchange, 'Payment.allowLogicalDuplicate.query'));
    },
  );

  conformanceTest(
    {
      requirementIds: 'PaymentStatus.get.200',
      operation: 'payment.status',
      title: 'the status of a created payment reads back with a status of the set',
    },
    async ({ s, judge }) => {
      const { paymentId } = await createPayment(
        s,
        'ncbct.create',
        ncbctBody(await sharedDebtor(s), '80.00', 'status'),
        { allowLogicalDuplicate: true },
      );
      const exchange = await s.call('payment.status', {
        params: { 'payment-product': 'norwegian-cross-border-credit-transfers', paymentId },
      });
      judge(exchange, [
        ...checkAccepted(exchange, operation('payment.status'), 'PaymentStatus.get.200'),
        ...statusInSetCheck.run({ exchange }),
      ]);
    },
  );
});
