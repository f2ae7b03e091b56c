import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import type { FaultId } from '../../bank/index.js';
import { digestHeader } from '../../signing/index.js';
import { ncbctBody } from '../../suites/support/bodies.js';
import { fundedAccount, openBank, type Funded, type TestBank } from './support.js';

/**
 * Issue 21's deviations a default run let through, each a fault of the bank beside the clean bank: the same request,
 * refused (or answered plainly) by the clean bank, accepted (or compressed) by the faulty one.
 */
async function both(fault: FaultId, send: (bank: TestBank, debtor: Funded) => Promise<unknown>) {
  const out: unknown[] = [];
  for (const faults of [[], [fault]]) {
    const bank = await openBank({ faults });
    try {
      out.push(await send(bank, await fundedAccount(bank, 71)));
    } finally {
      await bank.close();
    }
  }
  return { clean: out[0], faulty: out[1] };
}

describe('faults of issue 21', () => {
  it('accept-other-digest-algorithms: a SHA-384 Digest, its value right, passes (Auth.digest.algorithm)', async () => {
    const body = (debtor: Funded) => ncbctBody(debtor, '1.00', 'sha-384');
    const { clean, faulty } = await both('accept-other-digest-algorithms', async (bank, debtor) => {
      const sent = body(debtor);
      const res = await bank.call('ncbct.create', {
        body: sent,
        headers: { Digest: digestHeader(JSON.stringify(sent), 'SHA-384') },
      });
      return [res.status, res.json.code ?? res.json.transactionStatus];
    });
    expect(clean).toEqual([401, 'FORMAT_ERROR']);
    expect(faulty).toEqual([201, 'RCVD']);
  });

  it('basket-start-without-redirect-uri: a basket authorisation starts without TPP-Redirect-URI', async () => {
    const { clean, faulty } = await both('basket-start-without-redirect-uri', async (bank, debtor) => {
      const paymentId = (await bank.call('ncbct.create', { body: ncbctBody(debtor, '2.00', 'basket') })).json.paymentId;
      const basketId = (await bank.call('basket.create', { body: { paymentIds: [paymentId] } })).json.basketId;
      const started = await bank.call('basket.startAuthorisation', {
        params: { basketId },
        headers: { 'TPP-Redirect-URI': undefined },
      });
      // A payment's own authorisation start borrows the basket start's header rules: the fault leaves it alone.
      const forPayment = await bank.signed(
        'POST',
        `/v1/payments/norwegian-cross-border-credit-transfers/${encodeURIComponent(paymentId)}/authorisations`,
        { 'PSU-IP-Address': '192.0.2.1', 'TPP-Session-ID': 's', 'PSU-ID': '5b3ab8e8-0fd5-43d2-946e-d75958b172e7' },
      );
      return [started.status, started.json.message ?? started.json.scaStatus, forPayment.status];
    });
    expect(clean).toEqual([400, 'header TPP-Redirect-URI is required (Headers.TPP-Redirect-URI.required)', 400]);
    expect(faulty).toEqual([201, 'RECEIVED', 400]);
  });

  it('compress-unoffered: gzip whatever Accept-Encoding offers (Negotiation.acceptEncoding.offered)', async () => {
    const { clean, faulty } = await both('compress-unoffered', async (bank, debtor) => {
      const prepared = bank.prepare('ncbct.create', {
        body: ncbctBody(debtor, '3.00', 'identity'),
        headers: { 'Accept-Encoding': 'identity' },
      });
      const res = await request(`${new URL(bank.url).origin}${prepared.path}`, {
        method: 'POST',
        headers: prepared.headers,
        body: prepared.body ?? null,
      });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const encoding = res.headers['content-encoding'];
      const text = encoding === 'gzip' ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
      return [res.statusCode, encoding, text.includes('"paymentId"')];
    });
    expect(clean).toEqual([201, undefined, true]);
    expect(faulty).toEqual([201, 'gzip', true]);
  });
});
