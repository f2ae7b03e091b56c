import { spawnSync } from 'node:child_process';
import { createHash, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeRfc2047, parseSignatureHeader, verifySignature } from '../../signing/index.js';

const bin = new URL('../../bin/psd2-conformance.mjs', import.meta.url).pathname;
// A folder of its own: no developer .env is read, and the generated test identity is cached here.
const cwd = mkdtempSync(join(tmpdir(), 'psd2-sign-cli-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
// Only what node needs: vitest itself sets BASE_URL=/ (Vite's base), which the configuration would reject.
const cleanEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd };
const run = (args: string[], env: Record<string, string> = {}, dir = cwd) =>
  spawnSync(process.execPath, [bin, 'sign', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...cleanEnv, SIGNING_KEY_CACHE_DIR: join(cwd, '.keys'), ...env },
  });

const BODY = '{"instructedAmount":{"currency":"NOK","amount":"10.00"},"creditorName":"Blåbær AS"}';
writeFileSync(join(cwd, 'b.json'), BODY);
const TARGET = '/v1/payments/norwegian-cross-border-credit-transfers';
const PSU_ID = '2d3e4f50-0000-4000-8000-000000000001';

describe('psd2-conformance sign', () => {
  const result = run([
    '--method',
    'POST',
    '--url',
    `http://127.0.0.1:1${TARGET}`,
    '--body',
    'b.json',
    '--header',
    `PSU-ID: ${PSU_ID}`,
  ]);
  const headers = JSON.parse(result.stdout || '{}') as Record<string, string>;

  it('prints every header to send as a JSON object', () => {
    expect(result.status, result.stderr).toBe(0);
    expect(Object.keys(headers).sort()).toEqual([
      'Date',
      'Digest',
      'PSU-ID',
      'Signature',
      'TPP-Signature-Certificate',
      'X-Request-ID',
    ]);
    expect(headers['PSU-ID']).toBe(PSU_ID);
  });

  it("Auth.signature.valid: the printed Signature verifies with the project's verifier", () => {
    expect(verifySignature({ method: 'POST', target: TARGET, headers, body: Buffer.from(BODY) })).toEqual({
      ok: true,
      keyId: expect.stringMatching(/^SN=[0-9A-F]+,CA=CN=psd2-conformance Test CA,O=psd2-conformance,C=NO$/),
      signedHeaders: ['date', 'digest', 'x-request-id', 'psu-id'],
    });
  });

  it(
    'Auth.signature.valid: the printed Signature verifies ' +
      'independently (signing string rebuilt by hand, node:crypto)',
    () => {
      const signature = headers.Signature as string;
      // keyId="…",algorithm="…",headers="…",signature="…", read with a plain regular expression.
      const param = (name: string) =>
        new RegExp(`${name}="([^"]*)"`).exec(signature.startsWith('=?') ? decodeRfc2047(signature) : signature)?.[1];
      expect(param('algorithm')).toBe('rsa-sha256');
      expect(param('headers')).toBe('date digest x-request-id psu-id');
      const text =
        `date: ${headers.Date}\ndigest: ` +
        `${headers.Digest}\nx-request-id: ` +
        `${headers['X-Request-ID']}\npsu-id: ${PSU_ID}`;
      const certificate = new X509Certificate(Buffer.from(headers['TPP-Signature-Certificate'] as string, 'base64'));
      expect(
        verify('sha256', Buffer.from(text), certificate.publicKey, Buffer.from(param('signature') as string, 'base64')),
      ).toBe(true);
      // Digest: SHA-256 of the file's bytes (RFC 3230), the base64 of a hash computed here without the project's code.
      expect(headers.Digest).toBe(`SHA-256=${createHash('sha256').update(Buffer.from(BODY, 'utf8')).digest('base64')}`);
      expect(parseSignatureHeader(signature).keyId).toBe(
        `SN=${certificate.serialNumber.replace(/^0+/, '')},CA=CN=psd2-conformance Test CA,O=psd2-conformance,C=NO`,
      );
    },
  );

  it('Auth.digest.matchesBody: the printed headers fail when the body changes after signing', () => {
    expect(verifySignature({ method: 'POST', target: TARGET, headers, body: Buffer.from(`${BODY} `) })).toMatchObject({
      ok: false,
      reason: 'digest-mismatch',
    });
  });

  it('follows the configured keyId form, digest algorithm and request target', () => {
    const out = run(
      [
        '--method',
        'get',
        '--url',
        'https://bank.example/v1/signing-baskets/enc!!abc%3D%3D?x=1',
        '--header',
        'X-Request-ID: given',
      ],
      {
        KEYID_SERIAL_CASE: 'lower',
        SIGN_REQUEST_TARGET: 'true',
      },
    );
    expect(out.status, out.stderr).toBe(0);
    const printed = JSON.parse(out.stdout) as Record<string, string>;
    expect(printed['X-Request-ID']).toBe('given');
    expect(printed.Digest).toBeUndefined();
    expect(parseSignatureHeader(printed.Signature as string).headers).toEqual([
      '(request-target)',
      'date',
      'x-request-id',
    ]);
    expect(parseSignatureHeader(printed.Signature as string).keyId).toMatch(/^SN=[0-9a-f]+,/);
    expect(
      verifySignature({ method: 'GET', target: '/v1/signing-baskets/enc!!abc%3D%3D?x=1', headers: printed }),
    ).toMatchObject({ ok: true });
  });

  it('never prints X-PSU-IDENTITY', () => {
    const out = run([
      '--method',
      'GET',
      '--url',
      'https://bank.example/v1/x',
      '--header',
      'X-PSU-IDENTITY: 01017012345',
    ]);
    expect(out.status).toBe(0);
    expect(out.stdout).not.toContain('01017012345');
    expect(out.stderr).not.toContain('01017012345');
  });

  it('a wrong path in .env for the key file is one line naming the variable and the path, exit code 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'psd2-sign-env-'));
    try {
      const certificate = join(dir, 'tpp.crt.pem');
      writeFileSync(certificate, 'not a certificate: the missing key file is reported before this is parsed');
      const missing = join(dir, 'keys', 'tpp.key.pem');
      writeFileSync(join(dir, '.env'), `SIGNING_CERT_PATH=${certificate}\nSIGNING_KEY_PATH=${missing}\n`);
      const out = run(['--method', 'GET', '--url', 'https://bank.example/v1/x'], {}, dir);
      expect(out.status).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toBe(`psd2-conformance sign: SIGNING_KEY_PATH=${missing}: no such file\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects bad input with one line and exit code 2', () => {
    for (const [args, message] of [
      [['--url', 'https://bank.example/v1/x'], '--method is required'],
      [['--method', 'GET', '--url', '/relative'], '--url "/relative" is not an absolute URL'],
      [
        ['--method', 'GET', '--url', 'https://bank.example/v1/x', '--header', 'no colon'],
        `--header "no colon" is not of the form 'Name: value'`,
      ],
      [
        ['--method', 'POST', '--url', 'https://bank.example/v1/x', '--body', 'nope.json'],
        '--body nope.json: no such file',
      ],
    ] as const) {
      const out = run([...args]);
      expect(out.status).toBe(2);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr.trim().startsWith(`psd2-conformance sign: ${message}`)).toBe(true);
    }
  });
});
