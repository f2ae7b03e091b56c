import { describe, expect, it } from 'vitest';
import {
  BASKET_STATUSES,
  BULK_TRANSACTION_STATUSES,
  CARD_ACCOUNT_STATUSES,
  CARD_BALANCE_TYPES,
  COUNTRIES,
  CURRENCY_CODES,
  ENGAGEMENT_ROLES,
  LINK_VERBS,
  PSU_CONTEXTS,
  PSU_HTTP_METHODS,
  PURPOSE_CODES,
  REGULATORY_REPORTING_CODES,
  SCA_STATUSES,
  TPP_MESSAGE_CATEGORIES,
  TPP_MESSAGE_CODES,
  TRANSACTION_STATUSES,
  ACCEPT_FIX_VALUES,
} from '../../spec/index.js';
import { codesAfter, listAfter, tableAfter } from './interface-md.js';

// Each enumerated value set of spec/ is compared with the text of interface.md, in order.
describe('spec/ value sets equal interface.md', () => {
  it.each([
    ['Currency', CURRENCY_CODES, () => codesAfter('**Currency**')],
    ['Country', COUNTRIES, () => codesAfter('**Country**')],
    [
      'TransactionStatus',
      TRANSACTION_STATUSES,
      () => listAfter('**TransactionStatus** (payment initiation responses): '),
    ],
    ['Basket transaction status', BASKET_STATUSES, () => listAfter('**Basket transaction status**: ')],
    ['scaStatus', SCA_STATUSES, () => listAfter('**Authorisation status (`scaStatus`)**: ')],
    ['purposeCode', PURPOSE_CODES, () => listAfter('| purposeCode | string | no | ', /\|/)],
    ['regulatoryReportingCode', REGULATORY_REPORTING_CODES, () => listAfter('| conditional | one of ', /;/)],
    ['engagement roles', ENGAGEMENT_ROLES, () => listAfter('| yes | each of ', /\|/)],
    ['card account status', CARD_ACCOUNT_STATUSES, () => listAfter('**Sandbox card account status**: ')],
    ['balanceType', CARD_BALANCE_TYPES, () => listAfter('`balanceType` (', /\)/)],
    ['Link verbs', LINK_VERBS, () => listAfter('each one of ', /\)/)],
    ['TppMessage category', TPP_MESSAGE_CATEGORIES, () => listAfter('| category | string | yes | ', /\|/)],
    ['PSU-HTTP-Method', PSU_HTTP_METHODS, () => listAfter('| PSU-HTTP-Method | string, one of ', /\|/)],
    ['PSU-Context', PSU_CONTEXTS, () => listAfter('PSU-Context (string, optional; ', /;/)],
    ['TppMessage codes', TPP_MESSAGE_CODES, () => tableAfter('Codes that TppMessage.code may take').map((r) => r[0])],
    ['x-accept-fix values', ACCEPT_FIX_VALUES, () => tableAfter('Named changes:').map((r) => r[0])],
  ] as const)('%s', (_name, data, fromMarkdown) => {
    expect([...data]).toEqual(fromMarkdown());
  });

  it('the bulk response adds exactly PRSY', () => {
    expect(BULK_TRANSACTION_STATUSES.filter((s) => !(TRANSACTION_STATUSES as readonly string[]).includes(s))).toEqual([
      'PRSY',
    ]);
  });

  it('has 162 currencies and 249 countries, without duplicates', () => {
    expect(new Set(CURRENCY_CODES).size).toBe(162);
    expect(new Set(COUNTRIES).size).toBe(249);
  });
});

describe('Basket.transactionStatus.worstCase order', () => {
  it('RJCT beats everything, an unaccepted payment beats accepted ones, all accepted gives ACTC', async () => {
    const { worstCaseBasketStatus } = await import('../../spec/index.js');
    expect(worstCaseBasketStatus(['ACTC', 'RJCT', 'RCVD'])).toBe('RJCT');
    expect(worstCaseBasketStatus(['ACSC', 'CANC'])).toBe('RJCT');
    expect(worstCaseBasketStatus(['ACTC', 'RCVD'])).toBe('RCVD');
    expect(worstCaseBasketStatus(['ACTC', 'PART'])).toBe('PATC');
    expect(worstCaseBasketStatus(['ACTC', 'ACSC', 'ACCP'])).toBe('ACTC');
    expect(worstCaseBasketStatus(['PDNG'])).toBe('RCVD');
  });
});
