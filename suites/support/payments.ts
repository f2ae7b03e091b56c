import type { Exchange } from '../../client/index.js';
import type { OperationId } from '../../spec/index.js';
import { FixtureError, createdId } from './fixtures.js';
import { linksOf, pathAfterBase } from './journeys/links.js';
import { pathFor } from './request.js';
import type { Session } from './session.js';

export interface Created {
  exchange: Exchange;
  paymentId: string;
}

/**
 * Creates a payment that the test needs as data (not as its subject): anything but a 201 with a paymentId stops the
 * test.
 */
export async function createPayment(
  s: Session,
  op: OperationId,
  body: unknown,
  query: Record<string, string | boolean> = {},
): Promise<Created> {
  const exchange = await s.call(op, { body, query });
  const id = (exchange.response?.json as { paymentId?: unknown } | undefined)?.paymentId;
  if (exchange.response?.status !== 201 || typeof id !== 'string')
    throw new FixtureError(`create a payment with ${op}`, exchange, 'Payment.create.201');
  return { exchange, paymentId: id };
}

/**
 * The basket id of a creation response: Berlin Group's basketId, else where the basket lives (Location or the
 * self link). interface.md shows no creation response, so any of these conforms.
 */
export function basketIdOf(exchange: Exchange): string | undefined {
  return createdId(exchange, 'basket');
}

/**
 * Where a created payment's status is read: its status link when the bank handed one out under base_url, else the
 * named status path (a bulk payment's under bulk-payments, as platform-notes.md shows the products).
 */
export function statusPathOf(s: Session, op: OperationId, product: string, created: Created): string {
  const link = linksOf(created.exchange.response?.json, 'creation').find((l) => l.name === 'status');
  const linked = link && pathAfterBase(s.ctx, link.href);
  if (linked) return linked;
  const path = pathFor(s.ctx, 'payment.status', { 'payment-product': product, paymentId: created.paymentId });
  return op === 'bulk.create' ? path.replace('/v1/payments/', '/v1/bulk-payments/') : path;
}
