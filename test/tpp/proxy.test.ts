import { createHash } from 'node:crypto';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../bank/index.js';
import {
  createCertificateAuthority,
  issueCertificate,
  testIdentity,
  type SigningIdentity,
} from '../../signing/index.js';
import { createProxy, exchangeLine, replay, type ProxyExchange } from '../../tpp/index.js';
import { UNSIGNED_HEADERS } from '../support/tpp-request.js';

/** The proxy in front of the reference bank and of small servers that show what arrived, byte for byte. */

const NCBCT = '/v1/payments/norwegian-cross-border-credit-transfers';
// Spaces, a key order JSON.stringify would not keep, and non-ASCII: any re-serialisation would show.
const BODY = Buffer.from(
  '{ "creditorName" : "Blåbær Æøå AS",\n  ' +
    '"instructedAmount":{"currency":"NOK","amount":"1250.00"},"creditorAgent":"DEUTDEFF",' +
    '"creditorAccount":{"iban":"DE89370400440532013000","currency":"EUR"},"debtorAccount":{"bban":"90412263056",' +
    '"currency":"NOK"}}\n',
  'utf8',
);
const sha256 = (bytes: Uint8Array) => `SHA-256=${createHash('sha256').update(bytes).digest('base64')}`;

let identity: SigningIdentity;
beforeAll(async () => {
  identity = await testIdentity();
});

async function listen(server: Server, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `${(server.address() as AddressInfo).port}`;
}

interface Arrived {
  method: string;
  url: string;
  rawHeaders: string[];
  body: Buffer;
}

/** A server that keeps what arrived and answers with `reply`. */
async function recorder(reply: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void) {
  const arrived: Arrived[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    arrived.push({ method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, body });
    reply(req, res, body);
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, arrived, close: () => new Promise((r) => server.close(r)) };
}

/** A POST of BODY with exactly these headers. */
function send(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...headers, 'Content-Length': String(BODY.length) } },
      async (res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of res) chunks.push(chunk as Buffer);
        resolve({ headers: res.headers, body: Buffer.concat(chunks) });
      },
    );
    req.on('error', reject);
    req.end(BODY);
  });
}

describe('proxy --sign in front of the reference bank', () => {
  let bank: RunningBank;
  let faulty: RunningBank;
  beforeAll(async () => {
    bank = await startBank();
    faulty = await startBank({ faults: ['status-outside-enum'] });
  });
  afterAll(async () => {
    await bank.close();
    await faulty.close();
  });

  it('lets a plain unsigned request create an NCBCT payment (201), the body bytes unchanged', async () => {
    const seen: ProxyExchange[] = [];
    const proxy = await createProxy({ target: bank.url, sign: true, identity, onExchange: (e) => seen.push(e) });
    const res = await fetch(`${proxy.url}${NCBCT}`, { method: 'POST', headers: UNSIGNED_HEADERS, body: BODY });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { transactionStatus: string }).transactionStatus).toBe('RCVD');
    const report = await proxy.close();
    expect(report.total).toBe(1);
    const [exchange] = report.exchanges as [ProxyExchange];
    expect(seen).toEqual([exchange]);
    expect(exchange.signed).toBe(true);
    expect(exchange.conforms).toEqual({ tpp: true, bank: true });
    expect(exchange.broken).toEqual([]);
    expect(exchangeLine(exchange)).toMatch(
      /^✓ POST \/v1\/payments\/norwegian-cross-border-credit-transfers 201 \(\d+ ms\)$/,
    );
    // The bank verified the Digest over the bytes it received: the same bytes the client sent.
    expect(exchange.recorded.request.headers.Digest).toBe(sha256(BODY));
    expect(exchange.recorded.request.body).toBe(BODY.toString('utf8'));
    expect(exchange.recorded.request.headers.Signature).toMatch(/^keyId="SN=[0-9A-F]+,CA=CN=psd2-conformance Test CA,/);
  });

  it('without --sign the missing signature is the TPP’s finding; the bank, refusing it, conforms', async () => {
    const proxy = await createProxy({ target: bank.url });
    const res = await fetch(`${proxy.url}${NCBCT}`, { method: 'POST', headers: UNSIGNED_HEADERS, body: BODY });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const report = await proxy.close();
    const line = exchangeLine(report.exchanges[0] as ProxyExchange);
    expect(line).toMatch(
      /^✗ POST \/v1\/payments\/norwegian-cross-border-credit-transfers 4\d\d \(\d+ ms\) {2}your request: MUST /,
    );
    expect(line).toContain('Headers.Signature.required');
    expect(line).toContain('Headers.Digest.requiredWithBody');
    expect(line).toMatch(/ · the bank: ✓$/);
    expect(report.parties.bank).toMatchObject({ verdict: 'CONFORMANT', judged: 1, conforming: 1 });
    expect(report.parties.tpp).toMatchObject({ verdict: 'NOT CONFORMANT', judged: 1, conforming: 0 });
  });

  it('in front of a bank with a response fault names that fault’s requirement id as the response’s', async () => {
    const proxy = await createProxy({ target: faulty.url, sign: true, identity });
    const res = await fetch(`${proxy.url}${NCBCT}`, { method: 'POST', headers: UNSIGNED_HEADERS, body: BODY });
    expect(res.status).toBe(201);
    const report = await proxy.close();
    const exchange = report.exchanges[0] as ProxyExchange;
    expect(exchangeLine(exchange)).toMatch(
      new RegExp(
        /^✗ POST \/v1\/payments\/norwegian-cross-border-credit-transfers 201 \(\d+ ms\) {2}your request: ✓ · /.source +
          /the bank: MUST PaymentResponse\.transactionStatus\.enum$/.source,
      ),
    );
    expect(report.parties.bank.rules).toEqual([
      { requirementId: 'PaymentResponse.transactionStatus.enum', level: 'MUST', exchanges: 1 },
    ]);
    expect(report.parties.tpp).toEqual({ party: 'tpp', verdict: 'CONFORMANT', judged: 1, conforming: 1, rules: [] });
  });
});

describe('proxy traffic', () => {
  it(
    'passes bodies and headers through byte for byte, drops ' + 'hop-by-hop headers, adds nothing without --sign',
    async () => {
      const reply = Buffer.from('{"odd" :  "spacing",\t"ø":1}', 'utf8');
      const target = await recorder((_req, res) =>
        res
          .writeHead(200, [
            'Content-Type',
            'application/json',
            'X-Bank-Trace',
            'abc',
            'Connection',
            'keep-alive, X-Hop',
            'X-Hop',
            'gone',
          ])
          .end(reply),
      );
      const proxy = await createProxy({ target: `${target.url}/api-sandbox` });
      // node:http, not fetch: fetch would not send a Connection header of our own.
      const res = await send(`${proxy.url}/v1/x?a=1&b=%21`, {
        'X-Custom': 'Kept As Is',
        'Content-Type': 'text/plain',
        Connection: 'keep-alive, X-Private',
        'X-Private': 'no',
      });
      expect(res.body.equals(reply)).toBe(true);
      expect(res.headers['x-bank-trace']).toBe('abc');
      expect(res.headers['x-hop']).toBeUndefined();
      await proxy.close();
      await target.close();
      const [arrived] = target.arrived as [Arrived];
      expect(arrived.url).toBe('/api-sandbox/v1/x?a=1&b=%21');
      expect(arrived.body.equals(BODY)).toBe(true);
      const names = arrived.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      expect(names).toContain('x-custom');
      expect(arrived.rawHeaders[arrived.rawHeaders.indexOf('X-Custom') + 1]).toBe('Kept As Is');
      for (const added of ['signature', 'digest', 'date', 'tpp-signature-certificate', 'x-private'])
        expect(names).not.toContain(added);
    },
  );

  it(
    'reaches an HTTPS target with mutual TLS (a self-signed ' + 'test server that asks for a client certificate)',
    async () => {
      const ca = createCertificateAuthority({ keyBits: 1024 });
      const server = issueCertificate(ca, {
        subject: { commonName: 'localhost', organization: 'Bank', country: 'NO' },
        keyBits: 1024,
      });
      const client = issueCertificate(ca, {
        subject: { commonName: 'TPP', organization: 'TPP', country: 'NO' },
        keyBits: 1024,
      });
      const https = createTlsServer(
        {
          cert: server.certificatePem,
          key: server.privateKeyPem,
          ca: ca.certificatePem,
          requestCert: true,
          rejectUnauthorized: true,
        },
        (req, res) =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ authorized: (req.socket as TLSSocket).authorized })),
      );
      const port = await listen(https as unknown as Server);
      const tls = { cert: client.certificatePem, key: client.privateKeyPem, ca: ca.certificatePem };
      const proxy = await createProxy({ target: `https://localhost:${port}`, http: { tls } });
      const res = await fetch(`${proxy.url}/v1/signing-baskets/b1`);
      expect(await res.json()).toEqual({ authorized: true });
      const refusing = await createProxy({
        target: `https://localhost:${port}`,
        http: { tls: { ca: ca.certificatePem } },
      });
      const refused = await fetch(`${refusing.url}/v1/signing-baskets/b1`);
      expect(refused.status).toBe(502);
      const [failed] = (await refusing.close()).exchanges as [ProxyExchange];
      expect(failed.error?.message).toBeTruthy();
      await proxy.close();
      await new Promise((r) => https.close(r));
    },
  );

  it('streams a response over the cap through whole and reports it instead of holding it', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const target = await recorder((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(big));
    const proxy = await createProxy({ target: target.url, sign: true, identity, http: { maxBodyBytes: 64 * 1024 } });
    const res = await fetch(`${proxy.url}${NCBCT}/p1/status`);
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
    const [exchange] = (await proxy.close()).exchanges as [ProxyExchange];
    expect(exchange.responseBytes).toBe(big.length);
    expect(exchange.responseBody).toBeUndefined();
    expect(exchange.notes).toContain(
      `the response body (${big.length} bytes) is larger than ` +
        `${64 * 1024} bytes: passed through, only its status judged`,
    );
    // Only checks that need no body: no schema verdict on bytes the proxy did not keep.
    expect(exchange.response.map((r) => r.check).sort()).toEqual(['not_a_server_error', 'status_code_conformance']);
    await target.close();
  });

  it('streams a request body over the cap to the bank unjudged, and refuses to sign one (413)', async () => {
    const big = Buffer.alloc(200 * 1024, 'b');
    const target = await recorder((_req, res) => res.writeHead(204).end());
    const plain = await createProxy({ target: target.url, http: { maxBodyBytes: 16 * 1024 } });
    expect((await fetch(`${plain.url}/v1/anything`, { method: 'POST', body: big })).status).toBe(204);
    const [passed] = (await plain.close()).exchanges as [ProxyExchange];
    expect((target.arrived[0] as Arrived).body.equals(big)).toBe(true);
    expect(passed.notes).toContain(
      `request: the request body is larger than ${16 * 1024} bytes: streamed to the bank, not judged`,
    );
    // Not kept, so not sent again: replay says so instead of sending a request without its body.
    expect(passed.recorded.incomplete).toBe(
      `the request body (over ${16 * 1024} bytes) is not kept: it cannot be replayed`,
    );
    const [unsent] = await replay([passed.recorded], { identity });
    expect(unsent?.error?.kind).toBe('not-replayable');
    expect(target.arrived).toHaveLength(1);
    const signing = await createProxy({ target: target.url, sign: true, identity, http: { maxBodyBytes: 16 * 1024 } });
    const refused = await fetch(`${signing.url}/v1/anything`, { method: 'POST', body: big });
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toContain('too large to sign');
    await signing.close();
    expect(target.arrived).toHaveLength(1);
    await target.close();
  });

  it('a bank that accepts a malformed request breaks the rules it broke: both parties NOT CONFORMANT', async () => {
    const target = await recorder((_req, res) =>
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"paymentId":"p1","transactionStatus":"RCVD"}'),
    );
    const proxy = await createProxy({ target: target.url });
    const headers = { ...UNSIGNED_HEADERS, 'PSU-ID': '' };
    expect((await fetch(`${proxy.url}${NCBCT}`, { method: 'POST', headers, body: BODY })).status).toBe(201);
    const report = await proxy.close();
    await target.close();
    const ids = (party: 'tpp' | 'bank') =>
      report.parties[party].rules.filter((r) => r.level === 'MUST').map((r) => r.requirementId);
    expect(report.parties.tpp.verdict).toBe('NOT CONFORMANT');
    expect(report.parties.bank.verdict).toBe('NOT CONFORMANT');
    // Every rule the request broke, the bank broke by accepting it, and a 2xx to an invalid request is one more.
    expect(ids('tpp').sort()).toEqual([
      'Headers.Digest.requiredWithBody',
      'Headers.PSU-ID.required',
      'Headers.Signature.required',
      'Headers.TPP-Signature-Certificate.required',
      'Headers.X-Request-ID.required',
    ]);
    expect(ids('bank').sort()).toEqual(['Errors.invalidRequest.never2xx', ...ids('tpp')].sort());
  });

  it('a bank that closes the connection before answering: sent again, once, on a new connection', async () => {
    // Which arrivals the bank closes without a byte of answer: /v1/a's and /v1/b's first, both of /v1/c's.
    const closes = new Set([0, 2, 4, 5]);
    let arrivals = 0;
    const target = await recorder((req, res) =>
      closes.has(arrivals++)
        ? req.socket.destroy()
        : res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
    const proxy = await createProxy({ target: target.url });
    const res = await send(`${proxy.url}/v1/a`, { 'X-Request-ID': 'same-call' });
    expect(res.body.toString()).toBe('{}');
    const [resent] = await replay([{ request: { method: 'GET', url: `${target.url}/v1/b`, headers: {} } }], {
      identity,
    });
    const failed = await send(`${proxy.url}/v1/c`, {});
    expect(JSON.parse(failed.body.toString()).message).toMatch(/^psd2-conformance proxy: reset: /);
    const report = await proxy.close();
    await target.close();
    expect(target.arrived.map((a) => a.url)).toEqual(['/v1/a', '/v1/a', '/v1/b', '/v1/b', '/v1/c', '/v1/c']);
    // The same bytes both times: X-Request-ID and the body unchanged.
    const requestId = (a: Arrived) => a.rawHeaders[a.rawHeaders.indexOf('X-Request-ID') + 1];
    expect(target.arrived.slice(0, 2).map(requestId)).toEqual(['same-call', 'same-call']);
    expect(target.arrived.slice(0, 2).map((a) => a.body.equals(BODY))).toEqual([true, true]);
    const [first, last] = report.exchanges as [ProxyExchange, ProxyExchange];
    expect([first.status, first.recorded.retried]).toEqual([200, expect.stringMatching(/^reset: /)]);
    expect(first.notes).toContainEqual(
      expect.stringMatching(/closed the connection before answering .* new connection/),
    );
    expect([last.error?.kind, last.recorded.retried]).toEqual(['reset', expect.stringMatching(/^reset: /)]);
    expect([resent?.status, resent?.notes]).toEqual([
      200,
      expect.arrayContaining([expect.stringMatching(/closed the connection before answering .* new connection/)]),
    ]);
  });

  it('keeps the details of at most maxExchanges, failing ones first, and counts every exchange', async () => {
    const target = await recorder((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const proxy = await createProxy({ target: target.url, sign: true, identity, maxExchanges: 2 });
    // A payment request without the interface's headers breaks MUST rules; signed requests to other paths break none.
    for (const path of ['/v1/a', '/v1/b', '/v1/payments/sepa-credit-transfers', '/v1/c'])
      await (await fetch(`${proxy.url}${path}`, { method: 'POST' })).arrayBuffer();
    const report = await proxy.close();
    expect(report.total).toBe(4);
    expect(report.omitted).toBe(2);
    expect(report.exchanges.map((e) => e.target)).toEqual(['/v1/b', '/v1/payments/sepa-credit-transfers']);
    await target.close();
  });
});
