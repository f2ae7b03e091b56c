import type { Exchange } from '../../client/index.js';
import type { OperationId } from '../../spec/index.js';
import { FixtureError, createdId } from './fixtures.js';
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
