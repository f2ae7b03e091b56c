import fc from 'fast-check';
import { COUNTRIES, PURPOSE_CODES, REGULATORY_REPORTING_CODES, STRICT_CURRENCIES, lengthOf } from '../spec/index.js';
import type {
  BulkPaymentEntry,
  BulkPaymentRequest,
  Country,
  Currency,
  NcbctPaymentRequest,
  SctPaymentRequest,
} from '../schemas/index.js';
import { bic, foreignIban, kid, norwegianBban } from './accounts.js';
import { amountFor, amountIn } from './amount.js';
import { text, textOf } from './text.js';
import { matching } from './matching.js';

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

const address = fc.record(
  { street: textOf('Address', 'street'), country: fc.constantFrom<Country>(...COUNTRIES) },
  { requiredKeys: ['country'] },
);

export function ncbctRequest(debtor: Debtor = DEFAULT_DEBTOR): fc.Arbitrary<NcbctPaymentRequest> {
  return fc
    .record({
      instructed: amountIn(
        fc.constantFrom<Currency>('NOK', 'NOK', 'EUR', 'USD', 'JPY', 'KWD', ...STRICT_CURRENCIES.slice(0, 20)),
      ),
      creditorName: textOf('NCBCT', 'creditorName'),
      byBban: fc.boolean(),
      debtorByIban: fc.boolean(),
      iban: foreignIban(),
      bban: matching(/^[0-9]{8,20}$/),
      agent: bic(),
      remittance: fc.option(textOf('NCBCT', 'remittanceInformationUnstructured'), { nil: undefined }),
      purposeCode: fc.option(fc.constantFrom(...PURPOSE_CODES), { nil: undefined }),
      address: fc.option(address, { nil: undefined }),
      reportingCode: fc.constantFrom(...REGULATORY_REPORTING_CODES),
      reportingInfo: textOf('NCBCT', 'regulatoryReportingInformation'),
    })
    .map((r) => {
      const { currency } = r.instructed;
      const body: NcbctPaymentRequest = {
        instructedAmount: r.instructed,
        creditorName: r.creditorName,
        creditorAccount: r.byBban ? { bban: r.bban, currency } : { iban: r.iban, currency },
        // NCBCT takes bban or iban on either side: a bank that refuses a debtor iban must not pass.
        debtorAccount: r.debtorByIban ? { iban: debtor.iban, currency: 'NOK' } : { bban: debtor.bban, currency: 'NOK' },
      };
      if (r.byBban) body.creditorAgent = r.agent;
      if (r.remittance) body.remittanceInformationUnstructured = r.remittance;
      if (r.purposeCode) body.purposeCode = r.purposeCode;
      if (r.address) body.creditorAddress = r.address;
      // NCBCT.regulatoryReporting.requiredFromNok100000: both fields whenever NOK ≥ 100 000.00.
      if (currency === 'NOK' && Number(r.instructed.amount) >= 100_000) {
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
      e2e: fc.option(matching(new RegExp(`^[A-Za-z0-9-]{1,${lengthOf('SCT', 'endToEndIdentification').max}}$`)), {
        nil: undefined,
      }),
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
