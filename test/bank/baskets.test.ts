import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkBody, ncbctBody } from '../../suites/support/bodies.js';
import { DEFAULTS, fundedAccount, openBank, type Funded, type TestBank } from './support.js';

/**
 * Signing baskets and SCA by redirect (interface.md › Signing basket, Endpoints 1 and 2, Authentication 5, Errors 3).
 */
let bank: TestBank;
let debtor: Funded;
let creditor: Funded;
let n = 0;

beforeAll(async () => {
  bank = await openBank();
  debtor = await fundedAccount(bank, 11);
  creditor = await fundedAccount(bank, 12);
});
afterAll(() => bank.close());

const payment = async () =>
  (await bank.call('ncbct.create', { body: ncbctBody(debtor, `${++n}.00`, `basket ${n}`) })).json.paymentId as string;
const basket = async (ids: string[]) =>
  (await bank.call('basket.create', { body: { paymentIds: ids } })).json.basketId as string;
const basketStatus = async (basketId: string) =>
  (await bank.call('basket.get', { params: { basketId } })).json.transactionStatus as string;
const paymentStatus = async (paymentId: string) =>
  (
    await bank.call('payment.status', {
      params: { 'payment-product': 'norwegian-cross-border-credit-transfers', paymentId },
    })
  ).json.transactionStatus as string;

/** Starts an authorisation and follows scaRedirect as the PSU's browser would, with ?result=…. */
async function authorise(path: string, result: 'ok' | 'fail') {
  const started = await bank.call('basket.startAuthorisation', { params: { basketId: path } });
  const sca = new URL(started.json._links.scaRedirect.href);
  sca.searchParams.set('result', result);
  const browser = await request(sca);
  await browser.body.text();
  return { started, browser };
}

describe('signing baskets', () => {
  it('creation: 201 with an opaque basketId, RCVD and self/startAuthorisation links with verbs', async () => {
    const res = await bank.call('basket.create', { body: { paymentIds: [await payment()] } });
    const base = `/v1/signing-baskets/${encodeURIComponent(res.json.basketId)}`;
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      basketId: expect.stringMatching(/^enc!!B/),
      transactionStatus: 'RCVD',
      _links: {
        self: { href: base, verbs: ['GET'] },
        startAuthorisation: { href: `${base}/authorisations`, verbs: ['POST'] },
      },
    });
  });

  it('read: 200 with the payments in order and the status (Basket.get.200)', async () => {
    const ids = [await payment(), await payment()];
    const basketId = await basket(ids);
    const res = await bank.call('basket.get', { params: { basketId } });
    expect(res.status).toBe(200);
    expect([res.json.payments, res.json.transactionStatus]).toEqual([ids, 'RCVD']);
  });

  it('a bulk payment in a basket is 400 REFERENCE_MIX_INVALID (Basket.referenceMix.bulk)', async () => {
    const bulk = await bank.call('bulk.create', { body: bulkBody(debtor, creditor) });
    const res = await bank.call('basket.create', { body: { paymentIds: [await payment(), bulk.json.paymentId] } });
    expect([res.status, res.json.code]).toEqual([400, 'REFERENCE_MIX_INVALID']);
  });

  it(
    'an empty basket is refused (Basket.create.paymentIds); an ' +
      'unknown payment id in the body is 400 RESOURCE_UNKNOWN',
    async () => {
      expect((await bank.call('basket.create', { body: { paymentIds: [] } })).status).toBe(400);
      const unknown = await bank.call('basket.create', { body: { paymentIds: ['enc!!nope=='] } });
      expect([unknown.status, unknown.json.code]).toEqual([400, 'RESOURCE_UNKNOWN']);
    },
  );

  it(
    'an unknown basket is 404 RESOURCE_UNKNOWN, for read and for ' + 'authorisation start (Basket.get.unknown404)',
    async () => {
      const read = await bank.call('basket.get', { params: { basketId: 'enc!!unknown==' } });
      expect([read.status, read.json.code]).toEqual([404, 'RESOURCE_UNKNOWN']);
      const start = await bank.call('basket.startAuthorisation', { params: { basketId: 'enc!!unknown==' } });
      expect([start.status, start.json.code]).toEqual([404, 'RESOURCE_UNKNOWN']);
    },
  );
});

describe(
  'SCA by redirect (Auth.sca.redirect) and the worst-case ' + 'basket status (Basket.transactionStatus.worstCase)',
  () => {
    it('start: 201 RECEIVED with an scaRedirect link (GET) at the bank itself and an scaStatus link', async () => {
      const basketId = await basket([await payment()]);
      const res = await bank.call('basket.startAuthorisation', { params: { basketId } });
      expect([res.status, res.json.scaStatus]).toEqual([201, 'RECEIVED']);
      expect(res.json._links.scaRedirect).toEqual({
        href: `${bank.url}/sca/${encodeURIComponent(res.json.authorisationId)}`,
        verbs: ['GET'],
      });
      const status = await bank.signed('GET', res.json._links.scaStatus.href, {});
      expect([status.status, status.json.scaStatus]).toEqual([200, 'RECEIVED']);
    });

    it('?result=ok finalises: 302 to TPP-Redirect-URI, scaStatus FINALISED, payments ACTC, basket ACTC', async () => {
      const ids = [await payment(), await payment()];
      const basketId = await basket(ids);
      const { started, browser } = await authorise(basketId, 'ok');
      expect([browser.statusCode, browser.headers.location]).toEqual([302, DEFAULTS.tpp.redirectUri]);
      expect((await bank.signed('GET', started.json._links.scaStatus.href, {})).json.scaStatus).toBe('FINALISED');
      expect([
        await paymentStatus(ids[0] as string),
        await paymentStatus(ids[1] as string),
        await basketStatus(basketId),
      ]).toEqual(['ACTC', 'ACTC', 'ACTC']);
    });

    it(
      '?result=fail fails: 302 back, scaStatus FAILED, payments and ' +
        'basket RJCT; a later ?result=ok changes nothing',
      async () => {
        const ids = [await payment()];
        const basketId = await basket(ids);
        const { started, browser } = await authorise(basketId, 'fail');
        expect(browser.statusCode).toBe(302);
        expect((await bank.signed('GET', started.json._links.scaStatus.href, {})).json.scaStatus).toBe('FAILED');
        expect([await paymentStatus(ids[0] as string), await basketStatus(basketId)]).toEqual(['RJCT', 'RJCT']);
        const again = await request(`${started.json._links.scaRedirect.href}?result=ok`);
        await again.body.text();
        expect(await basketStatus(basketId)).toBe('RJCT');
      },
    );

    it(
      "a basket's status is the worst of its payments: one ACTC " + 'and one RCVD give RCVD, one RJCT makes it RJCT',
      async () => {
        const [a, b, c] = [await payment(), await payment(), await payment()];
        await authorise(await basket([a]), 'ok');
        await authorise(await basket([c]), 'fail');
        expect(await basketStatus(await basket([a, b]))).toBe('RCVD');
        expect(await basketStatus(await basket([a]))).toBe('ACTC');
        expect(await basketStatus(await basket([a, b, c]))).toBe('RJCT');
      },
    );

    it(
      'an unknown authorisation is 404 at the redirect; a ' + 'TPP-Redirect-URI that is not an absolute URL is 400',
      async () => {
        const res = await request(`${bank.url}/sca/enc!!none==?result=ok`);
        expect([res.statusCode, ((await res.body.json()) as { code: string }).code]).toEqual([404, 'RESOURCE_UNKNOWN']);
        const basketId = await basket([await payment()]);
        const bad = await bank.call('basket.startAuthorisation', {
          params: { basketId },
          headers: { 'TPP-Redirect-URI': 'not a url' },
        });
        expect([bad.status, bad.json.code]).toEqual([400, 'FORMAT_ERROR']);
      },
    );
  },
);
