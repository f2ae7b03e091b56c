import { PAYMENT_CREATION, formatError } from './build.js';
import { invalidClass as invalid } from '../matrix/types.js';
import type { Requirement } from './types.js';

const SHARED = 'Resources › Shared types';
const body = formatError();

/** The two sides of Amount.amount.fractionDigits (generators/invalid.ts sends one of each on every product). */
export const FRACTION_DIGITS = {
  tooMany: 'one fraction digit too many',
  tooFew: 'one fraction digit too few',
} as const;

/** The ways an IBAN lacks the ISO 13616 structure, one class each (generators/invalid.ts holds the values). */
export const IBAN_STRUCTURE = {
  noCountry: 'no country code',
  letterCheckDigits: 'letters for check digits',
  notAlphanumeric: 'a character outside the alphanumerics',
} as const;

export const KID_WRONG_CHECK_DIGIT = 'a KID with a wrong check digit';

/**
 * Rules of the shared types that are not about one field's value alone: check digits and fraction digits (judged in
 * code), and the letter-case and blank conventions. The field rules of the shared types are rows of
 * field-rules/table.ts.
 */
export const SHARED_TYPE_RULES: Requirement[] = [
  {
    id: 'Amount.amount.fractionDigits',
    level: 'MUST',
    section: `${SHARED} › Amount; Limits`,
    statement:
      'The number of fraction digits of amount equals the ISO 4217 minor units of its currency (not asserted ' +
      'for currencies flagged ambiguous).',
    operations: PAYMENT_CREATION,
    kind: 'body',
    classes: [invalid(FRACTION_DIGITS.tooMany), invalid(FRACTION_DIGITS.tooFew)],
    expected: body,
  },
  // interface.md names the ISO 13616-1:2007 *structure* only: the form is a MUST, verifying the check digits
  // (MOD 97-10) and the country's BBAN length is a convention of its own (a bank that does not verify them is
  // conformant), as MOD11 and KID check digits are.
  {
    id: 'AccountReference.iban.structure',
    level: 'MUST',
    section: `${SHARED} › Account reference`,
    statement:
      'iban has the ISO 13616-1:2007 structure: a two-letter country code, two check digits, an alphanumeric ' +
      'BBAN, at most 34 characters.',
    operations: ['ncbct.create', 'sct.create'],
    kind: 'body',
    classes: Object.values(IBAN_STRUCTURE).map((label) => invalid(label)),
    expected: body,
  },
  {
    id: 'AccountReference.iban.checksum',
    level: 'SHOULD',
    section: `${SHARED} › Account reference (ISO 13616 check digits; not stated by interface.md)`,
    statement:
      "An iban's check digits pass MOD 97-10 and its length is the country's IBAN length; a bank that verifies " +
      'them refuses an IBAN that fails.',
    operations: ['ncbct.create', 'sct.create'],
    kind: 'body',
    classes: [invalid('wrong check digits')],
    expected: body,
  },
  {
    id: 'AccountReference.bban.norwegianMod11',
    level: 'SHOULD',
    section: 'platform-notes.md › Berlin Group conventions',
    statement:
      'A Norwegian bban is 11 digits with a MOD11 check digit (interface.md only limits its length; sandbox ' +
      'set-up calls must not enforce it).',
    operations: PAYMENT_CREATION,
    kind: 'body',
    expected: body,
    notTestable:
      "a convention for the TPP's request (platform-notes.md), which a conformant bank may enforce or let pass: " +
      'psd2-conformance verify judges requests by it, the suites cannot judge a bank by it',
  },
  {
    id: 'Address.townName.bulkOnly',
    level: 'SHOULD',
    section: `${SHARED} › Address`,
    statement:
      'townName belongs to the bulk payment entry only; other payment products do not define it (not rejected ' +
      'strictly: unknown members are left open).',
    operations: ['ncbct.create', 'sct.create'],
    kind: 'body',
    notTestable: 'interface.md does not say how a server treats members it does not define',
  },
  {
    id: 'StructuredRemittance.kid.checkDigit',
    level: 'SHOULD',
    section: 'platform-notes.md › Berlin Group conventions; Errors rule 2',
    statement:
      'A KID (OCR reference) is 2 to 25 digits ending in a valid MOD10 or MOD11 check digit; a bad KID is a KID error.',
    operations: ['bulk.create'],
    kind: 'body',
    classes: [invalid(KID_WRONG_CHECK_DIGIT)],
    expected: { status: [400], codes: ['KID_INVALID', 'KID_MISSING'], exactness: 'SHOULD' },
  },
  // interface.md lists codes in upper case but says nothing about letter case or surrounding blanks: a bank that
  // upper-cases or trims before checking is conformant, so a value that differs from a valid one only in case
  // or blanks breaks these conventions, never the MUST rule of its list or pattern.
  {
    id: 'Codes.letterCase.upper',
    level: 'SHOULD',
    section:
      `${SHARED} (codes as listed: Currency, Country; NCBCT creditorAgent and purposeCode; letter case not ` +
      `stated)`,
    statement:
      'Codes (BIC, IBAN, currency, country, purpose code, listed enum values) are written in the listed letter ' +
      'case; a value that differs only in case is refused (a bank that upper-cases first is conformant too).',
    operations: [...PAYMENT_CREATION, 'sandbox.engagement.create', 'sandbox.cardAccount.create'],
    kind: 'body',
    classes: [invalid('iban in another letter case', { operations: ['ncbct.create', 'sct.create'] })],
    expected: body,
  },
  {
    id: 'Values.whitespace.trimmed',
    level: 'SHOULD',
    section: `${SHARED} (surrounding blanks not stated)`,
    statement:
      'Values (amounts, codes) carry no surrounding blanks; a value that is valid only once trimmed is refused ' +
      '(a bank that trims first is conformant too).',
    operations: PAYMENT_CREATION,
    kind: 'body',
    expected: body,
  },
];
