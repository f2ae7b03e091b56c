/**
 * A detached JWS (RFC 7515, Appendix F) over the evidence manifest, signed with node:crypto: the compact form with an
 * empty payload part, `<protected header>..<signature>`, the manifest's bytes being the payload. The header carries
 * the signing certificate (`x5c`, RFC 7515 §4.1.6) and its SHA-256 thumbprint (`x5t#S256`), and the signing time
 * (`sigT`, as ETSI's JAdES names it) so that the certificate can be checked for the moment it signed.
 */
import { createHash, sign, verify, X509Certificate, constants, type KeyObject } from 'node:crypto';

export const JWS_ALGORITHMS = ['PS256', 'RS256'] as const;
export type JwsAlgorithm = (typeof JWS_ALGORITHMS)[number];

export interface JwsHeader {
  alg: JwsAlgorithm;
  typ: 'JOSE';
  x5c: string[];
  'x5t#S256': string;
  /** When it was signed (ISO 8601, UTC). */
  sigT: string;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** RSASSA-PSS with SHA-256, salt as long as the hash (RFC 7518 §3.5), or RSASSA-PKCS1-v1_5 with SHA-256. */
const padding = (alg: JwsAlgorithm) =>
  alg === 'PS256'
    ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }
    : { padding: constants.RSA_PKCS1_PADDING };

export const thumbprint = (der: Buffer): string => createHash('sha256').update(der).digest('base64url');

/** The detached compact JWS of `payload`, signed with `key` whose certificate (DER) goes into x5c. */
export function signDetached(
  payload: Buffer,
  signer: { key: KeyObject; certificateDer: Buffer },
  options: { alg?: JwsAlgorithm; now?: Date } = {},
): string {
  const alg = options.alg ?? 'PS256';
  const header: JwsHeader = {
    alg,
    typ: 'JOSE',
    x5c: [signer.certificateDer.toString('base64')],
    'x5t#S256': thumbprint(signer.certificateDer),
    sigT: (options.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  const protectedPart = b64url(JSON.stringify(header));
  const input = Buffer.from(`${protectedPart}.${b64url(payload)}`, 'ascii');
  const signature = sign('sha256', input, { key: signer.key, ...padding(alg) });
  return `${protectedPart}..${b64url(signature)}`;
}

export interface DetachedCheck {
  /** Whether the signature holds over the payload, with the key of the certificate in x5c. */
  valid: boolean;
  header?: JwsHeader;
  certificate?: X509Certificate;
  /** What is wrong with the JWS itself (form, header, certificate), in words. */
  problems: string[];
}

function parseHeader(part: string): { header?: JwsHeader; problem?: string } {
  let header: Partial<JwsHeader>;
  try {
    header = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Partial<JwsHeader>;
  } catch {
    return { problem: 'its protected header is not base64url JSON' };
  }
  if (!JWS_ALGORITHMS.includes(header.alg as JwsAlgorithm))
    return { problem: `its algorithm ${String(header.alg)} is not one of ${JWS_ALGORITHMS.join(', ')}` };
  if (!Array.isArray(header.x5c) || typeof header.x5c[0] !== 'string')
    return { problem: 'its header carries no certificate (x5c)' };
  return { header: header as JwsHeader };
}

/** Checks a detached compact JWS over `payload`: its form, its header, the x5c certificate and the signature. */
export function verifyDetached(jws: string, payload: Buffer): DetachedCheck {
  const parts = jws.trim().split('.');
  if (parts.length !== 3 || parts[1] !== '')
    return { valid: false, problems: ['it is not a detached compact JWS (header..signature)'] };
  const [protectedPart, , signaturePart] = parts as [string, string, string];
  const { header, problem } = parseHeader(protectedPart);
  if (!header) return { valid: false, problems: [problem as string] };
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(header.x5c[0] as string, 'base64'));
  } catch {
    return { valid: false, header, problems: ['its x5c certificate is not a DER certificate'] };
  }
  const problems: string[] = [];
  if (header['x5t#S256'] !== undefined && header['x5t#S256'] !== thumbprint(certificate.raw))
    problems.push('its x5t#S256 thumbprint is not that of the x5c certificate');
  const input = Buffer.from(`${protectedPart}.${b64url(payload)}`, 'ascii');
  const valid = verify(
    'sha256',
    input,
    { key: certificate.publicKey, ...padding(header.alg) },
    Buffer.from(signaturePart, 'base64url'),
  );
  return { valid, header, certificate, problems };
}
