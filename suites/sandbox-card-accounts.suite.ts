import { describe } from 'vitest';
import { checkAccepted, fieldsEchoedCheck, responseSchema } from '../checks/index.js';
import { CARD_ACCOUNT_BREAKERS, broken } from '../generators/index.js';
import { sharedCustomer, uniqueNumber, type Customer } from './support/fixtures.js';
import { rejectsEveryCase } from './support/breakers.js';
import { operation } from './support/request.js';
import { conformanceTest } from './support/conformance-test.js';
import { followLinks, noLinks } from './support/follow-links.js';
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
    {
      requirementIds: ['Sandbox.cardAccount.response.shape', 'Sandbox.cardAccount.create.201', 'Link.href.reachable'],
      operation: 'sandbox.cardAccount.create',
      title:
        'a card account comes back with every field, a resourceId and self/transactions links, which lead to the ' +
        'account and its transactions',
    },
    async ({ s, judge }) => {
      const request = cardAccount(s, await sharedCustomer(s));
      const exchange = await s.call('sandbox.cardAccount.create', { body: request });
      // "The same fields": each as sent (balances in any order); members the bank adds are its own to add.
      judge(exchange, [
        ...checkAccepted(exchange, operation('sandbox.cardAccount.create'), 'Sandbox.cardAccount.create.201'),
        ...responseSchema(exchange, 'SandboxCardAccountResponse', 'Sandbox.cardAccount.response.shape'),
        ...fieldsEchoedCheck.run({ exchange, facts: { sent: request } }),
      ]);
      noLinks((await followLinks(s, judge, exchange)).size);
    },
  );

  rejectsEveryCase({
    breakers: CARD_ACCOUNT_BREAKERS,
    operation: 'sandbox.cardAccount.create',
    what: 'card accounts',
    sender: async (s) => {
      const owner = await sharedCustomer(s);
      return (breaker, value) =>
        s.call('sandbox.cardAccount.create', { body: broken(cardAccount(s, owner), breaker, value) });
    },
  });
});
