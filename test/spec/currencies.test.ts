import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, STRICT_CURRENCIES, currencyInfo, fractionDigitsFor } from '../../spec/index.js';

describe('currencies (Limits: fraction digits per ISO 4217 minor units)', () => {
  it.each([
    ['NOK', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['ISK', 0],
    ['CLP', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['TND', 3],
    ['IQD', 3],
    ['XOF', 0],
    ['VND', 0],
  ])('%s has %i minor units', (code, digits) => {
    expect(currencyInfo(code)?.minorUnits).toBe(digits);
    expect(currencyInfo(code)?.ambiguous).toBeUndefined();
  });

  // The issue names these: no ISO 4217 minor unit (XDR) or not / no longer ISO 4217 codes.
  it.each(['XDR', 'GGP', 'IMP', 'JEP', 'SPL', 'TVD', 'BYR', 'MRO', 'STD', 'VEF', 'ZWD', 'HRK', 'CUC'])(
    '%s is flagged ambiguous with a recorded decision',
    (code) => {
      const info = currencyInfo(code);
      expect(info?.ambiguous?.reason).toMatch(/ISO 4217/);
      expect(info?.ambiguous?.decision.length).toBeGreaterThan(20);
      expect(STRICT_CURRENCIES).not.toContain(code);
    },
  );

  it('XDR has no minor unit and generators fall back to 2 digits', () => {
    expect(currencyInfo('XDR')?.minorUnits).toBeNull();
    expect(fractionDigitsFor('XDR')).toBe(2);
  });

  it('every currency has a minor unit of 0, 2 or 3 unless it has none', () => {
    for (const code of CURRENCY_CODES) expect([0, 2, 3, null]).toContain(currencyInfo(code)?.minorUnits);
  });
});
