import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Config } from '../../config/index.js';
import { buildKeyId, isAscii, loadIdentity, testIdentity, type SigningIdentity } from '../../signing/index.js';
import { UserError } from '../../core/index.js';
import { describeError, fail, ok, warn, type Finding } from './finding.js';

/** A certificate that ends this soon is worth a warning: renewing one takes longer than a month at some CAs. */
const SOON_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** What to do about each problem loadIdentity names. */
function fixFor(message: string): string {
  if (/does not match/.test(message)) return 'give the key the certificate was issued for';
  if (/expired/.test(message)) return 'renew the certificate';
  if (/not valid before/.test(message)) return "check this machine's clock, or use a certificate valid now";
  if (/PASSPHRASE/.test(message)) return "set SIGNING_P12_PASSPHRASE to the file's passphrase";
  if (/no such file|permission denied|directory/.test(message)) return 'fix the path';
  if (/encrypted/.test(message)) return 'decrypt the key, or use SIGNING_P12_PATH';
  return 'see docs/real-bank.md › Configuration';
}

function validity(what: string, notAfter: Date, now: Date): Finding | undefined {
  const days = Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS);
  return days < SOON_DAYS ? warn(`${what} expires in ${days} day(s), on ${day(notAfter)}: renew it soon`) : undefined;
}

/**
 * The signing certificate and key: they belong together (the key's public key is the certificate's; a
 * PKCS#12 passphrase opens the file), the certificate is valid now, and the keyId the run will send.
 */
export async function signingFindings(
  config: Config,
  target: 'embedded' | 'remote' | undefined,
  now = new Date(),
): Promise<Finding[]> {
  const { signing } = config;
  const findings: Finding[] = [];
  let identity: SigningIdentity;
  if (signing.certificatePath || signing.p12Path) {
    const where = signing.p12Path
      ? `SIGNING_P12_PATH=${signing.p12Path}`
      : `SIGNING_CERT_PATH=${signing.certificatePath} and SIGNING_KEY_PATH=${signing.keyPath}`;
    try {
      identity = await loadIdentity(signing, { now });
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      return [fail(`signing certificate: ${err.message}: ${fixFor(err.message)}`)];
    }
    findings.push(ok(`signing certificate and key belong together (${where}); valid until ${day(identity.notAfter)}`));
    const soon = validity('the signing certificate', identity.notAfter, now);
    if (soon) findings.push(soon);
  } else {
    identity = await testIdentity({ cacheDir: signing.cacheDir });
    findings.push(
      target === 'remote'
        ? warn(
            'no signing certificate configured: requests are signed with the generated test certificate, which ' +
              'a real bank does not trust: set SIGNING_CERT_PATH and SIGNING_KEY_PATH, or SIGNING_P12_PATH',
          )
        : ok('signing with the generated test certificate (the embedded bank accepts any well-formed certificate)'),
    );
  }
  const keyId = buildKeyId(identity, signing.keyId);
  findings.push(
    ok(
      `keyId sent: ${keyId}` +
        (isAscii(keyId) ? '' : ' (not ASCII: the Signature header goes RFC 2047-encoded, as interface.md says)'),
    ),
  );
  return findings;
}

/** The mTLS client certificate and key, when configured: readable, belonging together, valid now. */
export async function mtlsFindings(mtls: NonNullable<Config['http']['mtls']>, now = new Date()): Promise<Finding[]> {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(await readFile(mtls.certPath));
  } catch (err) {
    return [fail(`mTLS: MTLS_CERT_PATH=${mtls.certPath}: ${describeError(err)}: give a PEM certificate`)];
  }
  let matches: boolean;
  try {
    const key = createPrivateKey({
      key: await readFile(mtls.keyPath),
      ...(mtls.passphrase ? { passphrase: mtls.passphrase } : {}),
    });
    matches = certificate.checkPrivateKey(key);
  } catch (err) {
    const passphrase = (err as NodeJS.ErrnoException).code === 'ERR_MISSING_PASSPHRASE';
    return [
      fail(
        `mTLS: MTLS_KEY_PATH=${mtls.keyPath}: ` +
          (passphrase
            ? 'the key is encrypted: set MTLS_KEY_PASSPHRASE'
            : `${describeError(err)}: give a PEM private key`),
      ),
    ];
  }
  if (!matches)
    return [
      fail(
        `mTLS: MTLS_KEY_PATH=${mtls.keyPath} does not match the certificate in ` +
          `MTLS_CERT_PATH=${mtls.certPath}: give the key the certificate was issued for`,
      ),
    ];
  const notAfter = new Date(certificate.validTo);
  if (notAfter.getTime() < now.getTime())
    return [fail(`mTLS: the certificate in MTLS_CERT_PATH=${mtls.certPath} expired on ${day(notAfter)}: renew it`)];
  const soon = validity('the mTLS certificate', notAfter, now);
  return [
    ok(
      `mTLS client certificate and key belong together (MTLS_CERT_PATH=${mtls.certPath}); valid until ${day(notAfter)}`,
    ),
    ...(soon ? [soon] : []),
  ];
}
