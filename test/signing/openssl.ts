import { execFileSync } from 'node:child_process';

/** openssl is on the PATH: the tests that make a certificate with it are skipped without it. */
export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A self-signed certificate with a P-256 (EC) key, valid two days: a key rsa-sha256 cannot sign with. */
export function ecCertificate(subject: string, keyPath: string, certificatePath: string): void {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', subject],
      ...['-keyout', keyPath, '-out', certificatePath, '-days', '2'],
    ],
    { stdio: 'ignore' },
  );
}
