import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildKeyId,
  norwegianTestIdentity,
  signRequest,
  TAMPERINGS,
  testIdentity,
  type SignOptions,
  type SigningIdentity,
} from '../../signing/index.js';
import { resign, judgeRequest, type RequestVerdict } from '../../tpp/index.js';
import { UNSIGNED_HEADERS } from '../support/tpp-request.js';

/**
 * Re-signing a recorded request an hour later: what time invalidates is renewed, what the recording broke on
 * purpose stays broken, so the bank judges the same defect. Every case is judged by judgeRequest at the new time.
 */

const SENT = new Date('2026-11-20T10:00:00Z');
const LATER = new Date('2026-11-20T11:00:00Z');
const TARGET = '/v1/payments/norwegian-cross-border-credit-transfers';
const URL_ = `https://bank.example${TARGET}`;
const BODY = JSON.stringify({
  instructedAmount: { amount: '1250.00', currency: 'NOK' },
  creditorName: 'Max Mustermann GmbH',
  creditorAgent: 'DEUTDEFF',
  creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
  debtorAccount: { bban: '90412263056', currency: 'NOK' },
});

let tpp: SigningIdentity;
let nordic: SigningIdentity;
beforeAll(async () => {
  tpp = await testIdentity();
  nordic = await norwegianTestIdentity();
});

const recorded = (identity: SigningIdentity, options: SignOptions = {}) => ({
  headers: signRequest({ method: 'POST', target: TARGET, headers: { ...UNSIGNED_HEADERS }, body: BODY }, identity, {
    now: () => SENT,
    requestId: () => 'recorded-request-id',
    ...options,
  }),
  body: BODY,
});

function again(message: { headers: Record<string, string>; body?: string | Uint8Array }, identity = tpp) {
  const body = message.body === undefined ? undefined : Buffer.from(message.body).toString('utf8');
  return resign(
    { method: 'POST', url: URL_, target: TARGET, headers: message.headers, ...(body !== undefined ? { body } : {}) },
    identity,
    { now: LATER, sentAt: SENT, requestId: () => 'fresh-request-id' },
  );
}

const judged = (headers: Record<string, string>, body: string | Uint8Array | undefined): RequestVerdict =>
  judgeRequest(
    {
      method: 'POST',
      url: URL_,
      headers: Object.entries(headers),
      ...(body !== undefined ? { body: Buffer.from(body) } : {}),
    },
    { now: LATER },
  );
const ids = (verdict: RequestVerdict) => verdict.findings.map((f) => f.requirementId);

describe('resign', () => {
  it(
    'renews Date and X-Request-ID and signs again over the same ' + 'headers list: the request verifies an hour later',
    () => {
      const original = recorded(tpp);
      expect(ids(judged(original.headers, BODY))).toEqual(['Auth.date.window']);
      const { headers, notes } = again(original);
      expect(headers.Date).toBe('Fri, 20 Nov 2026 11:00:00 GMT');
      expect(headers['X-Request-ID']).toBe('fresh-request-id');
      expect(headers.Digest).toBe(original.headers.Digest);
      expect(headers.Signature).toContain('headers="date digest x-request-id psu-id tpp-redirect-uri"');
      expect(headers.Signature).not.toBe(original.headers.Signature);
      expect(judged(headers, BODY)).toMatchObject({ conforms: true, findings: [] });
      expect(notes.at(-1)).toMatch(/^re-signed over date digest x-request-id psu-id tpp-redirect-uri, keyId SN=/);
    },
  );

  it('signs with another identity in the keyId form and RFC 2047 wrapping the recording used', () => {
    const original = recorded(tpp, { keyId: { serialCase: 'lower', dnStyle: 'rfc2253' } });
    const { headers } = again(original, nordic);
    expect(headers['TPP-Signature-Certificate']).toBe(nordic.certificateBase64);
    // The Norwegian CA's DN is not ASCII: the platform's whole-value encoded word.
    expect(headers.Signature).toMatch(/^=\?utf-8\?B\?/);
    const keyId = buildKeyId(nordic, { serialCase: 'lower', dnStyle: 'rfc2253' });
    expect(Buffer.from((headers.Signature as string).slice(10, -2), 'base64').toString('utf8')).toContain(
      `keyId="${keyId}"`,
    );
    expect(ids(judged(headers, BODY))).toEqual(['Auth.signature.keyId.platformForm']);
  });

  it('keeps an RFC 2047 whole-value word even around an ASCII value, when the recording had one', () => {
    const { headers } = again(recorded(tpp, { signatureEncoding: 'always' }));
    expect(headers.Signature).toMatch(/^=\?utf-8\?B\?.*\?=$/);
    expect(judged(headers, BODY).conforms).toBe(true);
  });

  const tampered = (name: string) => {
    const tampering = TAMPERINGS.find((t) => t.name === name);
    if (!tampering) throw new Error(`no tampering "${name}"`);
    const original = recorded(tpp);
    return tampering.apply({ headers: original.headers, body: Buffer.from(BODY) });
  };

  it.each(TAMPERINGS.map((t) => [t.name]))(
    'keeps the defect of "%s": an hour later, re-signed, it breaks what it broke when sent',
    (name) => {
      const message = tampered(name);
      const body = message.body === undefined ? undefined : Buffer.from(message.body).toString('utf8');
      const then = judgeRequest(
        {
          method: 'POST',
          url: URL_,
          headers: Object.entries(message.headers),
          ...(body ? { body: Buffer.from(body) } : {}),
        },
        { now: SENT },
      );
      const { headers } = again(message);
      expect(ids(judged(headers, body)).sort()).toEqual(ids(then).sort());
      expect(ids(then).length).toBeGreaterThan(0);
      if ('X-Request-ID' in headers) expect(headers['X-Request-ID']).toBe('fresh-request-id');
    },
  );

  it('keeps a headers list without psu-id, signed as such, and signs it again', () => {
    const original = recorded(tpp, { signedHeaders: ['date', 'digest', 'x-request-id', 'tpp-redirect-uri'] });
    const { headers } = again(original);
    expect(headers.Signature).toContain('headers="date digest x-request-id tpp-redirect-uri"');
    expect(ids(judged(headers, BODY))).toEqual(['Auth.signature.headers']);
  });

  it('keeps a Date that was an hour off when sent an hour off now', () => {
    const message = tampered('Date 1 hour off');
    const { headers, notes } = again(message);
    expect(headers.Date).toBe('Fri, 20 Nov 2026 12:00:00 GMT');
    expect(notes).toContain('Date kept 3600 s off the time of sending, as recorded');
  });

  it('sends an unsigned recording unsigned', () => {
    const { headers, notes } = again({ headers: { ...UNSIGNED_HEADERS, Date: SENT.toUTCString() }, body: BODY });
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('signature');
    expect(notes).toContain('the recording is not signed: sent without a Signature');
  });
});
