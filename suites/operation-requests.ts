import fc from 'fast-check';
import { sandboxCardAccount, sandboxEngagement } from '../generators/index.js';
import { OPERATIONS, type OperationId } from '../spec/index.js';
import { bulkBody, ncbctBody, sctBody } from './support/bodies.js';
import {
  FixtureError,
  account,
  agreement,
  idOrNotObservable,
  customer,
  perFile,
  sharedDebtor,
  uniqueNumber,
  unregisteredAccount,
} from './support/fixtures.js';
import { basketIdOf, createPayment } from './support/payments.js';
import type { CallOptions, Session } from './support/session.js';

/**
 * A valid request of each operation interface.md specifies, for tests that change one thing about it (leave a header
 * out, offer a narrow set of alternatives): whatever else the answer could object to is right, so a refusal can only
 * be for that one thing. Data a request changes is made for it alone (a basket authorisation starts on a basket of
 * its own, a payment is made for it); data a request only reads, or adds to without changing (an engagement in an
 * agreement, a card account of a customer), is made once per suite file.
 */
export type ValidRequest = Pick<CallOptions, 'params' | 'query' | 'body'>;
type Maker = (s: Session) => Promise<ValidRequest>;

/** One value of a generator, the same for the same seed (the run's), with the fields that must be unique set apart. */
const sampled = <T>(s: Session, arbitrary: fc.Arbitrary<T>): T =>
  fc.sample(arbitrary, { numRuns: 1, seed: s.ctx.seed })[0] as T;

/** A payment from the file's shared debtor put in a basket of its own: the basket's id. */
async function basketOfOne(s: Session): Promise<string> {
  const payment = await createPayment(s, 'ncbct.create', ncbctBody(await sharedDebtor(s), '14.00', 'basket'), {
    allowLogicalDuplicate: true,
  });
  const created = await s.call('basket.create', { body: { paymentIds: [payment.paymentId] } });
  // Basket creation is not in interface.md: any 2xx with an id will do here (platform-notes' 201 is a SHOULD).
  const status = created.response?.status ?? 0;
  const basketId = status >= 200 && status < 300 ? basketIdOf(created) : undefined;
  if (!basketId) throw new FixtureError('create a basket', created, 'Basket.create.201');
  return basketId;
}

/**
 * A corporate customer's account, an agreement the corporation owns, and a private member: what an engagement is
 * made of (interface.md › Sandbox engagement: the account is the corporation's, not the member's).
 */
async function engagementSetting(s: Session): Promise<{ mockAgreementId: string; body: Record<string, unknown> }> {
  const corporation = await customer(s, 'corporate');
  const member = await customer(s, 'private');
  const owned = await account(s, corporation);
  const mockAgreementId = await agreement(s, corporation);
  const body = sampled(s, sandboxEngagement({ customer: member.customerNumber, iban: owned.iban }));
  return { mockAgreementId, body };
}

/** Made once per suite file (fixtures.ts perFile), by the first test that asks, in a scope of its own. */
function shared<T>(label: string, make: (s: Session) => Promise<T>): (s: Session) => Promise<T> {
  let once: (() => Promise<T>) | undefined;
  return (s) => (once ??= perFile(label, () => make(s)))();
}

const sharedBasket = shared('basket to read', basketOfOne);
/**
 * A basket whose authorisation a test expects the bank to refuse to start (a header missing, a spoiled signature): a
 * conformant bank leaves it as it was, so the refusals of a file share it instead of making a payment and a basket
 * each. A bank that wrongly starts one fails that test; the others still expect, and judge, their own refusal.
 */
const sharedBasketToRefuse = shared('basket whose start is refused', basketOfOne);
/** A request that leaves a header out is refused and changes nothing: the tests of a file engage in one agreement. */
const sharedEngagementSetting = shared('engagement setting', engagementSetting);
const sharedEngagement = shared('engagement to read', async (s: Session) => {
  const { mockAgreementId, body } = await sharedEngagementSetting(s);
  const created = await s.call('sandbox.engagement.create', { params: { mockAgreementId }, body });
  const mockEngagementId = idOrNotObservable('engagement', created, 'Endpoints › 6');
  if (!mockEngagementId) throw new FixtureError('create an engagement', created, 'Sandbox.engagement.create.201');
  return { mockAgreementId, mockEngagementId };
});
const sharedAccount = shared('account to list', async (s: Session) => account(s, await customer(s)));
const sharedCardOwner = shared('card account owner', (s: Session) => customer(s));

const payment = { allowLogicalDuplicate: true };

const MAKERS: Partial<Record<OperationId, Maker>> = {
  'basket.startAuthorisation': async (s) => ({ params: { basketId: await basketOfOne(s) } }),
  'basket.get': async (s) => ({ params: { basketId: await sharedBasket(s) } }),
  // Each payment allows a logical duplicate: the file pays from one debtor again and again.
  'ncbct.create': async (s) => ({
    body: ncbctBody(await sharedDebtor(s), '42.00', `hdr ${s.ctx.runTag}`),
    query: payment,
  }),
  'sct.create': async (s) => ({ body: sctBody(await sharedDebtor(s), '42.00'), query: payment }),
  // The creditor is another account than the debtor: a bank may refuse a payment to the paying account itself.
  'bulk.create': async (s) => ({ body: bulkBody(await sharedDebtor(s), unregisteredAccount(s)), query: payment }),
  'sandbox.engagement.create': async (s) => {
    const { mockAgreementId, body } = await sharedEngagementSetting(s);
    return { params: { mockAgreementId }, body };
  },
  'sandbox.engagement.get': async (s) => ({ params: await sharedEngagement(s) }),
  'sandbox.cardAccount.create': async (s) => {
    const owner = await sharedCardOwner(s);
    const body = sampled(s, sandboxCardAccount({ customerNumber: owner.customerNumber }));
    return { body: { ...body, cardId: `card-${uniqueNumber(s, 8)}`, accountNumber: uniqueNumber(s) } };
  },
  'sandbox.transactions.list': async (s) => ({ params: { mockAccountId: (await sharedAccount(s)).id } }),
};

/** The operations interface.md specifies: each has a valid request here (a project test holds it to that). */
export const SPECIFIED_OPERATIONS: readonly OperationId[] = OPERATIONS.filter((o) => o.standing === 'specified').map(
  (o) => o.id,
);

/**
 * A valid request of `op`, made for the calling test (shared only where the request reads and changes nothing).
 * `own`: on data the session's TPP made itself, where another TPP's would be refused (a basket read by a session
 * signing as another TPP).
 */
export function validRequest(
  op: OperationId,
  s: Session,
  { own = false }: { own?: boolean } = {},
): Promise<ValidRequest> {
  if (own && op === 'basket.get') return basketOfOne(s).then((basketId) => ({ params: { basketId } }));
  const make = MAKERS[op];
  if (!make) throw new Error(`no valid request of ${op} in suites/operation-requests.ts: add one to MAKERS`);
  return make(s);
}

/**
 * A request of `op` valid but for what the calling test changes, for a test that expects a refusal: as validRequest,
 * but where a request changes state when accepted (a basket's authorisation), on data the file's refusals share.
 */
export function refusedRequest(op: OperationId, s: Session): Promise<ValidRequest> {
  if (op === 'basket.startAuthorisation') return sharedBasketToRefuse(s).then((basketId) => ({ params: { basketId } }));
  return validRequest(op, s);
}

/** Whether a valid request of `op` can be made (every specified operation, by the project test). */
export const hasValidRequest = (op: OperationId): boolean => MAKERS[op] !== undefined;
