import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { basketStatus, link, links, type Created } from './payments.js';
import { opaqueId, type BankState } from './state.js';

export function createBasket(state: BankState, faults: Faults, body: { paymentIds?: unknown }): Created {
  const ids = body.paymentIds as string[];
  for (const id of ids) {
    const payment = state.payments.get(id);
    if (!payment) throw new Rejection(400, 'RESOURCE_UNKNOWN', `no payment ${id}`);
    // Errors rule 3 (release 1.7.13): bulk and periodic payments cannot join a basket.
    if (payment.kind === 'bulk' && !faults.has('allow-bulk-in-basket')) throw new Rejection(400, 'REFERENCE_MIX_INVALID', `payment ${id} is a bulk payment`);
  }
  const basketId = opaqueId('B');
  state.baskets.set(basketId, { id: basketId, payments: [...ids], authorisations: new Map() });
  const base = `/v1/signing-baskets/${encodeURIComponent(basketId)}`;
  return { status: 201, body: { basketId, transactionStatus: basketStatus(state, faults, ids), _links: links(faults, { self: link(base, 'GET'), startAuthorisation: link(`${base}/authorisations`, 'POST') }) } };
}

export function getBasket(state: BankState, faults: Faults, basketId: string): Created {
  const basket = state.baskets.get(basketId);
  if (!basket) {
    if (faults.has('basket-unknown-200')) return { status: 200, body: { payments: [], transactionStatus: 'RCVD' } };
    throw new Rejection(404, 'RESOURCE_UNKNOWN', `no signing basket ${basketId}`);
  }
  return { status: 200, body: { payments: basket.payments, transactionStatus: basketStatus(state, faults, basket.payments), _links: links(faults, { self: link(`/v1/signing-baskets/${encodeURIComponent(basketId)}`, 'GET') }) } };
}

/** SCA by redirect (Authentication 5): the scaRedirect link points at this bank, which returns the PSU to TPP-Redirect-URI. */
export function startAuthorisation(state: BankState, faults: Faults, basketId: string, redirectUri: string | undefined, origin: string): Created {
  const basket = state.baskets.get(basketId);
  if (!basket) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no signing basket ${basketId}`);
  const authorisationId = opaqueId('Z');
  basket.authorisations.set(authorisationId, { scaStatus: 'RECEIVED', ...(redirectUri ? { redirect: redirectUri } : {}) });
  const sca = `${origin}/sca/${encodeURIComponent(basketId)}/${encodeURIComponent(authorisationId)}`;
  const body: Record<string, unknown> = {
    scaStatus: 'RECEIVED',
    authorisationId,
    _links: links(faults, { scaRedirect: link(sca, 'GET'), scaStatus: link(`/v1/signing-baskets/${encodeURIComponent(basketId)}/authorisations/${encodeURIComponent(authorisationId)}`, 'GET') }),
  };
  if (faults.has('authorisation-without-links')) delete body._links;
  return { status: 201, body };
}

/** The PSU's browser lands here: ?result=ok finalises (payments ACTC), anything else fails (RJCT). */
export function completeSca(state: BankState, basketId: string, authorisationId: string, result: string | undefined): string | undefined {
  const basket = state.baskets.get(basketId);
  const auth = basket?.authorisations.get(authorisationId);
  if (!basket || !auth) return undefined;
  auth.scaStatus = result === 'ok' ? 'FINALISED' : 'FAILED';
  for (const id of basket.payments) {
    const payment = state.payments.get(id);
    if (payment) payment.status = result === 'ok' ? 'ACTC' : 'RJCT';
  }
  return auth.redirect ?? '/';
}
