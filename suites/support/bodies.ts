import type { BulkPaymentRequest, NcbctPaymentRequest, SctPaymentRequest } from '../../schemas/index.js';
import type { Account } from './fixtures.js';

/**
 * Plain valid bodies for tests whose subject is not the body (baskets, statuses, duplicates): the
 * debtor is a sandbox account the run created, so a real sandbox has the funds.
 */
export const ncbctBody = (debtor: Account, amount = '1250.00', remittance = 'Faktura 1'): NcbctPaymentRequest => ({
  instructedAmount: { amount, currency: 'NOK' },
  creditorName: 'Max Mustermann GmbH',
  creditorAgent: 'DEUTDEFF',
  creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
  creditorAddress: {
    street: 'Unter den Linden',
    buildingNumber: '1',
    postalCode: '10117',
    city: 'Berlin',
    country: 'DE',
  },
  debtorAccount: { bban: debtor.bban, currency: 'NOK' },
  remittanceInformationUnstructured: remittance,
});

export const sctBody = (debtor: Account, amount = '99.99'): SctPaymentRequest => ({
  instructedAmount: { amount, currency: 'EUR' },
  creditorName: 'Jean Dupont',
  creditorAccount: { iban: 'FR1420041010050500013M02606', currency: 'EUR' },
  debtorAccount: { iban: debtor.iban, currency: 'EUR' },
  remittanceInformationUnstructured: 'Facture 7',
});

export const bulkBody = (debtor: Account, creditor: Account): BulkPaymentRequest => ({
  paymentInformationId: `B-${debtor.bban}`,
  debtorAccount: { bban: debtor.bban, currency: 'NOK' },
  payments: [
    {
      instructedAmount: { amount: '10.00', currency: 'NOK' },
      creditorName: 'Ola Nordmann',
      creditorAccount: { bban: creditor.bban, currency: 'NOK' },
      creditorAddress: { street: 'Storgata 1', townName: 'Oslo', country: 'NO' },
      remittanceInformationUnstructured: 'Lønn',
    },
  ],
});
