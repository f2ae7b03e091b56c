import { describe, expect, it } from 'vitest';
import { MissingSignedHeaderError, signingString } from '../../signing/index.js';

const request = {
  method: 'POST',
  target: '/v1/payments/sepa-credit-transfers?allowLogicalDuplicate=true',
  headers: {
    Date: 'Sun, 05 Jan 2014 21:31:40 GMT',
    'X-Request-ID': '  99391c7e-ad88-49ec-a2ad-99ddcb1f7721 ',
    'x-example': ['one', ' two '],
    'X-EXAMPLE': 'three',
    'PSU-ID': undefined,
  },
};

describe('draft-cavage-10 signing string', () => {
  it('writes lower-cased names, trimmed values, lines joined by \\n with no trailing newline', () => {
    expect(signingString(request, ['Date', 'X-Request-ID'])).toBe(
      'date: Sun, 05 Jan 2014 21:31:40 GMT\nx-request-id: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
    );
  });

  it('joins the values of a repeated header with ", " in the order sent', () => {
    expect(signingString(request, ['x-example'])).toBe('x-example: one, two, three');
  });

  it('writes (request-target) as the lower-cased method, a space, and the path with its query', () => {
    expect(signingString(request, ['(request-target)'])).toBe(
      '(request-target): post /v1/payments/sepa-credit-transfers?allowLogicalDuplicate=true',
    );
  });

  it('signs only date when the headers parameter is omitted', () => {
    expect(signingString(request)).toBe('date: Sun, 05 Jan 2014 21:31:40 GMT');
  });

  it('refuses to sign a listed header the request does not carry', () => {
    expect(() => signingString(request, ['date', 'psu-id'])).toThrow(MissingSignedHeaderError);
  });
});
