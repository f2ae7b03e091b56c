import { readFileSync } from 'node:fs';
import type { Config } from '../config/index.js';
import { loadIdentity, testIdentity, type SigningIdentity } from '../signing/index.js';
import type { TppHttpOptions } from '../tpp/index.js';
import { UserError } from '../core/index.js';

/** What tpp/ takes as options, built from the configuration: the library itself never reads it. */

function read(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new UserError(`${variable}=${path}: cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** Timeouts, the body cap (HTTP_MAX_RESPONSE_BYTES) and mutual TLS (MTLS_*) for the proxy and replay. */
export function tppHttp(http: Config['http']): TppHttpOptions {
  const mtls = http.mtls;
  return {
    connectTimeoutMs: http.connectTimeoutMs,
    headersTimeoutMs: http.headersTimeoutMs,
    bodyTimeoutMs: http.bodyTimeoutMs,
    maxBodyBytes: http.maxResponseBytes,
    ...(mtls
      ? {
          tls: {
            cert: read('MTLS_CERT_PATH', mtls.certPath),
            key: read('MTLS_KEY_PATH', mtls.keyPath),
            ...(mtls.caPath ? { ca: read('MTLS_CA_PATH', mtls.caPath) } : {}),
            ...(mtls.passphrase ? { passphrase: mtls.passphrase } : {}),
          },
        }
      : {}),
  };
}

/** The configured signing identity (SIGNING_*), or the generated test identity, as `sign` and the suites use. */
export async function signingIdentity(signing: Config['signing']): Promise<SigningIdentity> {
  return signing.certificatePath || signing.keyPath || signing.p12Path
    ? loadIdentity(signing)
    : testIdentity({ cacheDir: signing.cacheDir });
}

/** An http or https base URL without trailing slashes, or a one-line error naming the flag. */
export function baseUrlFlag(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UserError(`--${name} "${value}" is not an absolute http or https URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UserError(`--${name} "${value}" is not an http or https URL`);
  if (url.search || url.hash)
    throw new UserError(`--${name} "${value}" carries a query or fragment: give the base URL`);
  return value.replace(/\/+$/, '');
}
