import { afterEach, describe, expect, it } from 'vitest';
import type { FaultId, VariantId } from '../../bank/index.js';
import { ncbctBody } from '../../suites/support/bodies.js';
import { approvedThroughRedirect, fundedAccount, openBank, type TestBank } from './support.js';

/**
 * States and transitions: "deleting a payment with status PDNG gives an error". The reference bank offers DELETE on a
 * payment's self link (platform-notes.md), keeps an approved future-dated payment PDNG, and refuses to delete it.
 */
const NOW = new Date('2026-06-01T10:00:00Z');
const PRODUCT = 'norwegian-cross-border-credit-transfers';
let bank: TestBank | undefined;
afterEach(async () => {
  await bank?.close();
  bank = undefined;
});

async function opened(options: { variants?: VariantId[]; faults?: FaultId[] } = {}): Promise<TestBank> {
  bank = await openBank({ ...options, now: () => NOW });
  return bank;
}

/** A payment with a requestedExecutionDate (or none), approved through its scaRedirect as the PSU's browser does. */
async function approved(b: TestBank, requestedExecutionDate?: string): Promise<{ id: string; self: string }> {
  const debtor = await fundedAccount(b, 1);
  const body = { ...ncbctBody(debtor), ...(requestedExecutionDate ? { requestedExecutionDate } : {}) };
  const created = await b.call('ncbct.create', { body, query: { allowLogicalDuplicate: true } });
  expect(created.status).toBe(201);
  await approvedThroughRedirect(b, created);
  return { id: created.json.paymentId, self: created.json._links.self.href };
}

const statusOf = async (b: TestBank, paymentId: string) =>
  (await b.call('payment.status', { params: { 'payment-product': PRODUCT, paymentId } })).json.transactionStatus;
const deleted = (b: TestBank, paymentId: string) =>
  b.call('payment.delete', { params: { 'payment-product': PRODUCT, paymentId } });

describe('payment deletion (PaymentStatus.deletePdng.error)', () => {
  it("DELETE on a created payment's self link; an approved future-dated one is PDNG, and refused 409", async () => {
    const b = await opened();
    const { id, self } = await approved(b, '2026-07-08');
    expect(self).toBe(`/v1/payments/${PRODUCT}/${encodeURIComponent(id)}`);
    expect(await statusOf(b, id)).toBe('PDNG');
    const answer = await deleted(b, id);
    expect([answer.status, answer.json.code]).toEqual([409, 'CONFLICT']);
    expect(await statusOf(b, id)).toBe('PDNG');
  });

  it('an approved payment for today is ACTC; a payment not yet authorised is cancelled (CANC)', async () => {
    const b = await opened();
    expect(await statusOf(b, (await approved(b)).id)).toBe('ACTC');
    const debtor = await fundedAccount(b, 2);
    const created = await b.call('ncbct.create', { body: ncbctBody(debtor), query: { allowLogicalDuplicate: true } });
    const answer = await deleted(b, created.json.paymentId);
    expect([answer.status, answer.json.transactionStatus]).toEqual([200, 'CANC']);
    expect(await statusOf(b, created.json.paymentId)).toBe('CANC');
  });

  it('fault accept-delete-pdng: the pending payment is cancelled', async () => {
    const b = await opened({ faults: ['accept-delete-pdng'] });
    const { id } = await approved(b, '2026-07-08');
    expect((await deleted(b, id)).status).toBe(200);
    expect(await statusOf(b, id)).toBe('CANC');
  });
});
