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

/** Payment statuses that are basket statuses too (TransactionStatus ∩ the signing basket's four). */
const SHARED_STATUSES: readonly string[] = ['RCVD', 'ACTC', 'RJCT'];

/**
 * Basket.transactionStatus.worstCase as far as interface.md leaves no doubt: when every payment, read before and
 * after the basket, has one and the same status that the basket set also has, the worst case is that status.
 * Otherwise (payments differ, or moved between the reads) undefined: only the project's mapping above, a SHOULD,
 * says more.
 */
export function unambiguousBasketStatus(before: readonly string[], after: readonly string[]): string | undefined {
  const all = [...before, ...after];
  const first = all[0];
  return first !== undefined && SHARED_STATUSES.includes(first) && all.every((x) => x === first) ? first : undefined;
}
