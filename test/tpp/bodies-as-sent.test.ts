import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../bank/index.js';
import { signRequest, testIdentity, type SigningIdentity } from '../../signing/index.js';
import { judgeRequest, readRequests, type RecordedRequest, type RequestVerdict } from '../../tpp/index.js';
import { cli } from '../support/cli.js';

/**
 * verify judges the bytes a request sent. A raw HTTP recording without Content-Length has as its body every byte to
 * the end of the input, a final newline included: what `echo … > b.json` writes and `curl --data-binary @b.json`
 * sends. A likely cause names what the bytes show, never a guess they contradict.
 */

const PATH = '/v1/payments/norwegian-cross-border-credit-transfers';
/**
 * The body and headers of docs/real-bank.md's "A signed request by hand" recipe (`echo '…' > $T/b.json`, then
 * `sign`).
 */
const RECIPE_BODY =
  '{"instructedAmount":{"amount":"1250.00","currency":"NOK"},"creditorName":"Max Mustermann GmbH",' +
  '"creditorAgent":"DEUTDEFF","creditorAccount":{"iban":"DE89370400440532013000","currency":"EUR"},' +
  '"debtorAccount":{"bban":"90412263056","currency":"NOK"}}\n';
const RECIPE_HEADERS = [
  'PSU-ID: 2d3e4f50-0000-4000-8000-000000000001',
  'PSU-IP-Address: 192.0.2.10',
  'TPP-Session-ID: 0b6a2c1e-0000-4000-8000-000000000001',
  'TPP-Redirect-URI: https://tpp.example/callback',
  'x-accept-fix: amount-as-string',
  'Content-Type: application/json',
];

/** A raw HTTP recording: request line, the header lines, a blank line, the body bytes, and no Content-Length. */
const recording = (headers: Record<string, string>, body: string | Buffer, host = 'bank.example') =>
  Buffer.concat([
    Buffer.from(
      [`POST ${PATH} HTTP/1.1`, `Host: ${host}`, ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`), '', ''].join(
        '\r\n',
      ),
    ),
    Buffer.from(body),
  ]);

const one = (input: Buffer | string, format?: 'http' | 'curl' | 'har'): RecordedRequest =>
  readRequests(input, { name: 'r', ...(format ? { format } : {}) }).requests[0] as RecordedRequest;
const digestCause = (verdict: RequestVerdict) =>
  verdict.findings.find((f) => f.requirementId === 'Auth.digest.matchesBody')?.cause;

let identity: SigningIdentity;
let dir: string;
beforeAll(async () => {
  identity = await testIdentity();
  dir = mkdtempSync(join(tmpdir(), 'bodies-as-sent-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The recipe's headers signed over `digested`, as `psd2-conformance sign --body` signs a file. */
const signedOver = (digested: string) =>
  signRequest(
    {
      method: 'POST',
      target: PATH,
      headers: Object.fromEntries(RECIPE_HEADERS.map((h) => h.split(': ') as [string, string])),
      body: Buffer.from(digested),
    },
    identity,
  );

describe("docs/real-bank.md's recipe, recorded as raw HTTP without Content-Length", () => {
  let bank: RunningBank;
  beforeAll(async () => {
    bank = await startBank();
  });
  afterAll(() => bank.close());

  it('is accepted by verify: the bank answered 201 to exactly those bytes, final newline included', async () => {
    const url = `${bank.url}${PATH}`;
    writeFileSync(join(dir, 'b.json'), RECIPE_BODY);
    const args = ['sign', '--method', 'POST', '--url', url, '--body', join(dir, 'b.json')];
    const signed = await cli([...args, ...RECIPE_HEADERS.flatMap((h) => ['--header', h])]);
    expect(signed.code, signed.stderr).toBe(0);
    const headers = JSON.parse(signed.stdout) as Record<string, string>;
    const body = readFileSync(join(dir, 'b.json'));
    expect(body.at(-1)).toBe(0x0a);

    const answer = await fetch(url, { method: 'POST', headers, body });
    expect(answer.status, await answer.text()).toBe(201);

    const file = join(dir, 'recipe.http');
    writeFileSync(file, recording(headers, body, new URL(bank.url).host));
    const verified = await cli(['verify', file]);
    expect(verified.stdout.split('\n').slice(0, 2)).toEqual([
      `✓ POST ${PATH}  (${file})`,
      `  · no Content-Length: the body is every byte to the end of the input, ${body.length} bytes ending in a newline`,
    ]);
    expect(verified.code).toBe(0);
  });
});

describe('a Digest that really does not match its body', () => {
  it('fails, with a cause that fits the bytes: a changed body is not blamed on a newline or on curl', () => {
    const headers = signedOver(RECIPE_BODY);
    const verdict = judgeRequest(one(recording(headers, RECIPE_BODY.replace('1250.00', '9250.00'))));
    expect(verdict.findings.map((f) => f.requirementId)).toEqual(['Auth.digest.matchesBody']);
    expect(digestCause(verdict)).toBe(
      'it matches none of the usual re-serialisations or encodings of the body: the body was changed after the ' +
        'Digest was computed, or the Digest belongs to another request',
    );
  });

  it('a recording that ends in a newline the Digest does not cover says so, and how to record it otherwise', () => {
    const headers = signedOver(RECIPE_BODY.trimEnd());
    const verdict = judgeRequest(one(recording(headers, RECIPE_BODY)));
    expect(digestCause(verdict)).toBe(
      "the body ends in a newline the Digest does not cover: without Content-Length the recording's body runs to " +
        'the end of the input, its final newline included; if that newline was not sent, record the request with ' +
        `Content-Length: ${RECIPE_BODY.length - 1}`,
    );
  });

  it('a body sent without the final newline the Digest covers: named, and --data-binary is not suggested', () => {
    const headers = signedOver(RECIPE_BODY);
    const sent = RECIPE_BODY.trimEnd();
    const verdict = judgeRequest(one(recording({ ...headers, 'Content-Length': String(sent.length) }, sent)));
    expect(digestCause(verdict)).toBe(
      'the Digest covers a final newline the body sent does not end in: it matches the body with one, so it was ' +
        'computed over another copy of the body (a file with a final newline, say) than the bytes sent',
    );
    expect(verdict.notes.join('\n')).not.toContain('Content-Length');
  });
});

describe('the other formats read the bytes as they were sent', () => {
  const header = (headers: Record<string, string>) =>
    Object.entries(headers)
      .map(([n, v]) => `-H '${n}: ${v}'`)
      .join(' ');

  it('curl -d @file sends the file without its newlines: the cause names the file and --data-binary', () => {
    writeFileSync(join(dir, 'b.json'), RECIPE_BODY);
    const command = `curl -X POST https://bank.example${PATH} ${header(signedOver(RECIPE_BODY))} -d @b.json`;
    const request = readRequests(command, { name: 'c', path: join(dir, 'c.curl') }).requests[0] as RecordedRequest;
    expect(Buffer.from(request.body ?? []).toString()).toBe(RECIPE_BODY.trimEnd());
    const verdict = judgeRequest(request);
    expect(digestCause(verdict)).toBe(
      'the Digest matches b.json as it is, line breaks included, but curl -d @file sends it without them: send it ' +
        'with --data-binary @b.json',
    );
    expect(verdict.notes).toContain('curl -d @b.json sends the file without its line breaks');
  });

  it('curl --data-binary @file sends the newline: a Digest without it is named as such, not as a curl option', () => {
    writeFileSync(join(dir, 'b.json'), RECIPE_BODY);
    const headers = header(signedOver(RECIPE_BODY.trimEnd()));
    const command = `curl -X POST https://bank.example${PATH} ${headers} --data-binary @b.json`;
    const verdict = judgeRequest(
      readRequests(command, { name: 'c', path: join(dir, 'c.curl') }).requests[0] as RecordedRequest,
    );
    expect(digestCause(verdict)).toBe(
      'the body ends in a newline the Digest does not cover: the Digest matches the body without it, so it was ' +
        'computed before the newline was added, or over another copy of the body',
    );
  });

  it("HAR: a body whose entry says another size than its text's bytes is remarked", () => {
    const har = (size: Record<string, unknown>, headers: { name: string; value: string }[]) =>
      JSON.stringify({
        log: {
          entries: [
            {
              request: {
                method: 'POST',
                url: `https://bank.example${PATH}`,
                headers,
                postData: { text: '{"a":"å"}' },
                ...size,
              },
            },
          ],
        },
      });
    expect(one(har({ bodySize: 10 }, []), 'har').notes).toBeUndefined();
    expect(one(har({}, [{ name: 'Content-Length', value: '12' }]), 'har').notes).toEqual([
      "the entry's Content-Length says 12 bytes but postData.text is 10 bytes as UTF-8: the HAR does not hold the " +
        'body as sent, and Digest is judged over the text as recorded',
    ]);
    expect(one(har({ bodySize: 9 }, []), 'har').notes?.[0]).toMatch(/^the entry's bodySize says 9 bytes but/);
  });
});

describe('raw HTTP without Content-Length', () => {
  it('ends a body at the line break before ###, and at the end of the input with its final newline', () => {
    const input = `POST ${PATH}\n\n{"a":1}\n\n### second\nPOST ${PATH}\n\n{"b":2}\n`;
    const bodies = readRequests(input, { name: 'two' }).requests.map((r) => Buffer.from(r.body ?? []).toString());
    expect(bodies).toEqual(['{"a":1}\n', '{"b":2}\n']);
  });

  it('takes line breaks alone after the headers as the end of the recording, not as a body', () => {
    const request = one(`GET /v1/signing-baskets/b-1 HTTP/1.1\r\nHost: bank.example\r\n\r\n\r\n`);
    expect(request.body).toBeUndefined();
    expect(request.notes).toEqual(['1 line break after the headers taken as the end of the recording, not a body']);
  });

  it('remarks bytes beyond Content-Length, which are not part of the body', () => {
    const request = one(`POST ${PATH}\nContent-Length: 7\n\n{"a":1}{"b":2}\n`);
    expect(Buffer.from(request.body ?? []).toString()).toBe('{"a":1}');
    expect(request.notes).toEqual(['7 bytes after the 7 of Content-Length are not part of the body']);
  });
});
