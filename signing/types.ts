import type { KeyObject } from 'node:crypto';

/** Where the TPP's signing identity comes from and how requests are signed; configuration (config/) fills it in. */
export interface SigningConfig {
  certificatePath?: string;
  keyPath?: string;
  p12Path?: string;
  p12Passphrase?: string;
  cacheDir: string;
  keyId: { serialCase: 'upper' | 'lower'; leadingZeros: boolean; dnStyle: 'platform' | 'rfc2253' };
  digestAlgorithm: 'SHA-256' | 'SHA-512';
  requestTarget: boolean;
}

/** A TPP's signing certificate and key, ready for signRequest. */
export interface SigningIdentity {
  privateKey: KeyObject;
  certificateDer: Buffer;
  /** What TPP-Signature-Certificate carries: the PEM body without BEGIN/END lines and line breaks. */
  certificateBase64: string;
  /**
   * The serial number's magnitude in upper-case hex, whole bytes (`9FA1B2`, `0123`); see keyid.ts for keyId's forms.
   */
  serialHex: string;
  /** RFC 4514 text, most specific first: `CN=Test CA,O=Bank,C=NO`. */
  issuerDn: string;
  subjectDn: string;
  notBefore: Date;
  notAfter: Date;
}

/**
 * Why verification failed. `certificate-untrusted` is only reported when the verifier was given a trust store
 * (VerifySignatureOptions.trustedCertificates); a sandbox accepts any well-formed certificate.
 */
export type VerifyFailure =
  | 'signature-missing'
  | 'signature-malformed'
  | 'algorithm-unsupported'
  | 'certificate-missing'
  | 'certificate-unparsable'
  | 'certificate-untrusted'
  | 'keyid-mismatch'
  | 'digest-missing'
  | 'digest-mismatch'
  | 'required-header-unsigned'
  | 'signature-invalid'
  | 'date-skew';

export type VerifyResult =
  { ok: true; keyId: string; signedHeaders: string[] } | { ok: false; reason: VerifyFailure; message: string };
