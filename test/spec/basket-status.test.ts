import { describe, expect, it } from 'vitest';
import { unambiguousBasketStatus, worstCaseBasketStatus } from '../../spec/index.js';

/** Basket.transactionStatus.worstCase (MUST where unambiguous) and Basket.transactionStatus.mapping (SHOULD). */
describe('basket status', () => {
  it.each([
    [['RCVD', 'RCVD'], ['RCVD', 'RCVD'], 'RCVD'],
    [['ACTC'], ['ACTC'], 'ACTC'],
    [['RJCT', 'RJCT'], ['RJCT', 'RJCT'], 'RJCT'],
    // Payment statuses outside the basket set have no stated mapping.
    [['PDNG', 'PDNG'], ['PDNG', 'PDNG'], undefined],
    [['ACCP'], ['ACCP'], undefined],
    // Payments that differ, or that moved between the reads, leave the worst case to the mapping.
    [['RCVD', 'ACTC'], ['RCVD', 'ACTC'], undefined],
    [['RCVD', 'RCVD'], ['ACTC', 'RCVD'], undefined],
    [[], [], undefined],
  ])('payments %j then %j: unambiguous basket status %s', (before, after, expected) => {
    expect(unambiguousBasketStatus(before, after)).toBe(expected);
  });

  it("the project's mapping: worst of RJCT < RCVD < PATC < ACTC", () => {
    expect(worstCaseBasketStatus(['ACTC', 'RCVD'])).toBe('RCVD');
    expect(worstCaseBasketStatus(['ACSC', 'PART'])).toBe('PATC');
    expect(worstCaseBasketStatus(['ACTC', 'CANC'])).toBe('RJCT');
    expect(worstCaseBasketStatus(['PDNG'])).toBe('RCVD');
  });
});
