import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { FAULTS, startBank } from '../../bank/index.js';
import { SLOW_MS } from '../../bank/faults.js';
import { hasRequirement } from '../../spec/index.js';
import { ncbctBody } from '../../suites/support/bodies.js';
import { DEFAULTS, fundedAccount, openBank } from './support.js';

describe('reference bank fault catalogue', () => {
  it('holds at least 40 faults with unique ids, each breaking requirements of the catalogue', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(FAULTS.map((f) => f.id)).size).toBe(FAULTS.length);
    for (const fault of FAULTS) {
      expect(fault.breaks.length, fault.id).toBeGreaterThan(0);
      expect(
        fault.breaks.filter((id) => !hasRequirement(id)),
        fault.id,
      ).toEqual([]);
    }
  });

  it('refuses an unknown fault id instead of running clean', async () => {
    await expect(startBank({ faults: ['no-such-fault'] })).rejects.toThrow('unknown fault(s): no-such-fault');
  });

  it('answers an unknown path with 404 RESOURCE_UNKNOWN in the interface Error body, and an unsigned request with 401', async () => {
    const bank = await startBank();
    try {
      const missing = await fetch(`${bank.url}/v1/nothing-here`);
      expect([missing.status, ((await missing.json()) as { code: string }).code]).toEqual([404, 'RESOURCE_UNKNOWN']);
      const unsigned = await fetch(`${bank.url}/v1/sandbox/accounts/x/transactions`, {
        headers: { 'X-Request-ID': 'r' },
      });
      const body = (await unsigned.json()) as Record<string, unknown>;
      expect(unsigned.status).toBe(401);
      expect(Object.keys(body).sort()).toEqual(['code', 'id', 'message', 'status', 'system']);
    } finally {
      await bank.close();
    }
  });
});

describe('transport faults (slow, hang, reset) and the consent fault', () => {
  it('slow-payments answers a payment creation only after its delay, past a client timeout shorter than it (Payment.create.201)', async () => {
    const bank = await openBank({ faults: ['slow-payments'], slowMs: 1500 });
    try {
      const debtor = await fundedAccount(bank, 61);
      const prepared = bank.prepare('ncbct.create', { body: ncbctBody(debtor, '1.00', 'slow') });
      const timedOut = request(`${bank.url}${prepared.path}`, {
        method: 'POST',
        headers: prepared.headers,
        body: prepared.body ?? null,
        headersTimeout: 500,
      });
      await expect(timedOut).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
      const started = Date.now();
      const patient = await bank.call('ncbct.create', { body: ncbctBody(debtor, '2.00', 'slow') });
      expect([patient.status, Date.now() - started >= 1400]).toEqual([201, true]);
    } finally {
      await bank.close();
    }
  });

  it(`slow-payments' default delay exceeds the suite's default headers timeout (${DEFAULTS.http.headersTimeoutMs} ms)`, () => {
    expect(SLOW_MS).toBeGreaterThan(DEFAULTS.http.headersTimeoutMs);
  });

  it('reset-on-basket-start destroys the connection instead of answering (Basket.startAuthorisation.201)', async () => {
    const bank = await openBank({ faults: ['reset-on-basket-start'] });
    try {
      const debtor = await fundedAccount(bank, 62);
      const payment = await bank.call('ncbct.create', { body: ncbctBody(debtor, '1.00', 'reset') });
      const basket = await bank.call('basket.create', { body: { paymentIds: [payment.json.paymentId] } });
      await expect(
        bank.call('basket.startAuthorisation', { params: { basketId: basket.json.basketId } }),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^UND_ERR_SOCKET|ECONNRESET$/) });
      expect((await bank.call('basket.get', { params: { basketId: basket.json.basketId } })).status).toBe(200);
    } finally {
      await bank.close();
    }
  });

  it('hang-on-unknown-basket never answers, and the bank still closes at once (Basket.get.unknown404)', async () => {
    const bank = await openBank({ faults: ['hang-on-unknown-basket'] });
    const prepared = bank.prepare('basket.get', { params: { basketId: 'enc!!none==' } });
    await expect(
      request(`${bank.url}${prepared.path}`, { headers: prepared.headers, headersTimeout: 300 }),
    ).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    const hanging = request(`${bank.url}${prepared.path}`, { headers: prepared.headers }).catch((err: Error) => err);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await bank.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await hanging).toBeInstanceOf(Error);
  });

  it('engagement-visible-without-register-view offers a VIEW-only engagement for consent (Sandbox.engagement.consentNeedsRegisterAndView)', async () => {
    const bank = await openBank({ faults: ['engagement-visible-without-register-view'] });
    try {
      const agreement = await bank.call('sandbox.agreement.create', {
        body: {
          owner: '1',
          name: 'A',
          engagements: [{ customer: '2', account: { iban: 'NO9386011117947' }, roles: ['VIEW'] }],
        },
      });
      expect(agreement.status).toBe(201);
      const visible = await bank.signed('GET', '/v1/sandbox/customers/2/consent-accounts', {});
      expect(visible.json.accounts.map((a: { account: unknown }) => a.account)).toEqual([{ iban: 'NO9386011117947' }]);
    } finally {
      await bank.close();
    }
  });
});
