import fc from 'fast-check';
import { IBAN_LENGTHS, makeIban, mod11CheckDigit } from '../spec/index.js';

/** A Norwegian account number: ten digits and a valid MOD11 check digit (platform-notes.md). */
export const norwegianBban = (): fc.Arbitrary<string> =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 })
    .map((d) => d.join(''))
    .filter((p) => mod11CheckDigit(p) !== undefined)
    .map((p) => `${p}${mod11CheckDigit(p)}`);

/** A Norwegian IBAN of a generated account number. */
export const norwegianIban = (): fc.Arbitrary<string> => norwegianBban().map((bban) => makeIban('NO', bban));

const IBAN_COUNTRIES = ['DE', 'FR', 'GB', 'SE', 'DK', 'FI', 'NL', 'ES'].filter((c) => IBAN_LENGTHS[c]);
const LONGEST_BBAN = Math.max(...IBAN_COUNTRIES.map((c) => (IBAN_LENGTHS[c] as number) - 4));

/**
 * A valid IBAN of a European country: as many digits as its BBAN takes, cut from one array of the longest length
 * (a map over a pair, not a chain on the country, so that it shrinks well), with MOD 97 check digits.
 */
export const foreignIban = (): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom(...IBAN_COUNTRIES),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: LONGEST_BBAN, maxLength: LONGEST_BBAN }),
    )
    .map(([country, digits]) => makeIban(country, digits.slice(0, (IBAN_LENGTHS[country] as number) - 4).join('')));

/** BICs of real banks (8 and 11 characters). */
export const bic = (): fc.Arbitrary<string> =>
  fc.constantFrom('DEUTDEFF', 'NDEANOKK', 'DNBANOKKXXX', 'BNPAFRPP', 'HANDSESS', 'ESSESESS');

/** KIDs with a valid MOD10 or MOD11 check digit. */
export const kid = (): fc.Arbitrary<string> => fc.constantFrom('12345674', '0000000018', '1234567897');
