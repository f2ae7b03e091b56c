import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { doctor, formatFinding } from '../../cli/doctor/index.js';
import { judgeClock } from '../../cli/doctor/probe.js';
import { createCertificateAuthority, issueCertificate, issueTppCertificate, toPkcs12 } from '../../signing/index.js';
import { cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

/** `psd2-conformance doctor`: local servers and generated certificates only, no network. */

const dir = mkdtempSync(join(tmpdir(), 'psd2-doctor-'));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const servers: Server[] = [];
const sockets = new Set<Socket>();
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) (server as Partial<Server>).closeAllConnections?.();
  await Promise.all(servers.map((s) => new Promise((ok) => s.close(ok))));
});

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  server: Server = createServer(),
): Promise<number> {
  server.on('request', handler);
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on: one that was free a moment ago. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise((ok) => server.close(ok));
  return port;
}

/** interface.md's answer to an unknown basket: 404 RESOURCE_UNKNOWN in its Error body. */
const unknownBasket = (res: ServerResponse, headers: Record<string, string> = {}) =>
  res
    .writeHead(404, { 'content-type': 'application/json', ...headers })
    .end(
      JSON.stringify({ id: 'e1', system: 'psd2', status: 404, code: 'RESOURCE_UNKNOWN', message: 'no such basket' }),
    );

const lines = async (env: Record<string, string>) => (await doctor({ env, envFile: false })).map(formatFinding);
const failures = (all: string[]) => all.filter((l) => l.startsWith('✗'));

const ca = createCertificateAuthority({ keyBits: 1024 });
const tpp = issueTppCertificate(ca, { keyBits: 1024 });

describe('psd2-conformance doctor', () => {
  it('a good embedded configuration passes: the bank is started, probed and stopped', async () => {
    const all = await lines({});
    expect(failures(all)).toEqual([]);
    expect(all).toContain('✓ target: the embedded reference bank (no BASE_URL and no profile, or --profile embedded)');
    expect(all.some((l) => /^✓ the embedded reference bank started on http:\/\/127\.0\.0\.1:\d+ /.test(l))).toBe(true);
    expect(all.some((l) => /^✓ answer: GET .* answered 401 \(application\/json\) with an Error body/.test(l))).toBe(
      true,
    );
    expect(all.some((l) => l.startsWith('✓ keyId sent: SN=') && l.includes(',CA=CN=psd2-conformance Test CA,'))).toBe(
      true,
    );
  });

  it('the command prints one line per check and exits 0 when nothing is ✗', async () => {
    const r = await cli(['doctor'], {}, hangGuard(60_000));
    expect(r.code).toBe(0);
    const out = r.stdout.trim().split('\n');
    expect(out.slice(0, -1).every((l) => /^[✓!] /.test(l))).toBe(true);
    expect(out.at(-1)).toBe('doctor: nothing to fix');
  });

  it('a key that does not belong to the certificate is ✗, with the fix', async () => {
    const other = issueTppCertificate(ca, { keyBits: 1024 });
    const cert = file('tpp.crt.pem', tpp.certificatePem);
    const key = file('other.key.pem', other.privateKeyPem);
    const all = await lines({ SIGNING_CERT_PATH: cert, SIGNING_KEY_PATH: key });
    expect(failures(all)).toEqual([
      `✗ signing certificate: SIGNING_KEY_PATH=${key}: the key does not match the certificate in ` +
        `SIGNING_CERT_PATH=${cert}: give the key the certificate was issued for`,
    ]);
  });

  it('a PKCS#12 file: its passphrase opens it, or the line says to set the right one', async () => {
    const p12 = join(dir, 'tpp.p12');
    writeFileSync(p12, toPkcs12(tpp, 'right horse'));
    const opened = await lines({ SIGNING_P12_PATH: p12, SIGNING_P12_PASSPHRASE: 'right horse' });
    expect(failures(opened)).toEqual([]);
    expect(
      opened.some((l) => l.startsWith(`✓ signing certificate and key belong together (SIGNING_P12_PATH=${p12})`)),
    ).toBe(true);
    const refused = failures(await lines({ SIGNING_P12_PATH: p12, SIGNING_P12_PASSPHRASE: 'wrong' }));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(
      new RegExp(
        `^✗ signing certificate: SIGNING_P12_PASSPHRASE: does not open SIGNING_P12_PATH=${p12} \\(.*\\): set ` +
          `SIGNING_P12_PASSPHRASE to the file's passphrase$`,
      ),
    );
  });

  it('an expired signing certificate is ✗, with the date', async () => {
    const expired = issueCertificate(ca, {
      subject: { commonName: 'Expired TPP', country: 'NO' },
      notBefore: new Date('2024-01-01T00:00:00Z'),
      notAfter: new Date('2025-01-01T00:00:00Z'),
      keyBits: 1024,
    });
    const cert = file('expired.crt.pem', expired.certificatePem);
    const all = await lines({
      SIGNING_CERT_PATH: cert,
      SIGNING_KEY_PATH: file('expired.key.pem', expired.privateKeyPem),
    });
    expect(failures(all)).toEqual([
      `✗ signing certificate: SIGNING_CERT_PATH=${cert}: the certificate expired on 2025-01-01T00:00:00.000Z: ` +
        `renew the certificate`,
    ]);
  });

  it('a port nothing listens on is ✗ at TCP, and nothing after it is tried', async () => {
    const port = await closedPort();
    const all = await lines({ BASE_URL: `http://127.0.0.1:${port}` });
    expect(failures(all)).toEqual([
      `✗ TCP: 127.0.0.1:${port} refused the connection: is the bank running, and is BASE_URL's port right?`,
    ]);
    expect(all.at(-1)).toBe(failures(all)[0]);
  });

  it('an HTML server is ✗: this does not look like the PSD2 interface', async () => {
    const port = await serve((_, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Welcome</body></html>'),
    );
    const all = await lines({ BASE_URL: `http://127.0.0.1:${port}` });
    expect(failures(all)).toEqual([
      `✗ answer: GET http://127.0.0.1:${port}/v1/signing-baskets/doctor-probe answered 200 (text/html) with an ` +
        `HTML page "<!doctype html><html><body>Welcome</body></html>": this does not look like the PSD2 ` +
        `interface: check BASE_URL (a path prefix such as /api-sandbox?)`,
    ]);
  });

  it("a bank whose Date is 10 minutes ahead is ✗ at the clock, and its answer is the interface's", async () => {
    const port = await serve((_, res) =>
      unknownBasket(res, { date: new Date(Date.now() + 10 * 60 * 1000).toUTCString() }),
    );
    const all = await lines({ BASE_URL: `http://127.0.0.1:${port}` });
    expect(failures(all)).toHaveLength(1);
    expect(failures(all)[0]).toMatch(
      new RegExp(
        /^✗ clock: the bank's Date is (9 min 59|10 min 0|10 min 1) s ahead of this machine's clock: beyond/.source +
          / 300 s a bank refuses signed requests as stale/.source,
      ),
    );
    expect(all).toContain(
      `✓ answer: GET http://127.0.0.1:${port}/v1/signing-baskets/doctor-probe answered 404 (application/json) ` +
        `with an Error body, code RESOURCE_UNKNOWN: it looks like the PSD2 interface`,
    );
  });

  it('every network step has a deadline: a TLS port that never answers, a bank that never answers', async () => {
    const silent = createNetServer((socket) => sockets.add(socket));
    servers.push(silent as unknown as Server);
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    const tlsPort = (silent.address() as AddressInfo).port;
    const started = performance.now();
    expect(failures(await lines({ BASE_URL: `https://127.0.0.1:${tlsPort}`, HTTP_CONNECT_TIMEOUT_MS: '300' }))).toEqual(
      [`✗ TLS: no handshake with 127.0.0.1:${tlsPort} within 300 ms: is it a TLS port (BASE_URL https)?`],
    );
    const httpPort = await serve(() => {});
    expect(failures(await lines({ BASE_URL: `http://127.0.0.1:${httpPort}`, HTTP_HEADERS_TIMEOUT_MS: '300' }))).toEqual(
      [
        `✗ HTTP: no answer to GET http://127.0.0.1:${httpPort}/v1/signing-baskets/doctor-probe: no response ` +
          `headers within 300 ms (HTTP_HEADERS_TIMEOUT_MS)`,
      ],
    );
    expect(performance.now() - started).toBeLessThan(hangGuard(20_000));
  });

  it('mTLS: the handshake with the client certificate, a bank certificate that chains to MTLS_CA_PATH', async () => {
    // The bank's certificate names localhost in its CN, which TLS accepts for a host name (not for an IP).
    const bank = issueCertificate(ca, { subject: { commonName: 'localhost', country: 'NO' }, keyBits: 1024 });
    const port = await serve(
      (_, res) => unknownBasket(res),
      createTlsServer({
        cert: bank.certificatePem,
        key: bank.privateKeyPem,
        ca: ca.certificatePem,
        requestCert: true,
        rejectUnauthorized: true,
      }) as unknown as Server,
    );
    const mtls = {
      MTLS_CERT_PATH: file('mtls.crt.pem', tpp.certificatePem),
      MTLS_KEY_PATH: file('mtls.key.pem', tpp.privateKeyPem),
      MTLS_CA_PATH: file('ca.pem', ca.certificatePem),
    };
    const trusted = await lines({ BASE_URL: `https://localhost:${port}`, ...mtls });
    expect(failures(trusted)).toEqual([]);
    expect(
      trusted.some((l) => l.startsWith(`✓ TLS: handshake with localhost:${port} with the client certificate`)),
    ).toBe(true);
    expect(
      trusted.some((l) =>
        l.endsWith(`its certificate chains to MTLS_CA_PATH=${mtls.MTLS_CA_PATH} and names localhost`),
      ),
    ).toBe(true);

    const untrusted = await lines({ BASE_URL: `https://localhost:${port}` });
    // The bank sends its CA along (it was given one to check clients with), which no one here trusts.
    expect(failures(untrusted)).toEqual([
      `✗ TLS: localhost:${port} is not trusted: its certificate chains to a CA that is not trusted ` +
        `(SELF_SIGNED_CERT_IN_CHAIN, checked against this machine's trusted CAs): set MTLS_CA_PATH to the CA ` +
        `bundle the bank's certificate chains to`,
    ]);
  });
});

describe('doctor: the mTLS files', () => {
  it('a client key that does not belong to MTLS_CERT_PATH is ✗, and TLS waits for it', async () => {
    const port = await serve((_, res) => unknownBasket(res));
    const other = issueTppCertificate(ca, { keyBits: 1024 });
    const cert = file('client.crt.pem', tpp.certificatePem);
    const key = file('client-other.key.pem', other.privateKeyPem);
    const all = await lines({ BASE_URL: `https://127.0.0.1:${port}`, MTLS_CERT_PATH: cert, MTLS_KEY_PATH: key });
    expect(failures(all)).toEqual([
      `✗ mTLS: MTLS_KEY_PATH=${key} does not match the certificate in MTLS_CERT_PATH=${cert}: give the key the ` +
        `certificate was issued for`,
    ]);
    expect(all.at(-1)).toBe('! TLS and HTTP: not tried until the mTLS files above are fixed');
  });
});

describe("the bank's clock from its Date header", () => {
  const at = Date.parse('2026-11-24T10:00:00Z');
  it.each([
    ['Tue, 24 Nov 2026 10:00:00 GMT', "✓ clock: the bank's Date is 0 s from this machine's clock"],
    [
      'Tue, 24 Nov 2026 10:01:30 GMT',
      "! clock: the bank's Date is 90 s ahead of this machine's clock: within the reference bank's 300 s, but " +
        'a stricter bank may refuse requests',
    ],
    [
      'Tue, 24 Nov 2026 09:50:00 GMT',
      "✗ clock: the bank's Date is 10 min 0 s behind this machine's clock: beyond 300 s a bank refuses signed " +
        "requests as stale: set this machine's clock (NTP), or tell the bank its clock is off",
    ],
    [undefined, '! clock: the bank sends no Date header, so its clock skew is unknown'],
  ])('Date %s', (date, line) => {
    expect(formatFinding(judgeClock(date, at, at + 40))).toBe(line);
  });
});
