import { describe, expect, it } from 'vitest';
import {
  ibanProblem,
  isValidBic,
  isValidKid,
  isValidNorwegianBban,
  luhnCheckDigit,
  makeIban,
  mod11CheckDigit,
} from '../../spec/index.js';

// Known values from published examples, not computed by the code under test.
describe(
  'check digits (AccountReference.iban.structure, ' +
    'AccountReference.bban.norwegianMod11, ' +
    'StructuredRemittance.kid.checkDigit)',
  () => {
    it.each([
      ['NO9386011117947', undefined],
      ['NO2390412263056', undefined],
      ['DE89370400440532013000', undefined],
      ['GB29NWBK60161331926819', undefined],
      ['SE4550000000058398257466', undefined],
      ['NO9386011117948', 'checksum'],
      ['NO938601111794', 'length'],
      ['no9386011117947', 'format'],
      ['NO93 8601 1117 947', 'format'],
    ])('IBAN %s → %s', (iban, problem) => {
      expect(ibanProblem(iban)).toBe(problem);
    });

    it('makeIban writes the published check digits', () => {
      expect(makeIban('NO', '86011117947')).toBe('NO9386011117947');
      expect(makeIban('DE', '370400440532013000')).toBe('DE89370400440532013000');
    });

    it.each([
      ['86011117947', true],
      ['90412263056', true],
      ['43427943323', false], // the real client's sandbox account: MOD11 wrong (platform-notes.md)
      ['8601111794', false],
      ['8601111794X', false],
    ])('Norwegian BBAN %s valid: %s', (bban, valid) => {
      expect(isValidNorwegianBban(bban)).toBe(valid);
    });

    it('MOD11 gives no digit when the remainder is 1', () => {
      // "6": 6 × 2 = 12 ≡ 1 (mod 11), so the check digit would be 10, which has no digit.
      expect(mod11CheckDigit('6')).toBeUndefined();
      expect(mod11CheckDigit('0000000000')).toBe(0);
    });

    it.each([
      ['7992739871', 3],
      ['1234567', 4],
    ])('Luhn check digit of %s is %i', (payload, digit) => {
      expect(luhnCheckDigit(payload)).toBe(digit);
    });

    it.each([
      ['12345674', true], // Luhn
      ['79927398713', true], // Luhn
      ['12345679', false],
      ['1', false], // too short
      ['12345678901234567890123456', false], // 26 digits: too long
      ['12A4', false],
    ])('KID %s valid: %s', (kid, valid) => {
      expect(isValidKid(kid)).toBe(valid);
    });

    it.each([
      ['DNBANOKK', true],
      ['DNBANOKKXXX', true],
      ['DNBANOK', false],
      ['dnbanokk', false],
      ['DNBANOKKXX', false],
    ])('BIC %s valid: %s', (bic, valid) => {
      expect(isValidBic(bic)).toBe(valid);
    });
  },
);
