import fc from 'fast-check';
import {
  COUNTRIES,
  IBAN_LENGTHS,
  PURPOSE_CODES,
  REGULATORY_REPORTING_CODES,
  STRICT_CURRENCIES,
  fractionDigitsFor,
  lengthOf,
  makeIban,
  mod11CheckDigit,
} from '../spec/index.js';
import type {
  BulkPaymentEntry,
  BulkPaymentRequest,
  Country,
  NcbctPaymentRequest,
  SctPaymentRequest,
} from '../schemas/index.js';

/** The debtor a body pays from: the suites pass an account they funded; alone, a generated Norwegian one. */
export interface Debtor {
  bban: string;
  iban: string;
}

/**
 * Valid bodies, built from spec/ data only. Amounts stay below 1 000 000 in value (a bulk of five below
 * 5 000 000), far under the balance the suites fund their debtor account with, so a valid body is never
 * refused for funds.
 */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzæøåÆØÅ -.';
/** Text of min..max characters, Norwegian letters included (multi-byte in UTF-8). */
export const text = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...LETTERS), { minLength: min, maxLength: max }).map(
    (cs) => cs.join('').replace(/^\s|\s$/g, 'x'),
    // Back to its letters, so that a value given from outside (a test's example) shrinks too.
    (value) => {
      if (typeof value !== 'string' || [...value].some((c) => !LETTERS.includes(c))) throw new Error('not text');
      return [...value];
    },
  );

/** Text a member of a table scope takes: from its rule's minimum (at least one character) to its maximum. */
export const textOf = (scope: string, field: string): fc.Arbitrary<string> => {
  const { min = 1, max } = lengthOf(scope, field);
  return text(Math.max(min, 1), max);
};

/** A decimal string with exactly the currency's minor-unit digits, biased to the edges (smallest unit, 100 000.00). */
export function amountFor(currency: string, maxInteger = 999_999): fc.Arbitrary<string> {
  const digits = fractionDigitsFor(currency);
  const unit = 10 ** digits;
  return fc
    .oneof(
      fc.integer({ min: 1, max: maxInteger * unit }),
      fc.constantFrom(1, unit, 100_000 * unit - 1, 100_000 * unit, 100_000 * unit + 1),
    )
    .map((minor) =>
      digits === 0 ? String(minor) : `${Math.floor(minor / unit)}.${String(minor % unit).padStart(digits, '0')}`,
    );
}

export const norwegianBban = (): fc.Arbitrary<string> =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 })
    .map((d) => d.join(''))
    .filter((p) => mod11CheckDigit(p) !== undefined)
    .map((p) => `${p}${mod11CheckDigit(p)}`);

const IBAN_COUNTRIES = ['DE', 'FR', 'GB', 'SE', 'DK', 'FI', 'NL', 'ES'].filter((c) => IBAN_LENGTHS[c]);
export const foreignIban = (): fc.Arbitrary<string> =>
  fc.constantFrom(...IBAN_COUNTRIES).chain((country) => {
    const length = (IBAN_LENGTHS[country] as number) - 4;
    return fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
      .map((d) => makeIban(country, d.join('')));
  });

export const bic = (): fc.Arbitrary<string> =>
  fc.constantFrom('DEUTDEFF', 'NDEANOKK', 'DNBANOKKXXX', 'BNPAFRPP', 'HANDSESS', 'ESSESESS');

const address = fc.record(
  { street: textOf('Address', 'street'), country: fc.constantFrom<Country>(...COUNTRIES) },
  { requiredKeys: ['country'] },
);

export function ncbctRequest(debtor: Debtor = DEFAULT_DEBTOR): fc.Arbitrary<NcbctPaymentRequest> {
  return fc
    .record({
      currency: fc.constantFrom('NOK', 'NOK', 'EUR', 'USD', 'JPY', 'KWD', ...STRICT_CURRENCIES.slice(0, 20)),
      creditorName: textOf('NCBCT', 'creditorName'),
      byBban: fc.boolean(),
      debtorByIban: fc.boolean(),
      iban: foreignIban(),
      bban: fc.stringMatching(/^[0-9]{8,20}$/),
      agent: bic(),
      remittance: fc.option(textOf('NCBCT', 'remittanceInformationUnstructured'), { nil: undefined }),
      purposeCode: fc.option(fc.constantFrom(...PURPOSE_CODES), { nil: undefined }),
      address: fc.option(address, { nil: undefined }),
      reportingCode: fc.constantFrom(...REGULATORY_REPORTING_CODES),
      reportingInfo: textOf('NCBCT', 'regulatoryReportingInformation'),
    })
    .chain((r) => amountFor(r.currency).map((amount) => ({ ...r, amount })))
    .map((r) => {
      const body: NcbctPaymentRequest = {
        instructedAmount: { amount: r.amount, currency: r.currency },
        creditorName: r.creditorName,
        creditorAccount: r.byBban ? { bban: r.bban, currency: r.currency } : { iban: r.iban, currency: r.currency },
        // NCBCT takes bban or iban on either side: a bank that refuses a debtor iban must not pass.
        debtorAccount: r.debtorByIban ? { iban: debtor.iban, currency: 'NOK' } : { bban: debtor.bban, currency: 'NOK' },
      };
      if (r.byBban) body.creditorAgent = r.agent;
      if (r.remittance) body.remittanceInformationUnstructured = r.remittance;
      if (r.purposeCode) body.purposeCode = r.purposeCode;
      if (r.address) body.creditorAddress = r.address;
      // NCBCT.regulatoryReporting.requiredFromNok100000: both fields whenever NOK ≥ 100 000.00.
      if (r.currency === 'NOK' && Number(r.amount) >= 100_000) {
        body.regulatoryReportingCode = r.reportingCode;
        body.regulatoryReportingInformation = r.reportingInfo;
      }
      return body;
    });
}

export function sctRequest(debtor: Debtor = DEFAULT_DEBTOR): fc.Arbitrary<SctPaymentRequest> {
  return fc
    .record({
      amount: amountFor('EUR'),
      creditorName: textOf('SCT', 'creditorName'),
      iban: foreignIban(),
      e2e: fc.option(
        fc.stringMatching(new RegExp(`^[A-Za-z0-9-]{1,${lengthOf('SCT', 'endToEndIdentification').max}}$`)),
        {
          nil: undefined,
        },
      ),
      remittance: fc.option(textOf('SCT', 'remittanceInformationUnstructured'), { nil: undefined }),
    })
    .map((r): SctPaymentRequest => ({
      ...(r.e2e ? { endToEndIdentification: r.e2e } : {}),
      instructedAmount: { amount: r.amount, currency: 'EUR' },
      creditorName: r.creditorName,
      creditorAccount: { iban: r.iban, currency: 'EUR' },
      debtorAccount: { iban: debtor.iban, currency: 'EUR' },
      ...(r.remittance ? { remittanceInformationUnstructured: r.remittance } : {}),
    }));
}

export const kid = (): fc.Arbitrary<string> => fc.constantFrom('12345674', '0000000018', '1234567897');

const bulkEntry = fc
  .record({
    amount: amountFor('NOK', 9_999),
    creditorName: textOf('BULK.entry', 'creditorName'),
    bban: norwegianBban(),
    address: fc.record({ townName: text(1, 30), country: fc.constantFrom<Country>('NO', 'SE', 'DK') }),
    remittance: fc.oneof(
      textOf('BULK.entry', 'remittanceInformationUnstructured').map((t) => ({ remittanceInformationUnstructured: t })),
      kid().map((k) => ({ remittanceInformationStructured: { reference: k, referenceType: 'KID' } })),
      fc
        .array(kid(), { minLength: 1, maxLength: 3 })
        .map((ks) => ({ remittanceInformationStructuredArray: ks.map((reference) => ({ reference })) })),
    ),
  })
  .map((r): BulkPaymentEntry => ({
    instructedAmount: { amount: r.amount, currency: 'NOK' },
    creditorName: r.creditorName,
    creditorAccount: { bban: r.bban, currency: 'NOK' },
    creditorAddress: r.address,
    ...r.remittance,
  }));

export function bulkRequest(debtor: Debtor = DEFAULT_DEBTOR): fc.Arbitrary<BulkPaymentRequest> {
  return fc
    .array(bulkEntry, { minLength: 1, maxLength: 5 })
    .map((payments): BulkPaymentRequest => ({ debtorAccount: { bban: debtor.bban, currency: 'NOK' }, payments }));
}

/** A Norwegian debtor with a valid MOD11 account number (checked by hand: 147 mod 11 = 4 → 7). */
export const DEFAULT_DEBTOR: Debtor = { bban: '86011117947', iban: 'NO9386011117947' };
