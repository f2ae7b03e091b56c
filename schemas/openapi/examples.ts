import type { OperationId } from '../../spec/index.js';

/**
 * One conformant request body per operation that takes one, written by hand. Tools send these as they are
 * (Dredd builds its request from the example; without one it sends `"amount": ""`), so each must pass the suites'
 * own schemas and code validators: test/schemas/openapi-rendering.test.ts checks that.
 * Account numbers: 86011117947 and 12345678903 pass MOD11, NO9386011117947 is the first's IBAN,
 * DE89370400440532013000 is the standard German example IBAN (the same as test/schemas/examples.ts).
 */

/** An opaque resource id in the form platform-notes.md shows (it needs percent-encoding in a path). */
export const EXAMPLE_ID = 'enc!!H6fD9HS7Y7peXJh1HqC34RFgGfF992bjRx5n==';

/** Path parameter examples, by the parameter's name in the document. Dredd refuses a path parameter without one. */
export const PATH_EXAMPLES: Record<string, string> = {
  basketId: EXAMPLE_ID,
  paymentId: EXAMPLE_ID,
  paymentProduct: 'norwegian-cross-border-credit-transfers',
  mockAgreementId: 'agreement-0001',
  mockEngagementId: 'engagement-0001',
  mockAccountId: 'account-0001',
  mockCardAccountId: 'card-account-0001',
};

const nokAccount = { bban: '86011117947', currency: 'NOK' };
const engagement = { customer: 'psu-0001', account: { iban: 'NO9386011117947' }, roles: ['VIEW', 'REGISTER'] };

export const REQUEST_EXAMPLES: Partial<Record<OperationId, unknown>> = {
  'ncbct.create': {
    instructedAmount: { amount: '1250.00', currency: 'NOK' },
    creditorName: 'Max Mustermann GmbH',
    creditorAgent: 'DEUTDEFF',
    creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
    debtorAccount: nokAccount,
    remittanceInformationUnstructured: 'Invoice 2026-11',
  },
  'sct.create': {
    endToEndIdentification: 'E2E-0001',
    instructedAmount: { amount: '99.99', currency: 'EUR' },
    creditorName: 'Max Mustermann GmbH',
    creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
    debtorAccount: { iban: 'NO9386011117947', currency: 'EUR' },
    remittanceInformationUnstructured: 'Invoice 42',
  },
  'bulk.create': {
    paymentInformationId: 'BULK-0001',
    debtorAccount: nokAccount,
    payments: [
      {
        endToEndIdentification: 'E2E-0001',
        instructedAmount: { amount: '1500.00', currency: 'NOK' },
        creditorName: 'Kari Nordmann',
        creditorAccount: { bban: '12345678903', currency: 'NOK' },
        creditorAddress: {
          street: 'Storgata',
          buildingNumber: '1',
          postalCode: '0155',
          townName: 'Oslo',
          country: 'NO',
        },
        remittanceInformationUnstructured: 'Faktura 1001',
      },
    ],
  },
  'basket.create': { paymentIds: [EXAMPLE_ID] },
  'sandbox.engagement.create': { ...engagement, registerLimit: 100000, approvalLimit: 100000 },
  'sandbox.cardAccount.create': {
    customerNumber: 'psu-0001',
    maskedPan: '525412******3241',
    currency: 'NOK',
    creditLimit: { currency: 'NOK', amount: 50000 },
    balances: [{ balanceAmount: { currency: 'NOK', amount: 12000 }, balanceType: 'expected' }],
    cardId: 'card-0001',
    cardIdVNo: '1',
    accountNumber: '12345678903',
    expiry: '2028-12',
    name: 'Visa Gold',
    product: 'VISA',
    status: 'enabled',
  },
  'sandbox.customer.create': { customerNumber: 'corp-0001', name: 'Eksempel AS', type: 'corporate' },
  // The account a real client creates (platform-notes.md), owned by the example's corporate customer.
  'sandbox.account.create': {
    customerNumber: 'corp-0001',
    accountName: 'Brukskonto',
    bban: '86011117947',
    iban: 'NO9386011117947',
    currency: 'NOK',
    product: 'Brukskonto',
    cashAccountType: 'CACC',
    creditLine: 0,
    balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 10000, currency: 'NOK' } }],
  },
  'sandbox.agreement.create': { owner: 'corp-0001', name: 'Eksempel AS', engagements: [engagement] },
  'sandbox.transactions.create': [
    { amount: 250, currency: 'NOK', bookingDate: '2026-01-08', valueDate: '2026-01-08', creditorName: 'Kafe AS' },
  ],
  'sandbox.cardTransactions.create': [
    { amount: 120, currency: 'NOK', bookingDate: '2026-01-08', valueDate: '2026-01-08', creditorName: 'Kiosk AS' },
  ],
  'sandbox.initialize': {},
};
