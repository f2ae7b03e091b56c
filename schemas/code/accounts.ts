import { ibanProblem, isValidKid, isValidNorwegianBban } from '../../spec/index.js';
import { conventionInstead, testFits } from './normalised.js';
import type { CodeValidator } from './types.js';
import { pointerGet } from '../../core/index.js';
import { objectsIn } from './walk.js';

const STRUCTURE = 'AccountReference.iban.structure';
const hasStructure = (iban: string) => ibanProblem(iban) !== 'format';

/**
 * ISO 13616 IBANs. interface.md names the structure (AccountReference.iban.structure, MUST: country code, check
 * digits, alphanumeric BBAN); the MOD 97-10 check and the country's length are verification a bank may skip
 * (AccountReference.iban.checksum, SHOULD). An IBAN in lower case or with blanks around it breaks only
 * the letter-case or blank convention.
 */
export function ibanStructure(pointers: string[]): CodeValidator {
  return (value) =>
    pointers.flatMap((pointer) => {
      const iban = pointerGet(value, pointer);
      const problem = typeof iban === 'string' ? ibanProblem(iban) : undefined;
      if (!problem) return [];
      const requirementId =
        problem === 'format'
          ? (conventionInstead(STRUCTURE, iban, testFits(hasStructure)) ?? STRUCTURE)
          : 'AccountReference.iban.checksum';
      return [{ requirementId, pointer, message: `IBAN "${iban as string}" fails its ${problem} check` }];
    });
}

/** AccountReference.bban.norwegianMod11 (SHOULD): Norwegian BBANs are 11 digits with a MOD11 check digit. */
export function norwegianBban(pointers: (value: unknown) => string[]): CodeValidator {
  return (value) =>
    pointers(value).flatMap((pointer) => {
      const bban = pointerGet(value, pointer);
      if (typeof bban !== 'string' || isValidNorwegianBban(bban)) return [];
      return [
        {
          requirementId: 'AccountReference.bban.norwegianMod11',
          pointer,
          message: `"${bban}" is not an 11-digit Norwegian account number with a valid MOD11 check digit`,
        },
      ];
    });
}

/**
 * StructuredRemittance.kid.checkDigit: a structured reference is taken as a KID when it is all digits and its
 * referenceType is absent or names a KID/OCR/creditor reference; such a reference must carry a valid check digit.
 */
const KID_TYPES = /^(KID|OCR|SCOR)$/i;
export const kidCheckDigit: CodeValidator = (value) => {
  const found: ReturnType<CodeValidator> = [];
  for (const { node, pointer } of objectsIn(value)) {
    const { reference, referenceType } = node;
    if (typeof reference !== 'string' || !/^[0-9]+$/.test(reference)) continue;
    if (referenceType !== undefined && !(typeof referenceType === 'string' && KID_TYPES.test(referenceType))) continue;
    if (!/remittanceInformationStructured/.test(pointer)) continue;
    if (!isValidKid(reference)) {
      found.push({
        requirementId: 'StructuredRemittance.kid.checkDigit',
        pointer: `${pointer}/reference`,
        message: `KID "${reference}" has a wrong check digit (neither MOD10 nor MOD11) or a length outside 2..25`,
      });
    }
  }
  return found;
};

/** The pointers of every creditor account bban in a bulk body. */
export function bulkBbans(value: unknown): string[] {
  const payments = pointerGet(value, '/payments');
  const entries = Array.isArray(payments) ? payments.map((_, i) => `/payments/${i}/creditorAccount/bban`) : [];
  return ['/debtorAccount/bban', ...entries];
}
