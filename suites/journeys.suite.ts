import { describe } from 'vitest';
import type { RequirementId } from '../spec/index.js';
import { conformanceTest, type Kit } from './support/conformance-test.js';
import { runContext } from './support/context.js';
import { journeySkip, scaDriverFor } from './support/journeys/driver.js';
import { Journey } from './support/journeys/journey.js';

/**
 * Named journeys (docs/journeys.md): initiate, authorise, come back, read, as a TPP does. Every step judges what it
 * reads: the invariants interface.md states at MUST (statuses in their sets, a basket's worst case, SCA by
 * redirect), the transitions it leaves "not shown" at SHOULD. With SCA_DRIVER=manual the journeys that need SCA
 * are not testable.
 */
const INVARIANTS: RequirementId[] = [
  'Journey.paymentStatus.inSet',
  'Journey.scaStatus.inSet',
  'Journey.status.finalStays',
  'Journey.sca.finished',
];

function journey(
  definition: { requirementIds: RequirementId[]; title: string; sca?: boolean },
  steps: (j: Journey) => Promise<void>,
): void {
  const needsSca = definition.sca ?? true;
  conformanceTest(
    {
      requirementIds: definition.requirementIds,
      operation: 'payment.status',
      title: `journey: ${definition.title}`,
      skip: journeySkip(runContext(), { sca: needsSca }),
    },
    async ({ s, ctx, judge }: Kit) => {
      const j = new Journey({ s, judge, driver: scaDriverFor(ctx) });
      await j.run(() => steps(j));
    },
  );
}

describe('payment journeys', () => {
  journey(
    {
      requirementIds: ['Auth.sca.redirect', 'Journey.approve.accepted', ...INVARIANTS],
      title: 'initiate an NCBCT payment, authorise it, approve: its status is an accepted one, and stays',
    },
    async (j) => {
      const p = await j.pay('ncbct');
      await j.authorise(p, 'approve');
      // Come back later: a booked payment stays booked.
      await j.readPayment(p);
      await j.readPayment(p);
    },
  );

  journey(
    {
      requirementIds: ['Auth.sca.redirect', 'Journey.deny.rejected', 'Journey.links.answer', ...INVARIANTS],
      title: 'initiate an SCT payment, authorise it, deny: it is RJCT, and every link it was given still answers',
    },
    async (j) => {
      const p = await j.pay('sct');
      await j.authorise(p, 'deny');
      await j.readPayment(p);
      for (const link of j.readableLinks()) await j.follow(link);
    },
  );

  journey(
    {
      requirementIds: [
        'Basket.transactionStatus.worstCase',
        'Journey.approve.accepted',
        'Journey.authorisation.finalisedRefused',
        'Auth.sca.redirect',
        ...INVARIANTS,
      ],
      title:
        'a basket of two NCBCT payments and an SCT payment, approved: the basket and each payment move; a second ' +
        'authorisation is refused',
    },
    async (j) => {
      const payments = [await j.pay('ncbct'), await j.pay('ncbct'), await j.pay('sct')];
      const basket = await j.basket(payments);
      if (!basket) return;
      await j.authorise(basket, 'approve');
      await j.authorise(basket, 'approve');
    },
  );

  journey(
    {
      requirementIds: [
        'Basket.transactionStatus.worstCase',
        'Journey.deny.rejected',
        'Auth.sca.redirect',
        ...INVARIANTS,
      ],
      title: 'a basket of an NCBCT and an SCT payment, denied: the basket and each payment are RJCT',
    },
    async (j) => {
      const basket = await j.basket([await j.pay('ncbct'), await j.pay('sct')]);
      if (basket) await j.authorise(basket, 'deny');
    },
  );

  journey(
    {
      requirementIds: ['Journey.basket.rejectedPayment', 'Basket.transactionStatus.worstCase', ...INVARIANTS],
      title: 'a basket holding a payment the PSU denied stays RJCT once the basket is approved',
    },
    async (j) => {
      const [kept, denied] = [await j.pay('ncbct'), await j.pay('ncbct')];
      await j.authorise(denied, 'deny');
      const basket = await j.basket([kept, denied]);
      if (basket) await j.authorise(basket, 'approve');
    },
  );

  journey(
    {
      requirementIds: ['Basket.referenceMix.bulk', 'Basket.transactionStatus.worstCase'],
      title: 'a bulk payment is refused in a basket; the basket of the others goes through and reads back',
      sca: false,
    },
    async (j) => {
      const [single, bulk] = [await j.pay('ncbct'), await j.pay('bulk')];
      await j.basket([single, bulk]);
      const basket = await j.basket([single]);
      if (basket) await j.readBasket(basket);
    },
  );

  journey(
    {
      requirementIds: ['Journey.links.answer', 'Auth.sca.redirect', ...INVARIANTS],
      title: 'a payment read through every link the bank handed out along the way',
    },
    async (j) => {
      const p = await j.pay('ncbct');
      await j.readPayment(p);
      await j.authorise(p, 'approve');
      for (const link of j.readableLinks()) await j.follow(link);
    },
  );
});
