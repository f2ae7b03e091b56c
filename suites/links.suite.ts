import { describe } from 'vitest';
import { checkAccepted } from '../checks/index.js';
import { conformanceTest } from './support/conformance-test.js';
import { followLinks, noLinks } from './support/follow-links.js';
import { NotObservable, customer, sharedDebtor } from './support/fixtures.js';
import { basketIdOf, createPayment } from './support/payments.js';
import { PRODUCTS } from './support/products.js';
import { ncbctBody } from './support/bodies.js';
import { operation } from './support/request.js';

/**
 * Every link a response hands out leads to a resource (Link.href.reachable): each GET link of a created payment, its
 * status, a basket, an authorisation started on it, a sandbox customer and a card account is followed, once, by the
 * TPP that got it. scaRedirect is the PSU's (the journeys send the PSU there); a link to another origin is not the
 * interface's to judge.
 */

const TITLE = 'every GET link it hands out leads to a resource';

describe('links', () => {
  for (const { op, body } of PRODUCTS)
    conformanceTest(
      {
        requirementIds: 'Link.href.reachable',
        operation: op,
        situationsOn: ['payment.status'],
        title: `${op}: ${TITLE}, and so does every link of the status it leads to`,
      },
      async ({ s, judge }) => {
        const { exchange } = await createPayment(s, op, body(s, await sharedDebtor(s), '21.00', 'links'), {
          allowLogicalDuplicate: true,
        });
        const followed = await followLinks(s, judge, exchange);
        const status = followed.get('status');
        const ofStatus =
          status && (status.response?.status ?? 0) < 300 ? await followLinks(s, judge, status) : new Map();
        noLinks(followed.size + ofStatus.size);
      },
    );

  conformanceTest(
    {
      requirementIds: 'Link.href.reachable',
      operation: 'basket.create',
      situationsOn: ['basket.get', 'basket.startAuthorisation'],
      title: `a basket, read and with an authorisation started: ${TITLE}`,
    },
    async ({ s, judge }) => {
      const body = ncbctBody(await sharedDebtor(s), '22.00', 'basket links');
      const { paymentId } = await createPayment(s, 'ncbct.create', body, { allowLogicalDuplicate: true });
      const created = await s.call('basket.create', { body: { paymentIds: [paymentId] } });
      const basketId = basketIdOf(created);
      if (!basketId) throw new NotObservable('the basket was created without an id the suite can read');
      const read = await s.call('basket.get', { params: { basketId } });
      judge(read, checkAccepted(read, operation('basket.get'), 'Basket.get.200'));
      const started = await s.call('basket.startAuthorisation', { params: { basketId } });
      judge(started, checkAccepted(started, operation('basket.startAuthorisation'), 'Basket.startAuthorisation.201'));
      let followed = 0;
      for (const answer of [created, read, started]) followed += (await followLinks(s, judge, answer)).size;
      noLinks(followed);
    },
  );

  conformanceTest(
    {
      requirementIds: 'Link.href.reachable',
      operation: 'sandbox.customer.create',
      title: `a sandbox customer: ${TITLE}`,
    },
    async ({ s, judge }) => {
      await customer(s);
      // The fixture's one request: the customer's creation.
      const created = s.exchanges.at(-1);
      if (!created) throw new NotObservable('no customer creation answer to read');
      noLinks((await followLinks(s, judge, created)).size);
    },
  );
});
