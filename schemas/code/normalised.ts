import type { RequirementId } from '../../spec/index.js';

/**
 * interface.md lists codes in upper case and says nothing about letter case or surrounding blanks, so a bank
 * that upper-cases or trims a value before checking it is conformant. A value that fails its list or pattern
 * only for its case or its blanks therefore breaks a SHOULD convention (Codes.letterCase.upper,
 * Values.whitespace.trimmed), never the MUST rule of the list: this decides which.
 */
export const LETTER_CASE: RequirementId = 'Codes.letterCase.upper';
export const WHITESPACE: RequirementId = 'Values.whitespace.trimmed';

/** Rules about a closed list or a code pattern, where upper case is only the listed form. */
const CODE_RULES = new Set<RequirementId>([
  'Currency.enum',
  'Country.enum',
  'NCBCT.creditorAgent.bic',
  'NCBCT.purposeCode.enum',
  'BULK.entry.purposeCode.enum',
  'NCBCT.regulatoryReportingCode.enum',
  'Sandbox.engagement.roles.enum',
  'Sandbox.cardAccount.status.enum',
  'Sandbox.cardAccount.balanceType.enum',
  'AccountReference.iban.structure',
]);
/** Rules where surrounding blanks may be trimmed by a bank: the codes and the amount's decimal form. */
const TRIMMABLE = new Set<RequirementId>([...CODE_RULES, 'Amount.amount.decimal']);

/** Whether a candidate passes the rule's list or pattern, compared exactly or ignoring letter case. */
export type Fits = (candidate: string, ignoreCase: boolean) => boolean;

/**
 * The convention a value breaks instead of `requirementId` when it passes once trimmed (or, for a code, in
 * another letter case); undefined when the value is wrong whatever its case and blanks.
 */
export function conventionInstead(requirementId: RequirementId, value: unknown, fits: Fits): RequirementId | undefined {
  if (typeof value !== 'string' || !TRIMMABLE.has(requirementId)) return undefined;
  const trimmed = value.trim();
  const blanks = trimmed !== value;
  if (blanks && fits(trimmed, false)) return WHITESPACE;
  if (!CODE_RULES.has(requirementId) || !fits(trimmed, true)) return undefined;
  return blanks ? WHITESPACE : LETTER_CASE;
}

/** Fits for an enum keyword's list. */
export const listFits =
  (list: readonly unknown[]): Fits =>
  (candidate, ignoreCase) =>
    list.some(
      (x) => typeof x === 'string' && (ignoreCase ? x.toLowerCase() === candidate.toLowerCase() : x === candidate),
    );

/** Fits for a pattern, or any test of a whole value: tried as given, upper-cased and lower-cased. */
export const testFits =
  (test: (value: string) => boolean): Fits =>
  (candidate, ignoreCase) =>
    test(candidate) || (ignoreCase && (test(candidate.toUpperCase()) || test(candidate.toLowerCase())));
