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

/** Text one to forty characters over a limit. */
export /** Longer than max: half the time exactly max + 1, the boundary a lenient server most often gets wrong. */
const over = (max: number) =>
  fc.oneof(fc.constant(max + 1), fc.integer({ min: max + 1, max: max + 40 })).chain((length) => text(length, length));
export const gone = fc.constant(REMOVE);
export const breaker = (
  requirementId: RequirementId,
  label: string,
  at: string,
  value: fc.Arbitrary<unknown>,
  prepare?: Breaker['prepare'],
): Breaker => ({ requirementId, label, at, value, ...(prepare ? { prepare } : {}) });
const b = breaker;

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
const nearMissCurrency = (at: string) =>
  b('Currency.enum', 'an ISO 4217 code outside the list (BYN, VES …)', at, fc.constantFrom(...NEAR_MISS_CURRENCIES));
const nearMissCountry = (at: string) =>
  b(
    'Country.enum',
    'a user-assigned or reserved code outside the list (XK, UK, EU …)',
    at,
    fc.constantFrom(...NEAR_MISS_COUNTRIES).map((country) => ({ country })),
  );
const nearMissPurposeCode = (requirementId: RequirementId, at: string) =>
  b(requirementId, 'an ISO 20022 purpose code outside the list', at, fc.constantFrom(...NEAR_MISS_PURPOSE_CODES));

/*
 * Cases interface.md leaves open are not generated: zero or negative amounts (no minimum is stated),
 * unknown extra properties (nothing says they are refused), non-NOK amounts near NOK 100 000.00 (the
 * reporting rule names NOK only), a MOD11-wrong Norwegian bban (AccountReference.bban.norwegianMod11 is a
 * SHOULD and the sandbox set-up accepts such numbers). Rules the catalogue has at SHOULD level keep that
 * level in their label (KID check digit, empty bulk), so a suite judges them as SHOULD.
 */

const amountRules = (root: string): Breaker[] => [
  b('Amount.amount.required', 'amount missing', `${root}/amount`, gone),
  b('Amount.currency.required', 'currency missing', `${root}/currency`, gone),
  b('Amount.amount.string', 'amount as a JSON number', `${root}/amount`, fc.integer({ min: 1, max: 9999 })),
  b(
    'Amount.amount.decimal',
    'amount not a decimal',
    `${root}/amount`,
    // Not '-5.00': a negative decimal is still a decimal (Berlin Group's pattern has the sign), and no minimum is stated.
    fc.constantFrom('1,00', '1e3', '', 'ten'),
  ),
  // EUR, not NOK: a NOK amount this large would also need the regulatory reporting fields.
  b(
    'Amount.amount.precision18scale5',
    '14 integer digits or 6 fraction digits',
    root,
    fc.constantFrom({ amount: '12345678901234.00', currency: 'EUR' }, { amount: '1.000000', currency: 'EUR' }),
  ),
  b(
    'Amount.amount.fractionDigits',
    'one fraction digit too many or too few',
    root,
    fc.constantFrom(
      { amount: '10.5', currency: 'NOK' },
      { amount: '10', currency: 'NOK' },
      { amount: '10.000', currency: 'NOK' },
      { amount: '100.5', currency: 'JPY' },
      { amount: '100.00', currency: 'JPY' },
      { amount: '1.23', currency: 'KWD' },
      { amount: '1.2345', currency: 'KWD' },
    ),
  ),
  b('Currency.enum', 'unknown currency', `${root}/currency`, fc.constantFrom('XYZ', 'EURO', 'N0K')),
  nearMissCurrency(`${root}/currency`),
  b('Codes.letterCase.upper', 'currency in lower case', `${root}/currency`, fc.constantFrom('nok', 'Eur')),
  b('Values.whitespace.trimmed', 'amount with blanks around it', `${root}/amount`, fc.constantFrom(' 5.00', '5.00 ')),
];

/** Street and country rules of an address (Address, Country), the rest of it valid. */
const addressRules = (at: string, country: string): Breaker[] => [
  b(
    'Address.street.max70',
    'street over 70',
    at,
    over(LIMITS.street.max).map((street) => ({ street, country })),
  ),
  b('Country.max2', 'three-letter country', at, fc.constantFrom({ country: 'NOR' }, { country: 'DEU' })),
  b('Country.enum', 'country outside the list', at, fc.constantFrom({ country: 'XX' }, { country: 'QQ' })),
  nearMissCountry(at),
  b('Codes.letterCase.upper', 'country in lower case', at, fc.constantFrom({ country: 'no' }, { country: 'De' })),
];

export const NCBCT_BREAKERS: Breaker[] = [
  ...amountRules('/instructedAmount'),
  b('NCBCT.instructedAmount.required', 'instructedAmount missing', '/instructedAmount', gone),
  b('NCBCT.creditorName.required', 'creditorName missing', '/creditorName', gone),
  b('NCBCT.creditorAccount.required', 'creditorAccount missing', '/creditorAccount', gone),
  b('NCBCT.debtorAccount.required', 'debtorAccount missing', '/debtorAccount', gone),
  b('NCBCT.creditorName.max70', 'creditorName of 71+ characters', '/creditorName', over(LIMITS.creditorName.max)),
  b(
    'NCBCT.remittanceInformationUnstructured.length1to140',
    'remittance empty or over 140',
    '/remittanceInformationUnstructured',
    fc.oneof(fc.constant(''), over(140)),
  ),
  b(
    'NCBCT.regulatoryReportingInformation.max140',
    'regulatoryReportingInformation over 140',
    '/regulatoryReportingInformation',
    over(140),
    (x) => ({ ...x, regulatoryReportingCode: '14' }),
  ),
  b(
    'NCBCT.creditorAgent.bic',
    'creditorAgent not a BIC',
    '/creditorAgent',
    fc.constantFrom('DEUTDEF', 'DEUT-DEFF', '12345678'),
  ),
  b('NCBCT.creditorAgent.requiredWithBban', 'creditor bban without creditorAgent', '/creditorAgent', gone, (x) => ({
    ...x,
    creditorAccount: { bban: '0532013000', currency: 'EUR' },
  })),
  b(
    'NCBCT.creditorAccount.bbanOrIban',
    'creditorAccount with neither bban nor iban',
    '/creditorAccount',
    fc.constant({ currency: 'EUR' }),
  ),
  b(
    'NCBCT.debtorAccount.bbanOrIban',
    'debtorAccount with neither bban nor iban',
    '/debtorAccount',
    fc.constant({ currency: 'NOK' }),
  ),
  b('NCBCT.purposeCode.enum', 'purposeCode outside the list', '/purposeCode', fc.constantFrom('GIFT', 'XXXX')),
  b(
    'Codes.letterCase.upper',
    'creditorAgent (BIC) in lower case',
    '/creditorAgent',
    fc.constantFrom('deutdeff', 'Ndeanokk'),
  ),
  b('Codes.letterCase.upper', 'purposeCode in lower case', '/purposeCode', fc.constantFrom('sala', 'Othr')),
  b(
    'NCBCT.requestedExecutionDate.isoDate',
    'not an ISO date',
    '/requestedExecutionDate',
    fc.constantFrom('2027-02-30', '01.12.2027', '2027-1-5', '2027-12-01T10:00:00Z'),
  ),
  b(
    'NCBCT.regulatoryReportingCode.enum',
    'regulatoryReportingCode outside the list',
    '/regulatoryReportingCode',
    fc.constantFrom('15', '99', 'AB'),
    (x) => ({ ...x, regulatoryReportingInformation: 'Varekjøp' }),
  ),
  b(
    'NCBCT.regulatoryReporting.requiredFromNok100000',
    'NOK ≥ 100 000.00 without one or both reporting fields',
    '/instructedAmount',
    fc.constantFrom(
      { amount: '100000.00', currency: 'NOK' },
      { amount: '100000.01', currency: 'NOK' },
      { amount: '999999.99', currency: 'NOK' },
    ),
    (x) => {
      const { regulatoryReportingCode: _c, regulatoryReportingInformation: _i, ...rest } = x;
      return rest;
    },
  ),
  b(
    'AccountReference.bban.max30',
    'bban over 30 characters',
    '/creditorAccount',
    fc.constant({ bban: '1'.repeat(31), currency: 'EUR' }),
    (x) => ({ ...x, creditorAgent: 'DEUTDEFF' }),
  ),
  b(
    'AccountReference.iban.max34',
    'iban over 34 characters',
    '/creditorAccount/iban',
    fc.constant(`DE${'1'.repeat(33)}`),
  ),
  b(
    'AccountReference.iban.checksum',
    'IBAN with wrong check digits',
    '/creditorAccount/iban',
    fc.constantFrom('DE88370400440532013000', 'NO9386011117948', 'GB82WEST12345698765433'),
  ),
  b('AccountReference.iban.structure', 'IBAN without its structure', '/creditorAccount/iban', ibanWithoutStructure),
  b('Codes.letterCase.upper', 'IBAN in lower case', '/creditorAccount/iban', fc.constant('de89370400440532013000')),
  b('AccountReference.currency.required', 'account without currency', '/debtorAccount/currency', gone),
  b(
    'Address.street.max70',
    'street over 70',
    '/creditorAddress',
    over(70).map((street) => ({ street, country: 'DE' })),
  ),
  b('Address.country.required', 'address without country', '/creditorAddress', fc.constant({ street: 'Storgata 1' })),
  b(
    'Country.max2',
    'three-letter country',
    '/creditorAddress',
    fc.constantFrom({ country: 'NOR' }, { country: 'DEU' }),
  ),
  b(
    'Country.enum',
    'country outside the list',
    '/creditorAddress',
    fc.constantFrom({ country: 'XX' }, { country: 'QQ' }),
  ),
  b(
    'Codes.letterCase.upper',
    'country in lower case',
    '/creditorAddress',
    fc.constantFrom({ country: 'no' }, { country: 'De' }),
  ),
  nearMissCountry('/creditorAddress'),
  nearMissPurposeCode('NCBCT.purposeCode.enum', '/purposeCode'),
  b(
    'NCBCT.regulatoryReportingCode.enum',
    'a code next to a listed one',
    '/regulatoryReportingCode',
    fc.constantFrom(...NEAR_MISS_REGULATORY_REPORTING_CODES),
    (x) => ({ ...x, regulatoryReportingInformation: 'Varekjøp' }),
  ),
];

export const SCT_BREAKERS: Breaker[] = [
  b('SCT.instructedAmount.required', 'instructedAmount missing', '/instructedAmount', gone),
  b('SCT.creditorName.required', 'creditorName missing', '/creditorName', gone),
  b('SCT.creditorAccount.required', 'creditorAccount missing', '/creditorAccount', gone),
  b('SCT.debtorAccount.required', 'debtorAccount missing', '/debtorAccount', gone),
  b('SCT.endToEndIdentification.max35', 'endToEndIdentification over 35', '/endToEndIdentification', over(35)),
  b('SCT.creditorName.max70', 'creditorName of 71+ characters', '/creditorName', over(70)),
  b(
    'SCT.remittanceInformationUnstructured.length1to140',
    'remittance empty or over 140',
    '/remittanceInformationUnstructured',
    fc.oneof(fc.constant(''), over(140)),
  ),
  b(
    'SCT.creditorAccount.ibanRequired',
    'creditor bban instead of iban',
    '/creditorAccount',
    fc.constant({ bban: '0532013000', currency: 'EUR' }),
  ),
  b(
    'SCT.debtorAccount.ibanRequired',
    'debtor bban instead of iban',
    '/debtorAccount',
    fc.constant({ bban: '86011117947', currency: 'EUR' }),
  ),
  b(
    'SCT.requestedExecutionDate.isoDate',
    'not an ISO date',
    '/requestedExecutionDate',
    fc.constantFrom('2027-13-01', 'tomorrow'),
  ),
  ...amountRules('/instructedAmount'),
  ...addressRules('/creditorAddress', 'DE'),
  b(
    'Address.country.required',
    'address without country',
    '/creditorAddress',
    fc.constant({ street: 'Rue de Rivoli 1' }),
  ),
  b(
    'AccountReference.iban.max34',
    'iban over 34 characters',
    '/creditorAccount/iban',
    fc.constant(`FR${'1'.repeat(33)}`),
  ),
  b(
    'AccountReference.iban.checksum',
    'IBAN with wrong check digits',
    '/creditorAccount/iban',
    fc.constantFrom('DE88370400440532013000', 'FR1420041010050500013M02607'),
  ),
  b('AccountReference.iban.structure', 'IBAN without its structure', '/creditorAccount/iban', ibanWithoutStructure),
  b('Codes.letterCase.upper', 'IBAN in lower case', '/creditorAccount/iban', fc.constant('de89370400440532013000')),
  b('AccountReference.currency.required', 'account without currency', '/debtorAccount/currency', gone),
];

const entry = '/payments/0';
export const BULK_BREAKERS: Breaker[] = [
  ...amountRules(`${entry}/instructedAmount`),
  b('BULK.debtorAccount.required', 'debtorAccount missing', '/debtorAccount', gone),
  b('BULK.payments.required', 'payments missing or not an array', '/payments', fc.constantFrom(REMOVE, {}, 'x')),
  b('BULK.payments.nonEmpty', 'no payments', '/payments', fc.constant([])),
  b('BULK.paymentInformationId.max35', 'paymentInformationId over 35', '/paymentInformationId', over(35)),
  b(
    'BULK.debtorAccount.bbanRequired',
    'debtor iban instead of bban',
    '/debtorAccount',
    fc.constant({ iban: 'NO9386011117947', currency: 'NOK' }),
  ),
  b(
    'BULK.requestedExecutionDate.isoDate',
    'not an ISO date',
    '/requestedExecutionDate',
    fc.constantFrom('2027-13-01', '2027/12/01'),
  ),
  b('BULK.entry.instructedAmount.required', 'entry without instructedAmount', `${entry}/instructedAmount`, gone),
  b('BULK.entry.creditorName.required', 'entry without creditorName', `${entry}/creditorName`, gone),
  b('BULK.entry.creditorAccount.required', 'entry without creditorAccount', `${entry}/creditorAccount`, gone),
  b('BULK.entry.creditorAddress.required', 'entry without creditorAddress', `${entry}/creditorAddress`, gone),
  b(
    'BULK.entry.endToEndIdentification.max35',
    'endToEndIdentification over 35',
    `${entry}/endToEndIdentification`,
    over(35),
  ),
  b('BULK.entry.debtorName.max70', 'debtorName over 70', `${entry}/debtorName`, over(70)),
  b('BULK.entry.creditorName.max70', 'creditorName over 70', `${entry}/creditorName`, over(70)),
  b('BULK.entry.ultimateDebtor.max70', 'ultimateDebtor over 70', `${entry}/ultimateDebtor`, over(70)),
  b(
    'BULK.entry.remittanceInformationUnstructured.length1to140',
    'remittance empty or over 140',
    `${entry}/remittanceInformationUnstructured`,
    fc.oneof(fc.constant(''), over(140)),
    onlyUnstructured,
  ),
  b(
    'BULK.entry.creditorAccount.bbanRequired',
    'creditor iban instead of bban',
    `${entry}/creditorAccount`,
    fc.constant({ iban: 'NO9386011117947', currency: 'NOK' }),
  ),
  b(
    'BULK.entry.creditorAddress.country.required',
    'creditorAddress without country',
    `${entry}/creditorAddress`,
    fc.constant({ townName: 'Oslo' }),
  ),
  b(
    'BULK.entry.purposeCode.enum',
    'purposeCode outside the list',
    `${entry}/purposeCode`,
    fc.constantFrom('GIFT', 'XXXX'),
  ),
  b(
    'BULK.entry.remittance.structuredXorUnstructured',
    'structured and unstructured together',
    `${entry}/remittanceInformationStructured`,
    fc.constant({ reference: '12345674', referenceType: 'KID' }),
    onlyUnstructured,
  ),
  b(
    'StructuredRemittance.reference.required',
    'structured item without reference',
    `${entry}/remittanceInformationStructured`,
    fc.constant({ referenceType: 'KID' }),
    noUnstructured,
  ),
  b(
    'StructuredRemittance.reference.length1to35',
    'reference empty or over 35',
    `${entry}/remittanceInformationStructured`,
    fc.oneof(fc.constant(''), over(35)).map((reference) => ({ reference, referenceType: 'INVOICE' })),
    noUnstructured,
  ),
  b(
    'StructuredRemittance.referenceType.length1to35',
    'referenceType empty or over 35',
    `${entry}/remittanceInformationStructured`,
    fc.oneof(fc.constant(''), over(35)).map((referenceType) => ({ reference: 'INV-1', referenceType })),
    noUnstructured,
  ),
  b(
    'StructuredRemittance.referenceIssuer.length1to35',
    'referenceIssuer over 35',
    `${entry}/remittanceInformationStructured`,
    over(35).map((referenceIssuer) => ({ reference: 'INV-1', referenceIssuer })),
    noUnstructured,
  ),
  ...addressRules(`${entry}/creditorAddress`, 'NO'),
  // The MOD11 check digit breaks too, but AccountReference.bban.norwegianMod11 is a SHOULD.
  b(
    'AccountReference.bban.max30',
    'creditor bban over 30 characters',
    `${entry}/creditorAccount/bban`,
    fc.constant('1'.repeat(31)),
  ),
  b('AccountReference.currency.required', 'account without currency', '/debtorAccount/currency', gone),
  b(
    'StructuredRemittance.kid.checkDigit',
    'KID with a wrong check digit',
    `${entry}/remittanceInformationStructured`,
    fc.constantFrom('12345675', '0000000017', '1').map((reference) => ({ reference, referenceType: 'KID' })),
    noUnstructured,
  ),
  // The array form is the preferred one (release 1.16.2): a server must judge its items as it judges the single item.
  b(
    'StructuredRemittance.kid.checkDigit',
    'KID with a wrong check digit in the array form',
    `${entry}/remittanceInformationStructuredArray`,
    inArray(fc.constantFrom('12345675', '0000000017').map((reference) => ({ reference, referenceType: 'KID' }))),
    onlyArray,
  ),
  b(
    'StructuredRemittance.reference.length1to35',
    'array item reference empty or over 35',
    `${entry}/remittanceInformationStructuredArray`,
    inArray(fc.oneof(fc.constant(''), over(35)).map((reference) => ({ reference, referenceType: 'INVOICE' }))),
    onlyArray,
  ),
  b(
    'StructuredRemittance.referenceType.length1to35',
    'array item referenceType over 35',
    `${entry}/remittanceInformationStructuredArray`,
    inArray(over(35).map((referenceType) => ({ reference: 'INV-1', referenceType }))),
    onlyArray,
  ),
  b(
    'StructuredRemittance.referenceIssuer.length1to35',
    'array item referenceIssuer over 35',
    `${entry}/remittanceInformationStructuredArray`,
    inArray(over(35).map((referenceIssuer) => ({ reference: 'INV-1', referenceIssuer }))),
    onlyArray,
  ),
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
