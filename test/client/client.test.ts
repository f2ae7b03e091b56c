import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Throttle, createClient, toCurl, type Clock } from '../../client/index.js';
import { loadConfig } from '../../config/index.js';
import { closedAfterEach } from '../support/servers.js';
import { createCertificateAuthority, issueCertificate } from '../../signing/index.js';

// The configuration's own timeouts (seconds): a server of this process that answers does so within them, however busy
// the machine. Short ones only where the server never answers and a timeout is what the test expects.
const http = { ...loadConfig({ env: {}, envFile: false }).http, retryBudgetMs: 0 };
const impatient = { ...http, headersTimeoutMs: 300, bodyTimeoutMs: 300 };
const servers = closedAfterEach();

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
  server: Server = createServer(),
): Promise<string> {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(chunks)));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const scheme = 'cert' in server ? 'https' : 'http';
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const get = { method: 'GET', path: '/v1/x', headers: {} };

describe('HTTP client', () => {
  it('records a JSON exchange as sent and received', async () => {
    const url = await serve((_, res) =>
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"paymentId":"p1"}'),
    );
    const client = createClient(url, http);
    const x = await client.send({
      method: 'POST',
      path: '/v1/p?a=1',
      headers: { 'X-Request-ID': 'r1' },
      body: '{"a":1}',
    });
    expect(x.request).toEqual({
      method: 'POST',
      url: `${url}/v1/p?a=1`,
      headers: { 'X-Request-ID': 'r1' },
      body: '{"a":1}',
    });
    expect(x.response).toMatchObject({ status: 201, text: '{"paymentId":"p1"}', json: { paymentId: 'p1' }, bytes: 18 });
    await client.close();
  });

  it('a server that hangs before headers: error headers-timeout, not a hang', async () => {
    const url = await serve(() => undefined);
    const x = await createClient(url, impatient).send(get);
    expect(x.error?.kind).toBe('headers-timeout');
    expect(x.response).toBeUndefined();
  });

  it('a server that hangs mid-body: error body-timeout', async () => {
    const url = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    expect((await createClient(url, impatient).send(get)).error?.kind).toBe('body-timeout');
  });

  it('a body beyond the cap: error too-large', async () => {
    const url = await serve((_, res) => res.writeHead(200).end(Buffer.alloc(64 * 1024, 'x')));
    const x = await createClient(url, { ...http, maxResponseBytes: 1024 }).send(get);
    expect(x.error).toEqual({ kind: 'too-large', message: 'response body beyond 1024 bytes (HTTP 200)' });
  });

  it('nothing listening: error refused; a reset connection: error reset', async () => {
    const probe = await serve(() => undefined);
    const port = new URL(probe).port;
    await new Promise((r) => servers.pop()?.close(r));

    expect((await createClient(`http://127.0.0.1:${port}`, http).send(get)).error?.kind).toBe('refused');
    const url = await serve((req) => req.socket.destroy());
    expect((await createClient(url, http).send(get)).error?.kind).toBe('reset');
  });

  it(
    '429 with Retry-After: waits within the budget and returns ' + 'the retried answer; beyond it returns the 429',
    async () => {
      let calls = 0;
      const url = await serve((_, res) =>
        ++calls === 1 ? res.writeHead(429, { 'retry-after': '1' }).end() : res.writeHead(200).end('{}'),
      );
      const slept: number[] = [];
      const clock: Clock = { now: () => 0, sleep: async (ms) => void slept.push(ms) };
      const x = await createClient(url, { ...http, retryBudgetMs: 5000 }, { clock }).send(get);
      expect([x.response?.status, calls, slept]).toEqual([200, 2, [1000]]);
      calls = 0;
      const y = await createClient(url, { ...http, retryBudgetMs: 500 }, { clock }).send(get);
      expect([y.response?.status, calls]).toEqual([429, 1]);
    },
  );

  it('never more requests in flight than the concurrency cap', async () => {
    let inFlight = 0;
    let most = 0;
    const url = await serve((_, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200).end();
      }, 20);
    });
    const client = createClient(url, { ...http, concurrency: 2 });
    await Promise.all(Array.from({ length: 8 }, () => client.send(get)));
    expect(most).toBe(2);
  });

  it('the rate limit spaces requests 1/rps apart, with a 10 % margin (fake clock)', async () => {
    let now = 0;
    const waits: number[] = [];
    const throttle = new Throttle(10, 4, {
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    });
    for (let i = 0; i < 4; i++) await throttle.run(async () => undefined);
    // 1/rps and the margin that covers the way from the permit to the bank.
    expect(waits).toEqual([275, 275, 275]);
  });

  it(
    'toCurl replays the exact bytes of a body with quotes and ' + 'æøå through a shell; X-PSU-IDENTITY is masked',
    async () => {
      let received: Buffer | undefined;
      let identity: string | undefined;
      const url = await serve((req, res, body) => {
        received = body;
        identity = req.headers['x-psu-identity'] as string;
        res.writeHead(200).end();
      });
      const body = `{"creditorName":"O'Brien & Bjørn \\"Æ\\" $HOME \`x\`"}`;
      const x = await createClient(url, http).send({
        method: 'POST',
        path: '/v1/p',
        headers: { 'X-PSU-IDENTITY': '01017012345', 'content-type': 'application/json' },
        body,
      });
      const command = toCurl(x);
      expect(command).not.toContain('01017012345');
      expect(command).toContain('*********45');
      // Asynchronously: the server answering curl runs in this very process.
      await promisify(execFile)('sh', ['-c', `${command} > /dev/null`]);
      expect(received?.toString('utf8')).toBe(body);
      expect(identity).toBe('*********45');
    },
  );

  it(
    'mTLS: a server that requires a client certificate accepts ' + 'the configured one and refuses a client without',
    async () => {
      const ca = createCertificateAuthority();
      const server = issueCertificate(ca, {
        subject: { commonName: 'localhost', organization: 'Bank', country: 'NO' },
        keyBits: 1024,
      });
      const tpp = issueCertificate(ca, {
        subject: { commonName: 'TPP', organization: 'TPP', country: 'NO' },
        keyBits: 1024,
      });
      const dir = mkdtempSync(join(tmpdir(), 'mtls-'));
      const file = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      const url = await serve(
        (req, res) =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ authorized: (req.socket as import('node:tls').TLSSocket).authorized })),
        createTlsServer({
          cert: server.certificatePem,
          key: server.privateKeyPem,
          ca: ca.certificatePem,
          requestCert: true,
          rejectUnauthorized: true,
        }) as unknown as Server,
      );
      const mtls = {
        certPath: file('c.pem', tpp.certificatePem),
        keyPath: file('k.pem', tpp.privateKeyPem),
        caPath: file('ca.pem', ca.certificatePem),
      };
      // The test certificate names the host in its CN only, which TLS accepts for a DNS name, not an IP.
      const ok = await createClient(url.replace('127.0.0.1', 'localhost'), { ...http, mtls }).send(get);
      expect(ok.error).toBeUndefined();
      expect(ok.response?.json).toEqual({ authorized: true });
      const { mtls: _, ...plain } = { ...http, mtls };
      const refused = await createClient(url.replace('127.0.0.1', 'localhost'), plain).send(get);
      expect(refused.response).toBeUndefined();
      expect(refused.error?.kind).toBeDefined();
    },
  );
});
