import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultId } from '../../bank/index.js';
import { secondTppTestIdentity, signRequest, type SigningIdentity } from '../../signing/index.js';
import type { OperationId } from '../../spec/index.js';
import { ncbctBody, sctBody } from '../../suites/support/bodies.js';
import { answer, fundedAccount, openBank, type Answer, type CallOptions, type TestBank } from './support.js';

const NCBCT = 'norwegian-cross-border-credit-transfers';

/** The bank's SCA page as the PSU's browser opens it: ?result=ok approves, anything else denies. */
async function decide(href: string, result: 'ok' | 'fail'): Promise<number> {
  const url = new URL(href);
  url.searchParams.set('result', result);
  const res = await request(url);
  await res.body.dump();
  return res.statusCode;
}

/** A bank with helpers for journeys: pay, basket, authorise and decide, read. */
async function journeyBank(faults: FaultId[] = []) {
  const bank = await openBank({ faults });
  const debtor = await fundedAccount(bank, 91, 1_000_000_000);
  let n = 0;
  const pay = async (product: 'ncbct' | 'sct' = 'ncbct') => {
    n += 1;
    const res =
      product === 'ncbct'
        ? await bank.call('ncbct.create', {
            body: ncbctBody(debtor, `${n}.00`, `j ${n}`),
            query: { allowLogicalDuplicate: true },
          })
        : await bank.call('sct.create', { body: sctBody(debtor, `${n}.00`), query: { allowLogicalDuplicate: true } });
    expect(res.status).toBe(201);
    return { id: res.json.paymentId as string, product: product === 'ncbct' ? NCBCT : 'sepa-credit-transfers' };
  };
  const status = async (p: { id: string; product: string }) =>
    (await bank.call('payment.status', { params: { 'payment-product': p.product, paymentId: p.id } })).json
      .transactionStatus as string;
  const basket = async (ids: string[]) =>
    (await bank.call('basket.create', { body: { paymentIds: ids } })).json.basketId as string;
  const authoriseBasket = async (basketId: string, result: 'ok' | 'fail') => {
    const started = await bank.call('basket.startAuthorisation', { params: { basketId } });
    if (started.status !== 201) return started;
    await decide(started.json._links.scaRedirect.href, result);
    return started;
  };
  const authorisePayment = async (p: { id: string; product: string }, result: 'ok' | 'fail') => {
    const started = await bank.signed('POST', `/v1/payments/${p.product}/${encodeURIComponent(p.id)}/authorisations`, {
      'TPP-Redirect-URI': 'https://tpp.example/callback',
      'TPP-Session-ID': '0b6a2c1e-0000-4000-8000-000000000002',
      'x-accept-fix': 'amount-as-string',
    });
    expect(started.status).toBe(201);
    await decide(started.json._links.scaRedirect.href, result);
    return started;
  };
  const basketStatus = async (basketId: string) =>
    (await bank.call('basket.get', { params: { basketId } })).json.transactionStatus as string;
  return { bank, pay, status, basket, authoriseBasket, authorisePayment, basketStatus };
}

/** A request signed by another TPP (another certificate from the same test CA). */
async function asOther(bank: TestBank, other: SigningIdentity, id: OperationId, o: CallOptions): Promise<Answer> {
  const { method, path, headers, body } = bank.prepare(id, { ...o, unsigned: true });
  const signed = signRequest({ method, target: path, headers, ...(body ? { body } : {}) }, other);
  const origin = new URL(bank.url).origin;
  return answer(await request(`${origin}${path}`, { method: method as 'GET', headers: signed, body: body ?? null }));
}

describe('the reference bank along journeys (bank/sca.ts)', () => {
  let j: Awaited<ReturnType<typeof journeyBank>>;
  beforeAll(async () => {
    j = await journeyBank();
  });
  afterAll(() => j.bank.close());

  it('a decision leaves a final status alone: a rejected payment stays RJCT when its basket is approved', async () => {
    const [kept, denied] = [await j.pay(), await j.pay()];
    await j.authorisePayment(denied, 'fail');
    const basketId = await j.basket([kept.id, denied.id]);
    await j.authoriseBasket(basketId, 'ok');
    expect([await j.status(kept), await j.status(denied), await j.basketStatus(basketId)]).toEqual([
      'ACTC',
      'RJCT',
      'RJCT',
    ]);
  });

  it('a basket whose authorisation is FINALISED is not authorised again: 409 CONFLICT', async () => {
    const basketId = await j.basket([(await j.pay()).id]);
    await j.authoriseBasket(basketId, 'ok');
    const again = await j.bank.call('basket.startAuthorisation', { params: { basketId } });
    expect([again.status, again.json.code]).toEqual([409, 'CONFLICT']);
  });
});

describe('resources belong to the TPP whose certificate made them (bank/ownership.ts)', () => {
  let j: Awaited<ReturnType<typeof journeyBank>>;
  let other: SigningIdentity;
  beforeAll(async () => {
    j = await journeyBank();
    other = await secondTppTestIdentity();
  });
  afterAll(() => j.bank.close());

  it('the second test TPP is another certificate of the same CA', () => {
    expect(other.issuerDn).toBe(j.bank.identity.issuerDn);
    expect(other.subjectDn).not.toBe(j.bank.identity.subjectDn);
  });

  it("another TPP gets 404 for a TPP's payment, basket and authorisation; its own work", async () => {
    const p = await j.pay();
    const basketId = await j.basket([p.id]);
    const params = { 'payment-product': NCBCT, paymentId: p.id };
    const mine = await asOther(j.bank, other, 'ncbct.create', {
      body: ncbctBody({ id: 'x', bban: '86011117947', iban: 'NO9386011117947', customerNumber: '' }, '5.00', 'o'),
      query: { allowLogicalDuplicate: true },
    });
    expect(mine.status).toBe(201);
    const statuses = [
      (await asOther(j.bank, other, 'payment.status', { params })).status,
      (await asOther(j.bank, other, 'basket.get', { params: { basketId } })).status,
      (await asOther(j.bank, other, 'basket.startAuthorisation', { params: { basketId } })).status,
      (await asOther(j.bank, other, 'basket.create', { body: { paymentIds: [p.id] } })).status,
      (await asOther(j.bank, other, 'payment.status', { params: { ...params, paymentId: mine.json.paymentId } }))
        .status,
    ];
    expect(statuses).toEqual([404, 404, 404, 400, 200]);
  });
});

describe('journey faults deviate as their rows say', () => {
  it('journey-acsc-back-to-rcvd: ACSC on the first read after approval, RCVD on the second', async () => {
    const j = await journeyBank(['journey-acsc-back-to-rcvd']);
    try {
      const p = await j.pay();
      await j.authorisePayment(p, 'ok');
      expect([await j.status(p), await j.status(p)]).toEqual(['ACSC', 'RCVD']);
    } finally {
      await j.bank.close();
    }
  });

  it('journey-deny-as-approve-sct approves denied SCT; journey-rejected-status-404 hides an RJCT one', async () => {
    const j = await journeyBank(['journey-deny-as-approve-sct', 'journey-rejected-status-404']);
    try {
      const [sct, ncbct] = [await j.pay('sct'), await j.pay()];
      await j.authorisePayment(sct, 'fail');
      await j.authorisePayment(ncbct, 'fail');
      expect(await j.status(sct)).toBe('ACTC');
      const read = await j.bank.call('payment.status', { params: { 'payment-product': NCBCT, paymentId: ncbct.id } });
      expect(read.status).toBe(404);
    } finally {
      await j.bank.close();
    }
  });

  it(
    'journey-approval-ignored-three, journey-basket-authorisation-stuck, journey-reauthorise-finalised-basket, ' +
      'journey-basket-first-payment-after-sca',
    async () => {
      const ignored = await journeyBank(['journey-approval-ignored-three']);
      const stuck = await journeyBank(['journey-basket-authorisation-stuck']);
      const again = await journeyBank(['journey-reauthorise-finalised-basket']);
      const first = await journeyBank(['journey-basket-first-payment-after-sca']);
      try {
        const three = await ignored.basket([
          (await ignored.pay()).id,
          (await ignored.pay()).id,
          (await ignored.pay()).id,
        ]);
        await ignored.authoriseBasket(three, 'ok');
        expect(await ignored.basketStatus(three)).toBe('RCVD');
        const s = await stuck.basket([(await stuck.pay()).id]);
        const started = await stuck.authoriseBasket(s, 'ok');
        expect((await stuck.bank.signed('GET', started.json._links.scaStatus.href, {})).json.scaStatus).toBe('STARTED');
        const a = await again.basket([(await again.pay()).id]);
        await again.authoriseBasket(a, 'ok');
        expect((await again.authoriseBasket(a, 'ok')).status).toBe(201);
        const [kept, denied] = [await first.pay(), await first.pay()];
        await first.authorisePayment(denied, 'fail');
        const f = await first.basket([kept.id, denied.id]);
        await first.authoriseBasket(f, 'ok');
        expect(await first.basketStatus(f)).toBe('ACTC');
      } finally {
        await Promise.all([ignored, stuck, again, first].map((b) => b.bank.close()));
      }
    },
  );

  it('journey-tpp-payment-readable and journey-tpp-basket-shared let another TPP in', async () => {
    const j = await journeyBank(['journey-tpp-payment-readable', 'journey-tpp-basket-shared']);
    const other = await secondTppTestIdentity();
    try {
      const p = await j.pay();
      const basketId = await j.basket([p.id]);
      const read = await asOther(j.bank, other, 'payment.status', {
        params: { 'payment-product': NCBCT, paymentId: p.id },
      });
      const basket = await asOther(j.bank, other, 'basket.get', { params: { basketId } });
      expect([read.status, basket.status]).toEqual([200, 200]);
    } finally {
      await j.bank.close();
    }
  });
});
