import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFormat, InputError, readRequests, type RecordedRequest } from '../../tpp/index.js';

const dir = mkdtempSync(join(tmpdir(), 'psd2-verify-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (r: RecordedRequest | undefined) => Buffer.from(r?.body ?? []).toString('utf8');
const curl = (command: string, path = join(dir, 'cmd.curl')) =>
  readRequests(command, { format: 'curl', path }).requests;

describe('curl command lines', () => {
  it("honours single and double quotes, $'…', backslash-newline continuation and comments", () => {
    const [request] = curl(
      [
        '# copied from the browser',
        `curl 'https://bank.example/v1/payments/sepa-credit-transfers?allowLogicalDuplicate=true' \\`,
        `  -H "X-Request-ID: a \\"quoted\\" id" \\`,
        `  -H 'PSU-ID: it'"'"'s' \\`,
        `  --data-raw $'{"creditorName":"Bl\\u00e5b\\u00e6r\\tAS"}'`,
      ].join('\n'),
    );
    expect(request).toMatchObject({
      method: 'POST',
      url: 'https://bank.example/v1/payments/sepa-credit-transfers?allowLogicalDuplicate=true',
      headers: [
        ['X-Request-ID', 'a "quoted" id'],
        ['PSU-ID', "it's"],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ],
    });
    expect(text(request)).toBe('{"creditorName":"Blåbær\tAS"}');
  });

  it("reads $'\\xHH' escapes as bytes of UTF-8 text", () => {
    expect(text(curl("curl https://x/v1/a --data-raw $'Bl\\xc3\\xa5b\\xc3\\xa6r'")[0])).toBe('Blåbær');
  });

  it('reads one request per command, and a command the project prints for a failed test', () => {
    const requests = curl(
      [
        "curl -sS -i -X POST 'http://127.0.0.1:8417/v1/x' -H 'Digest: SHA-256=abc' --data-binary '{\"a\":1}'",
        'echo not a request',
        '$ curl -XGET https://bank.example/v1/signing-baskets/b1 -H "Accept: application/json"',
      ].join('\n'),
    );
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', 'http://127.0.0.1:8417/v1/x'],
      ['GET', 'https://bank.example/v1/signing-baskets/b1'],
    ]);
    expect(text(requests[0])).toBe('{"a":1}');
    // curl sends a form Content-Type with --data-binary too, unless the command names one.
    expect(requests[0]?.headers).toEqual([
      ['Digest', 'SHA-256=abc'],
      ['Content-Type', 'application/x-www-form-urlencoded'],
    ]);
  });

  it('builds the body as curl does: -d @file strips newlines, --data-binary keeps them, pieces join with &', () => {
    writeFileSync(join(dir, 'body.json'), '{"a":\r\n1}\n');
    expect(text(curl('curl https://x/v1/a -d @body.json')[0])).toBe('{"a":1}');
    expect(text(curl('curl https://x/v1/a --data-binary @body.json')[0])).toBe('{"a":\r\n1}\n');
    expect(text(curl("curl https://x/v1/a --data-raw '@body.json'")[0])).toBe('@body.json');
    expect(text(curl('curl https://x/v1/a -d a=1 -d b=2')[0])).toBe('a=1&b=2');
    expect(text(curl("curl https://x/v1/a --data-urlencode 'name=Blå bær'")[0])).toBe('name=Bl%C3%A5%20b%C3%A6r');
  });

  it('--json sets JSON types, -G moves the data to the query, clustered short options split', () => {
    expect(curl('curl --json \'{"a":1}\' https://x/v1/a')[0]?.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json'],
    ]);
    expect(curl('curl -G https://x/v1/t -d limit=10 -d offset=5')[0]).toMatchObject({
      method: 'GET',
      url: 'https://x/v1/t?limit=10&offset=5',
      headers: [],
    });
    expect(curl('curl -sSXPUT https://x/v1/a')[0]?.method).toBe('PUT');
  });

  it.each([
    ['curl https://x/v1/a --frobnicate', 'unknown curl option --frobnicate'],
    ['curl -X POST', 'curl command has no URL'],
    ["curl 'https://x/v1/a", 'a single quote is not closed'],
    ['curl https://x/v1/a -d @missing.json', 'curl reads missing.json, which does not exist'],
    ['curl https://x/v1/a -F file=@x', 'multipart forms (-F) are not JSON bodies of interface.md'],
  ])('%s is refused: %s', (command, message) => {
    expect(() => curl(command)).toThrow(new InputError(message));
  });
});

describe('raw HTTP', () => {
  const request = ['POST /v1/a HTTP/1.1', 'Host: bank.example', 'X-A: 1', 'X-A: 2', 'Content-Length: 7', '', '{"a":1}'];

  it('reads CRLF and LF alike and keeps repeated headers and their case', () => {
    for (const end of ['\r\n', '\n']) {
      const [r] = readRequests(request.join(end), { name: 'r.http' }).requests;
      expect(r).toMatchObject({ method: 'POST', url: '/v1/a', source: 'r.http' });
      expect(r?.headers).toEqual([
        ['Host', 'bank.example'],
        ['X-A', '1'],
        ['X-A', '2'],
        ['Content-Length', '7'],
      ]);
      expect(text(r)).toBe('{"a":1}');
    }
  });

  it('splits requests on ### lines; without Content-Length a body ends before the line break that precedes ###', () => {
    const input = [
      '# comment before the request line',
      'POST https://bank.example/v1/a',
      'Folded: one',
      '  two',
      '',
      '{"a":1}',
      '',
      '### second',
      'GET /v1/b HTTP/1.1',
      '',
    ].join('\n');
    const { requests } = readRequests(input, { name: 'two.http' });
    expect(requests.map((r) => [r.source, r.method, r.url, text(r)])).toEqual([
      ['two.http#1', 'POST', 'https://bank.example/v1/a', '{"a":1}\n'],
      ['two.http#2', 'GET', '/v1/b', ''],
    ]);
    expect(requests[0]?.headers).toEqual([['Folded', 'one two']]);
  });

  it('refuses what it cannot read, in one line', () => {
    expect(() => readRequests('POST /v1/a HTTP/1.1\nContent-Length: 99\n\n{}', { format: 'http', name: 'x' })).toThrow(
      'x (request 1): Content-Length is 99 but only 2 bytes follow the headers',
    );
    expect(() => readRequests('POST /v1/a HTTP/1.1\nno colon here\n\n', { format: 'http', name: 'x' })).toThrow(
      'header line "no colon here" has no name and colon',
    );
  });
});

describe('HAR', () => {
  const har = (entries: unknown[]) => JSON.stringify({ log: { version: '1.2', entries } });
  const entry = (url: string, headers: { name: string; value: string }[], postData?: object) => ({
    startedDateTime: '2026-11-20T10:00:00.000Z',
    request: { method: 'POST', url, headers, ...(postData ? { postData } : {}) },
  });

  it('reads entries with their recording time, drops HTTP/2 pseudo-headers and leaves out unsigned pages', () => {
    const { requests, notes } = readRequests(
      har([
        entry(
          'https://bank.example/v1/a',
          [
            { name: ':authority', value: 'bank.example' },
            { name: 'digest', value: 'SHA-256=x' },
          ],
          { mimeType: 'application/json', text: '{"a":1}' },
        ),
        entry('https://bank.example/favicon.ico', []),
        entry('https://bank.example/other', [{ name: 'Signature', value: 'keyId="x"' }], {
          text: Buffer.from('{"b":2}').toString('base64'),
          encoding: 'base64',
        }),
      ]),
      { name: 'c.har' },
    );
    expect(requests.map((r) => [r.source, r.url, text(r)])).toEqual([
      ['c.har#1', 'https://bank.example/v1/a', '{"a":1}'],
      ['c.har#3', 'https://bank.example/other', '{"b":2}'],
    ]);
    expect(requests[0]?.headers).toEqual([['digest', 'SHA-256=x']]);
    expect(requests[0]?.recordedAt).toEqual(new Date('2026-11-20T10:00:00Z'));
    expect(notes).toEqual(['c.har: 1 entries left out (not under /v1/ and not signed)']);
  });

  it('refuses JSON that is not a HAR file', () => {
    expect(() => readRequests('{"entries": []}', { name: 'x.json' })).toThrow('x.json is JSON but not a HAR file');
  });
});

describe('format detection', () => {
  it.each([
    ['{"log":{"entries":[]}}', 'har'],
    ['# note\ncurl https://x/v1/a', 'curl'],
    ['\n\nGET /v1/a HTTP/1.1\nHost: x\n', 'http'],
    ['DELETE https://bank.example/v1/a', 'http'],
  ])('%j is %s', (input, format) => {
    expect(detectFormat(input)).toBe(format);
  });

  it('names the formats it knows when it cannot tell', () => {
    expect(() => detectFormat('hello there, bank')).toThrow(
      /expected a HAR file .*, a curl command or a raw HTTP request/,
    );
  });
});
