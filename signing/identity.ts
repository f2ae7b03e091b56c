import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type forge from 'node-forge';
import { onFirstUse, UserError } from '../core/index.js';
import {
  createCertificateAuthority,
  issueTppCertificate,
  NORWEGIAN_CA_SUBJECT,
  type SubjectFields,
} from './certificates.js';
import type { SigningConfig, SigningIdentity } from './types.js';
import { defaultKeyCacheDir, fallbackKeyCacheDir } from './key-cache.js';
import { identityFrom } from './x509.js';

/** node-forge (about 100 ms to import) is needed only to make or read certificates: a run reads them from its cache. */
const lib = onFirstUse<typeof forge>('node-forge');

export { defaultKeyCacheDir } from './key-cache.js';

const BUNDLE = 'test-identity.json';
/** The second test identity, issued by a CA whose DN is not ASCII (NORWEGIAN_CA_SUBJECT). */
const NORWEGIAN_BUNDLE = 'test-identity-norwegian-ca.json';
/** Another TPP, issued by the same test CA as the first: a bank that trusts one trusts both. */
const SECOND_TPP_BUNDLE = 'test-identity-second-tpp.json';

/** The second TPP's subject: another organisation (organizationIdentifier) than TEST_TPP_SUBJECT's. */
export const SECOND_TPP_SUBJECT: SubjectFields = {
  commonName: 'psd2-conformance Second Test TPP',
  organization: 'psd2-conformance Second Test TPP AS',
  organizationIdentifier: 'PSDNO-FSA-999999998',
  country: 'NO',
};

/** What testIdentity keeps on disk: the CA (so that tests can issue more certificates, e.g. for mTLS) and the TPP. */
export interface TestPki {
  caCertificatePem: string;
  caPrivateKeyPem: string;
  certificatePem: string;
  privateKeyPem: string;
}

function generate(caSubject?: SubjectFields): TestPki {
  const ca = createCertificateAuthority(caSubject ? { subject: caSubject } : {});
  const tpp = issueTppCertificate(ca);
  return {
    caCertificatePem: ca.certificatePem,
    caPrivateKeyPem: ca.privateKeyPem,
    certificatePem: tpp.certificatePem,
    privateKeyPem: tpp.privateKeyPem,
  };
}

async function readBundle(file: string, caSubject?: SubjectFields): Promise<TestPki | undefined> {
  if (!existsSync(file)) return undefined;
  try {
    const pki = JSON.parse(await readFile(file, 'utf8')) as TestPki;
    const certificate = new X509Certificate(pki.certificatePem);
    // A CA renamed in the code since the bundle was written: make a new one.
    if (caSubject && !certificate.issuer.split('\n').includes(`CN=${caSubject.commonName}`)) return undefined;
    // Regenerate a day before expiry rather than fail a run.
    if (new Date(certificate.validTo).getTime() < Date.now() + 24 * 60 * 60 * 1000) return undefined;
    if (!certificate.checkPrivateKey(createPrivateKey(pki.privateKeyPem))) return undefined;
    return pki;
  } catch {
    return undefined;
  }
}

const pkis = new Map<string, Promise<TestPki>>();

/**
 * The generated test CA and TPP certificate, read from cacheDir or made and written there. One JSON file,
 * written to a temporary name and renamed, so parallel test workers never read a certificate without its key.
 */
export function testPki(options: { cacheDir?: string } = {}): Promise<TestPki> {
  return cachedPki(options.cacheDir, BUNDLE);
}

/** Like testPki, with the CA named NORWEGIAN_CA_SUBJECT (æ, ø and å in its DN), cached in a file of its own. */
export function norwegianTestPki(options: { cacheDir?: string } = {}): Promise<TestPki> {
  return cachedPki(options.cacheDir, NORWEGIAN_BUNDLE, NORWEGIAN_CA_SUBJECT);
}

/** The folder asked for, and whether it is the default one (which may fall back to /tmp when it cannot be made). */
function cacheFolder(cacheDir: string | undefined): { dir: string; isDefault: boolean } {
  const standard = resolve(defaultKeyCacheDir());
  const dir = resolve(cacheDir ?? standard);
  return { dir, isDefault: dir === standard };
}

/** The folder to write to: the one asked for, else (the default only) one under /tmp, owner only. */
async function writableDir(cacheDir: string | undefined): Promise<string> {
  const { dir, isDefault } = cacheFolder(cacheDir);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  } catch (err) {
    if (!isDefault) throw err;
    await mkdir(fallbackKeyCacheDir(), { recursive: true, mode: 0o700 });
    return fallbackKeyCacheDir();
  }
}

function cachedPki(cacheDir: string | undefined, bundle: string, caSubject?: SubjectFields): Promise<TestPki> {
  const key = join(cacheFolder(cacheDir).dir, bundle);
  let pending = pkis.get(key);
  if (!pending) {
    pending = (async () => {
      // The folder that can hold the keys first: the default one, or (when that cannot be made) the fallback.
      const file = join(await writableDir(cacheDir), bundle);
      const existing = await readBundle(file, caSubject);
      if (existing) return existing;
      const pki = generate(caSubject);
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, `${JSON.stringify(pki, null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, file);
      return pki;
    })();
    pkis.set(key, pending);
    pending.catch(() => pkis.delete(key));
  }
  return pending;
}

/** The test TPP identity: a QSealC-shaped certificate issued by the test CA. */
export async function testIdentity(options: { cacheDir?: string } = {}): Promise<SigningIdentity> {
  const pki = await testPki(options);
  return identityFrom(new X509Certificate(pki.certificatePem), createPrivateKey(pki.privateKeyPem));
}

/**
 * A second test TPP identity whose issuer DN holds æ, ø and å: its keyId `SN=…,CA=CN=Bankenes Testsertifikat Ærø,…`
 * is not ASCII, which is what interface.md's Authentication 2 (RFC 2047) is about.
 */
export async function norwegianTestIdentity(options: { cacheDir?: string } = {}): Promise<SigningIdentity> {
  const pki = await norwegianTestPki(options);
  return identityFrom(new X509Certificate(pki.certificatePem), createPrivateKey(pki.privateKeyPem));
}

/**
 * Another TPP's identity (SECOND_TPP_SUBJECT), issued by testPki's CA and cached beside it: with it a suite asks
 * whether a bank refuses one TPP the payments, baskets and authorisations of another.
 */
export async function secondTppTestIdentity(options: { cacheDir?: string } = {}): Promise<SigningIdentity> {
  const ca = await testPki(options);
  const file = join(cacheFolder(options.cacheDir).dir, SECOND_TPP_BUNDLE);
  let pending = pkis.get(file);
  if (!pending) {
    pending = (async () => {
      const written = join(await writableDir(options.cacheDir), SECOND_TPP_BUNDLE);
      const existing = await readBundle(written);
      if (existing && existing.caCertificatePem === ca.caCertificatePem) return existing;
      const issuer = { certificatePem: ca.caCertificatePem, privateKey: createPrivateKey(ca.caPrivateKeyPem) };
      const tpp = issueTppCertificate(issuer, { subject: SECOND_TPP_SUBJECT });
      const pki = { ...ca, certificatePem: tpp.certificatePem, privateKeyPem: tpp.privateKeyPem };
      const temporary = `${written}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, `${JSON.stringify(pki, null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, written);
      return pki;
    })();
    pkis.set(file, pending);
    pending.catch(() => pkis.delete(file));
  }
  const pki = await pending;
  return identityFrom(new X509Certificate(pki.certificatePem), createPrivateKey(pki.privateKeyPem));
}

type SigningFiles = Pick<SigningConfig, 'certificatePath' | 'keyPath' | 'p12Path' | 'p12Passphrase'>;

async function readNamed(variable: string, path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'a directory, not a file'
          : code === 'EACCES'
            ? 'permission denied'
            : (code ?? 'cannot read');
    throw new UserError(`${variable}=${path}: ${why}`);
  }
}

function parseCertificate(variable: string, path: string, bytes: Buffer): X509Certificate {
  try {
    return new X509Certificate(bytes);
  } catch {
    throw new UserError(`${variable}=${path}: not a PEM or DER X.509 certificate`);
  }
}

function parseKey(variable: string, path: string, bytes: Buffer): KeyObject {
  try {
    return createPrivateKey(bytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_MISSING_PASSPHRASE') {
      throw new UserError(
        `${variable}=${path}: the key is encrypted; give an unencrypted PEM ` +
          `key or use SIGNING_P12_PATH with SIGNING_P12_PASSPHRASE`,
      );
    }
    try {
      return createPrivateKey({ key: bytes, format: 'der', type: 'pkcs8' });
    } catch {
      throw new UserError(`${variable}=${path}: not a PEM private key`);
    }
  }
}

function fromPkcs12(
  path: string,
  bytes: Buffer,
  passphrase: string | undefined,
): { certificates: X509Certificate[]; key: KeyObject } {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = lib().pkcs12.pkcs12FromAsn1(lib().asn1.fromDer(bytes.toString('binary')), passphrase ?? '');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/password|mac|decrypt|invalid/i.test(message) && !/too few bytes|asn\.?1/i.test(message)) {
      throw new UserError(`SIGNING_P12_PASSPHRASE: does not open SIGNING_P12_PATH=${path} (${message})`);
    }
    throw new UserError(`SIGNING_P12_PATH=${path}: not a PKCS#12 file this tool can read (${message})`);
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keyBag = [...bags(lib().pki.oids.pkcs8ShroudedKeyBag as string), ...bags(lib().pki.oids.keyBag as string)].find(
    (b) => b.key,
  );
  if (!keyBag?.key)
    throw new UserError(`SIGNING_P12_PATH=${path}: holds no private key (or SIGNING_P12_PASSPHRASE is wrong)`);
  const key = createPrivateKey(lib().pki.privateKeyToPem(keyBag.key));
  const certificates = bags(lib().pki.oids.certBag as string)
    .filter((b) => b.cert)
    .map((b) => new X509Certificate(lib().pki.certificateToPem(b.cert as forge.pki.Certificate)));
  if (certificates.length === 0) throw new UserError(`SIGNING_P12_PATH=${path}: holds no certificate`);
  return { certificates, key };
}

/**
 * The user's signing identity from PEM certificate and key files or a PKCS#12 file, as configured.
 * Every problem is a UserError of one line naming the variable and the path: missing file, unreadable
 * content, key not matching the certificate, certificate expired or not yet valid.
 */
export async function loadIdentity(config: SigningFiles, options: { now?: Date } = {}): Promise<SigningIdentity> {
  const now = options.now ?? new Date();
  let certificate: X509Certificate;
  let key: KeyObject;
  let where: string;
  if (config.p12Path) {
    where = `SIGNING_P12_PATH=${config.p12Path}`;
    const { certificates, key: p12Key } = fromPkcs12(
      config.p12Path,
      await readNamed('SIGNING_P12_PATH', config.p12Path),
      config.p12Passphrase,
    );
    key = p12Key;
    // A PKCS#12 file may carry the chain too: the signing certificate is the one the key belongs to.
    const own = certificates.find((c) => c.checkPrivateKey(key));
    if (!own) throw new UserError(`${where}: the private key does not match any certificate in the file`);
    certificate = own;
  } else if (config.certificatePath || config.keyPath) {
    if (!config.certificatePath)
      throw new UserError(`SIGNING_CERT_PATH is not set (SIGNING_KEY_PATH=${config.keyPath} is)`);
    if (!config.keyPath)
      throw new UserError(`SIGNING_KEY_PATH is not set (SIGNING_CERT_PATH=${config.certificatePath} is)`);
    where = `SIGNING_CERT_PATH=${config.certificatePath}`;
    // Read both before judging either, so that a wrong path is reported as such whatever the other file holds.
    const certificateBytes = await readNamed('SIGNING_CERT_PATH', config.certificatePath);
    const keyBytes = await readNamed('SIGNING_KEY_PATH', config.keyPath);
    certificate = parseCertificate('SIGNING_CERT_PATH', config.certificatePath, certificateBytes);
    key = parseKey('SIGNING_KEY_PATH', config.keyPath, keyBytes);
    if (!certificate.checkPrivateKey(key)) {
      throw new UserError(
        `SIGNING_KEY_PATH=${config.keyPath}: the key does not match the ` +
          `certificate in SIGNING_CERT_PATH=${config.certificatePath}`,
      );
    }
  } else {
    throw new UserError(
      'no signing certificate configured: set SIGNING_CERT_PATH and SIGNING_KEY_PATH, or SIGNING_P12_PATH',
    );
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new UserError(`${where}: the key is ${key.asymmetricKeyType}, but rsa-sha256 needs an RSA key`);
  const identity = identityFrom(certificate, key);
  if (identity.notAfter.getTime() < now.getTime())
    throw new UserError(`${where}: the certificate expired on ${identity.notAfter.toISOString()}`);
  if (identity.notBefore.getTime() > now.getTime())
    throw new UserError(`${where}: the certificate is not valid before ${identity.notBefore.toISOString()}`);
  return identity;
}
