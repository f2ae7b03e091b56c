import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import {
  buildKeyId,
  certificateFacts,
  createCertificateAuthority,
  identityFrom,
  issueTppCertificate,
  matchKeyId,
  parseKeyId,
  serialWithLeadingZeroByte,
} from '../../signing/index.js';

const ca = createCertificateAuthority({
  keyBits: 1024,
  subject: {
    commonName: 'Test QTSP CA',
    organization: 'Tillit, Test AS',
    organizationalUnit: 'PSD2',
    organizationIdentifier: 'NTRNO-999999999',
    locality: 'Oslo',
    state: 'Oslo',
    country: 'NO',
  },
});
const tpp = issueTppCertificate(ca, { keyBits: 1024, serialHex: '9FA1B2C3D4' });
const identity = identityFrom(tpp.certificateDer, tpp.privateKey);
const facts = certificateFacts(tpp.certificateDer);

describe('keyId (Authentication 1; platform-notes.md › Signatures)', () => {
  it("the serial begins with a zero byte in DER (read by node-forge's parser, not ours)", () => {
    expect(forge.pki.certificateFromPem(tpp.certificatePem).serialNumber).toBe('009fa1b2c3d4');
    expect(new X509Certificate(tpp.certificateDer).serialNumber.toUpperCase()).toBe('9FA1B2C3D4');
  });

  it(
    'Auth.signature.keyId.form: the platform form: upper-case hex ' +
      'without leading zeros, CN,O,OU,L,S,C without spaces',
    () => {
      expect(identity.issuerDn).toBe(
        'CN=Test QTSP CA,organizationIdentifier=NTRNO-999999999,OU=PSD2,O=Tillit\\, Test AS,L=Oslo,ST=Oslo,C=NO',
      );
      expect(buildKeyId(identity)).toBe(
        'SN=9FA1B2C3D4,CA=CN=Test QTSP CA,O=Tillit\\, Test AS,OU=PSD2,L=Oslo,S=Oslo,C=NO',
      );
    },
  );

  it(
    'Auth.signature.keyId.form: lower case, the DER bytes with ' + 'their zero byte, RFC 2253 style and %20 on request',
    () => {
      expect(buildKeyId(identity, { serialCase: 'lower' })).toMatch(/^SN=9fa1b2c3d4,CA=/);
      expect(buildKeyId(identity, { leadingZeros: true })).toMatch(/^SN=009FA1B2C3D4,CA=/);
      expect(buildKeyId(identity, { dnStyle: 'rfc2253' })).toBe(`SN=9FA1B2C3D4,CA=${identity.issuerDn}`);
      expect(buildKeyId(identity, { dnStyle: 'rfc2253', percentEncodeSpaces: true })).toBe(
        'SN=9FA1B2C3D4,CA=CN=Test%20QTSP%20CA,organizationIdentifier=NTRNO-999999999,OU=PSD2,' +
          'O=Tillit\\,%20Test%20AS,L=Oslo,ST=Oslo,C=NO',
      );
    },
  );

  it('writes a serial with a leading zero nibble as whole bytes or without the zero', () => {
    const small = identityFrom(
      issueTppCertificate(ca, { keyBits: 1024, serialHex: '0123' }).certificateDer,
      tpp.privateKey,
    );
    expect(small.serialHex).toBe('0123');
    expect(buildKeyId(small)).toMatch(/^SN=123,/);
    expect(buildKeyId(small, { leadingZeros: true })).toMatch(/^SN=0123,/);
  });

  it('parses SN first and, tolerated, CA first', () => {
    expect(parseKeyId('SN=9FA1,CA=CN=A,O=B')).toEqual({ serial: '9FA1', ca: 'CN=A,O=B' });
    expect(parseKeyId('CA=CN=A, O=B, SN=9FA1')).toEqual({ serial: '9FA1', ca: 'CN=A, O=B' });
    expect(parseKeyId('Test')).toBeUndefined();
  });

  it.each([
    ['the platform form', buildKeyId(identity)],
    ['lower-case hex', buildKeyId(identity, { serialCase: 'lower' })],
    ['leading zeros', buildKeyId(identity, { leadingZeros: true })],
    [
      '0x and colons in the serial',
      'SN=0x00:9f:a1:b2:c3:d4,CA=CN=Test QTSP CA,O=Tillit\\, Test AS,OU=PSD2,L=Oslo,S=Oslo,C=NO',
    ],
    ['RFC 2253 style', buildKeyId(identity, { dnStyle: 'rfc2253' })],
    ['%20 for spaces', buildKeyId(identity, { dnStyle: 'rfc2253', percentEncodeSpaces: true })],
    ['spaces after commas', 'SN=9FA1B2C3D4,CA=CN=Test QTSP CA, O=Tillit\\, Test AS, OU=PSD2, L=Oslo, ST=Oslo, C=NO'],
    ['certificate order (C first)', 'SN=9FA1B2C3D4,CA=C=NO,ST=Oslo,L=Oslo,O=Tillit\\, Test AS,OU=PSD2,CN=Test QTSP CA'],
    ['an unescaped comma inside O', 'SN=9FA1B2C3D4,CA=CN=Test QTSP CA,O=Tillit, Test AS,OU=PSD2,L=Oslo,S=Oslo,C=NO'],
    [
      'long attribute names and case',
      'SN=9fa1b2c3d4,CA=commonName=test qtsp ca,organizationName=Tillit\\, Test ' +
        'AS,OU=PSD2,L=Oslo,stateOrProvinceName=Oslo,countryName=NO',
    ],
    [
      'OID names',
      'SN=9FA1B2C3D4,CA=2.5.4.3=Test QTSP ' +
        'CA,OID.2.5.4.97=NTRNO-999999999,O=Tillit\\, Test ' +
        'AS,OU=PSD2,L=Oslo,S=Oslo,C=NO',
    ],
  ])('Auth.signature.keyId.form: accepts %s', (_label, keyId) => {
    expect(matchKeyId(keyId, facts)).toEqual({ ok: true });
  });

  it.each([
    ['another serial', 'SN=9FA1B2C3D5,CA=CN=Test QTSP CA,O=Tillit\\, Test AS,OU=PSD2,L=Oslo,S=Oslo,C=NO'],
    [
      'a decimal-looking serial of another number',
      'SN=686636901332,CA=CN=Test QTSP CA,O=Tillit\\, Test AS,OU=PSD2,L=Oslo,S=Oslo,C=NO',
    ],
    ['a serial that is not hex', 'SN=9FA1B2C3DZ,CA=CN=Test QTSP CA,O=Tillit\\, Test AS,OU=PSD2,L=Oslo,S=Oslo,C=NO'],
    ['another CA', 'SN=9FA1B2C3D4,CA=CN=Other CA,O=Tillit\\, Test AS,OU=PSD2,L=Oslo,S=Oslo,C=NO'],
    ['a CA without its O', 'SN=9FA1B2C3D4,CA=CN=Test QTSP CA,OU=PSD2,L=Oslo,S=Oslo,C=NO'],
    [
      'an attribute the issuer lacks',
      'SN=9FA1B2C3D4,CA=CN=Test QTSP CA,O=Tillit\\, Test AS,OU=PSD2,L=Oslo,S=Oslo,C=NO,DC=example',
    ],
    ['no CA', 'SN=9FA1B2C3D4'],
    ['the subject instead of the issuer', `SN=9FA1B2C3D4,CA=${identity.subjectDn}`],
  ])('Auth.signature.keyId.form: rejects %s', (_label, keyId) => {
    expect(matchKeyId(keyId, facts).ok).toBe(false);
  });

  it('serialWithLeadingZeroByte gives serials whose DER starts with 00', () => {
    for (let i = 0; i < 5; i++) {
      const serial = serialWithLeadingZeroByte();
      expect(Number.parseInt(serial.slice(0, 2), 16)).toBeGreaterThanOrEqual(0x80);
    }
  });
});
