import { describe } from 'vitest';
import { checkAccepted, checkRejected, roundTripCheck, setupAcceptedCheck } from '../checks/index.js';
import { ENGAGEMENT_BREAKERS, broken } from '../generators/index.js';
import { makeIban } from '../spec/index.js';
import { account, agreement, createdId, customer, uniqueBban } from './support/fixtures.js';
import { anyCase, breakerRuns, byRule, casesTitle, everyCase } from './support/breakers.js';
import { forAll } from './support/property.js';
import { operation } from './support/request.js';
import { conformanceTest } from './support/conformance-test.js';
import type { Session } from './support/session.js';

/** interface.md › Sandbox engagement; Endpoints 6 and 7. */

async function setting(s: Session) {
  const corporate = await customer(s, 'corporate');
  const member = await customer(s, 'private');
  const owned = await account(s, corporate);
  const agreementId = await agreement(s, corporate);
  const engagement = {
    customer: member.customerNumber,
    account: { iban: owned.iban },
    roles: ['REGISTER', 'VIEW'],
    registerLimit: 100000,
    approvalLimit: 50000,
  };
  return { agreementId, engagement };
}

describe('sandbox engagements', () => {
  conformanceTest(
    'Sandbox.engagement.create.201',
    'sandbox.engagement.create',
    'creating an engagement gives 201 with the engagement',
    async ({ s, judge }) => {
      const { agreementId, engagement } = await setting(s);
      const exchange = await s.call('sandbox.engagement.create', {
        params: { mockAgreementId: agreementId },
        body: engagement,
      });
      judge(exchange, checkAccepted(exchange, operation('sandbox.engagement.create'), 'Sandbox.engagement.create.201'));
    },
  );

  conformanceTest(
    'Sandbox.engagement.roundTrip',
    'sandbox.engagement.get',
    'an engagement reads back with the customer, account, roles and limits it was created with',
    async ({ s, judge }) => {
      const { agreementId, engagement } = await setting(s);
      const created = await s.call('sandbox.engagement.create', {
        params: { mockAgreementId: agreementId },
        body: engagement,
      });
      // A failed create is the failure to report, not the 404 of reading what was never made.
      judge(created, checkAccepted(created, operation('sandbox.engagement.create'), 'Sandbox.engagement.create.201'));
      const engagementId = createdId(created) ?? 'missing';
      const exchange = await s.call('sandbox.engagement.get', {
        params: { mockAgreementId: agreementId, mockEngagementId: engagementId },
      });
      // Every member created reads back (roles in any order); members the bank adds, such as an id or the
      // account's currency, are its own to add.
      judge(exchange, [
        ...checkAccepted(exchange, operation('sandbox.engagement.get'), 'Sandbox.engagement.roundTrip'),
        ...roundTripCheck.run({ exchange, facts: { created: engagement } }),
      ]);
    },
  );

  for (const [requirementId, cases] of byRule(ENGAGEMENT_BREAKERS)) {
    const name = casesTitle('engagements', cases);
    conformanceTest(requirementId, 'sandbox.engagement.create', name, async ({ s, ctx, meta, judge }) => {
      const { agreementId, engagement } = await setting(s);
      await forAll(
        ctx,
        meta,
        name,
        anyCase(cases),
        async ([c, value]) => {
          const exchange = await s.call('sandbox.engagement.create', {
            params: { mockAgreementId: agreementId },
            body: broken(engagement, c, value),
          });
          judge(exchange, checkRejected(exchange, c.requirementId));
        },
        { numRuns: breakerRuns(ctx), examples: everyCase(cases, ctx.seed) },
      );
    });
  }

  conformanceTest(
    'Sandbox.engagement.accountNotOwnedByCustomer',
    'sandbox.engagement.create',
    'an engagement whose account the customer owns is rejected',
    async ({ s, judge }) => {
      const corporate = await customer(s, 'corporate');
      const member = await customer(s, 'private');
      const own = await account(s, member);
      const agreementId = await agreement(s, corporate);
      const exchange = await s.call('sandbox.engagement.create', {
        params: { mockAgreementId: agreementId },
        body: {
          customer: member.customerNumber,
          account: { iban: own.iban },
          roles: ['REGISTER', 'VIEW'],
          registerLimit: 1,
          approvalLimit: 1,
        },
      });
      judge(exchange, checkRejected(exchange, 'Sandbox.engagement.accountNotOwnedByCustomer'));
    },
  );

  conformanceTest(
    'Sandbox.setup.noMod11',
    'sandbox.account.create',
    "the sandbox accepts a real client's set-up: an account whose bban fails MOD11, an agreement whose engagements lack limits",
    async ({ s, judge }) => {
      const corporate = await customer(s, 'corporate');
      const bban = `${uniqueBban(s).slice(0, 10)}${(Number(uniqueBban(s)[10]) + 1) % 10}`;
      const exchange = await s.call('sandbox.account.create', {
        body: {
          customerNumber: corporate.customerNumber,
          accountName: 'Driftskonto',
          bban,
          iban: makeIban('NO', bban),
          currency: 'NOK',
          product: 'Driftskonto',
          cashAccountType: 'CACC',
          creditLine: 0,
          balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 10000, currency: 'NOK' } }],
        },
      });
      const member = await customer(s, 'private');
      const agreementExchange = await s.call('sandbox.agreement.create', {
        body: {
          owner: corporate.customerNumber,
          name: 'Avtale',
          engagements: [
            { customer: member.customerNumber, account: { iban: makeIban('NO', bban) }, roles: ['REGISTER', 'VIEW'] },
          ],
        },
      });
      judge(exchange, [
        ...setupAcceptedCheck.run({ exchange, facts: { what: `account with bban ${bban}` } }),
        ...setupAcceptedCheck.run({
          exchange: agreementExchange,
          facts: { what: 'agreement with limitless engagements' },
        }),
      ]);
    },
  );
});
