import { describe, expect, it } from 'vitest';
import {
  checkAccepted,
  contentCharsetCheck,
  contentEncodingCheck,
  contentLanguageCheck,
  contentTypeOfferedCheck,
  failures,
  type CheckResult,
  type ObservedExchange,
} from '../../checks/index.js';
import { OPERATIONS } from '../../spec/index.js';

/** An answer of 201 with the given response headers, to a request that offered `offer`. */
function answered(offer: Record<string, string>, response: Record<string, string>): ObservedExchange {
  const body = { paymentId: 'p1', transactionStatus: 'RCVD' };
  return {
    request: { method: 'POST', url: 'http://bank/v1/payments/x', headers: offer },
    response: {
      status: 201,
      headers: { 'content-type': 'application/json; charset=utf-8', ...response },
      text: JSON.stringify(body),
      json: body,
    },
  };
}
const verdicts = (results: CheckResult[]) => results.map((r) => `${r.level} ${r.requirementId} ${r.ok}`);

describe('content_encoding (Group N: the server picks one of the offered alternatives)', () => {
  const judged = (offer: string | undefined, coding: string | undefined) =>
    verdicts(
      contentEncodingCheck.run({
        exchange: answered(
          offer === undefined ? {} : { 'Accept-Encoding': offer },
          coding === undefined ? {} : { 'content-encoding': coding },
        ),
      }),
    );
  const ok = ['MUST Negotiation.acceptEncoding.offered true'];
  const broken = ['MUST Negotiation.acceptEncoding.offered false'];

  it('a coding the request offered, or none at all, is right', () => {
    expect(judged('gzip', 'gzip')).toEqual(ok);
    expect(judged('gzip', undefined)).toEqual(ok);
    expect(judged('identity', 'identity')).toEqual(ok);
    expect(judged('x-gzip', 'gzip')).toEqual(ok);
    expect(judged('gzip, deflate, br', 'br')).toEqual(ok);
    expect(judged('*', 'br')).toEqual(ok);
    // identity is acceptable even when refused: RFC 9110 tells a server to answer without a coding then.
    expect(judged('identity;q=0, gzip', undefined)).toEqual(ok);
  });

  it('a coding the request did not offer, or refused with q=0, is not', () => {
    expect(judged('identity', 'gzip')).toEqual(broken);
    expect(judged('gzip', 'br')).toEqual(broken);
    expect(judged('br, gzip;q=0', 'gzip')).toEqual(broken);
    expect(judged('*;q=0, gzip', 'br')).toEqual(broken);
    expect(judged('gzip;q=x', 'gzip')).toEqual(broken);
    expect(judged('', 'gzip')).toEqual(broken);
  });

  it('a request that offered nothing is not judged (any coding is acceptable to it)', () => {
    expect(judged(undefined, 'br')).toEqual([]);
  });
});

describe('content_type_offered and content_charset', () => {
  const judged = (offer: Record<string, string>, type: string) => {
    const exchange = answered(offer, { 'content-type': type });
    return verdicts([...contentTypeOfferedCheck.run({ exchange }), ...contentCharsetCheck.run({ exchange })]);
  };

  it('where Accept offers JSON, the media type is one it offered (MUST)', () => {
    expect(judged({ Accept: 'application/json' }, 'application/json')).toEqual([
      'MUST Negotiation.contentType.offered true',
    ]);
    expect(judged({ Accept: 'application/*' }, 'application/json')).toEqual([
      'MUST Negotiation.contentType.offered true',
    ]);
    expect(judged({ Accept: 'application/json' }, 'application/problem+json')).toEqual([
      'MUST Negotiation.contentType.offered false',
    ]);
    expect(judged({ Accept: 'application/json, text/*;q=0' }, 'text/plain')).toEqual([
      'MUST Negotiation.contentType.offered false',
    ]);
  });

  it('an Accept without JSON is the 406 convention, not judged here; nor is a request without Accept', () => {
    expect(judged({ Accept: 'application/xml' }, 'application/json')).toEqual([]);
    expect(judged({ Accept: 'application/json;q=0, */*' }, 'application/json')).toEqual([]);
    expect(judged({}, 'text/plain')).toEqual([]);
  });

  it('a charset the Content-Type names is one Accept-Charset offered (SHOULD)', () => {
    expect(judged({ 'Accept-Charset': 'utf-8' }, 'application/json; charset=UTF-8')).toEqual([
      'SHOULD Negotiation.acceptCharset.offered true',
    ]);
    expect(judged({ 'Accept-Charset': 'iso-8859-1' }, 'application/json; charset=utf-8')).toEqual([
      'SHOULD Negotiation.acceptCharset.offered false',
    ]);
    expect(judged({ 'Accept-Charset': 'iso-8859-1' }, 'application/json')).toEqual([]);
  });
});

describe('content_language (SHOULD)', () => {
  const judged = (offer: string, language: string | undefined) =>
    verdicts(
      contentLanguageCheck.run({
        exchange: answered(
          { 'Accept-Language': offer },
          language === undefined ? {} : { 'content-language': language },
        ),
      }),
    );

  it('a language the request offered, by RFC 4647 filtering or lookup, or Norwegian for Bokmål', () => {
    for (const [offer, language] of [
      ['nb', 'nb'],
      ['nb-NO, en;q=0.5', 'nb'],
      ['en', 'en-GB'],
      ['no', 'nb'],
      ['nb', 'no'],
      ['de, *;q=0.1', 'en'],
    ])
      expect(judged(offer as string, language), `${offer} → ${language}`).toEqual([
        'SHOULD Negotiation.acceptLanguage.contentLanguage true',
      ]);
  });

  it('another language, or one refused with q=0, is a SHOULD deviation; no Content-Language is not judged', () => {
    for (const [offer, language] of [
      ['nb', 'en'],
      ['nn', 'nb'],
      ['en;q=0, nb', 'en'],
    ])
      expect(judged(offer as string, language), `${offer} → ${language}`).toEqual([
        'SHOULD Negotiation.acceptLanguage.contentLanguage false',
      ]);
    expect(judged('nb', undefined)).toEqual([]);
  });
});

describe('the uniform checks judge every exchange against what its request offered', () => {
  const ncbct = OPERATIONS.find((o) => o.id === 'ncbct.create')!;
  it('checkAccepted fails a 201 in a coding the request did not offer, naming content_encoding', () => {
    const exchange = answered({ 'Accept-Encoding': 'identity' }, { 'content-encoding': 'gzip' });
    expect(failures(checkAccepted(exchange, ncbct, 'Payment.create.201')).map((r) => r.check)).toEqual([
      'content_encoding',
    ]);
    const plain = answered({ 'Accept-Encoding': 'identity' }, {});
    expect(failures(checkAccepted(plain, ncbct, 'Payment.create.201'))).toEqual([]);
  });
});
