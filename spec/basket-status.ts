import type { BasketStatus } from './enums.js';

/**
 * Basket.transactionStatus.worstCase: "a basket has one status that stands for the worst case of the
 * payments in it". interface.md gives no order, so this is the one the project uses on both sides:
 * RJCT (a rejected or cancelled payment) < RCVD (one not yet accepted) < PATC (partially accepted) < ACTC.
 */
const RANK: Record<BasketStatus, number> = { RJCT: 0, RCVD: 1, PATC: 2, ACTC: 3 };

export function basketStatusOf(paymentStatus: string): BasketStatus {
  if (paymentStatus === 'RJCT' || paymentStatus === 'CANC') return 'RJCT';
  if (paymentStatus === 'PART' || paymentStatus === 'PATC') return 'PATC';
  if (['ACTC', 'ACCP', 'ACSC', 'ACSP', 'ACWC', 'ACWP'].includes(paymentStatus)) return 'ACTC';
  return 'RCVD';
}

export function worstCaseBasketStatus(paymentStatuses: readonly string[]): BasketStatus {
  let worst: BasketStatus = 'ACTC';
  for (const s of paymentStatuses) if (RANK[basketStatusOf(s)] < RANK[worst]) worst = basketStatusOf(s);
  return paymentStatuses.length ? worst : 'RCVD';
}
