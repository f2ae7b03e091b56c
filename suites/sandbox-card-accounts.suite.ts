import { describe } from 'vitest';
import { checkAccepted, checkRejected, fieldsEchoedCheck, responseSchema } from '../checks/index.js';
import { CARD_ACCOUNT_BREAKERS, broken } from '../generators/index.js';
import { customer, uniqueNumber, type Customer } from './support/fixtures.js';
import { anyCase, breakerRuns, byRule, casesTitle, everyCase } from './support/breakers.js';
import { forAll } from './support/property.js';
import { operation } from './support/request.js';
import { conformanceTest } from './support/conformance-test.js';
import type { Session } from './support/session.js';

/** interface.md › Sandbox card account; Endpoint 8. */

/** A valid card account of `owner`'s, unique to the run. */
function cardAccount(s: Session, owner: Customer): Record<string, unknown> {
  return {
    customerNumber: owner.customerNumber,
    maskedPan: `5555 55** **** ${uniqueNumber(s, 4)}`,
    currency: 'NOK',
    creditLimit: { currency: 'NOK', amount: 50000 },
    balances: [
      { balanceAmount: { currency: 'NOK', amount: 1200 }, balanceType: 'closingBooked' },
      { balanceAmount: { currency: 'NOK', amount: 1100 }, balanceType: 'expected' },
    ],
    cardId: `card-${s.ctx.runTag}-${uniqueNumber(s, 6)}`,
    cardIdVNo: '1',
    accountNumber: uniqueNumber(s),
    expiry: '2029-12',
    name: 'Kredittkort',
    product: 'Gold',
    status: 'enabled',
  };
}

describe('sandbox card accounts', () => {
  conformanceTest(
    ['Sandbox.cardAccount.response.shape', 'Sandbox.cardAccount.create.201'],
    'sandbox.cardAccount.create',
    'a card account comes back with every field, a resourceId and self/transactions links',
    async ({ s, judge }) => {
      const request = cardAccount(s, await customer(s));
      const exchange = await s.call('sandbox.cardAccount.create', { body: request });
      // "The same fields": each as sent (balances in any order); members the bank adds are its own to add.
      judge(exchange, [
        ...checkAccepted(exchange, operation('sandbox.cardAccount.create'), 'Sandbox.cardAccount.create.201'),
        ...responseSchema(exchange, 'SandboxCardAccountResponse', 'Sandbox.cardAccount.response.shape'),
        ...fieldsEchoedCheck.run({ exchange, facts: { sent: request } }),
      ]);
    },
  );

  for (const [requirementId, cases] of byRule(CARD_ACCOUNT_BREAKERS)) {
    const name = casesTitle('card accounts', cases);
    conformanceTest(requirementId, 'sandbox.cardAccount.create', name, async ({ s, ctx, meta, judge }) => {
      const owner = await customer(s);
      const examples = everyCase(cases, ctx.seed);
      await forAll(
        ctx,
        meta,
        name,
        anyCase(cases),
        async ([c, value]) => {
          const body = broken(cardAccount(s, owner), c, value);
          const exchange = await s.call('sandbox.cardAccount.create', { body });
          judge(exchange, checkRejected(exchange, c.requirementId));
        },
        { numRuns: breakerRuns(ctx), examples },
      );
    });
  }
});
