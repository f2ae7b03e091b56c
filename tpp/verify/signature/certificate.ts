import { certificateBytes, certificateFacts, type CertificateFacts } from '../../../signing/index.js';
import { finding } from '../finding.js';
import type { Finding } from '../../types.js';

export interface CertificateVerdict {
  facts?: CertificateFacts;
  findings: Finding[];
}

const ID = 'Auth.certificate.required';

/**
 * Certificates read lately: a proxy judges the same TPP certificate on every request, and parsing it is the
 * largest part of judgeRequest's time. A few entries, the oldest dropped first.
 */
const recent = new Map<string, CertificateFacts | undefined>();
const RECENT_MAX = 16;

function parse(bytes: Buffer): CertificateFacts | undefined {
  const key = bytes.toString('base64');
  if (recent.has(key)) return recent.get(key);
  let facts: CertificateFacts | undefined;
  try {
    facts = certificateFacts(bytes);
  } catch {
    facts = undefined;
  }
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
  recent.set(key, facts);
  return facts;
}

/** How the value differs from base64 DER (what interface.md and the platform send), when it does. */
function formCause(value: string): string | undefined {
  if (/-----BEGIN/.test(value))
    return (
      'the certificate in TPP-Signature-Certificate is PEM with BEGIN/END lines, ' +
      'expected base64 DER (the PEM body without its armour and line breaks)'
    );
  if (/\s/.test(value)) return 'the base64 holds spaces or line breaks: send it on one line';
  if (/[-_]/.test(value)) return 'the certificate is in the base64url alphabet (- and _); send base64';
  return undefined;
}

/**
 * TPP-Signature-Certificate: base64 DER (Authentication 3). PEM armour, line breaks or a PEM file encoded once
 * more are named; the certificate is still read from them when it can be, so the signature can be judged.
 */
export function judgeCertificate(value: string | undefined): CertificateVerdict {
  if (value === undefined || value.trim() === '') return { findings: [] };
  const findings: Finding[] = [];
  const form = formCause(value.trim());
  // base64url is read as base64 (the mistake is named above), so the rest of the request can still be judged.
  const trimmed = value.trim();
  const bytes = certificateBytes(/-----/.test(trimmed) ? trimmed : trimmed.replace(/-/g, '+').replace(/_/g, '/'));
  if (form) findings.push(finding(ID, 'TPP-Signature-Certificate is not base64 DER', form));
  if (!bytes) {
    if (!form) findings.push(finding(ID, 'TPP-Signature-Certificate is not base64'));
    return { findings };
  }
  const text = bytes.toString('latin1');
  if (text.startsWith('-----BEGIN')) {
    const inner = certificateBytes(text);
    const facts = inner && parse(inner);
    findings.push(
      finding(
        ID,
        'TPP-Signature-Certificate is base64 of a PEM file',
        'the PEM text was base64-encoded once more: send the PEM body (already base64 of the DER) without its armour',
      ),
    );
    return { ...(facts ? { facts } : {}), findings };
  }
  const facts = parse(bytes);
  if (!facts && !form) findings.push(finding(ID, 'TPP-Signature-Certificate does not parse as an X.509 certificate'));
  return { ...(facts ? { facts } : {}), findings };
}
