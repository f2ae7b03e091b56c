import { describe, expect, it } from 'vitest';
import { byTest, comparable, type RecordedExchange } from './exchanges.js';

const OWN = 'MIIown';
const headers = (extra: Record<string, string> = {}) => ({
  Date: 'Mon, 23 Nov 2026 00:00:00 GMT',
  'X-Request-ID': 'r',
  Signature: 's',
  'TPP-Session-ID': 't',
  'TPP-Signature-Certificate': OWN,
  Accept: 'application/json',
  ...extra,
});

const rows: RecordedExchange[] = [
  {
    test: 'suites/b.suite.ts > make',
    seq: 0,
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:4242/v1/payments/x',
      headers: headers({ Digest: 'SHA-256=a' }),
      body: '{"a":1}',
    },
    status: 201,
    response: '{"paymentId":"enc!!P1==","transactionStatus":"RCVD"}',
  },
  {
    test: 'suites/b.suite.ts > make',
    seq: 1,
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:4242/v1/signing-baskets',
      headers: headers({ Digest: 'SHA-256=b' }),
      body: '{"paymentIds":["enc!!P1=="]}',
    },
    status: 201,
    response: '{"basketId":"B-77"}',
  },
  {
    test: 'suites/b.suite.ts > read',
    seq: 0,
    request: { method: 'GET', url: 'http://127.0.0.1:4242/v1/signing-baskets/B-77', headers: headers() },
  },
  {
    test: 'suites/a.suite.ts > tamper',
    seq: 0,
    request: {
      method: 'GET',
      url: 'http://127.0.0.1:4242/v1/x/enc!!P1%3D%3D',
      headers: headers({ 'TPP-Signature-Certificate': 'MIIother' }),
    },
  },
];

describe('comparable exchanges', () => {
  const out = comparable(rows);

  it('drops the origin and the volatile headers (Date, X-Request-ID, Signature, TPP-Session-ID)', () => {
    expect(out[0]).toEqual({
      test: 'suites/b.suite.ts > make',
      seq: 0,
      method: 'POST',
      path: '/v1/payments/x',
      headers: { 'TPP-Signature-Certificate': OWN, Accept: 'application/json', Digest: 'SHA-256=a' },
      body: '{"a":1}',
    });
  });

  it(
    'replaces ids the server assigned by the test that received them and their ' +
      'order there, and drops the Digest of a body that carried one',
    () => {
      expect(out[1]?.body).toBe('{"paymentIds":["<paymentId of suites/b.suite.ts > make #0>"]}');
      expect(out[1]?.headers).not.toHaveProperty('Digest');
      expect(out[2]?.path).toBe('/v1/signing-baskets/<basketId of suites/b.suite.ts > make #1>');
      // Wherever it appears (percent-encoded too): tests run concurrently, so no order across tests is an anchor.
      expect(out[3]?.path).toBe('/v1/x/<paymentId of suites/b.suite.ts > make #0>');
    },
  );

  it("labels a certificate other than the run's own", () => {
    expect(out[3]?.headers['TPP-Signature-Certificate']).toBe("<another identity's certificate>");
  });

  it('groups by test, sorted by name, each in the order sent', () => {
    const grouped = byTest([...out].reverse());
    expect([...grouped.keys()]).toEqual([
      'suites/a.suite.ts > tamper',
      'suites/b.suite.ts > make',
      'suites/b.suite.ts > read',
    ]);
    expect(grouped.get('suites/b.suite.ts > make')?.map((r) => r.seq)).toEqual([0, 1]);
  });
});
