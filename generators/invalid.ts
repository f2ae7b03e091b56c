import fc from 'fast-check';
import { pointerRemove, pointerSet } from '../core/index.js';
import {
  LIMITS,
  NEAR_MISS_COUNTRIES,
  NEAR_MISS_CURRENCIES,
  NEAR_MISS_PURPOSE_CODES,
  NEAR_MISS_REGULATORY_REPORTING_CODES,
  type RequirementId,
} from '../spec/index.js';
import { text } from './valid.js';

/**
 * One rule broken on an otherwise valid body, labelled with the requirement it breaks (the expected answer
 * comes from the catalogue). `at` is a JSON pointer; the value replaces what is there, or REMOVE deletes it.
 */
export const REMOVE = Symbol('remove');
export interface Breaker {
  requirementId: RequirementId;
  label: string;
  at: string;
  value: fc.Arbitrary<unknown>;
  /** Only for bodies where this holds (e.g. a creditor bban for the creditorAgent rule). */
  prepare?: (body: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * Text one to forty characters over a limit: half the time exactly max + 1, the boundary a lenient server most often
 * gets wrong.
 */
const over = (max: number) =>
  fc.oneof(fc.constant(max + 1), fc.integer({ min: max + 1, max: max + 40 })).chain((length) => text(length, length));
export const gone = fc.constant(REMOVE);

/** A required member left out; the id is written out so that `requirements --trace` finds the row. */
const missing = (requirementId: RequirementId, member: string): Breaker => ({
  requirementId,
  label: `${member} missing`,
  at: `/${member}`,
  value: gone,
});

/**
 * IBANs that lack the ISO 13616 structure interface.md names (no country code, letters for check digits, a
 * character outside the alphanumerics): wrong whatever a bank does about case, blanks or check digits.
 */
const ibanWithoutStructure = fc.constantFrom(
  '1289370400440532013000',
  'DEAB370400440532013000',
  'DE89370400_440532013',
);

/*
 * Near misses (spec/near-misses.ts): real codes of the list's standard that interface.md's list does not hold. Each is
 * its own breaker, so a rule's test picks one about as often as the made-up values beside it.
 */
const nearMissCurrency = (at: string): Breaker => ({
  requirementId: 'Currency.enum',
  label: 'an ISO 4217 code outside the list (BYN, VES …)',
  at,
  value: fc.constantFrom(...NEAR_MISS_CURRENCIES),
});
const nearMissCountry = (at: string): Breaker => ({
  requirementId: 'Country.enum',
  label: 'a user-assigned or reserved code outside the list (XK, UK, EU …)',
  at,
  value: fc.constantFrom(...NEAR_MISS_COUNTRIES).map((country) => ({ country })),
});
const nearMissPurposeCode = (requirementId: RequirementId, at: string): Breaker => ({
  requirementId,
  label: 'an ISO 20022 purpose code outside the list',
  at,
  value: fc.constantFrom(...NEAR_MISS_PURPOSE_CODES),
});

/*
 * Cases interface.md leaves open are not generated: zero or negative amounts (no minimum is stated),
 * unknown extra properties (nothing says they are refused), non-NOK amounts near NOK 100 000.00 (the
 * reporting rule names NOK only), a MOD11-wrong Norwegian bban (AccountReference.bban.norwegianMod11 is a
 * SHOULD and the sandbox set-up accepts such numbers). Rules the catalogue has at SHOULD level keep that
 * level in their label (KID check digit, empty bulk), so a suite judges them as SHOULD.
 */

const amountRules = (root: string): Breaker[] => [
  { requirementId: 'Amount.amount.required', label: 'amount missing', at: `${root}/amount`, value: gone },
  { requirementId: 'Amount.currency.required', label: 'currency missing', at: `${root}/currency`, value: gone },
  {
    requirementId: 'Amount.amount.string',
    label: 'amount as a JSON number',
    at: `${root}/amount`,
    value: fc.integer({ min: 1, max: 9999 }),
  },
  {
    requirementId: 'Amount.amount.decimal',
    label: 'amount not a decimal',
    at: `${root}/amount`,
    value: fc.constantFrom('1,00', '1e3', '', 'ten'),
  },
  // EUR, not NOK: a NOK amount this large would also need the regulatory reporting fields.
  {
    requirementId: 'Amount.amount.precision18scale5',
    label: '14 integer digits or 6 fraction digits',
    at: root,
    value: fc.constantFrom({ amount: '12345678901234.00', currency: 'EUR' }, { amount: '1.000000', currency: 'EUR' }),
  },
  {
    requirementId: 'Amount.amount.fractionDigits',
    label: 'one fraction digit too many or too few',
    at: root,
    value: fc.constantFrom(
      { amount: '10.5', currency: 'NOK' },
      { amount: '10', currency: 'NOK' },
      { amount: '10.000', currency: 'NOK' },
      { amount: '100.5', currency: 'JPY' },
      { amount: '100.00', currency: 'JPY' },
      { amount: '1.23', currency: 'KWD' },
      { amount: '1.2345', currency: 'KWD' },
    ),
  },
  {
    requirementId: 'Currency.enum',
    label: 'unknown currency',
    at: `${root}/currency`,
    value: fc.constantFrom('XYZ', 'EURO', 'N0K'),
  },
  nearMissCurrency(`${root}/currency`),
  {
    requirementId: 'Codes.letterCase.upper',
    label: 'currency in lower case',
    at: `${root}/currency`,
    value: fc.constantFrom('nok', 'Eur'),
  },
  {
    requirementId: 'Values.whitespace.trimmed',
    label: 'amount with blanks around it',
    at: `${root}/amount`,
    value: fc.constantFrom(' 5.00', '5.00 '),
  },
];

/** Street and country rules of an address (Address, Country), the rest of it valid. */
const addressRules = (at: string, country: string): Breaker[] => [
  {
    requirementId: 'Address.street.max70',
    label: 'street over 70',
    at,
    value: over(LIMITS.street.max).map((street) => ({ street, country })),
  },
  {
    requirementId: 'Country.max2',
    label: 'three-letter country',
    at,
    value: fc.constantFrom({ country: 'NOR' }, { country: 'DEU' }),
  },
  {
    requirementId: 'Country.enum',
    label: 'country outside the list',
    at,
    value: fc.constantFrom({ country: 'XX' }, { country: 'QQ' }),
  },
  nearMissCountry(at),
  {
    requirementId: 'Codes.letterCase.upper',
    label: 'country in lower case',
    at,
    value: fc.constantFrom({ country: 'no' }, { country: 'De' }),
  },
];

/** The account rules every credit transfer breaks alike; the IBANs with wrong check digits are the product's. */
const accountRules = (wrongCheckDigits: fc.Arbitrary<string>): Breaker[] => [
  {
    requirementId: 'AccountReference.iban.checksum',
    label: 'IBAN with wrong check digits',
    at: '/creditorAccount/iban',
    value: wrongCheckDigits,
  },
  {
    requirementId: 'AccountReference.iban.structure',
    label: 'IBAN without its structure',
    at: '/creditorAccount/iban',
    value: ibanWithoutStructure,
  },
  {
    requirementId: 'Codes.letterCase.upper',
    label: 'IBAN in lower case',
    at: '/creditorAccount/iban',
    value: fc.constant('de89370400440532013000'),
  },
  {
    requirementId: 'AccountReference.currency.required',
    label: 'account without currency',
    at: '/debtorAccount/currency',
    value: gone,
  },
];

export const NCBCT_BREAKERS: Breaker[] = [
  ...amountRules('/instructedAmount'),
  missing('NCBCT.instructedAmount.required', 'instructedAmount'),
  missing('NCBCT.creditorName.required', 'creditorName'),
  missing('NCBCT.creditorAccount.required', 'creditorAccount'),
  missing('NCBCT.debtorAccount.required', 'debtorAccount'),
  {
    requirementId: 'NCBCT.creditorName.max70',
    label: 'creditorName of 71+ characters',
    at: '/creditorName',
    value: over(LIMITS.creditorName.max),
  },
  {
    requirementId: 'NCBCT.remittanceInformationUnstructured.length1to140',
    label: 'remittance empty or over 140',
    at: '/remittanceInformationUnstructured',
    value: fc.oneof(fc.constant(''), over(140)),
  },
  {
    requirementId: 'NCBCT.regulatoryReportingInformation.max140',
    label: 'regulatoryReportingInformation over 140',
    at: '/regulatoryReportingInformation',
    value: over(140),
    prepare: (x) => ({ ...x, regulatoryReportingCode: '14' }),
  },
  {
    requirementId: 'NCBCT.creditorAgent.bic',
    label: 'creditorAgent not a BIC',
    at: '/creditorAgent',
    value: fc.constantFrom('DEUTDEF', 'DEUT-DEFF', '12345678'),
  },
  {
    requirementId: 'NCBCT.creditorAgent.requiredWithBban',
    label: 'creditor bban without creditorAgent',
    at: '/creditorAgent',
    value: gone,
    prepare: (x) => ({
      ...x,
      creditorAccount: { bban: '0532013000', currency: 'EUR' },
    }),
  },
  {
    requirementId: 'NCBCT.creditorAccount.bbanOrIban',
    label: 'creditorAccount with neither bban nor iban',
    at: '/creditorAccount',
    value: fc.constant({ currency: 'EUR' }),
  },
  {
    requirementId: 'NCBCT.debtorAccount.bbanOrIban',
    label: 'debtorAccount with neither bban nor iban',
    at: '/debtorAccount',
    value: fc.constant({ currency: 'NOK' }),
  },
  {
    requirementId: 'NCBCT.purposeCode.enum',
    label: 'purposeCode outside the list',
    at: '/purposeCode',
    value: fc.constantFrom('GIFT', 'XXXX'),
  },
  {
    requirementId: 'Codes.letterCase.upper',
    label: 'creditorAgent (BIC) in lower case',
    at: '/creditorAgent',
    value: fc.constantFrom('deutdeff', 'Ndeanokk'),
  },
  {
    requirementId: 'Codes.letterCase.upper',
    label: 'purposeCode in lower case',
    at: '/purposeCode',
    value: fc.constantFrom('sala', 'Othr'),
  },
  {
    requirementId: 'NCBCT.requestedExecutionDate.isoDate',
    label: 'not an ISO date',
    at: '/requestedExecutionDate',
    value: fc.constantFrom('2027-02-30', '01.12.2027', '2027-1-5', '2027-12-01T10:00:00Z'),
  },
  {
    requirementId: 'NCBCT.regulatoryReportingCode.enum',
    label: 'regulatoryReportingCode outside the list',
    at: '/regulatoryReportingCode',
    value: fc.constantFrom('15', '99', 'AB'),
    prepare: (x) => ({ ...x, regulatoryReportingInformation: 'Varekjøp' }),
  },
  {
    requirementId: 'NCBCT.regulatoryReporting.requiredFromNok100000',
    label: 'NOK ≥ 100 000.00 without one or both reporting fields',
    at: '/instructedAmount',
    value: fc.constantFrom(
      { amount: '100000.00', currency: 'NOK' },
      { amount: '100000.01', currency: 'NOK' },
      { amount: '999999.99', currency: 'NOK' },
    ),
    prepare: (x) => {
      const { regulatoryReportingCode: _c, regulatoryReportingInformation: _i, ...rest } = x;
      return rest;
    },
  },
  {
    requirementId: 'AccountReference.bban.max30',
    label: 'bban over 30 characters',
    at: '/creditorAccount',
    value: fc.constant({ bban: '1'.repeat(31), currency: 'EUR' }),
    prepare: (x) => ({ ...x, creditorAgent: 'DEUTDEFF' }),
  },
  {
    requirementId: 'AccountReference.iban.max34',
    label: 'iban over 34 characters',
    at: '/creditorAccount/iban',
    value: fc.constant(`DE${'1'.repeat(33)}`),
  },
  ...accountRules(fc.constantFrom('DE88370400440532013000', 'NO9386011117948', 'GB82WEST12345698765433')),
  {
    requirementId: 'Address.street.max70',
    label: 'street over 70',
    at: '/creditorAddress',
    value: over(70).map((street) => ({ street, country: 'DE' })),
  },
  {
    requirementId: 'Address.country.required',
    label: 'address without country',
    at: '/creditorAddress',
    value: fc.constant({ street: 'Storgata 1' }),
  },
  {
    requirementId: 'Country.max2',
    label: 'three-letter country',
    at: '/creditorAddress',
    value: fc.constantFrom({ country: 'NOR' }, { country: 'DEU' }),
  },
  {
    requirementId: 'Country.enum',
    label: 'country outside the list',
    at: '/creditorAddress',
    value: fc.constantFrom({ country: 'XX' }, { country: 'QQ' }),
  },
  {
    requirementId: 'Codes.letterCase.upper',
    label: 'country in lower case',
    at: '/creditorAddress',
    value: fc.constantFrom({ country: 'no' }, { country: 'De' }),
  },
  nearMissCountry('/creditorAddress'),
  nearMissPurposeCode('NCBCT.purposeCode.enum', '/purposeCode'),
  {
    requirementId: 'NCBCT.regulatoryReportingCode.enum',
    label: 'a code next to a listed one',
    at: '/regulatoryReportingCode',
    value: fc.constantFrom(...NEAR_MISS_REGULATORY_REPORTING_CODES),
    prepare: (x) => ({ ...x, regulatoryReportingInformation: 'Varekjøp' }),
  },
];

export const SCT_BREAKERS: Breaker[] = [
  missing('SCT.instructedAmount.required', 'instructedAmount'),
  missing('SCT.creditorName.required', 'creditorName'),
  missing('SCT.creditorAccount.required', 'creditorAccount'),
  missing('SCT.debtorAccount.required', 'debtorAccount'),
  {
    requirementId: 'SCT.endToEndIdentification.max35',
    label: 'endToEndIdentification over 35',
    at: '/endToEndIdentification',
    value: over(35),
  },
  {
    requirementId: 'SCT.creditorName.max70',
    label: 'creditorName of 71+ characters',
    at: '/creditorName',
    value: over(70),
  },
  {
    requirementId: 'SCT.remittanceInformationUnstructured.length1to140',
    label: 'remittance empty or over 140',
    at: '/remittanceInformationUnstructured',
    value: fc.oneof(fc.constant(''), over(140)),
  },
  {
    requirementId: 'SCT.creditorAccount.ibanRequired',
    label: 'creditor bban instead of iban',
    at: '/creditorAccount',
    value: fc.constant({ bban: '0532013000', currency: 'EUR' }),
  },
  {
    requirementId: 'SCT.debtorAccount.ibanRequired',
    label: 'debtor bban instead of iban',
    at: '/debtorAccount',
    value: fc.constant({ bban: '86011117947', currency: 'EUR' }),
  },
  {
    requirementId: 'SCT.requestedExecutionDate.isoDate',
    label: 'not an ISO date',
    at: '/requestedExecutionDate',
    value: fc.constantFrom('2027-13-01', 'tomorrow'),
  },
  ...amountRules('/instructedAmount'),
  ...addressRules('/creditorAddress', 'DE'),
  {
    requirementId: 'Address.country.required',
    label: 'address without country',
    at: '/creditorAddress',
    value: fc.constant({ street: 'Rue de Rivoli 1' }),
  },
  {
    requirementId: 'AccountReference.iban.max34',
    label: 'iban over 34 characters',
    at: '/creditorAccount/iban',
    value: fc.constant(`FR${'1'.repeat(33)}`),
  },
  ...accountRules(fc.constantFrom('DE88370400440532013000', 'FR1420041010050500013M02607')),
];

const entry = '/payments/0';
export const BULK_BREAKERS: Breaker[] = [
  ...amountRules(`${entry}/instructedAmount`),
  missing('BULK.debtorAccount.required', 'debtorAccount'),
  {
    requirementId: 'BULK.payments.required',
    label: 'payments missing or not an array',
    at: '/payments',
    value: fc.constantFrom(REMOVE, {}, 'x'),
  },
  { requirementId: 'BULK.payments.nonEmpty', label: 'no payments', at: '/payments', value: fc.constant([]) },
  {
    requirementId: 'BULK.paymentInformationId.max35',
    label: 'paymentInformationId over 35',
    at: '/paymentInformationId',
    value: over(35),
  },
  {
    requirementId: 'BULK.debtorAccount.bbanRequired',
    label: 'debtor iban instead of bban',
    at: '/debtorAccount',
    value: fc.constant({ iban: 'NO9386011117947', currency: 'NOK' }),
  },
  {
    requirementId: 'BULK.requestedExecutionDate.isoDate',
    label: 'not an ISO date',
    at: '/requestedExecutionDate',
    value: fc.constantFrom('2027-13-01', '2027/12/01'),
  },
  {
    requirementId: 'BULK.entry.instructedAmount.required',
    label: 'entry without instructedAmount',
    at: `${entry}/instructedAmount`,
    value: gone,
  },
  {
    requirementId: 'BULK.entry.creditorName.required',
    label: 'entry without creditorName',
    at: `${entry}/creditorName`,
    value: gone,
  },
  {
    requirementId: 'BULK.entry.creditorAccount.required',
    label: 'entry without creditorAccount',
    at: `${entry}/creditorAccount`,
    value: gone,
  },
  {
    requirementId: 'BULK.entry.creditorAddress.required',
    label: 'entry without creditorAddress',
    at: `${entry}/creditorAddress`,
    value: gone,
  },
  {
    requirementId: 'BULK.entry.endToEndIdentification.max35',
    label: 'endToEndIdentification over 35',
    at: `${entry}/endToEndIdentification`,
    value: over(35),
  },
  {
    requirementId: 'BULK.entry.debtorName.max70',
    label: 'debtorName over 70',
    at: `${entry}/debtorName`,
    value: over(70),
  },
  {
    requirementId: 'BULK.entry.creditorName.max70',
    label: 'creditorName over 70',
    at: `${entry}/creditorName`,
    value: over(70),
  },
  {
    requirementId: 'BULK.entry.ultimateDebtor.max70',
    label: 'ultimateDebtor over 70',
    at: `${entry}/ultimateDebtor`,
    value: over(70),
  },
  {
    requirementId: 'BULK.entry.remittanceInformationUnstructured.length1to140',
    label: 'remittance empty or over 140',
    at: `${entry}/remittanceInformationUnstructured`,
    value: fc.oneof(fc.constant(''), over(140)),
    prepare: onlyUnstructured,
  },
  {
    requirementId: 'BULK.entry.creditorAccount.bbanRequired',
    label: 'creditor iban instead of bban',
    at: `${entry}/creditorAccount`,
    value: fc.constant({ iban: 'NO9386011117947', currency: 'NOK' }),
  },
  {
    requirementId: 'BULK.entry.creditorAddress.country.required',
    label: 'creditorAddress without country',
    at: `${entry}/creditorAddress`,
    value: fc.constant({ townName: 'Oslo' }),
  },
  {
    requirementId: 'BULK.entry.purposeCode.enum',
    label: 'purposeCode outside the list',
    at: `${entry}/purposeCode`,
    value: fc.constantFrom('GIFT', 'XXXX'),
  },
  {
    requirementId: 'BULK.entry.remittance.structuredXorUnstructured',
    label: 'structured and unstructured together',
    at: `${entry}/remittanceInformationStructured`,
    value: fc.constant({ reference: '12345674', referenceType: 'KID' }),
    prepare: onlyUnstructured,
  },
  {
    requirementId: 'StructuredRemittance.reference.required',
    label: 'structured item without reference',
    at: `${entry}/remittanceInformationStructured`,
    value: fc.constant({ referenceType: 'KID' }),
    prepare: noUnstructured,
  },
  {
    requirementId: 'StructuredRemittance.reference.length1to35',
    label: 'reference empty or over 35',
    at: `${entry}/remittanceInformationStructured`,
    value: fc.oneof(fc.constant(''), over(35)).map((reference) => ({ reference, referenceType: 'INVOICE' })),
    prepare: noUnstructured,
  },
  {
    requirementId: 'StructuredRemittance.referenceType.length1to35',
    label: 'referenceType empty or over 35',
    at: `${entry}/remittanceInformationStructured`,
    value: fc.oneof(fc.constant(''), over(35)).map((referenceType) => ({ reference: 'INV-1', referenceType })),
    prepare: noUnstructured,
  },
  {
    requirementId: 'StructuredRemittance.referenceIssuer.length1to35',
    label: 'referenceIssuer over 35',
    at: `${entry}/remittanceInformationStructured`,
    value: over(35).map((referenceIssuer) => ({ reference: 'INV-1', referenceIssuer })),
    prepare: noUnstructured,
  },
  ...addressRules(`${entry}/creditorAddress`, 'NO'),
  // The MOD11 check digit breaks too, but AccountReference.bban.norwegianMod11 is a SHOULD.
  {
    requirementId: 'AccountReference.bban.max30',
    label: 'creditor bban over 30 characters',
    at: `${entry}/creditorAccount/bban`,
    value: fc.constant('1'.repeat(31)),
  },
  {
    requirementId: 'AccountReference.currency.required',
    label: 'account without currency',
    at: '/debtorAccount/currency',
    value: gone,
  },
  {
    requirementId: 'StructuredRemittance.kid.checkDigit',
    label: 'KID with a wrong check digit',
    at: `${entry}/remittanceInformationStructured`,
    value: fc.constantFrom('12345675', '0000000017', '1').map((reference) => ({ reference, referenceType: 'KID' })),
    prepare: noUnstructured,
  },
  // The array form is the preferred one (release 1.16.2): a server must judge its items as it judges the single item.
  {
    requirementId: 'StructuredRemittance.kid.checkDigit',
    label: 'KID with a wrong check digit in the array form',
    at: `${entry}/remittanceInformationStructuredArray`,
    value: inArray(fc.constantFrom('12345675', '0000000017').map((reference) => ({ reference, referenceType: 'KID' }))),
    prepare: onlyArray,
  },
  {
    requirementId: 'StructuredRemittance.reference.length1to35',
    label: 'array item reference empty or over 35',
    at: `${entry}/remittanceInformationStructuredArray`,
    value: inArray(fc.oneof(fc.constant(''), over(35)).map((reference) => ({ reference, referenceType: 'INVOICE' }))),
    prepare: onlyArray,
  },
  {
    requirementId: 'StructuredRemittance.referenceType.length1to35',
    label: 'array item referenceType over 35',
    at: `${entry}/remittanceInformationStructuredArray`,
    value: inArray(over(35).map((referenceType) => ({ reference: 'INV-1', referenceType }))),
    prepare: onlyArray,
  },
  {
    requirementId: 'StructuredRemittance.referenceIssuer.length1to35',
    label: 'array item referenceIssuer over 35',
    at: `${entry}/remittanceInformationStructuredArray`,
    value: inArray(over(35).map((referenceIssuer) => ({ reference: 'INV-1', referenceIssuer }))),
    prepare: onlyArray,
  },
  nearMissPurposeCode('BULK.entry.purposeCode.enum', `${entry}/purposeCode`),
];

/** The broken item alone, or after a valid one (a server that judges only the first item must not escape). */
function inArray(item: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>[]> {
  return fc
    .tuple(item, fc.boolean())
    .map(([bad, second]) => (second ? [{ reference: '12345674', referenceType: 'KID' }, bad] : [bad]));
}

function onlyArray(body: Record<string, unknown>): Record<string, unknown> {
  const payments = [...(body.payments as Record<string, unknown>[])];
  const {
    remittanceInformationUnstructured: _u,
    remittanceInformationStructured: _s,
    ...first
  } = payments[0] as Record<string, unknown>;
  payments[0] = first;
  return { ...body, payments };
}

function onlyUnstructured(body: Record<string, unknown>): Record<string, unknown> {
  const payments = [...(body.payments as Record<string, unknown>[])];
  const {
    remittanceInformationStructured: _s,
    remittanceInformationStructuredArray: _a,
    ...first
  } = payments[0] as Record<string, unknown>;
  payments[0] = { ...first, remittanceInformationUnstructured: 'Lønn' };
  return { ...body, payments };
}

function noUnstructured(body: Record<string, unknown>): Record<string, unknown> {
  const payments = [...(body.payments as Record<string, unknown>[])];
  const {
    remittanceInformationUnstructured: _u,
    remittanceInformationStructuredArray: _a,
    ...first
  } = payments[0] as Record<string, unknown>;
  payments[0] = first;
  return { ...body, payments };
}

/** The body with the breaker applied. */
export function broken(body: Record<string, unknown>, breaker: Breaker, value: unknown): Record<string, unknown> {
  const copy = structuredClone(breaker.prepare ? breaker.prepare(body) : body);
  if (value === REMOVE) pointerRemove(copy, breaker.at);
  else pointerSet(copy, breaker.at, value);
  return lastEntryBroken(copy, breaker.at);
}

/**
 * Breakers break the first bulk entry; with several entries it moves to the end, behind valid ones, so a
 * server that judges only `payments[0]` does not escape (a single-entry body still tests index 0).
 */
function lastEntryBroken(body: Record<string, unknown>, at: string): Record<string, unknown> {
  const payments = body.payments;
  if (!/^\/payments\/0(\/|$)/.test(at) || !Array.isArray(payments) || payments.length < 2) return body;
  return { ...body, payments: [...payments.slice(1), payments[0]] };
}

/** Where a breaker's pointer lands in the body it broke (the moved bulk entry's index). */
export function brokenAt(body: Record<string, unknown>, at: string): string {
  const payments = body.payments;
  return /^\/payments\/0(\/|$)/.test(at) && Array.isArray(payments) && payments.length > 1
    ? at.replace('/payments/0', `/payments/${payments.length - 1}`)
    : at;
}
