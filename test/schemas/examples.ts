import type {
  BasketAuthorisation,
  BulkPaymentInitiationResponse,
  BulkPaymentRequest,
  ChallengeBody,
  ErrorBody,
  Link,
  NcbctPaymentRequest,
  PaymentInitiationResponse,
  SandboxCardAccountRequest,
  SandboxCardAccountResponse,
  SandboxEngagement,
  SandboxTransaction,
  SctPaymentRequest,
  SigningBasket,
  SigningBasketRequest,
} from '../../schemas/index.js';

/**
 * Conformant example bodies, written by hand from interface.md (not produced by the code under test), each of its
 * body's type (schemas/types.generated.ts): a member the types do not know is a compile error here.
 * Account numbers, checked by hand: 86011117947 — weights 5432765432 over 8601111794 give 147, 147 mod 11 = 4,
 * check digit 11 − 4 = 7; 12345678903 — sum 195, 195 mod 11 = 8, check digit 3. NO9386011117947 is the first's
 * IBAN; DE89370400440532013000 is the standard German example IBAN. KID 12345674: Luhn over 1234567 gives 4.
 */
export const NCBCT: NcbctPaymentRequest = {
  instructedAmount: { amount: '1250.50', currency: 'NOK' },
  creditorName: 'Ærlige Åse Øvrebø',
  creditorAgent: 'DEUTDEFF',
  creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
  creditorAddress: {
    street: 'Unter den Linden',
    buildingNumber: '1',
    postalCode: '10117',
    city: 'Berlin',
    country: 'DE',
  },
  debtorAccount: { bban: '86011117947', currency: 'NOK' },
  remittanceInformationUnstructured: 'Faktura 2026-11',
  purposeCode: 'SUPP',
  requestedExecutionDate: '2026-12-01',
};

export const NCBCT_LARGE: NcbctPaymentRequest = {
  ...NCBCT,
  instructedAmount: { amount: '100000.00', currency: 'NOK' },
  regulatoryReportingCode: '14',
  regulatoryReportingInformation: 'Betaling for varer',
};

export const SCT: SctPaymentRequest = {
  endToEndIdentification: 'E2E-0001',
  instructedAmount: { amount: '99.99', currency: 'EUR' },
  creditorName: 'Max Mustermann',
  creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
  creditorAddress: { street: 'Hauptstraße', country: 'DE' },
  debtorAccount: { iban: 'NO9386011117947', currency: 'EUR' },
  remittanceInformationUnstructured: 'Invoice 42',
  requestedExecutionDate: '2026-12-01',
};

export const BULK: BulkPaymentRequest = {
  paymentInformationId: 'BULK-2026-11-22-1',
  debtorAccount: { bban: '86011117947', currency: 'NOK' },
  requestedExecutionDate: '2026-12-01',
  payments: [
    {
      endToEndIdentification: 'E2E-1',
      instructedAmount: { amount: '500.00', currency: 'NOK' },
      debtorName: 'Bedrift AS',
      creditorName: 'Kari Nordmann',
      creditorAccount: { bban: '12345678903', currency: 'NOK' },
      creditorAddress: { street: 'Storgata 1', townName: 'Oslo', country: 'NO' },
      ultimateDebtor: 'Bedrift AS avd. Oslo',
      remittanceInformationUnstructured: 'Lønn november',
      purposeCode: 'SALA',
    },
    {
      instructedAmount: { amount: '1.00', currency: 'NOK' },
      creditorName: 'Ola Nordmann',
      creditorAccount: { bban: '12345678903', currency: 'NOK' },
      creditorAddress: { country: 'NO' },
      remittanceInformationStructured: { reference: '12345674', referenceType: 'KID' },
    },
    {
      instructedAmount: { amount: '2.00', currency: 'NOK' },
      creditorName: 'Per Hansen',
      creditorAccount: { bban: '12345678903', currency: 'NOK' },
      creditorAddress: { country: 'NO' },
      remittanceInformationStructuredArray: [
        { reference: '12345674' },
        { reference: 'INV-7', referenceType: 'INVOICE', referenceIssuer: 'Per' },
      ],
    },
  ],
};

const link = (href: string, ...verbs: Link['verbs']): Link => ({ href, verbs });

export const PAYMENT_RESPONSE: PaymentInitiationResponse = {
  paymentId: 'enc!!H6fD9HS7Y7peXJh1HqC34RFgGfF992bjRx5n==',
  transactionStatus: 'RCVD',
  transactionFees: { amount: '25.00', currency: 'NOK' },
  transactionFeeIndicator: true,
  tppMessages: [
    { category: 'WARNING', code: 'FORMAT_ERROR', path: 'remittanceInformationUnstructured', text: 'truncated' },
  ],
  psuMessage: 'Betalingen er mottatt',
  _links: { self: link('/v1/payments/x/1', 'GET', 'DELETE'), status: link('/v1/payments/x/1/status', 'GET') },
};

export const BULK_RESPONSE: BulkPaymentInitiationResponse = { ...PAYMENT_RESPONSE, transactionStatus: 'PRSY' };

export const SIGNING_BASKET: SigningBasket = {
  payments: ['p1', 'p2'],
  transactionStatus: 'PATC',
  _links: { self: link('/v1/signing-baskets/b1', 'GET') },
};

export const BASKET_AUTHORISATION: BasketAuthorisation = {
  scaStatus: 'RECEIVED',
  _links: { scaRedirect: link('https://bank.example/sca', 'GET') },
};

export const SIGNING_BASKET_REQUEST: SigningBasketRequest = { paymentIds: ['p1'] };

export const ENGAGEMENT: SandboxEngagement = {
  customer: '01078900497',
  account: { iban: 'NO2390412263056' },
  roles: ['REGISTER', 'VIEW'],
  registerLimit: 100000,
  approvalLimit: 50000,
};

export const CARD_ACCOUNT_REQUEST: SandboxCardAccountRequest = {
  customerNumber: '01078900497',
  maskedPan: '5555 55** **** 4444',
  currency: 'NOK',
  creditLimit: { currency: 'NOK', amount: 50000 },
  balances: [
    { balanceAmount: { currency: 'NOK', amount: 1200 }, balanceType: 'closingBooked' },
    { balanceAmount: { currency: 'NOK', amount: 1100 }, balanceType: 'expected' },
  ],
  cardId: 'card-1',
  cardIdVNo: 'v1',
  accountNumber: '12345678903',
  expiry: '2029-12',
  name: 'Kredittkort',
  product: 'Gold',
  status: 'enabled',
};

export const CARD_ACCOUNT_RESPONSE: SandboxCardAccountResponse = {
  ...CARD_ACCOUNT_REQUEST,
  resourceId: 'enc!!card==',
  _links: { self: link('/v1/card-accounts/1', 'GET'), transactions: link('/v1/card-accounts/1/transactions', 'GET') },
};

const account = { iban: 'NO9386011117947', bban: '86011117947' };
export const TRANSACTION: SandboxTransaction = {
  id: 't1',
  amount: 250,
  currency: 'NOK',
  valueDate: '2026-11-01',
  remittanceInformationUnstructured: 'Kaffe',
  creditorName: 'Kafé',
  creditorAccount: account,
  debtorName: 'Kari',
  debtorAccount: account,
  bankTransactionCode: 'PMNT-RCDT',
  ultimateDebtor: 'Kari',
  ultimateCreditor: 'Kafé',
  purposeCode: 'OTHR',
  bookingDate: '2026-11-01',
  _links: { self: link('/v1/sandbox/accounts/a/transactions/t1', 'GET') },
};

export const ERROR_BODY: ErrorBody = {
  id: 'e1',
  system: 'psd2',
  status: 400,
  code: 'FORMAT_ERROR',
  message: 'creditorName too long',
};
export const SERVER_ERROR_BODY: ErrorBody = { id: 'e2', system: 'psd2', status: 500, code: 'SYSTEM_ERROR' };
export const CHALLENGE: ChallengeBody = { _links: { scaRedirect: link('https://bank.example/sca?x=1', 'GET') } };
