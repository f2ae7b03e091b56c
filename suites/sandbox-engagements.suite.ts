import { describe } from 'vitest';
import { checkAccepted, checkRejected, roundTripCheck, setupAcceptedCheck, type CheckResult } from '../checks/index.js';
import type { Exchange } from '../client/index.js';
import { ENGAGEMENT_BREAKERS, broken } from '../generators/index.js';
import { makeIban } from '../spec/index.js';
import { account, agreement, customer, idOrNotObservable, perFile, uniqueBban } from './support/fixtures.js';
import { rejectsEveryCase } from './support/breakers.js';
import { operation } from './support/request.js';
import { conformanceTest } from './support/conformance-test.js';
import type { Session } from './support/session.js';

/** interface.md › Sandbox engagement; Endpoints 6 and 7. */

/**
 * The agreement, its owner's account and a member every test of the file engages (once per file): engagements are
 * added to the agreement, never changed, and each test reads back only the engagement it made.
 */
let sharedSetting: (() => ReturnType<typeof makeSetting>) | undefined;
const setting = (s: Session) => (sharedSetting ??= perFile('engagement setting', () => makeSetting(s)))();

async function makeSetting(s: Session) {
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

/** Creates an engagement under the mock agreement (Endpoint 6). */
const createEngagement = (s: Session, agreementId: string, body: unknown): Promise<Exchange> =>
  s.call('sandbox.engagement.create', { params: { mockAgreementId: agreementId }, body });

/** The create's own verdict: 201 with the engagement. */
const createdWith201 = (exchange: Exchange): CheckResult[] =>
  checkAccepted(exchange, operation('sandbox.engagement.create'), 'Sandbox.engagement.create.201');

describe('sandbox engagements', () => {
  conformanceTest(
    {
      requirementIds: 'Sandbox.engagement.create.201',
      operation: 'sandbox.engagement.create',
      title: 'creating an engagement gives 201 with the engagement',
    },
    async ({ s, judge }) => {
      const { agreementId, engagement } = await setting(s);
      const exchange = await createEngagement(s, agreementId, engagement);
      judge(exchange, createdWith201(exchange));
    },
  );

  conformanceTest(
    {
      requirementIds: 'Sandbox.engagement.roundTrip',
      operation: 'sandbox.engagement.get',
      situationsOn: ['sandbox.engagement.create'],
      title: 'an engagement reads back with the customer, account, roles and limits it was created with',
    },
    async ({ s, judge }) => {
      const { agreementId, engagement } = await setting(s);
      const created = await createEngagement(s, agreementId, engagement);
      // A failed create is the failure to report, not the 404 of reading what was never made.
      judge(created, createdWith201(created));
      const engagementId = idOrNotObservable('engagement', created, 'Endpoints › 6') ?? 'missing';
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

  rejectsEveryCase({
    breakers: ENGAGEMENT_BREAKERS,
    operation: 'sandbox.engagement.create',
    what: 'engagements',
    sender: async (s) => {
      const { agreementId, engagement } = await setting(s);
      return (breaker, value) => createEngagement(s, agreementId, broken(engagement, breaker, value));
    },
  });

  conformanceTest(
    {
      requirementIds: 'Sandbox.engagement.accountNotOwnedByCustomer',
      operation: 'sandbox.engagement.create',
      title: 'an engagement whose account the customer owns is rejected',
    },
    async ({ s, judge }) => {
      const corporate = await customer(s, 'corporate');
      const member = await customer(s, 'private');
      const own = await account(s, member);
      const agreementId = await agreement(s, corporate);
      const exchange = await createEngagement(s, agreementId, {
        customer: member.customerNumber,
        account: { iban: own.iban },
        roles: ['REGISTER', 'VIEW'],
        registerLimit: 1,
        approvalLimit: 1,
      });
      judge(exchange, checkRejected(exchange, 'Sandbox.engagement.accountNotOwnedByCustomer'));
    },
  );

  conformanceTest(
    {
      requirementIds: 'Sandbox.setup.noMod11',
      operation: 'sandbox.account.create',
      situationsOn: ['sandbox.agreement.create'],
      title:
        "the sandbox accepts a real client's set-up: an account whose bban fails MOD11, " +
        'an agreement whose engagements lack limits',
    },
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
