import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type forge from 'node-forge';
import { onFirstUse } from '../core/index.js';
import { serialDerHex } from './keyid.js';

/** node-forge (about 100 ms to import) is needed only to make or read certificates: a run reads them from its cache. */
const lib = onFirstUse<typeof forge>('node-forge');

/**
 * Test certificates shaped like the real thing: a CA, and a TPP signing certificate shaped like an eIDAS
 * QSealC (ETSI TS 119 495): subject with organizationIdentifier `PSDNO-FSA-…`, CN, O, C, and the PSD2
 * QCStatement with the TPP's roles. node-forge builds the certificates; node:crypto makes the keys (fast).
 */
export interface SubjectFields {
  commonName: string;
  organization?: string;
  organizationalUnit?: string;
  /** ETSI TS 119 495 §5.2.1: `PSD` + country + `-` + NCA id + `-` + authorisation number. */
  organizationIdentifier?: string;
  locality?: string;
  state?: string;
  country?: string;
}

/** ETSI TS 119 495 roles of a payment service provider. */
export type Psd2Role = 'PSP_AS' | 'PSP_PI' | 'PSP_AI' | 'PSP_IC';
const ROLE_OIDS: Record<Psd2Role, string> = {
  PSP_AS: '0.4.0.19495.1.1',
  PSP_PI: '0.4.0.19495.1.2',
  PSP_AI: '0.4.0.19495.1.3',
  PSP_IC: '0.4.0.19495.1.4',
};

export interface CertificateOptions {
  subject: SubjectFields;
  /** The serial's magnitude in hex; random 16 bytes when absent. */
  serialHex?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** RSA modulus length of the new key; default 2048. */
  keyBits?: number;
  /** Certify this existing RSA key instead of making a new one (e.g. the draft's Appendix C test key). */
  privateKey?: KeyObject;
  /** Adds the QSealC QCStatements (compliance, type eseal, PSD2 roles). */
  psd2?: { roles: Psd2Role[]; ncaName: string; ncaId: string };
}

export interface IssuedCertificate {
  certificatePem: string;
  certificateDer: Buffer;
  privateKey: KeyObject;
  privateKeyPem: string;
}

/** A random positive serial of 16 bytes (RFC 5280 allows up to 20), never with a zero first byte. */
export function randomSerialHex(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] as number) & 0x7f) | 0x10;
  return bytes.toString('hex').toUpperCase();
}

/** A serial whose DER encoding begins with a zero byte (its high bit is set): the case keyId forms disagree on. */
export function serialWithLeadingZeroByte(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] as number) | 0x80;
  return bytes.toString('hex').toUpperCase();
}

function subjectAttributes(fields: SubjectFields): forge.pki.CertificateField[] {
  const out: forge.pki.CertificateField[] = [];
  const add = (shortName: string | undefined, type: string | undefined, value: string | undefined) => {
    if (value === undefined) return;
    // UTF8String keeps æøå; forge encodes the value to UTF-8 itself for this tag.
    out.push({
      ...(shortName ? { shortName } : {}),
      ...(type ? { type } : {}),
      value,
      valueTagClass: lib().asn1.Type.UTF8,
    } as unknown as forge.pki.CertificateField);
  };
  // Certificate order: least specific first.
  add('C', undefined, fields.country);
  add('ST', undefined, fields.state);
  add('L', undefined, fields.locality);
  add('O', undefined, fields.organization);
  add('OU', undefined, fields.organizationalUnit);
  add(undefined, '2.5.4.97', fields.organizationIdentifier);
  add('CN', undefined, fields.commonName);
  // Country is a PrintableString (RFC 5280 appendix A).
  const country = out.find((a) => a.shortName === 'C');
  if (country) (country as { valueTagClass?: number }).valueTagClass = lib().asn1.Type.PRINTABLESTRING;
  return out;
}

const oid = (id: string) => {
  const { asn1 } = lib();
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
};
const seq = (items: forge.asn1.Asn1[]) => {
  const { asn1 } = lib();
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
};
const utf8 = (text: string) => {
  const { asn1, util } = lib();
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTF8, false, util.encodeUtf8(text));
};

/** RFC 3739 qcStatements with ETSI EN 319 412-5 compliance and type (eseal) and the TS 119 495 PSD2 statement. */
function qcStatements(psd2: NonNullable<CertificateOptions['psd2']>): forge.asn1.Asn1 {
  return seq([
    seq([oid('0.4.0.1862.1.1')]),
    seq([oid('0.4.0.1862.1.6'), seq([oid('0.4.0.1862.1.6.2')])]),
    seq([
      oid('0.4.0.19495.2'),
      seq([
        seq(psd2.roles.map((role) => seq([oid(ROLE_OIDS[role]), utf8(role)]))),
        utf8(psd2.ncaName),
        utf8(psd2.ncaId),
      ]),
    ]),
  ]);
}

function keyPair(
  bits: number,
  existing: KeyObject | undefined,
): { privateKey: KeyObject; forgePublic: forge.pki.rsa.PublicKey } {
  const { privateKey, publicKey } = existing
    ? { privateKey: existing, publicKey: createPublicKey(existing) }
    : generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    privateKey,
    forgePublic: lib().pki.publicKeyFromPem(
      publicKey.export({ type: 'spki', format: 'pem' }) as string,
    ) as forge.pki.rsa.PublicKey,
  };
}

/** forge parses UTF8String values as raw UTF-8 bytes but encodes them again when writing: decode first. */
function issuerAttributes(issuer: forge.pki.Certificate): forge.pki.CertificateField[] {
  return issuer.subject.attributes.map((a) =>
    (a.valueTagClass as unknown as number) === lib().asn1.Type.UTF8 && typeof a.value === 'string'
      ? { ...a, value: lib().util.decodeUtf8(a.value) }
      : a,
  );
}

const forgePrivate = (key: KeyObject) =>
  lib().pki.privateKeyFromPem(key.export({ type: 'pkcs1', format: 'pem' }) as string);

function build(
  options: CertificateOptions,
  issuer: { certificate: forge.pki.Certificate; privateKey: KeyObject } | undefined,
  ca: boolean,
): IssuedCertificate {
  const keys = keyPair(options.keyBits ?? 2048, options.privateKey);
  const cert = lib().pki.createCertificate();
  cert.publicKey = keys.forgePublic;
  cert.serialNumber = serialDerHex(options.serialHex ?? randomSerialHex()).toLowerCase();
  const notBefore = options.notBefore ?? new Date(Date.now() - 60 * 60 * 1000);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter =
    options.notAfter ?? new Date(notBefore.getTime() + (ca ? 10 : 2) * 365 * 24 * 60 * 60 * 1000);
  cert.setSubject(subjectAttributes(options.subject));
  cert.setIssuer(issuer ? issuerAttributes(issuer.certificate) : subjectAttributes(options.subject));
  const extensions: object[] = [
    { name: 'basicConstraints', cA: ca, critical: true },
    ca
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }
      : { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ];
  if (issuer)
    extensions.push({
      name: 'authorityKeyIdentifier',
      keyIdentifier: issuer.certificate.generateSubjectKeyIdentifier().getBytes(),
    });
  if (options.psd2)
    extensions.push({ id: '1.3.6.1.5.5.7.1.3', name: 'qcStatements', value: qcStatements(options.psd2) });
  cert.setExtensions(extensions);
  cert.sign(forgePrivate(issuer?.privateKey ?? keys.privateKey), lib().md.sha256.create());
  const certificateDer = Buffer.from(lib().asn1.toDer(lib().pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return {
    certificatePem: lib().pki.certificateToPem(cert).replace(/\r\n/g, '\n'),
    certificateDer,
    privateKey: keys.privateKey,
    privateKeyPem: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

export function createCertificateAuthority(options: Partial<CertificateOptions> = {}): IssuedCertificate {
  return build(
    {
      subject: { commonName: 'psd2-conformance Test CA', organization: 'psd2-conformance', country: 'NO' },
      ...options,
    },
    undefined,
    true,
  );
}

/** A certificate issued by `issuer` (a CA from createCertificateAuthority, or one loaded from PEM). */
export function issueCertificate(
  issuer:
    | Pick<IssuedCertificate, 'certificatePem' | 'privateKey'>
    | Pick<IssuedCertificate, 'certificatePem' | 'privateKeyPem'>,
  options: CertificateOptions,
): IssuedCertificate {
  const privateKey = 'privateKey' in issuer ? issuer.privateKey : createPrivateKey(issuer.privateKeyPem);
  return build(options, { certificate: lib().pki.certificateFromPem(issuer.certificatePem), privateKey }, false);
}

/** The default TPP: a QSealC-shaped certificate for a Norwegian payment institution with every PSD2 role. */
export const TEST_TPP_SUBJECT: SubjectFields = {
  commonName: 'psd2-conformance Test TPP',
  organization: 'psd2-conformance Test TPP AS',
  organizationIdentifier: 'PSDNO-FSA-999999999',
  country: 'NO',
};

/**
 * A test CA named the way Norwegian issuers can be, with æ, ø and å (UTF8String): a certificate it issues has a
 * keyId that is not ASCII, so its Signature must be RFC 2047-encoded (interface.md › Authentication 2).
 */
export const NORWEGIAN_CA_SUBJECT: SubjectFields = {
  commonName: 'Bankenes Testsertifikat Ærø',
  organization: 'Bankenes Betalingssentral Blåbær AS',
  country: 'NO',
};

export const TEST_PSD2_ROLES: NonNullable<CertificateOptions['psd2']> = {
  roles: ['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC'],
  ncaName: 'Finanstilsynet',
  ncaId: 'NO-FSA',
};

export function issueTppCertificate(
  issuer: Pick<IssuedCertificate, 'certificatePem' | 'privateKey'>,
  options: Partial<CertificateOptions> = {},
): IssuedCertificate {
  return issueCertificate(issuer, { subject: TEST_TPP_SUBJECT, psd2: TEST_PSD2_ROLES, ...options });
}

/** PKCS#12 of a certificate and its key (for loadIdentity tests and for users who want a .p12). */
export function toPkcs12(
  issued: Pick<IssuedCertificate, 'certificatePem' | 'privateKeyPem'>,
  passphrase: string,
  chain: string[] = [],
): Buffer {
  const p12 = lib().pkcs12.toPkcs12Asn1(
    lib().pki.privateKeyFromPem(issued.privateKeyPem),
    [issued.certificatePem, ...chain].map((pem) => lib().pki.certificateFromPem(pem)),
    passphrase,
    { algorithm: 'aes256' },
  );
  return Buffer.from(lib().asn1.toDer(p12).getBytes(), 'binary');
}
