/** Digest, draft-cavage-10 signatures as interface.md constrains them, their verification, and test certificates. */
export type { SigningConfig, SigningIdentity, VerifyFailure, VerifyResult } from './types.js';
export {
  digestHeader,
  digestValue,
  checkDigest,
  COMPUTABLE_DIGEST_ALGORITHMS,
  parseDigestHeader,
  bodyBytes,
  type DigestAlgorithm,
  type DigestCheck,
  type DigestCheckOptions,
  type InstanceDigest,
} from './digest.js';
export {
  signingString,
  headerValue,
  headerValues,
  DEFAULT_SIGNED_HEADERS,
  REQUEST_TARGET,
  MissingSignedHeaderError,
  type HeaderMap,
} from './signing-string.js';
export {
  encodeWord,
  encodeWords,
  decodeRfc2047,
  containsEncodedWord,
  isAscii,
  Rfc2047Error,
  MAX_WORD_LENGTH,
  type Rfc2047Options,
  type Rfc2047Charset,
  type Rfc2047Encoding,
} from './rfc2047.js';
export { parseDn, parseNodeDn, formatDn, canonicalAttributeName, type DnAttribute } from './dn.js';
export {
  buildKeyId,
  parseKeyId,
  matchKeyId,
  formatSerial,
  formatIssuer,
  serialDerHex,
  PLATFORM_KEY_ID_STYLE,
  type KeyIdStyle,
  type KeyIdMatch,
} from './keyid.js';
export {
  buildSignatureHeader,
  parseSignatureHeader,
  SignatureHeaderError,
  type SignatureParams,
} from './signature-header.js';
export {
  signRequest,
  headersToSign,
  signOptionsFrom,
  SIGNATURE_ALGORITHM,
  type SignOptions,
  type RequestToSign,
} from './sign.js';
export { verifySignature, type VerifySignatureOptions, type RequestToVerify } from './verify.js';
export { parseHttpDate, type HttpDateOptions } from './http-date.js';
export { certificateFacts, certificateBytes, identityFrom, type CertificateFacts } from './x509.js';
export {
  createCertificateAuthority,
  issueCertificate,
  issueTppCertificate,
  toPkcs12,
  randomSerialHex,
  serialWithLeadingZeroByte,
  TEST_TPP_SUBJECT,
  TEST_PSD2_ROLES,
  NORWEGIAN_CA_SUBJECT,
  type CertificateOptions,
  type IssuedCertificate,
  type SubjectFields,
  type Psd2Role,
} from './certificates.js';
export {
  testIdentity,
  testPki,
  norwegianTestIdentity,
  norwegianTestPki,
  secondTppTestIdentity,
  SECOND_TPP_SUBJECT,
  loadIdentity,
  defaultKeyCacheDir,
  type TestPki,
} from './identity.js';
export { TAMPERINGS, type Tampering, type SignedMessage } from './tamper.js';
