import { describe } from 'vitest';
import { notAServerErrorCheck, otherTppRefusedCheck } from '../checks/index.js';
import type { Exchange } from '../client/index.js';
import { loadIdentity, secondTppTestIdentity } from '../signing/index.js';
import type { RequirementId } from '../spec/index.js';
import { ncbctBody } from './support/bodies.js';
import { sharedDebtor } from './support/fixtures.js';
import { conformanceTest, type Kit } from './support/conformance-test.js';
import { linksOf, pathAfterBase } from './support/journeys/links.js';
import { PRODUCTS } from './support/journeys/journey.js';
import { basketIdOf, createPayment } from './support/payments.js';
import { ProductionGuard, openSession, type Session } from './support/session.js';

/**
 * Another TPP's resources (security; MUST): interface.md does not say it, PSD2 does (the Directive and the RTS, cited
 * in spec/requirements/psd2.ts). A second TPP, signing with another certificate (SECOND_TPP_CERT_PATH, or one generated
 * from the test CA), asks for what the first made: every such request must be refused with a 4xx, whichever
 * (a 404 as if it did not exist, a 403). First the second TPP makes and reads a payment of its own, so a
 * bank that refuses its certificate altogether is reported as not testable, not as a pass.
 */
const product = PRODUCTS.ncbct.path;

async function secondTpp(s: Session): Promise<Session> {
  const { secondTpp: files, signing } = s.ctx.config;
  const identity =
    files.certificatePath && files.keyPath
      ? await loadIdentity({ certificatePath: files.certificatePath, keyPath: files.keyPath })
      : await secondTppTestIdentity({ cacheDir: signing.cacheDir });
  const other = await openSession(identity);
  const own = await other.call('ncbct.create', {
    body: ncbctBody(await sharedDebtor(s), '31.00', 'second TPP'),
    query: { allowLogicalDuplicate: true },
  });
  const id = (own.response?.json as { paymentId?: unknown } | undefined)?.paymentId;
  const read =
    typeof id === 'string'
      ? await other.call('payment.status', { params: { 'payment-product': product, paymentId: id } })
      : undefined;
  if (own.response?.status !== 201 || (read?.response?.status ?? 0) >= 300)
    throw new ProductionGuard(
      `the second TPP cannot use its own payments (HTTP ${own.response?.status ?? own.error?.kind}, then ` +
        `${read?.response?.status ?? '-'}): give it a certificate this bank accepts (SECOND_TPP_CERT_PATH)`,
    );
  return other;
}

/** Judges one request of the second TPP: refused (any 4xx), and never a 5xx. */
const refused = (judge: Kit['judge'], exchange: Exchange, requirementId: RequirementId) =>
  judge(exchange, [
    ...notAServerErrorCheck.run({ exchange }),
    ...otherTppRefusedCheck.run({ exchange, requirementId }),
  ]);

describe("another TPP's resources (security)", () => {
  conformanceTest(
    {
      requirementIds: 'Security.otherTpp.payment',
      operation: 'payment.status',
      situationsOn: ['basket.create'],
      title: "another TPP cannot read a TPP's payment, start its authorisation, nor put it in a basket",
    },
    async ({ s, judge }) => {
      const { exchange, paymentId } = await createPayment(s, 'ncbct.create', ncbctBody(await sharedDebtor(s)), {
        allowLogicalDuplicate: true,
      });
      const other = await secondTpp(s);
      const own = `/v1/payments/${product}/${encodeURIComponent(paymentId)}`;
      const links = linksOf(exchange.response?.json, 'payment');
      const linkPath = (name: string, fallback: string) => {
        const href = links.find((l) => l.name === name)?.href;
        return (href && pathAfterBase(s.ctx, href)) ?? fallback;
      };
      const id = 'Security.otherTpp.payment';
      refused(judge, await other.call('payment.status', { params: { 'payment-product': product, paymentId } }), id);
      refused(judge, await other.call('payment.status', { path: linkPath('self', own) }), id);
      const start = linkPath('startAuthorisation', `${own}/authorisations`);
      refused(judge, await other.call('basket.startAuthorisation', { params: { basketId: '-' }, path: start }), id);
      refused(judge, await other.call('basket.create', { body: { paymentIds: [paymentId] } }), id);
    },
  );

  conformanceTest(
    {
      requirementIds: 'Security.otherTpp.basket',
      operation: 'basket.get',
      situationsOn: ['basket.startAuthorisation'],
      title: "another TPP cannot read a TPP's basket nor start its authorisation",
    },
    async ({ s, judge }) => {
      const { paymentId } = await createPayment(s, 'ncbct.create', ncbctBody(await sharedDebtor(s), '32.00', 'b'), {
        allowLogicalDuplicate: true,
      });
      const basketId = basketIdOf(await s.call('basket.create', { body: { paymentIds: [paymentId] } })) ?? 'missing';
      const other = await secondTpp(s);
      refused(judge, await other.call('basket.get', { params: { basketId } }), 'Security.otherTpp.basket');
      const start = await other.call('basket.startAuthorisation', { params: { basketId } });
      refused(judge, start, 'Security.otherTpp.basket');
    },
  );

  conformanceTest(
    {
      requirementIds: 'Security.otherTpp.authorisation',
      operation: 'basket.get',
      title: "another TPP cannot read the scaStatus of a TPP's authorisation",
    },
    async ({ s, judge }) => {
      const { paymentId } = await createPayment(s, 'ncbct.create', ncbctBody(await sharedDebtor(s), '33.00', 'a'), {
        allowLogicalDuplicate: true,
      });
      const basketId = basketIdOf(await s.call('basket.create', { body: { paymentIds: [paymentId] } })) ?? 'missing';
      const started = await s.call('basket.startAuthorisation', { params: { basketId } });
      const json = started.response?.json as { authorisationId?: unknown } | undefined;
      const link = linksOf(json, 'authorisation').find((l) => l.name === 'scaStatus' || l.name === 'self');
      const path =
        (link && pathAfterBase(s.ctx, link.href)) ??
        (typeof json?.authorisationId === 'string'
          ? `/v1/signing-baskets/${encodeURIComponent(basketId)}/authorisations/` +
            encodeURIComponent(json.authorisationId)
          : undefined);
      if (!path) throw new ProductionGuard('the authorisation gave no scaStatus link and no authorisationId to read');
      const other = await secondTpp(s);
      refused(judge, await other.call('basket.get', { path }), 'Security.otherTpp.authorisation');
    },
  );
});
