import { describe } from 'vitest';
import { checkAccepted, checkRejected, fieldsEchoedCheck, responseSchema } from '../checks/index.js';
import { type RequirementId } from '../spec/index.js';
import { customer, uniqueNumber } from './support/fixtures.js';
import { operation } from './support/request.js';
import { rule } from './support/rule.js';
import type { Session } from './support/session.js';

/** interface.md › Sandbox card account; Endpoint 8. */

async function cardAccount(s: Session): Promise<Record<string, unknown>> {
  const owner = await customer(s);
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
  rule(
    ['Sandbox.cardAccount.response.shape', 'Sandbox.cardAccount.create.201'],
    'sandbox.cardAccount.create',
    'a card account comes back with every field, a resourceId and self/transactions links',
    async ({ s, judge }) => {
      const request = await cardAccount(s);
      const exchange = await s.call('sandbox.cardAccount.create', { body: request });
      // "The same fields": each as sent (balances in any order); members the bank adds are its own to add.
      judge(exchange, [
        ...checkAccepted(exchange, operation('sandbox.cardAccount.create'), 'Sandbox.cardAccount.create.201'),
        ...responseSchema(exchange, 'SandboxCardAccountResponse', 'Sandbox.cardAccount.response.shape'),
        ...fieldsEchoedCheck.run({ exchange, facts: { sent: request } }),
      ]);
    },
  );

  const required: [string, RequirementId][] = [
    ['customerNumber', 'Sandbox.cardAccount.customerNumber.required'],
    ['maskedPan', 'Sandbox.cardAccount.maskedPan.required'],
    ['currency', 'Sandbox.cardAccount.currency.required'],
    ['creditLimit', 'Sandbox.cardAccount.creditLimit.required'],
    ['balances', 'Sandbox.cardAccount.balances.required'],
    ['cardId', 'Sandbox.cardAccount.cardId.required'],
    ['cardIdVNo', 'Sandbox.cardAccount.cardIdVNo.required'],
    ['accountNumber', 'Sandbox.cardAccount.accountNumber.required'],
    ['expiry', 'Sandbox.cardAccount.expiry.required'],
    ['name', 'Sandbox.cardAccount.name.required'],
    ['product', 'Sandbox.cardAccount.product.required'],
    ['status', 'Sandbox.cardAccount.status.required'],
  ];
  for (const [field, id] of required) {
    rule(id, 'sandbox.cardAccount.create', `a card account without ${field} is rejected`, async ({ s, judge }) => {
      const { [field]: _, ...body } = await cardAccount(s);
      const exchange = await s.call('sandbox.cardAccount.create', { body });
      judge(exchange, checkRejected(exchange, id));
    });
  }

  const wrong: [RequirementId, string, (b: Record<string, unknown>) => Record<string, unknown>][] = [
    ['Sandbox.cardAccount.status.enum', 'status "active"', (b) => ({ ...b, status: 'active' })],
    [
      'Sandbox.cardAccount.balanceType.enum',
      'balanceType "interimBooked"',
      (b) => ({ ...b, balances: [{ balanceAmount: { currency: 'NOK', amount: 1 }, balanceType: 'interimBooked' }] }),
    ],
    [
      'Sandbox.cardAccount.amounts.int32',
      'creditLimit amount 1.5',
      (b) => ({ ...b, creditLimit: { currency: 'NOK', amount: 1.5 } }),
    ],
  ];
  for (const [id, what, breakIt] of wrong) {
    rule(id, 'sandbox.cardAccount.create', `a card account with ${what} is rejected`, async ({ s, judge }) => {
      const exchange = await s.call('sandbox.cardAccount.create', { body: breakIt(await cardAccount(s)) });
      judge(exchange, checkRejected(exchange, id));
    });
  }
});
