import { lookup } from 'node:dns/promises';
import { readFileSync } from 'node:fs';
import { isIP, connect as tcpConnect } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import type { Config } from '../../config/index.js';
import { TimeoutError, describeError, fail, ok, within, type Finding } from './finding.js';

export interface Endpoint {
  host: string;
  port: number;
  tls: boolean;
}

export function endpointOf(url: string): Endpoint {
  const parsed = new URL(url);
  const tls = parsed.protocol === 'https:';
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : tls ? 443 : 80,
    tls,
  };
}

/** The host name resolves (an IP address needs no resolving); the address the next steps connect to. */
export async function resolveHost(host: string, timeoutMs: number): Promise<{ finding: Finding; address?: string }> {
  if (isIP(host)) return { finding: ok(`DNS: ${host} is an address`), address: host };
  try {
    const { address } = await within(timeoutMs, lookup(host), `resolving ${host}`);
    return { finding: ok(`DNS: ${host} resolves to ${address}`), address };
  } catch (err) {
    return {
      finding: fail(
        `DNS: cannot resolve ${host} ` +
          `(${(err as NodeJS.ErrnoException).code ?? describeError(err)}): check ` +
          `BASE_URL's host name and this machine's DNS`,
      ),
    };
  }
}

/** A TCP connection to the bank's port opens within HTTP_CONNECT_TIMEOUT_MS. */
export async function tcpCheck(address: string, port: number, timeoutMs: number): Promise<Finding> {
  const started = performance.now();
  const socket = tcpConnect({ host: address, port });
  try {
    await within(
      timeoutMs,
      new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', reject);
      }),
      `connecting to ${address}:${port}`,
    );
    return ok(`TCP: ${address}:${port} accepts connections (${Math.round(performance.now() - started)} ms)`);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED')
      return fail(`TCP: ${address}:${port} refused the connection: is the bank running, and is BASE_URL's port right?`);
    if (err instanceof TimeoutError)
      return fail(
        `TCP: no connection to ${address}:${port} within ${timeoutMs} ms ` +
          `(HTTP_CONNECT_TIMEOUT_MS): a firewall, a proxy this machine needs (HTTP_PROXY), or the ` +
          `wrong host`,
      );
    return fail(`TCP: cannot connect to ${address}:${port}: ${describeError(err)}`);
  } finally {
    socket.destroy();
  }
}

const UNTRUSTED: Record<string, string> = {
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate does not name this host',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: "its certificate is not valid yet (or this machine's clock is behind)",
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chains to a CA that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate does not chain to a trusted CA',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate does not chain to a trusted CA',
};

/**
 * The TLS handshake, with the mTLS client certificate when one is configured, and whether the bank's
 * certificate chains to MTLS_CA_PATH (or to this machine's trusted CAs) and names the host.
 */
export async function tlsCheck(
  endpoint: Endpoint & { address: string },
  http: Pick<Config['http'], 'mtls' | 'connectTimeoutMs'>,
): Promise<Finding> {
  const { mtls } = http;
  const trust = mtls?.caPath ? `MTLS_CA_PATH=${mtls.caPath}` : "this machine's trusted CAs";
  let socket: TLSSocket | undefined;
  try {
    const options = {
      host: endpoint.address,
      port: endpoint.port,
      // Connected to the address DNS gave, the certificate is checked against BASE_URL's host name (SNI).
      ...(isIP(endpoint.host) ? {} : { servername: endpoint.host }),
      rejectUnauthorized: false,
      // The same files the client reads; unreadable ones are reported by the mTLS line.
      ...(mtls
        ? {
            cert: readFileSync(mtls.certPath),
            key: readFileSync(mtls.keyPath),
            ...(mtls.passphrase ? { passphrase: mtls.passphrase } : {}),
            ...(mtls.caPath ? { ca: readFileSync(mtls.caPath) } : {}),
          }
        : {}),
    };
    const secure = await within(
      http.connectTimeoutMs,
      new Promise<TLSSocket>((resolve, reject) => {
        const s = tlsConnect(options, () => resolve(s));
        socket = s;
        s.once('error', reject);
      }),
      `the TLS handshake with ${endpoint.host}:${endpoint.port}`,
    );
    const client = mtls ? ` with the client certificate MTLS_CERT_PATH=${mtls.certPath}` : '';
    if (!secure.authorized) {
      const code = String(secure.authorizationError);
      return fail(
        `TLS: ${endpoint.host}:${endpoint.port} is not trusted: ${UNTRUSTED[code] ?? code} ` +
          `(${code}, checked against ${trust}): ` +
          (mtls?.caPath
            ? 'is MTLS_CA_PATH the CA bundle of this bank?'
            : "set MTLS_CA_PATH to the CA bundle the bank's certificate chains to"),
      );
    }
    return ok(
      `TLS: handshake with ${endpoint.host}:${endpoint.port}${client} ` +
        `(${secure.getProtocol()}); its certificate chains to ${trust} and names ` +
        `${endpoint.host}`,
    );
  } catch (err) {
    if (err instanceof TimeoutError)
      return fail(
        `TLS: no handshake with ${endpoint.host}:${endpoint.port} within ` +
          `${http.connectTimeoutMs} ms: is it a TLS port (BASE_URL https)?`,
      );
    const text = describeError(err);
    const hint = /certificate required|handshake failure|alert/i.test(text)
      ? mtls
        ? ': does the bank accept this client certificate?'
        : ': the bank may require a client certificate (MTLS_CERT_PATH and MTLS_KEY_PATH)'
      : /wrong version number|packet length too long/i.test(text)
        ? ': the port does not speak TLS (http instead of https in BASE_URL?)'
        : '';
    return fail(`TLS: handshake with ${endpoint.host}:${endpoint.port} failed: ${text}${hint}`);
  } finally {
    (socket as TLSSocket | undefined)?.destroy();
  }
}
