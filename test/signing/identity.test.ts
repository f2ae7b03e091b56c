import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { UserError } from '../../core/index.js';
import {
  createCertificateAuthority,
  issueTppCertificate,
  loadIdentity,
  testIdentity,
  toPkcs12,
  verifySignature,
  signRequest,
} from '../../signing/index.js';
import { ecCertificate, hasOpenssl } from './openssl.js';

const dir = mkdtempSync(join(tmpdir(), 'psd2-signing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const ca = createCertificateAuthority({ keyBits: 1024 });
const good = issueTppCertificate(ca, { keyBits: 1024 });
const other = issueTppCertificate(ca, { keyBits: 1024 });
const expired = issueTppCertificate(ca, {
  keyBits: 1024,
  notBefore: new Date('2020-01-01T00:00:00Z'),
  notAfter: new Date('2021-01-01T00:00:00Z'),
});
const future = issueTppCertificate(ca, {
  keyBits: 1024,
  notBefore: new Date(Date.now() + 365 * 86_400_000),
  notAfter: new Date(Date.now() + 2 * 365 * 86_400_000),
});

const certPath = file('tpp.crt.pem', good.certificatePem);
const keyPath = file('tpp.key.pem', good.privateKeyPem);

/** The one line a user sees, or undefined when loading succeeded. */
async function loadError(config: Parameters<typeof loadIdentity>[0]): Promise<string> {
  try {
    await loadIdentity(config);
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).exitCode).toBe(2);
    expect((err as Error).message).not.toContain('\n');
    return (err as Error).message;
  }
  throw new Error('loadIdentity succeeded');
}

describe('testIdentity', () => {
  it(
    'makes a QSealC-shaped certificate: organizationIdentifier PSDNO-FSA-…, CN, O, C, ' +
      'and the PSD2 QCStatement with roles',
    async () => {
      const identity = await testIdentity({ cacheDir: dir });
      const cert = forge.pki.certificateFromAsn1(forge.asn1.fromDer(identity.certificateDer.toString('binary')));
      const field = (type: string) => cert.subject.attributes.find((a) => a.type === type)?.value;
      expect(field('2.5.4.97')).toMatch(/^PSDNO-FSA-\S+$/);
      expect(field('2.5.4.3')).toBeTruthy();
      expect(field('2.5.4.10')).toBeTruthy();
      expect(field('2.5.4.6')).toBe('NO');
      const qc = cert.getExtension({ id: '1.3.6.1.5.5.7.1.3' } as never) as { value: string } | null;
      expect(qc).toBeTruthy();
      const der = forge.util.createBuffer((qc as { value: string }).value).toHex();
      const oidHex = (oid: string) => forge.util.createBuffer(forge.asn1.oidToDer(oid).getBytes()).toHex();
      for (const oid of [
        '0.4.0.19495.2',
        '0.4.0.19495.1.1',
        '0.4.0.19495.1.2',
        '0.4.0.19495.1.3',
        '0.4.0.19495.1.4',
        '0.4.0.1862.1.6.2',
      ])
        expect(der).toContain(oidHex(oid));
      // Issued by the test CA, whose certificate is kept beside it.
      const bundle = JSON.parse(readFileSync(join(dir, 'test-identity.json'), 'utf8')) as {
        caCertificatePem: string;
        certificatePem: string;
      };
      expect(
        new X509Certificate(identity.certificateDer).checkIssued(new X509Certificate(bundle.caCertificatePem)),
      ).toBe(true);
    },
  );

  it('is cached in the given folder, readable by its owner only, and the same on the next call', async () => {
    const first = await testIdentity({ cacheDir: dir });
    const second = await testIdentity({ cacheDir: dir });
    expect(second.serialHex).toBe(first.serialHex);
    const bundle = join(dir, 'test-identity.json');
    expect(existsSync(bundle)).toBe(true);
    expect(statSync(bundle).mode & 0o077).toBe(0);
    expect(
      new X509Certificate(JSON.parse(readFileSync(bundle, 'utf8')).certificatePem).raw.equals(first.certificateDer),
    ).toBe(true);
  });

  it('.keys/ is ignored by git', () => {
    expect(readFileSync(new URL('../../.gitignore', import.meta.url), 'utf8').split('\n')).toContain('.keys/');
  });
});

describe('loadIdentity', () => {
  it('loads a PEM certificate and key, which then sign requests that verify', async () => {
    const identity = await loadIdentity({ certificatePath: certPath, keyPath });
    expect(identity.certificateBase64).toBe(good.certificateDer.toString('base64'));
    const headers = signRequest({ method: 'GET', target: '/v1/x', headers: {} }, identity);
    expect(verifySignature({ method: 'GET', target: '/v1/x', headers })).toMatchObject({ ok: true });
  });

  it('loads a PKCS#12 file, choosing the certificate of the key when the chain is in it', async () => {
    const p12 = file('tpp.p12', toPkcs12(good, 'hemmelig', [ca.certificatePem]));
    const identity = await loadIdentity({ p12Path: p12, p12Passphrase: 'hemmelig' });
    expect(identity.certificateBase64).toBe(good.certificateDer.toString('base64'));
  });

  it.skipIf(!hasOpenssl())('loads a PKCS#12 file made by OpenSSL (AES-256, SHA-256 MAC)', async () => {
    const out = join(dir, 'openssl.p12');
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-in',
      certPath,
      '-inkey',
      keyPath,
      '-out',
      out,
      '-passout',
      'pass:hemmelig',
      '-keypbe',
      'AES-256-CBC',
      '-certpbe',
      'AES-256-CBC',
      '-macalg',
      'sha256',
    ]);
    const identity = await loadIdentity({ p12Path: out, p12Passphrase: 'hemmelig' });
    expect(identity.certificateBase64).toBe(good.certificateDer.toString('base64'));
  });

  it('a missing file names the variable and the path', async () => {
    const missing = join(dir, 'no-such-key.pem');
    expect(await loadError({ certificatePath: certPath, keyPath: missing })).toBe(
      `SIGNING_KEY_PATH=${missing}: no such file`,
    );
    expect(await loadError({ certificatePath: join(dir, 'nope.pem'), keyPath })).toBe(
      `SIGNING_CERT_PATH=${join(dir, 'nope.pem')}: no such file`,
    );
    expect(await loadError({ p12Path: join(dir, 'nope.p12') })).toBe(
      `SIGNING_P12_PATH=${join(dir, 'nope.p12')}: no such file`,
    );
  });

  it('a key that does not match the certificate is named', async () => {
    const otherKey = file('other.key.pem', other.privateKeyPem);
    expect(await loadError({ certificatePath: certPath, keyPath: otherKey })).toBe(
      `SIGNING_KEY_PATH=${otherKey}: the key does not match the certificate in SIGNING_CERT_PATH=${certPath}`,
    );
  });

  it('an expired certificate is named with its end date', async () => {
    const path = file('expired.crt.pem', expired.certificatePem);
    const key = file('expired.key.pem', expired.privateKeyPem);
    expect(await loadError({ certificatePath: path, keyPath: key })).toBe(
      `SIGNING_CERT_PATH=${path}: the certificate expired on 2021-01-01T00:00:00.000Z`,
    );
  });

  it('a certificate not yet valid is named with its start date', async () => {
    const path = file('future.crt.pem', future.certificatePem);
    const key = file('future.key.pem', future.privateKeyPem);
    const notBefore = new Date(new X509Certificate(future.certificatePem).validFrom).toISOString();
    expect(await loadError({ certificatePath: path, keyPath: key })).toBe(
      `SIGNING_CERT_PATH=${path}: the certificate is not valid before ${notBefore}`,
    );
  });

  it('the same checks hold for PKCS#12: expired, wrong passphrase, not a PKCS#12 file', async () => {
    const p12 = file('expired.p12', toPkcs12(expired, 'x'));
    expect(await loadError({ p12Path: p12, p12Passphrase: 'x' })).toBe(
      `SIGNING_P12_PATH=${p12}: the certificate expired on 2021-01-01T00:00:00.000Z`,
    );
    const okP12 = file('ok.p12', toPkcs12(good, 'right'));
    expect(await loadError({ p12Path: okP12, p12Passphrase: 'wrong' })).toMatch(
      new RegExp(
        `^SIGNING_P12_PASSPHRASE: does not open SIGNING_P12_PATH=${okP12.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
    expect(await loadError({ p12Path: certPath })).toMatch(
      new RegExp(`^SIGNING_P12_PATH=${certPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a PKCS#12 file`),
    );
  });

  it.skipIf(!hasOpenssl())('a key that is not RSA is named: rsa-sha256 needs RSA', async () => {
    const key = join(dir, 'ec.key.pem');
    const cert = join(dir, 'ec.crt.pem');
    ecCertificate('/CN=EC TPP', key, cert);
    expect(await loadError({ certificatePath: cert, keyPath: key })).toBe(
      `SIGNING_CERT_PATH=${cert}: the key is ec, but rsa-sha256 needs an RSA key`,
    );
  });

  it('files that are not a certificate or a key, and nothing configured, are one-line errors', async () => {
    expect(await loadError({ certificatePath: keyPath, keyPath })).toBe(
      `SIGNING_CERT_PATH=${keyPath}: not a PEM or DER X.509 certificate`,
    );
    expect(await loadError({ certificatePath: certPath, keyPath: certPath })).toBe(
      `SIGNING_KEY_PATH=${certPath}: not a PEM private key`,
    );
    expect(await loadError({})).toBe(
      'no signing certificate configured: set SIGNING_CERT_PATH and SIGNING_KEY_PATH, or SIGNING_P12_PATH',
    );
  });
});
