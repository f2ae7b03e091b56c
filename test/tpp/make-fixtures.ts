/**
 * Writes the recorded requests under test/fixtures/verify/ that `psd2-conformance verify` is tested against:
 * valid ones signed by the project's own signer with the fixed identities beside them, and copies broken by
 * hand, one per defect class. Run it again after changing it (`npx tsx test/tpp/make-fixtures.ts`): the output is
 * byte-identical for an unchanged list, since RSA PKCS#1 v1.5 signatures, Date and X-Request-ID are all fixed.
 * What each fixture must yield is written by hand in fixtures.test.ts, not computed here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { digestHeader, encodeWord } from '../../signing/index.js';
import {
  FIXTURES,
  RECORDED_AT,
  fixedIdentity,
  header,
  resign,
  rewriteSignature,
  signed,
  toCurl,
  toHar,
  toHttp,
  withHeader,
  write,
  type SignedSpec,
  type Wire,
} from './fixture-kit.js';

mkdirSync(join(FIXTURES, 'bodies'), { recursive: true });

const tpp = fixedIdentity(
  'tpp',
  { commonName: 'Verify Test CA', organization: 'Example Bank AS', country: 'NO' },
  '9A4F00C1E2D3B4A5968778695A4B3C2D',
);
const nordic = fixedIdentity(
  'nordic-tpp',
  { commonName: 'Blåbær Test CA', organization: 'Blåbær Bank ASA', country: 'NO' },
  '3C5E7A9B1D2F40618293A4B5C6D7E8F9',
);

const NCBCT = '/v1/payments/norwegian-cross-border-credit-transfers';
const ncbctBody = {
  instructedAmount: { amount: '1250.00', currency: 'NOK' },
  creditorName: 'Max Mustermann GmbH',
  creditorAgent: 'DEUTDEFF',
  creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
  debtorAccount: { bban: '90412263056', currency: 'NOK' },
};
const sctBody = {
  instructedAmount: { amount: '250.00', currency: 'EUR' },
  creditorName: 'Max Mustermann',
  creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
  debtorAccount: { iban: 'NO9386011117947', currency: 'NOK' },
};
const bulkBody = {
  debtorAccount: { bban: '90412263056', currency: 'NOK' },
  payments: [
    {
      instructedAmount: { amount: '100.00', currency: 'NOK' },
      creditorName: 'Ola Nordmann',
      creditorAccount: { bban: '86011117947', currency: 'NOK' },
      creditorAddress: { country: 'NO' },
      remittanceInformationUnstructured: 'Faktura 1',
    },
  ],
};
const engagementBody = {
  customer: '01078900497',
  account: { iban: 'NO9386011117947' },
  roles: ['OWNER', 'VIEW', 'REGISTER'],
  registerLimit: 100000,
  approvalLimit: 100000,
};

/** The PSU and TPP-flow headers a payment initiation takes (groups T and P, x-accept-fix); '' leaves one out. */
const psu = (change: Record<string, string> = {}): Record<string, string> =>
  Object.fromEntries(
    Object.entries({
      'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001',
      'PSU-IP-Address': '192.0.2.10',
      'TPP-Session-ID': '0b6a2c1e-0000-4000-8000-000000000001',
      'TPP-Redirect-URI': 'https://tpp.example/callback',
      'x-accept-fix': 'amount-as-string',
      'Content-Type': 'application/json',
      ...change,
    }).filter(([, value]) => value !== ''),
  );

const json = (value: unknown) => JSON.stringify(value);
const ncbct = (name: string, more: Partial<SignedSpec> = {}): Wire =>
  signed({ name, method: 'POST', path: NCBCT, headers: psu(), body: json(ncbctBody), identity: tpp, ...more });
/** The signing string over `names`, as draft-cavage-10 builds it from the wire's values. */
const signingText = (wire: Wire, names: string[]) => names.map((n) => `${n}: ${header(wire, n)}`).join('\n');
const STANDARD = ['date', 'digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'];

// --- valid requests -----------------------------------------------------------------------------------------
write('valid-ncbct.http', toHttp(ncbct('valid-ncbct')));
write(
  'valid-sct.curl',
  toCurl(
    signed({
      name: 'valid-sct',
      method: 'POST',
      path: '/v1/payments/sepa-credit-transfers',
      headers: psu(),
      body: json(sctBody),
      identity: tpp,
    }),
  ),
);
write(
  'valid-bulk-and-sct.har',
  toHar([
    signed({
      name: 'valid-bulk',
      method: 'POST',
      path: '/v1/bulk-payments/norwegian-domestic-credit-transfers',
      headers: psu({ 'x-accept-fix': '' }),
      body: json(bulkBody),
      identity: tpp,
    }),
    signed({
      name: 'valid-sct-har',
      method: 'POST',
      path: '/v1/payments/sepa-credit-transfers?allowLogicalDuplicate=true',
      headers: psu(),
      body: json(sctBody),
      identity: tpp,
    }),
  ]),
);
write(
  'valid-sandbox-engagement.http',
  toHttp(
    signed({
      name: 'valid-sandbox-engagement',
      method: 'POST',
      path: '/api-sandbox/v1/sandbox/agreements/enc!!H6fD9HS7Y7pe/engagements',
      headers: { 'Content-Type': 'application/json' },
      body: json(engagementBody),
      identity: tpp,
    }),
    '\n',
  ),
);
write(
  'valid-get-transactions.curl',
  toCurl(
    signed({
      name: 'valid-get-transactions',
      method: 'GET',
      path: '/v1/sandbox/accounts/acc-1/transactions?fromDate=2026-11-01&limit=10',
      headers: {},
      identity: tpp,
    }),
  ),
);
write(
  'valid-get-basket.http',
  toHttp(
    signed({
      name: 'valid-get-basket',
      method: 'GET',
      path: '/v1/signing-baskets/basket-1',
      headers: psu({ 'Content-Type': '' }),
      identity: tpp,
    }),
  ),
);
write(
  'valid-rfc2047-whole-value.http',
  toHttp(ncbct('valid-rfc2047-whole-value', { sign: { signatureEncoding: 'always' } })),
);
write('valid-nordic-ca-rfc2047.http', toHttp(ncbct('valid-nordic-ca-rfc2047', { identity: nordic })));
// The per-value form: only keyId (the non-ASCII value) is an encoded word; the Signature header itself is not signed.
write(
  'valid-rfc2047-per-value.http',
  toHttp(
    rewriteSignature(
      ncbct('valid-rfc2047-per-value', { identity: nordic, sign: { signatureEncoding: 'never' } }),
      (p) => ({
        ...p,
        keyId: encodeWord(p.keyId),
      }),
    ),
  ),
);
{
  const base = ncbct('valid-odd-case');
  const odd: Record<string, string> = {
    'psu-id': 'pSu-Id',
    'x-request-id': 'X-REQUEST-ID',
    'tpp-redirect-uri': 'tpp-REDIRECT-uri',
  };
  write(
    'valid-odd-case.http',
    toHttp({ ...base, headers: base.headers.map(([n, v]) => [odd[n.toLowerCase()] ?? n, v] as const) }),
  );
}
{
  const base = ncbct('valid-sha512', { sign: { digestAlgorithm: 'SHA-512' } });
  // Digest algorithm tokens are case-insensitive (RFC 3230 §4.1.1): sha-512 as some clients write it. Digest is signed,
  // so sign again.
  const lower = withHeader(base, 'Digest', (header(base, 'Digest') as string).replace('SHA-512', 'sha-512'));
  write('valid-sha512-lower-case-token.http', toHttp(resign(lower, tpp, signingText(lower, STANDARD))));
}
write(
  'valid-x-psu-identity.curl',
  toCurl(ncbct('valid-x-psu-identity', { headers: psu({ 'PSU-ID': '', 'X-PSU-IDENTITY': '01017012345' }) })),
);
write('valid-request-target.http', toHttp(ncbct('valid-request-target', { sign: { requestTarget: true } })));
write(
  'unknown-operation.http',
  toHttp(
    signed({
      name: 'unknown-operation',
      method: 'POST',
      path: '/v1/consents',
      headers: psu(),
      body: json({ access: {} }),
      identity: tpp,
    }),
  ),
);

// --- digest and body ----------------------------------------------------------------------------------------
{
  // Digested compact, sent pretty-printed: an HTTP library re-serialised the body after the Digest.
  const wire = ncbct('body-reserialised');
  write('body-reserialised.http', toHttp({ ...wire, body: Buffer.from(JSON.stringify(ncbctBody, null, 2)) }));
}
{
  const body = json({ ...ncbctBody, creditorName: 'Blåbær AS' });
  const wire = ncbct('digest-latin1', { body, sign: {} });
  const latin1 = withHeader(wire, 'Digest', digestHeader(Buffer.from(body, 'latin1')));
  write('digest-other-encoding.http', toHttp(resign(latin1, tpp, signingText(latin1, STANDARD))));
}
{
  // The file ends in a newline and the Digest covers it; curl -d @file strips newlines, --data-binary would not.
  const file = `${json(ncbctBody)}\n`;
  writeFileSync(join(FIXTURES, 'bodies', 'ncbct.json'), file);
  const wire = ncbct('digest-curl-data-newline', { body: file });
  write('digest-curl-data-newline.curl', toCurl(wire, '-d @bodies/ncbct.json'));
}
{
  const wire = ncbct('digest-missing', {
    sign: { signedHeaders: ['date', 'x-request-id', 'psu-id', 'tpp-redirect-uri'] },
  });
  const without = withHeader(wire, 'Digest', undefined);
  write(
    'digest-missing.http',
    toHttp(resign(without, tpp, signingText(without, ['date', 'x-request-id', 'psu-id', 'tpp-redirect-uri']))),
  );
}
write(
  'body-not-json.curl',
  toCurl(
    signed({
      name: 'body-not-json',
      method: 'POST',
      path: NCBCT,
      headers: psu({ 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: 'creditorName=Max+Mustermann&amount=1250.00',
      identity: tpp,
    }),
    "-d 'creditorName=Max+Mustermann&amount=1250.00'",
  ).replace(/ \\\n {2}-H 'Content-Type: application\/x-www-form-urlencoded'/, ''),
);
write('body-schema.har', toHar([ncbct('body-schema', { body: json({ ...ncbctBody, creditorName: 'M'.repeat(71) }) })]));

// --- headers ------------------------------------------------------------------------------------------------
write(
  'headers-missing.http',
  toHttp(ncbct('headers-missing', { headers: psu({ 'TPP-Session-ID': '', 'x-accept-fix': '' }) })),
);
write(
  'psu-id-national-identity.curl',
  toCurl(ncbct('psu-id-national-identity', { headers: psu({ 'PSU-ID': '01017012345' }) })),
);
write(
  'psu-ip-with-port.http',
  toHttp(ncbct('psu-ip-with-port', { headers: psu({ 'PSU-IP-Address': '192.0.2.10:52114' }) })),
);
{
  // A second X-Request-ID appended after signing (a retry helper that adds instead of replacing).
  const wire = ncbct('header-twice');
  const headers = [...wire.headers];
  headers.splice(headers.findIndex(([n]) => n === 'X-Request-ID') + 1, 0, [
    'X-Request-ID',
    '7f1c3e2a-0000-4000-8000-00000000beef',
  ]);
  write('header-twice.http', toHttp({ ...wire, headers }));
}
write(
  'certificate-missing.http',
  toHttp(withHeader(ncbct('certificate-missing'), 'TPP-Signature-Certificate', undefined)),
);
// Reading a basket unsigned: operation 2 leaves open which headers it requires, but every request is signed.
write(
  'unsigned-get-basket.http',
  toHttp(
    ['Signature', 'TPP-Signature-Certificate'].reduce(
      (wire, name) => withHeader(wire, name, undefined),
      signed({
        name: 'unsigned-get-basket',
        method: 'GET',
        path: '/v1/signing-baskets/basket-1',
        headers: psu({ 'Content-Type': '' }),
        identity: tpp,
      }),
    ),
  ),
);
{
  const wire = ncbct('certificate-pem');
  const pem = `-----BEGIN CERTIFICATE-----${header(wire, 'TPP-Signature-Certificate')}-----END CERTIFICATE-----`;
  write('certificate-pem.http', toHttp(withHeader(wire, 'TPP-Signature-Certificate', pem)));
}

// --- signature ----------------------------------------------------------------------------------------------
write(
  'keyid-lower-case-leading-zero.http',
  toHttp(ncbct('keyid-lower-case-leading-zero', { sign: { keyId: { serialCase: 'lower', leadingZeros: true } } })),
);
write(
  'keyid-dn-variant.curl',
  toCurl(
    rewriteSignature(ncbct('keyid-dn-variant'), (p) => ({
      ...p,
      keyId: p.keyId.replace(/CA=.*$/, 'CA=C=NO, O=Example%20Bank%20AS, CN=Verify%20Test%20CA'),
    })),
  ),
);
write(
  'keyid-other-certificate.http',
  toHttp(
    rewriteSignature(ncbct('keyid-other-certificate'), (p) => ({
      ...p,
      keyId: p.keyId.replace(/^SN=[0-9A-F]+/, 'SN=5DEC04F87C6B99A735D50F379DB0B733'),
    })),
  ),
);
write(
  'keyid-decimal-serial.http',
  toHttp(
    rewriteSignature(ncbct('keyid-decimal-serial'), (p) => ({
      ...p,
      keyId: p.keyId.replace(/^SN=([0-9A-F]+)/, (_m, hex: string) => `SN=${BigInt(`0x${hex}`).toString(10)}`),
    })),
  ),
);
write(
  'psu-id-not-signed.http',
  toHttp(
    ncbct('psu-id-not-signed', { sign: { signedHeaders: ['date', 'digest', 'x-request-id', 'tpp-redirect-uri'] } }),
  ),
);
{
  const wire = ncbct('date-missing', {
    sign: { signedHeaders: ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'] },
  });
  write('date-missing.http', toHttp(withHeader(wire, 'Date', undefined)));
}
{
  const wire = ncbct('signature-original-case');
  const names = ['Date', 'Digest', 'X-Request-ID', 'PSU-ID', 'TPP-Redirect-URI'];
  write(
    'signature-original-case.http',
    toHttp(resign(wire, tpp, names.map((n) => `${n}: ${header(wire, n)}`).join('\n'))),
  );
}
{
  const wire = ncbct('signature-request-target-unlisted');
  const text = [`(request-target): post ${NCBCT}`, signingText(wire, STANDARD)].join('\n');
  write('signature-request-target-unlisted.http', toHttp(resign(wire, tpp, text)));
}
{
  const wire = ncbct('signature-without-digest-line');
  write(
    'signature-without-digest-line.curl',
    toCurl(resign(wire, tpp, signingText(wire, ['date', 'x-request-id', 'psu-id', 'tpp-redirect-uri']))),
  );
}
write(
  'signature-header-changed.http',
  toHttp(withHeader(ncbct('signature-header-changed'), 'TPP-Redirect-URI', 'https://tpp.example/callback?step=2')),
);
write(
  'algorithm-hs2019.http',
  toHttp(rewriteSignature(ncbct('algorithm-hs2019'), (p) => ({ ...p, algorithm: 'hs2019' }))),
);
write(
  'rfc2047-missing.http',
  toHttp(ncbct('rfc2047-missing', { identity: nordic, sign: { signatureEncoding: 'never' } })),
);
{
  const wire = ncbct('rfc2047-bad-base64', { sign: { signatureEncoding: 'always' } });
  const broken = (header(wire, 'Signature') as string).replace(/^(=\?utf-8\?B\?)(.{12})/, '$1$2*');
  write('rfc2047-bad-base64.http', toHttp(withHeader(wire, 'Signature', broken)));
}
write('date-skew.http', toHttp(ncbct('date-skew', { at: new Date(RECORDED_AT.getTime() - 612_000) })));
{
  const wire = ncbct('date-iso-8601');
  const iso = withHeader(wire, 'Date', RECORDED_AT.toISOString());
  write('date-iso-8601.http', toHttp(resign(iso, tpp, signingText(iso, STANDARD))));
}
{
  // Two requests in one file, separated by ###: the raw form's way to hold several.
  const first = toHttp(ncbct('several-first'), '\n');
  const second = toHttp(
    ncbct('several-second', { sign: { signedHeaders: ['date', 'digest', 'psu-id', 'tpp-redirect-uri'] } }),
    '\n',
  );
  write('several.http', Buffer.concat([first, Buffer.from('\n### a second request\n'), second]));
}
