import { describe, expect, it } from 'vitest';
import { parseHttpDate } from '../../signing/index.js';

/**
 * One HTTP-date parser with its strictness said at the call: `strict` for what a sender must write (verify holds a
 * TPP's Date to it), `lenient` for what a recipient may choose to read as well (the reference bank's verifier).
 */

const AT = Date.UTC(1994, 10, 6, 8, 49, 37); // RFC 9110's example instant

describe('parseHttpDate', () => {
  it.each([
    ['IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT'],
    ['RFC 850', 'Sunday, 06-Nov-94 08:49:37 GMT'],
    ['asctime, read as GMT', 'Sun Nov  6 08:49:37 1994'],
    ['IMF-fixdate with surrounding spaces', '  Sun, 06 Nov 1994 08:49:37 GMT '],
  ])('reads the %s form the same way in both modes', (_form, value) => {
    expect(parseHttpDate(value, { forms: 'strict' })).toBe(AT);
    expect(parseHttpDate(value, { forms: 'lenient' })).toBe(AT);
  });

  it.each([
    ['ISO 8601', '1994-11-06T08:49:37Z'],
    ['a +0000 zone', 'Sun, 06 Nov 1994 08:49:37 +0000'],
    ['UTC for GMT', 'Sun, 06 Nov 1994 08:49:37 UTC'],
  ])('strict refuses %s (NaN); lenient reads it', (_form, value) => {
    expect(parseHttpDate(value, { forms: 'strict' })).toBeNaN();
    expect(parseHttpDate(value, { forms: 'lenient' })).toBe(AT);
  });

  it('neither reads text that is no date', () => {
    expect(parseHttpDate('yesterday', { forms: 'strict' })).toBeNaN();
    expect(parseHttpDate('yesterday', { forms: 'lenient' })).toBeNaN();
  });
});
