import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../client/index.js';
import { loadConfig } from '../../config/index.js';

/**
 * Group N: the response is judged against what the request offered (checks/negotiation.ts), so the client must send
 * the offer as the test wrote it: undici's `request` adds no Accept-Encoding of its own (fetch would add
 * "gzip, deflate"), and neither Accept nor Accept-Language appears unasked.
 */
const seen: IncomingHttpHeaders[] = [];
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the client sends the offer the test wrote, no wider', () => {
  it('no negotiation header unless given; each given one exactly as given', async () => {
    const client = createClient(url, loadConfig({ env: {}, envFile: false }).http);
    try {
      await client.send({ method: 'GET', path: '/v1/a', headers: {} });
      const offer = { Accept: 'application/json', 'Accept-Encoding': 'identity', 'Accept-Language': 'nb' };
      await client.send({ method: 'GET', path: '/v1/b', headers: offer });
    } finally {
      await client.close();
    }
    const negotiation = (h: IncomingHttpHeaders) =>
      Object.fromEntries(Object.entries(h).filter(([name]) => /^accept/.test(name)));
    expect(seen.map(negotiation)).toEqual([
      {},
      { accept: 'application/json', 'accept-encoding': 'identity', 'accept-language': 'nb' },
    ]);
  });
});
