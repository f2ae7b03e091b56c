/**
 * Check-digit algorithms the interface relies on (ISO 13616 MOD 97-10, Norwegian MOD11, Luhn MOD10).
 * Written once: schema validators check with them and generators build valid numbers with them.
 */

/** ISO 13616 IBAN lengths by country (the countries generators use; others are checked by MOD 97 only). */
export const IBAN_LENGTHS: Record<string, number> = {
  NO: 15,
  SE: 24,
  DK: 18,
  FI: 18,
  DE: 22,
  GB: 22,
  FR: 27,
  NL: 18,
  BE: 16,
  ES: 24,
  IT: 27,
  PL: 28,
  AT: 20,
  CH: 21,
  IE: 22,
  PT: 25,
  LU: 20,
  IS: 26,
  EE: 20,
  LV: 21,
  LT: 20,
  CZ: 24,
  SK: 24,
  HU: 28,
  GR: 27,
  RO: 24,
  BG: 22,
  HR: 21,
  SI: 19,
  CY: 28,
  MT: 31,
  LI: 21,
  MC: 27,
  SM: 27,
  GI: 23,
  FO: 18,
  GL: 18,
};

/** Remainder of a (possibly very long) decimal string modulo 97, digit by digit. */
function mod97(digits: string): number {
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + (ch.charCodeAt(0) - 48)) % 97;
  return rest;
}

/** Letters to numbers as ISO 13616 says (A=10 … Z=35). */
function ibanDigits(rearranged: string): string {
  let out = '';
  for (const ch of rearranged) out += /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
  return out;
}

/** The two check digits of an IBAN for a country and BBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const rest = mod97(ibanDigits(`${bban}${country}00`));
  return String(98 - rest).padStart(2, '0');
}

export function makeIban(country: string, bban: string): string {
  return `${country}${ibanCheckDigits(country, bban)}${bban}`;
}

export type IbanProblem = 'format' | 'length' | 'checksum';

/** Checks the ISO 13616 structure: letters, check digits, alphanumeric BBAN, country length where known, MOD 97 = 1. */
export function ibanProblem(iban: string): IbanProblem | undefined {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban)) return 'format';
  const known = IBAN_LENGTHS[iban.slice(0, 2)];
  if (known !== undefined && iban.length !== known) return 'length';
  return mod97(ibanDigits(iban.slice(4) + iban.slice(0, 4))) === 1 ? undefined : 'checksum';
}

/**
 * MOD11 check digit with weights 2,3,4,5,6,7 repeating from the right; undefined when the remainder makes it
 * impossible.
 */
export function mod11CheckDigit(payload: string, weights: readonly number[] = [2, 3, 4, 5, 6, 7]): number | undefined {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    const digit = payload.charCodeAt(payload.length - 1 - i) - 48;
    sum += digit * (weights[i % weights.length] as number);
  }
  const rest = sum % 11;
  if (rest === 0) return 0;
  if (rest === 1) return undefined; // would be "-" (10): no valid number with this payload
  return 11 - rest;
}

/** Norwegian account number: 11 digits whose last is the MOD11 check digit (weights 5,4,3,2,7,6,5,4,3,2). */
export function isValidNorwegianBban(bban: string): boolean {
  if (!/^[0-9]{11}$/.test(bban)) return false;
  return mod11CheckDigit(bban.slice(0, 10)) === Number(bban[10]);
}

/** Luhn (MOD10) check digit of a digit string. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let digit = payload.charCodeAt(payload.length - 1 - i) - 48;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** KID (OCR reference): 2 to 25 digits whose last digit is a valid MOD10 (Luhn) or MOD11 check digit. */
export function isValidKid(kid: string): boolean {
  if (!/^[0-9]{2,25}$/.test(kid)) return false;
  const payload = kid.slice(0, -1);
  const check = Number(kid[kid.length - 1]);
  return luhnCheckDigit(payload) === check || mod11CheckDigit(payload) === check;
}

/** ISO 9362 BIC: 4 letters (institution), 2 letters (country), 2 alphanumerics (location), optional 3 (branch). */
export const BIC_PATTERN = '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$';
export function isValidBic(bic: string): boolean {
  return new RegExp(BIC_PATTERN).test(bic);
}
