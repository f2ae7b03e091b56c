import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { FAULTS, startBank, type FaultId } from '../../bank/index.js';
import { faultSet } from '../../bank/context.js';
import { SLOW_MS } from '../../bank/faults.js';
import { checkBody, checkHeaders, checkSignature } from '../../bank/pipeline.js';
import {
  NEAR_MISS_CLASSES,
  hasRequirement,
  operation,
  type NearMissClassId,
  type OperationId,
} from '../../spec/index.js';
import {
  NORWEGIAN_CA_SUBJECT,
  createCertificateAuthority,
  identityFrom,
  issueTppCertificate,
  signRequest,
  type SignOptions,
  type SigningIdentity,
} from '../../signing/index.js';
import { X509Certificate } from 'node:crypto';
import { ncbctBody } from '../../suites/support/bodies.js';
import { DEFAULTS, cardAccount, fundedAccount, openBank } from './support.js';
import { hangGuard } from '../support/bounds.js';

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
    // As a JavaScript caller could pass it: TypeScript callers cannot.
    await expect(startBank({ faults: ['no-such-fault' as FaultId] })).rejects.toThrow(
      'unknown fault(s): no-such-fault',
    );
  });

  it(
    'answers an unknown path with 404 RESOURCE_UNKNOWN in the interface Error body, ' +
      'and an unsigned request with 401',
    async () => {
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
    },
  );
});

describe('transport faults (slow, hang, reset) and the consent fault', () => {
  it(
    'slow-payments answers a payment creation only after its delay, past a client ' +
      'timeout shorter than it (Payment.create.201)',
    async () => {
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
    },
  );

  it(
    `slow-payments' default delay exceeds the suite's default headers timeout ` +
      `(${DEFAULTS.http.headersTimeoutMs} ms)`,
    () => {
      expect(SLOW_MS).toBeGreaterThan(DEFAULTS.http.headersTimeoutMs);
    },
  );

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
    expect(Date.now() - started).toBeLessThan(hangGuard(2000));
    expect(await hanging).toBeInstanceOf(Error);
  });

  it(
    'engagement-visible-without-register-view offers a VIEW-only engagement for ' +
      'consent (Sandbox.engagement.consentNeedsRegisterAndView)',
    async () => {
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
        expect(visible.json.accounts.map((a: { account: unknown }) => a.account)).toEqual([
          { iban: 'NO9386011117947' },
        ]);
      } finally {
        await bank.close();
      }
    },
  );
});

describe('near-miss faults: each accepts exactly the near misses of one list (spec/near-misses.ts)', () => {
  it('registers every near-miss fault with the rules of its list', () => {
    const nearMissFaults = FAULTS.filter((f) => f.acceptsNearMissesOf);
    expect(nearMissFaults.map((f) => f.id).sort()).toEqual(
      FAULTS.filter((f) => f.id.startsWith('accept-unlisted-'))
        .map((f) => f.id)
        .sort(),
    );
    for (const fault of nearMissFaults)
      expect(fault.breaks, fault.id).toEqual(
        NEAR_MISS_CLASSES[fault.acceptsNearMissesOf as NearMissClassId].requirementIds,
      );
  });

  const ncbct = ncbctBody({ id: 'a-1', bban: '86011117947', iban: 'NO9386011117947', customerNumber: '123456' });
  const engagement = {
    customer: '123456',
    account: { iban: 'NO9386011117947' },
    roles: ['REGISTER', 'VIEW'],
    registerLimit: 1,
    approvalLimit: 1,
  };
  const card = cardAccount('123456', '86011117947');
  type Body = Record<string, unknown>;
  // fault, operation, the body with a value put in, a near miss, and a made-up value the fault still refuses.
  const bodies: [FaultId, OperationId, (v: string) => Body, string, string][] = [
    [
      'accept-unlisted-currency',
      'ncbct.create',
      (v) => ({ ...ncbct, instructedAmount: { amount: '10.00', currency: v } }),
      'BYN',
      'XYZ',
    ],
    ['accept-unlisted-country', 'ncbct.create', (v) => ({ ...ncbct, creditorAddress: { country: v } }), 'XK', 'XX'],
    ['accept-unlisted-purpose-code', 'ncbct.create', (v) => ({ ...ncbct, purposeCode: v }), 'GDDS', 'XXXX'],
    [
      'accept-unlisted-reporting-code',
      'ncbct.create',
      (v) => ({ ...ncbct, regulatoryReportingCode: v, regulatoryReportingInformation: 'Varekjøp' }),
      '15',
      '99',
    ],
    [
      'accept-unlisted-engagement-role',
      'sandbox.engagement.create',
      (v) => ({ ...engagement, roles: ['REGISTER', 'VIEW', v] }),
      'ADMIN',
      'PAY',
    ],
    ['accept-unlisted-card-status', 'sandbox.cardAccount.create', (v) => ({ ...card, status: v }), 'active', 'gone'],
    [
      'accept-unlisted-balance-type',
      'sandbox.cardAccount.create',
      (v) => ({ ...card, balances: [{ balanceAmount: { currency: 'NOK', amount: 1 }, balanceType: v }] }),
      'interimBooked',
      'booked',
    ],
  ];
  const verdict = (run: () => void): number => {
    try {
      run();
      return 0;
    } catch (err) {
      return (err as { status: number }).status;
    }
  };
  it.each(bodies)(
    '%s on %s: takes the near miss; without the fault refuses it, with it still refuses a made-up value',
    (...row) => {
      const [fault, op, body, near, madeUp] = row;
      const spec = operation(op);
      const on = faultSet([fault]);
      expect(verdict(() => checkBody(spec, body(near), faultSet([])))).toBe(400);
      expect(verdict(() => checkBody(spec, body(near), on))).toBe(0);
      expect(verdict(() => checkBody(spec, body(madeUp), on))).toBe(400);
    },
  );

  const headers = {
    'x-request-id': '0b6a2c1e-0000-4000-8000-000000000001',
    'psu-id': '2d3e4f50-0000-4000-8000-000000000001',
    'psu-ip-address': '192.0.2.10',
    'tpp-session-id': '0b6a2c1e-0000-4000-8000-000000000002',
    'tpp-redirect-uri': 'https://tpp.example/callback',
    'x-accept-fix': 'amount-as-string',
  };
  it.each<[FaultId, string, string, string]>([
    ['accept-unlisted-psu-context', 'psu-context', 'BUSINESS', 'FAMILY'],
    ['accept-unlisted-psu-http-method', 'psu-http-method', 'HEAD', 'FETCH'],
  ])('%s: takes %s: %s but still refuses %s', (fault, name, near, madeUp) => {
    const spec = operation('ncbct.create');
    const on = faultSet([fault]);
    expect(verdict(() => checkHeaders(spec, { ...headers, [name]: near }, faultSet([])))).toBe(400);
    expect(verdict(() => checkHeaders(spec, { ...headers, [name]: near }, on))).toBe(0);
    expect(verdict(() => checkHeaders(spec, { ...headers, [name]: madeUp }, on))).toBe(400);
  });
});

describe('RFC 2047 faults (Auth.signature.rfc2047): refuse-rfc2047, misread-rfc2047-charset', () => {
  const identityUnder = (subject: typeof NORWEGIAN_CA_SUBJECT): SigningIdentity => {
    const tpp = issueTppCertificate(createCertificateAuthority({ keyBits: 1024, subject }), { keyBits: 1024 });
    return identityFrom(new X509Certificate(tpp.certificatePem), tpp.privateKey);
  };
  const norwegian = identityUnder(NORWEGIAN_CA_SUBJECT);
  const ascii = identityUnder({ commonName: 'Plain Test CA', country: 'NO' });
  const target = '/v1/payments/norwegian-cross-border-credit-transfers';
  const body = Buffer.from('{"a":1}');
  /** The bank's answer status to a request signed so, with the faults given: 0 when the signature passes. */
  const status = (identity: SigningIdentity, options: SignOptions, faults: FaultId[]): number => {
    const signed = signRequest(
      { method: 'POST', target, headers: { 'X-Request-ID': 'r-1', 'PSU-ID': 'p-1' }, body },
      identity,
      options,
    );
    const headers = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k.toLowerCase(), v]));
    try {
      checkSignature({ method: 'POST', target, headers, body }, faultSet(faults));
      return 0;
    } catch (err) {
      return (err as { status: number }).status;
    }
  };
  it.each<[string, SigningIdentity, SignOptions, number, number, number]>([
    // form, identity, options: clean bank, refuse-rfc2047, misread-rfc2047-charset
    ['plain ASCII', ascii, {}, 0, 0, 0],
    ['ASCII wrapped whole', ascii, { signatureEncoding: 'always' }, 0, 401, 0],
    ['æøå keyId, whole value', norwegian, {}, 0, 401, 401],
    ['æøå keyId, per value', norwegian, { signatureEncoding: 'per-value' }, 0, 401, 401],
    [
      'æøå keyId, per value in ISO-8859-1',
      norwegian,
      { signatureEncoding: 'per-value', rfc2047: { charset: 'iso-8859-1' } },
      0,
      401,
      0,
    ],
  ])('%s: clean %i, refuse-rfc2047 %i, misread-rfc2047-charset %i', (...row) => {
    const [, identity, options, clean, refuse, misread] = row;
    expect([
      status(identity, options, []),
      status(identity, options, ['refuse-rfc2047']),
      status(identity, options, ['misread-rfc2047-charset']),
    ]).toEqual([clean, refuse, misread]);
  });
});
