import { describe } from 'vitest';
import { weekdayAhead, type OperationId, type RequirementId } from '../spec/index.js';
import { checkRejected } from '../checks/index.js';
import { NotObservable } from './support/fixtures.js';
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

/** Where a journey of payments (and their authorisations, read back) goes, beside the payment initiation. */
const PAYMENT_STEPS: OperationId[] = ['basket.startAuthorisation', 'payment.status'];
/** Where a journey of a basket goes, beside the initiations of its payments. */
const BASKET_STEPS: OperationId[] = [...PAYMENT_STEPS, 'basket.create', 'basket.get'];

function journey(
  definition: { requirementIds: RequirementId[]; title: string; sca?: boolean; through: OperationId[] },
  steps: (j: Journey) => Promise<void>,
): void {
  const needsSca = definition.sca ?? true;
  conformanceTest(
    {
      requirementIds: definition.requirementIds,
      operation: 'payment.status',
      situationsOn: definition.through,
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
      through: ['ncbct.create', ...PAYMENT_STEPS],
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
      through: ['sct.create', ...PAYMENT_STEPS],
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
        'Journey.links.answer',
        'Auth.sca.redirect',
        ...INVARIANTS,
      ],
      title:
        'a basket of two NCBCT payments and an SCT payment, approved: the basket and each payment move; a second ' +
        'authorisation is refused; every link the basket was given answers',
      through: ['ncbct.create', 'sct.create', ...BASKET_STEPS],
    },
    async (j) => {
      const payments = [await j.pay('ncbct'), await j.pay('ncbct'), await j.pay('sct')];
      const basket = await j.basket(payments);
      if (!basket) return;
      await j.authorise(basket, 'approve');
      await j.authorise(basket, 'approve');
      for (const link of j.readableLinks()) await j.follow(link);
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
      through: ['ncbct.create', 'sct.create', ...BASKET_STEPS],
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
      through: ['ncbct.create', ...BASKET_STEPS],
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
      through: ['ncbct.create', 'bulk.create', 'basket.create', 'basket.get'],
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
      requirementIds: ['Auth.sca.redirect', 'Journey.approve.accepted', ...INVARIANTS],
      title: 'initiate a bulk payment, authorise it, approve: its status is an accepted one',
      through: ['bulk.create', ...PAYMENT_STEPS],
    },
    async (j) => {
      const p = await j.pay('bulk');
      await j.authorise(p, 'approve');
      await j.readPayment(p);
    },
  );

  journey(
    {
      requirementIds: ['Journey.links.answer', 'Auth.sca.redirect', ...INVARIANTS],
      title: 'a payment read through every link the bank handed out along the way',
      through: ['ncbct.create', ...PAYMENT_STEPS],
    },
    async (j) => {
      const p = await j.pay('ncbct');
      await j.readPayment(p);
      await j.authorise(p, 'approve');
      for (const link of j.readableLinks()) await j.follow(link);
    },
  );
});

// States and transitions: "deleting a payment with status PDNG gives an error". A payment the bank reads as PDNG is
// sought the way a TPP meets one: an NCBCT payment with a requestedExecutionDate weeks ahead, read, and if not pending
// yet, authorised and approved, then read again (a bank may keep a future-dated payment pending until its day).
// Where no read says PDNG, the situation never arose: not observed, not failed.
describe('payment deletion', () => {
  conformanceTest(
    {
      requirementIds: 'PaymentStatus.deletePdng.error',
      operation: 'payment.delete',
      title: 'DELETE of a payment read as PDNG (where its self link offers DELETE) gives an error',
      skip: journeySkip(runContext(), { sca: true }),
    },
    async ({ s, ctx, judge }: Kit) => {
      const j = new Journey({ s, judge, driver: scaDriverFor(ctx) });
      await j.run(async () => {
        const p = await j.pay('ncbct', { requestedExecutionDate: weekdayAhead(new Date()) });
        let status = await j.readPayment(p);
        if (status !== 'PDNG') {
          await j.authorise(p, 'approve');
          status = await j.readPayment(p);
        }
        if (status !== 'PDNG')
          throw new NotObservable(`no payment was read as PDNG (a future-dated payment, approved, read ${status})`);
        const exchange = await j.delete(p);
        judge(exchange, checkRejected(exchange, 'PaymentStatus.deletePdng.error'));
      });
    },
  );
});
