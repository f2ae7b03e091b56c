import fc from 'fast-check';
import { pointerRemove, pointerSet } from '../core/index.js';
import { FRACTION_DIGITS, IBAN_STRUCTURE, KID_WRONG_CHECK_DIGIT, REMOVE, fractionDigitsFor } from '../spec/index.js';
import { edgesOf, type Edge } from './edges.js';
import { breakersOf, type Breaker } from './rule-breakers.js';
import type { Site } from './sites.js';

/**
 * The payment bodies' breakers: each one breaks one rule on an otherwise valid body and is labelled with it (the
 * expected answer comes from the catalogue). The field rules' breakers derive from the rule table
 * (spec/requirements/field-rules/table.ts) at the sites below, where each body holds a scope; the rules judged in code
 * (check digits, fraction digits) keep theirs here, between the sites, in the order their tests send them.
 *
 * Cases interface.md leaves open are not generated: zero or negative amounts (no minimum is stated), unknown extra
 * properties (nothing says they are refused), non-NOK amounts near NOK 100 000.00 (the reporting rule names NOK
 * only), a MOD11-wrong Norwegian bban (AccountReference.bban.norwegianMod11 is a SHOULD and the sandbox set-up accepts
 * such numbers). Rules the catalogue has at SHOULD level keep that level, so a suite judges them as SHOULD.
 */
export { REMOVE };
export { gone, over, type Breaker } from './rule-breakers.js';
export type { Edge } from './edges.js';
export type { Site } from './sites.js';

type Amounts = readonly { amount: string; currency: string }[];

/**
 * Amounts with fraction digits their currency's ISO 4217 minor units do not have, both sides of the rule on every
 * product, each a class: a payment's own currency (NOK in a bulk, EUR in an SCT), and for NCBCT's cross-border
 * transfers the currencies of zero and three minor units.
 */
const WRONG_FRACTION_DIGITS: Record<'NOK' | 'EUR' | 'other', Record<keyof typeof FRACTION_DIGITS, Amounts>> = {
  NOK: {
    tooMany: [
      { amount: '10.000', currency: 'NOK' },
      { amount: '10.123', currency: 'NOK' },
    ],
    tooFew: [
      { amount: '10.5', currency: 'NOK' },
      { amount: '10', currency: 'NOK' },
    ],
  },
  EUR: {
    tooMany: [
      { amount: '10.123', currency: 'EUR' },
      { amount: '10.500', currency: 'EUR' },
    ],
    tooFew: [
      { amount: '10.5', currency: 'EUR' },
      { amount: '10', currency: 'EUR' },
    ],
  },
  other: {
    tooMany: [
      { amount: '1.2345', currency: 'KWD' },
      { amount: '100.5', currency: 'JPY' },
      { amount: '100.00', currency: 'JPY' },
    ],
    tooFew: [
      { amount: '1.23', currency: 'KWD' },
      { amount: '1.5', currency: 'KWD' },
    ],
  },
};

/** Amount.amount.fractionDigits at one site: one breaker per side of the rule, judged in code. */
const fractionDigits = (at: string, sides: Record<keyof typeof FRACTION_DIGITS, Amounts>): Breaker[] =>
  (Object.keys(FRACTION_DIGITS) as (keyof typeof FRACTION_DIGITS)[]).map((side) => ({
    requirementId: 'Amount.amount.fractionDigits',
    cls: FRACTION_DIGITS[side],
    label: `amount: ${FRACTION_DIGITS[side]}`,
    at,
    value: fc.constantFrom(...sides[side]),
  }));

/** An amount with as many fraction digits as the currency's minor units, for a listed currency sent as valid. */
const tenOf = (currency: string): string => {
  const digits = fractionDigitsFor(currency);
  return digits === 0 ? '10' : `10.${'0'.repeat(digits)}`;
};

/**
 * The Amount of a body, and its currency. `members`: whether each listed currency is sent as valid here, with an
 * amount of its minor units: NCBCT's cross-border transfers take any; an SCT is a SEPA transfer in euro and a bulk a
 * domestic one in NOK, so a bank may refuse other currencies there without breaking a rule interface.md states.
 */
const amountSites = (
  at: string,
  members: readonly string[] | 'all',
  wrongFractions: Record<keyof typeof FRACTION_DIGITS, Amounts>,
): (Site | Breaker[])[] => [
  { scopes: ['Amount'], at },
  fractionDigits(at, wrongFractions),
  {
    scopes: ['Currency'],
    at: `${at}/currency`,
    keep: {
      at,
      put: (_field, currency) => ({ amount: tenOf(String(currency)), currency }),
      ...(members === 'all' ? {} : { only: members }),
    },
  },
];

/**
 * IBANs that lack the ISO 13616 structure interface.md names, one class each: wrong whatever a bank does about case,
 * blanks or check digits.
 */
const IBANS_WITHOUT_STRUCTURE: Record<keyof typeof IBAN_STRUCTURE, readonly string[]> = {
  noCountry: ['1289370400440532013000', '9386011117947'],
  letterCheckDigits: ['DEAB370400440532013000', 'NOXX86011117947'],
  notAlphanumeric: ['DE89370400_440532013', 'NO93-8601-1117-947'],
};

const CREDITOR_IBAN = '/creditorAccount/iban';

/** The IBAN rules judged in code that every credit transfer breaks alike; wrong check digits are the product's. */
const ibanRules = (wrongCheckDigits: fc.Arbitrary<string>): Breaker[] => [
  {
    requirementId: 'AccountReference.iban.checksum',
    cls: 'wrong check digits',
    label: 'iban: wrong check digits',
    at: CREDITOR_IBAN,
    value: wrongCheckDigits,
  },
  ...(Object.keys(IBAN_STRUCTURE) as (keyof typeof IBAN_STRUCTURE)[]).map((way): Breaker => ({
    requirementId: 'AccountReference.iban.structure',
    cls: IBAN_STRUCTURE[way],
    label: `iban: ${IBAN_STRUCTURE[way]}`,
    at: CREDITOR_IBAN,
    value: fc.constantFrom(...IBANS_WITHOUT_STRUCTURE[way]),
  })),
  {
    requirementId: 'Codes.letterCase.upper',
    cls: 'iban in another letter case',
    label: 'iban in another letter case',
    at: CREDITOR_IBAN,
    value: fc.constant('de89370400440532013000'),
  },
];

/** An optional address replaced by one with the broken member, its country and nothing else (or, left out, `rest`). */
const address =
  (country: string, rest: Record<string, string>) =>
  (field: string, value: unknown): unknown =>
    value === REMOVE ? rest : { [field]: value, country };

/** Countries of the SEPA scheme whatever its edition (EU members, EEA, Switzerland): an SCT creditor's. */
const SEPA_COUNTRIES = ['DE', 'FR', 'NL', 'SE', 'FI', 'DK', 'NO', 'ES', 'IT', 'AT', 'BE', 'CH'];

/** A country put into an address of its own. */
const country: Site['put'] = (_field, value) => ({ country: value });

const NCBCT_SITES: (Site | Breaker[])[] = [
  ...amountSites('/instructedAmount', 'all', WRONG_FRACTION_DIGITS.other),
  { scopes: ['NCBCT'], at: '' },
  { scopes: ['NCBCT.creditorAccount'], at: '/creditorAccount' },
  { scopes: ['NCBCT.debtorAccount'], at: '/debtorAccount' },
  // A creditor bban needs a creditorAgent (NCBCT.creditorAgent.requiredWithBban).
  {
    scopes: ['AccountReference'],
    at: '/creditorAccount',
    fields: ['bban'],
    put: (field, value) => ({ [field]: value, currency: 'EUR' }),
    prepare: { '/creditorAgent': 'DEUTDEFF' },
  },
  { scopes: ['AccountReference'], at: '/creditorAccount', fields: ['iban'] },
  ibanRules(fc.constantFrom('DE88370400440532013000', 'NO9386011117948', 'GB82WEST12345698765433')),
  { scopes: ['AccountReference'], at: '/debtorAccount', fields: ['currency'] },
  { scopes: ['Address'], at: '/creditorAddress', put: address('DE', { street: 'Storgata 1' }) },
  { scopes: ['Country'], at: '/creditorAddress', put: country },
];

const SCT_SITES: (Site | Breaker[])[] = [
  { scopes: ['SCT'], at: '' },
  { scopes: ['SCT.creditorAccount'], at: '/creditorAccount' },
  { scopes: ['SCT.debtorAccount'], at: '/debtorAccount' },
  ...amountSites('/instructedAmount', ['EUR'], WRONG_FRACTION_DIGITS.EUR),
  { scopes: ['Address'], at: '/creditorAddress', put: address('DE', { street: 'Rue de Rivoli 1' }) },
  // A SEPA creditor's country: a bank may keep to SEPA countries, so only some of them are sent as valid.
  { scopes: ['Country'], at: '/creditorAddress', put: country, keep: { only: SEPA_COUNTRIES } },
  { scopes: ['AccountReference'], at: '/creditorAccount', fields: ['iban'], ibanCountry: 'FR' },
  ibanRules(fc.constantFrom('DE88370400440532013000', 'FR1420041010050500013M02607')),
  { scopes: ['AccountReference'], at: '/debtorAccount', fields: ['currency'] },
];

const entry = '/payments/0';
const UNSTRUCTURED = `${entry}/remittanceInformationUnstructured`;
const STRUCTURED = `${entry}/remittanceInformationStructured`;
const STRUCTURED_ARRAY = `${entry}/remittanceInformationStructuredArray`;
/** A valid KID beside the broken item. */
const VALID_ITEM = { reference: '12345674', referenceType: 'KID' };

/** A structured item around a broken member (an invoice reference, so that it is not taken for a KID). */
const item = (field: string, value: unknown): unknown =>
  field === 'reference' ? { reference: value, referenceType: 'INVOICE' } : { reference: 'INV-1', [field]: value };

/** The broken item alone, or after a valid one (a server that judges only the first item must not escape). */
function inArray(bad: fc.Arbitrary<unknown>): fc.Arbitrary<unknown[]> {
  return fc.tuple(bad, fc.boolean()).map(([broken, second]) => (second ? [VALID_ITEM, broken] : [broken]));
}

/** StructuredRemittance.kid.checkDigit (judged in code, SHOULD): KIDs with a wrong check digit, in either form. */
const kid = (at: string, references: string[], wrap = (v: fc.Arbitrary<unknown>) => v): Breaker => ({
  requirementId: 'StructuredRemittance.kid.checkDigit',
  cls: KID_WRONG_CHECK_DIGIT,
  label: at === STRUCTURED ? KID_WRONG_CHECK_DIGIT : `${KID_WRONG_CHECK_DIGIT} in the array form`,
  at,
  value: wrap(fc.constantFrom(...references).map((reference) => ({ reference, referenceType: 'KID' }))),
});

/** The single item and the array form (release 1.16.2 prefers it) each stand alone in their entry. */
const ONLY_SINGLE = { [UNSTRUCTURED]: REMOVE, [STRUCTURED_ARRAY]: REMOVE };
const ONLY_ARRAY = { [UNSTRUCTURED]: REMOVE, [STRUCTURED]: REMOVE };
const only = (members: Record<string, unknown>) => (body: Record<string, unknown>) => {
  const copy = structuredClone(body);
  for (const pointer of Object.keys(members)) pointerRemove(copy, pointer);
  return copy;
};

const BULK_SITES: (Site | Breaker[])[] = [
  ...amountSites(`${entry}/instructedAmount`, ['NOK'], WRONG_FRACTION_DIGITS.NOK),
  { scopes: ['BULK'], at: '' },
  { scopes: ['BULK.debtorAccount'], at: '/debtorAccount' },
  { scopes: ['BULK.entry'], at: entry },
  { scopes: ['BULK.entry.creditorAccount'], at: `${entry}/creditorAccount` },
  {
    scopes: ['BULK.entry.creditorAddress', 'Address'],
    at: `${entry}/creditorAddress`,
    put: address('NO', { townName: 'Oslo' }),
  },
  {
    scopes: ['StructuredRemittance'],
    at: STRUCTURED,
    put: item,
    prepare: ONLY_SINGLE,
  },
  // A domestic payment's creditor: a bank may keep it to Norway, so only NO is sent as valid.
  { scopes: ['Country'], at: `${entry}/creditorAddress`, put: country, keep: { only: ['NO'] } },
  // The MOD11 check digit breaks too, but AccountReference.bban.norwegianMod11 is a SHOULD.
  { scopes: ['AccountReference'], at: `${entry}/creditorAccount`, fields: ['bban'] },
  { scopes: ['AccountReference'], at: '/debtorAccount', fields: ['currency'] },
  [
    { ...kid(STRUCTURED, ['12345675', '0000000017', '1']), prepare: only(ONLY_SINGLE) },
    { ...kid(STRUCTURED_ARRAY, ['12345675', '0000000017'], inArray), prepare: only(ONLY_ARRAY) },
  ],
  // The array form is the preferred one (release 1.16.2): a server must judge its items as it judges the single item.
  {
    scopes: ['StructuredRemittance'],
    at: STRUCTURED_ARRAY,
    where: 'in the array form',
    kinds: ['length'],
    put: item,
    wrap: inArray,
    prepare: ONLY_ARRAY,
    keep: { wrap: (value) => [value] },
  },
];

export const NCBCT_BREAKERS: Breaker[] = breakersOf('ncbct.create', NCBCT_SITES);
export const SCT_BREAKERS: Breaker[] = breakersOf('sct.create', SCT_SITES);
export const BULK_BREAKERS: Breaker[] = breakersOf('bulk.create', BULK_SITES);

/** Valid values at the rules' edges, each sent on its own: a bank must accept them (201). */
export const NCBCT_EDGES: Edge[] = edgesOf('ncbct.create', NCBCT_SITES);
export const SCT_EDGES: Edge[] = edgesOf('sct.create', SCT_SITES);
export const BULK_EDGES: Edge[] = edgesOf('bulk.create', BULK_SITES);

/** The body with a breaker's (or an edge's) value put where it points, after what it prepares. */
export function broken(
  body: Record<string, unknown>,
  breaker: Pick<Breaker, 'at' | 'prepare'>,
  value: unknown,
): Record<string, unknown> {
  return withValues(body, [{ ...breaker, value }]);
}

/**
 * The body with several values put where they point, each after what it prepares: valid classes share a request
 * (issue 34), so one body carries the longest name in Greek, a listed currency and a BIC of 11 characters at once.
 * The values must not meet (generators' callers keep apart what points into the same member).
 */
export function withValues(
  body: Record<string, unknown>,
  placed: readonly (Pick<Breaker, 'at' | 'prepare'> & { value: unknown })[],
): Record<string, unknown> {
  let copy = structuredClone(body);
  for (const { at, prepare, value } of placed) {
    if (prepare) copy = prepare(copy);
    if (value === REMOVE) pointerRemove(copy, at);
    else pointerSet(copy, at, value);
  }
  const firstEntry = placed.find((p) => /^\/payments\/0(\/|$)/.test(p.at));
  return firstEntry ? lastEntryBroken(copy, firstEntry.at) : copy;
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
