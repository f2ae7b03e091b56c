import type { AnySchemaName } from '../registry.js';
import { bulkBbans, ibanStructure, kidCheckDigit, norwegianBban } from './accounts.js';
import { fractionDigits } from './fraction-digits.js';
import type { CodeValidator } from './types.js';

const amounts = fractionDigits();
const responseAmounts = fractionDigits((pointer) =>
  pointer === '/transactionFees' ? 'PaymentResponse.transactionFees.amount' : 'Amount.amount.fractionDigits',
);

/** The rules of each schema that JSON Schema cannot express, checked in code with the same requirement ids. */
export const CODE_VALIDATORS: Partial<Record<AnySchemaName, CodeValidator[]>> = {
  // An Amount validated on its own is judged too, not only inside a body.
  Amount: [amounts],
  NcbctPaymentRequest: [
    amounts,
    ibanStructure(['/creditorAccount/iban', '/debtorAccount/iban']),
    // Only the debtor's account is Norwegian: the creditor of a cross-border transfer banks abroad.
    norwegianBban(() => ['/debtorAccount/bban']),
  ],
  SctPaymentRequest: [amounts, ibanStructure(['/creditorAccount/iban', '/debtorAccount/iban'])],
  BulkPaymentRequest: [amounts, norwegianBban(bulkBbans), kidCheckDigit],
  PaymentInitiationResponse: [responseAmounts],
  BulkPaymentInitiationResponse: [responseAmounts],
};
