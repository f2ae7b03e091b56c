import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, HEADER_LIMIT_BYTES } from '../../bank/server.js';
import { ncbctBody } from '../../suites/support/bodies.js';
import { answer, fundedAccount, openBank, type Funded, type TestBank } from './support.js';

/** Signature checks, limits, malformed input, language and concurrency of the reference bank. */
let bank: TestBank;
let debtor: Funded;

beforeAll(async () => {
  bank = await openBank();
  debtor = await fundedAccount(bank, 51);
});
afterAll(() => bank.close());

describe('signature and digest (Auth.signature.valid, Auth.digest.matchesBody)', () => {
  it('an unsigned request is 401 naming the missing header', async () => {
    const res = await bank.call('ncbct.create', { body: ncbctBody(debtor), unsigned: true });
    expect([res.status, res.json.message]).toEqual([401, 'header signature is required (Headers.Signature.required)']);
  });

  it('a body changed after signing is 401 with a message naming the digest', async () => {
    const res = await bank.call('ncbct.create', {
      body: ncbctBody(debtor, '10.00', 'tamper'),
      afterSign: (s) => ({ ...s, body: Buffer.from(JSON.stringify(ncbctBody(debtor, '10000.00', 'tamper'))) }),
    });
    expect(res.status).toBe(401);
    expect(res.json.message).toMatch(/^digest-mismatch: .*Digest/);
  });

  it('a signed header changed after signing is 401 FORBIDDEN (signature-invalid)', async () => {
    const res = await bank.call('ncbct.create', {
      body: ncbctBody(debtor, '11.00', 'psu'),
      afterSign: (s) => ({ ...s, headers: { ...s.headers, 'PSU-ID': '2d3e4f50-0000-4000-8000-000000000002' } }),
    });
    expect([res.status, res.json.code]).toEqual([401, 'FORBIDDEN']);
    expect(res.json.message).toMatch(/^signature-invalid/);
  });
});

describe('malformed input is a clean 4xx with the Error body', () => {
  it('a body that is not JSON is 400 FORMAT_ERROR (Errors.invalidJson.400)', async () => {
    const res = await bank.call('ncbct.create', { raw: '{"instructedAmount": ' });
    expect([res.status, res.json.code, res.json.message]).toEqual([400, 'FORMAT_ERROR', 'the body is not JSON']);
  });

  it('JSON nested deeper than 32 levels is 400 FORMAT_ERROR', async () => {
    const res = await bank.call('sandbox.customer.create', { raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
    expect([res.status, res.json.message]).toEqual([400, 'the body is nested deeper than 32 levels']);
  });

  it(`a body over ${BODY_LIMIT_BYTES} bytes is 413 with the Error body`, async () => {
    const res = await answer(
      await request(`${bank.url}/v1/sandbox/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(BODY_LIMIT_BYTES + 1, 32),
      }),
    );
    expect([res.status, res.headers['content-type'], res.json.code]).toEqual([
      413,
      'application/json; charset=utf-8',
      'FORMAT_ERROR',
    ]);
  });

  it(`a header section over ${HEADER_LIMIT_BYTES} bytes is 431 with the Error body`, async () => {
    const res = await answer(
      await request(`${bank.url}/v1/signing-baskets/x`, {
        headers: { 'x-padding': 'a'.repeat(HEADER_LIMIT_BYTES + 1) },
      }),
    );
    expect([res.status, res.headers['content-type'], res.json.status, res.json.code]).toEqual([
      431,
      'application/json; charset=utf-8',
      431,
      'FORMAT_ERROR',
    ]);
  });

  it(
    'a URL with broken percent-encoding is 400; an overlong id ' + '404 RESOURCE_UNKNOWN; an unknown path 404',
    async () => {
      const bad = await answer(await request(`${bank.url}/v1/signing-baskets/%E0%A4%A`));
      expect([bad.status, bad.json.code]).toEqual([400, 'FORMAT_ERROR']);
      const long = await answer(await request(`${bank.url}/v1/signing-baskets/${'a'.repeat(500)}`));
      expect([long.status, long.json.code]).toEqual([404, 'RESOURCE_UNKNOWN']);
      const none = await answer(await request(`${bank.url}/v2/anything`, { method: 'DELETE' }));
      expect([none.status, none.json.code]).toEqual([404, 'RESOURCE_UNKNOWN']);
    },
  );

  it('Accept that excludes JSON is 406', async () => {
    const res = await bank.call('ncbct.create', {
      body: ncbctBody(debtor, '12.00', 'html'),
      headers: { Accept: 'text/html' },
    });
    expect(res.status).toBe(406);
  });

  it(
    'Accept is read as media ranges with q-values (RFC 7231 §5.3.2): ' +
      'q=0 refuses JSON, the most specific range decides',
    async () => {
      const cases: [string, number][] = [
        ['application/json;q=0, text/xml', 406],
        ['application/hal+json', 406],
        ['*/*;q=0', 406],
        ['application/json; q=0.000, */*', 406],
        ['text/xml, application/*;q=0', 406],
        ['application/json', 201],
        ['APPLICATION/JSON; charset=utf-8', 201],
        ['text/html;q=0.9, application/json;q=0.1', 201],
        ['application/*;q=0.5', 201],
        ['*/*', 201],
        ['text/xml;q=1, */*;q=0.01', 201],
      ];
      for (const [accept, status] of cases) {
        const res = await bank.call('ncbct.create', {
          body: ncbctBody(debtor, '12.01', `accept ${accept}`),
          headers: { Accept: accept },
        });
        expect([accept, res.status]).toEqual([accept, status]);
      }
    },
  );

  it(
    'a Date that is not an HTTP-date (RFC 7231 §7.1.1.1) is 400 ' +
      'FORMAT_ERROR, even signed and within the skew window',
    async () => {
      const now = new Date();
      const iso = await bank.call('ncbct.create', {
        body: ncbctBody(debtor, '12.02', 'iso date'),
        headers: { Date: now.toISOString() },
      });
      expect([iso.status, iso.json.code, iso.json.message]).toEqual([
        400,
        'FORMAT_ERROR',
        `Date must be an HTTP-date such as "Sun, 06 Nov 1994 08:49:37 GMT", got "${now.toISOString()}"`,
      ]);
      const imf = await bank.call('ncbct.create', {
        body: ncbctBody(debtor, '12.03', 'imf date'),
        headers: { Date: now.toUTCString() },
      });
      expect(imf.status).toBe(201);
      // The obsolete RFC 850 form is still an HTTP-date (asctime is too, but node reads it in local time: not tested
      // here).
      const [, day, month, year, time] = now.toUTCString().replace(',', '').split(' ') as [
        string,
        string,
        string,
        string,
        string,
      ];
      const weekday = now.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
      const rfc850 = `${weekday}, ${day}-${month}-${year.slice(2)} ${time} GMT`;
      const obsolete = await bank.call('ncbct.create', {
        body: ncbctBody(debtor, '12.04', 'rfc850 date'),
        headers: { Date: rfc850 },
      });
      expect([rfc850, obsolete.status]).toEqual([rfc850, 201]);
    },
  );
});

describe('Accept-Language (group N): error texts in nb or en, Content-Language reports the choice', () => {
  const rejectIn = (language: string | undefined) =>
    bank.call('ncbct.create', {
      body: { ...ncbctBody(debtor), creditorName: 'x'.repeat(71) },
      headers: { 'Accept-Language': language },
    });

  it('nb (and no, nn) gives a Norwegian text', async () => {
    for (const language of ['nb', 'no', 'nn-NO', 'en;q=0.5, nb-NO;q=0.9']) {
      const res = await rejectIn(language);
      expect([language, res.headers['content-language']]).toEqual([language, 'nb']);
      expect(res.json.message).toMatch(/^Ugyldig format: \/creditorName/);
    }
  });

  it('en, anything else or nothing gives English', async () => {
    for (const language of ['en-GB', 'de', 'nb;q=0.1, en', undefined]) {
      const res = await rejectIn(language);
      expect([language, res.headers['content-language']]).toEqual([language, 'en']);
      expect(res.json.message).toMatch(/^\/creditorName/);
    }
  });

  it('a success answer reports the language too', async () => {
    const res = await bank.call('ncbct.create', {
      body: ncbctBody(debtor, '13.00', 'nb'),
      headers: { 'Accept-Language': 'nb' },
    });
    expect([res.status, res.headers['content-language']]).toEqual([201, 'nb']);
  });
});

describe('concurrency: the in-memory state stays consistent', () => {
  it(
    '200 payment creations and basket reads at once: 200 distinct ' + 'ids, every basket reads back its own payments',
    async () => {
      const account = await fundedAccount(bank, 52);
      const seed = await bank.call('ncbct.create', { body: ncbctBody(account, '1.00', 'seed') });
      const seedBasket = (await bank.call('basket.create', { body: { paymentIds: [seed.json.paymentId] } })).json
        .basketId;
      const creations = Array.from({ length: 200 }, (_, i) =>
        bank.call('ncbct.create', { body: ncbctBody(account, `${i + 1}.00`, `concurrent ${i}`) }),
      );
      const reads = Array.from({ length: 100 }, () => bank.call('basket.get', { params: { basketId: seedBasket } }));
      const [created, read] = await Promise.all([Promise.all(creations), Promise.all(reads)]);
      expect(created.map((r) => r.status)).toEqual(Array(200).fill(201));
      expect(new Set(created.map((r) => r.json.paymentId)).size).toBe(200);
      expect(read.map((r) => [r.status, r.json.payments])).toEqual(Array(100).fill([200, [seed.json.paymentId]]));

      const ids = created.map((r) => r.json.paymentId as string);
      const baskets = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          bank.call('basket.create', { body: { paymentIds: ids.slice(i * 10, i * 10 + 10) } }),
        ),
      );
      const readBack = await Promise.all(
        baskets.map((b) => bank.call('basket.get', { params: { basketId: b.json.basketId } })),
      );
      expect(readBack.map((r) => r.json.payments)).toEqual(
        Array.from({ length: 20 }, (_, i) => ids.slice(i * 10, i * 10 + 10)),
      );
      const list = await bank.call('sandbox.transactions.list', { params: { mockAccountId: account.id } });
      expect(list.json.length).toBe(201);
    },
  );
});
