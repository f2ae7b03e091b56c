import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createClient, recordExchange } from '../../client/index.js';
import { loadConfig } from '../../config/index.js';
import { closedAfterEach } from '../support/servers.js';

/**
 * A request written on a keep-alive connection just as the server closes it meets a closed socket: the client sends it
 * once more on a new connection, and only then (client/client.ts).
 */
// One connection in the pool, so that the second request goes on the first one's connection (a pool of several may
// open another instead).
const http = { ...loadConfig({ env: {}, envFile: false }).http, retryBudgetMs: 0, concurrency: 1 };

interface Seen {
  /** Each request as it reached the server: the connection it came on (1, 2 …), its headers and body. */
  requests: { connection: number; headers: IncomingMessage['headers']; body: string }[];
}

const servers = closedAfterEach();

/**
 * A keep-alive server that hands each request to `handle` with its place on its connection (1 for the first). The
 * handler answers, or closes the connection without a byte of answer, as the test wants.
 */
async function serve(
  handle: (res: ServerResponse, socket: Socket, placeOnConnection: number) => void,
): Promise<{ url: string; seen: Seen }> {
  const seen: Seen = { requests: [] };
  const connections = new Map<Socket, { id: number; requests: number }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const socket = req.socket;
      const connection = connections.get(socket) ?? { id: connections.size + 1, requests: 0 };
      connections.set(socket, connection);
      connection.requests += 1;
      seen.requests.push({ connection: connection.id, headers: req.headers, body: Buffer.concat(chunks).toString() });
      handle(res, socket, connection.requests);
    });
  });
  server.keepAliveTimeout = 60_000;
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const created = (res: ServerResponse) =>
  res.writeHead(201, { 'content-type': 'application/json' }).end('{"paymentId":"p1"}');

const payment = {
  method: 'POST',
  path: '/v1/payments/sepa-credit-transfers',
  headers: { 'X-Request-ID': '6f1c2d3e-0000-4000-8000-000000000001', Signature: 'keyId="SN=1",signature="c2ln"' },
  body: '{"instructedAmount":{"amount":"1.00","currency":"EUR"}}',
};

describe('a connection the server closed before answering', () => {
  for (const [how, close] of [
    ['closes it (FIN)', (socket: Socket) => socket.destroy()],
    ['resets it (RST)', (socket: Socket) => socket.resetAndDestroy()],
  ] as const)
    it(`the server ${how} on a kept-alive connection's second request: sent again, once, on a new one`, async () => {
      const { url, seen } = await serve((res, socket, place) => (place === 1 ? created(res) : close(socket)));
      const client = createClient(url, http);
      try {
        const first = await client.send(payment);
        expect([first.response?.status, first.retried]).toEqual([201, undefined]);

        const second = await client.send(payment);
        expect(second.response?.status).toBe(201);
        expect(second.error).toBeUndefined();
        expect(second.retried?.kind).toBe('reset');
        // Three requests reached the server: the first, the one it closed on, and the resend on a new connection.
        expect(seen.requests.map((r) => r.connection)).toEqual([1, 1, 2]);
        const [, closed, resent] = seen.requests;
        // The same call: the same bytes, so its signature, Date and X-Request-ID hold.
        expect(resent?.headers['x-request-id']).toBe(payment.headers['X-Request-ID']);
        expect(resent?.headers.signature).toBe(payment.headers.Signature);
        expect([closed?.body, resent?.body]).toEqual([payment.body, payment.body]);
        // The record says so: reports and exchanges.jsonl show the resend.
        expect(recordExchange(second).retried).toMatch(/^reset: /);
        expect(recordExchange(first).retried).toBeUndefined();
      } finally {
        await client.close();
      }
    });

  it('a server that closes every connection without answering: two tries, then the failure stands', async () => {
    const { url, seen } = await serve((_res, socket) => socket.destroy());
    const client = createClient(url, http);
    try {
      const x = await client.send(payment);
      expect(x.response).toBeUndefined();
      expect([x.error?.kind, x.retried?.kind]).toEqual(['reset', 'reset']);
      expect(seen.requests.map((r) => r.connection)).toEqual([1, 2]);
    } finally {
      await client.close();
    }
  });

  it('a connection closed after the status line and headers arrived (a body cut off) is not sent again', async () => {
    const { url, seen } = await serve((res, socket) => {
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"paymentId":', () => socket.destroy());
    });
    const client = createClient(url, http);
    try {
      const x = await client.send(payment);
      expect(x.response).toBeUndefined();
      expect(x.error?.kind).toBe('reset');
      expect(x.retried).toBeUndefined();
      expect(seen.requests).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});
