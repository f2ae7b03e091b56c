import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../client/index.js';
import { decodeBody } from '../../client/decode.js';
import { loadConfig } from '../../config/index.js';

/** Group N: a compressed answer (Content-Encoding) is read decoded, so the checks judge the JSON inside. */
const http = { ...loadConfig({ env: {}, envFile: false }).http, retryBudgetMs: 0 };
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const json = Buffer.from('{"paymentId":"enc!!a==","transactionStatus":"RCVD","note":"blåbær"}');

describe('decodeBody', () => {
  it.each([
    ['gzip', gzipSync(json)],
    ['x-gzip', gzipSync(json)],
    ['deflate', deflateSync(json)],
    ['deflate', deflateRawSync(json)],
    ['br', brotliCompressSync(json)],
    ['identity', json],
    ['gzip, br', brotliCompressSync(gzipSync(json))],
  ])('Content-Encoding %s', (coding, body) => {
    expect(decodeBody(body, coding, 1_000_000).toString('utf8')).toBe(json.toString('utf8'));
  });

  it('an unknown coding, a body that does not decode, and a bomb beyond the cap are errors', () => {
    expect(() => decodeBody(json, 'compress', 1000)).toThrow(/compress is not one this client can decode/);
    expect(() => decodeBody(json, 'gzip', 1000)).toThrow(/does not decode as gzip/);
    expect(() => decodeBody(gzipSync(Buffer.alloc(100_000)), 'gzip', 1000)).toThrow(/does not decode as gzip/);
  });
});

describe('client', () => {
  it('reads a gzip response decoded and parses its JSON', async () => {
    const server = createServer((req, res) => {
      const gzip = /gzip/.test(String(req.headers['accept-encoding']));
      res.writeHead(201, { 'content-type': 'application/json', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      res.end(gzip ? gzipSync(json) : json);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const client = createClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, http);
    const exchange = await client.send({ method: 'GET', path: '/', headers: { 'Accept-Encoding': 'gzip' } });
    await client.close();
    expect(exchange.response?.headers['content-encoding']).toBe('gzip');
    expect(exchange.response?.json).toEqual(JSON.parse(json.toString('utf8')));
    expect(exchange.response?.bytes).toBeLessThan(json.length + 30);
  });
});
