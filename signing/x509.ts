import { X509Certificate, type KeyObject } from 'node:crypto';
import { formatDn, parseNodeDn, type DnAttribute } from './dn.js';
import type { SigningIdentity } from './types.js';

export interface CertificateFacts {
  x509: X509Certificate;
  serialHex: string;
  /** In certificate order (least specific first, usually C first). */
  issuer: DnAttribute[];
  subject: DnAttribute[];
  notBefore: Date;
  notAfter: Date;
}

/** Upper-case hex in whole bytes: node prints the magnitude, which may have an odd number of digits. */
function wholeBytes(hex: string): string {
  const upper = hex.toUpperCase();
  return upper.length % 2 === 1 ? `0${upper}` : upper;
}

export function certificateFacts(certificate: X509Certificate | Uint8Array): CertificateFacts {
  const x509 = certificate instanceof X509Certificate ? certificate : new X509Certificate(certificate);
  return {
    x509,
    serialHex: wholeBytes(x509.serialNumber),
    issuer: parseNodeDn(x509.issuer),
    subject: parseNodeDn(x509.subject),
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
  };
}

/** RFC 4514 text, most specific first (the reverse of certificate order). */
export const dnText = (attributes: readonly DnAttribute[]) => formatDn([...attributes].reverse());

/** Accepts base64 DER, or PEM with its armour and line breaks; undefined when the text is not base64 at all. */
export function certificateBytes(text: string): Buffer | undefined {
  const body = text.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  if (body === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  return Buffer.from(body, 'base64');
}

export function identityFrom(certificate: X509Certificate | Uint8Array, privateKey: KeyObject): SigningIdentity {
  const facts = certificateFacts(certificate);
  const der = facts.x509.raw;
  return {
    privateKey,
    certificateDer: der,
    certificateBase64: der.toString('base64'),
    serialHex: facts.serialHex,
    issuerDn: dnText(facts.issuer),
    subjectDn: dnText(facts.subject),
    notBefore: facts.notBefore,
    notAfter: facts.notAfter,
  };
}
