import { describe, expect, it } from 'vitest';
import { validate } from '../../schemas/index.js';
import * as ex from './examples.js';
import { mutate } from './mutate.js';

/**
 * interface.md states no letter case and no trimming: a value wrong only in case or blanks breaks the SHOULD
 * convention, never the MUST rule of its list or pattern; a value wrong in any other way stays a MUST failure.
 */
const ids = (pointer: string, value: unknown) =>
  validate('NcbctPaymentRequest', mutate(ex.NCBCT, pointer, value)).map((v) => `${v.requirementId} ${v.level}`);

describe('letter case and blanks are conventions', () => {
  it.each([
    ['/creditorAgent', 'deutdeff', 'Codes.letterCase.upper SHOULD'],
    ['/creditorAgent', 'DeutDeff', 'Codes.letterCase.upper SHOULD'],
    ['/creditorAgent', ' DEUTDEFF', 'Values.whitespace.trimmed SHOULD'],
    ['/instructedAmount/currency', 'nok', 'Codes.letterCase.upper SHOULD'],
    ['/creditorAddress/country', 'de', 'Codes.letterCase.upper SHOULD'],
    ['/purposeCode', 'Sala', 'Codes.letterCase.upper SHOULD'],
    ['/creditorAccount/iban', 'de89370400440532013000', 'Codes.letterCase.upper SHOULD'],
    ['/instructedAmount/amount', '1250.00 ', 'Values.whitespace.trimmed SHOULD'],
  ])('%s %j breaks only %s', (pointer, value, expected) => {
    expect(ids(pointer, value)).toEqual([expected]);
  });

  it.each([
    ['/creditorAgent', 'deut-deff', 'NCBCT.creditorAgent.bic MUST'],
    ['/creditorAgent', 'deutdef', 'NCBCT.creditorAgent.bic MUST'],
    ['/instructedAmount/currency', 'xyz', 'Currency.enum MUST'],
    ['/purposeCode', 'gift', 'NCBCT.purposeCode.enum MUST'],
    ['/creditorAccount/iban', 'DEAB370400440532013000', 'AccountReference.iban.structure MUST'],
    ['/creditorAccount/iban', 'DE88370400440532013000', 'AccountReference.iban.checksum SHOULD'],
    ['/instructedAmount/amount', ' 1,00', 'Amount.amount.decimal MUST'],
  ])('%s %j is still wrong whatever its case: %s', (pointer, value, expected) => {
    expect(ids(pointer, value)).toContain(expected);
  });
});
