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
    if (payment.kind === 'bulk' && !faults.has('allow-bulk-in-basket'))
      throw new Rejection(400, 'REFERENCE_MIX_INVALID', `payment ${id} is a bulk payment`);
  }
  const basketId = opaqueId('B');
  state.baskets.set(basketId, { id: basketId, payments: [...ids] });
  const base = basketPath(basketId);
  return {
    status: 201,
    body: {
      basketId,
      transactionStatus: basketStatus(state, faults, ids),
      _links: links(faults, { self: link(base, 'GET'), startAuthorisation: link(`${base}/authorisations`, 'POST') }),
    },
  };
}

const basketPath = (basketId: string) => `/v1/signing-baskets/${encodeURIComponent(basketId)}`;

export function getBasket(state: BankState, faults: Faults, basketId: string): Created {
  const basket = state.baskets.get(basketId);
  if (!basket) {
    if (faults.has('basket-unknown-200')) return { status: 200, body: { payments: [], transactionStatus: 'RCVD' } };
    throw new Rejection(404, 'RESOURCE_UNKNOWN', `no signing basket ${basketId}`);
  }
  return {
    status: 200,
    body: {
      payments: basket.payments,
      transactionStatus: basketStatus(state, faults, basket.payments),
      _links: links(faults, { self: link(basketPath(basketId), 'GET') }),
    },
  };
}

/** TPP-Redirect-URI is where the PSU's browser goes back to: only an absolute http(s) URL can be one. */
function redirectTarget(uri: string | undefined): string | undefined {
  if (uri === undefined) return undefined;
  try {
    const url = new URL(uri);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // falls through to the rejection
  }
  throw new Rejection(400, 'FORMAT_ERROR', 'TPP-Redirect-URI must be an absolute http(s) URL');
}

/** SCA by redirect (Authentication 5): the scaRedirect link points at this bank, which returns the PSU to TPP-Redirect-URI. */
function start(
  state: BankState,
  faults: Faults,
  resource: string,
  paymentIds: string[],
  redirectUri: string | undefined,
  origin: string,
): Created {
  const redirect = redirectTarget(redirectUri);
  const id = opaqueId('Z');
  state.authorisations.set(id, { id, scaStatus: 'RECEIVED', paymentIds, resource, ...(redirect ? { redirect } : {}) });
  const body: Record<string, unknown> = {
    scaStatus: 'RECEIVED',
    authorisationId: id,
    _links: links(faults, {
      scaRedirect: link(`${origin}/sca/${encodeURIComponent(id)}`, 'GET'),
      scaStatus: link(`${resource}/authorisations/${encodeURIComponent(id)}`, 'GET'),
    }),
  };
  if (faults.has('authorisation-without-links')) delete body._links;
  return { status: 201, body };
}

export function startAuthorisation(
  state: BankState,
  faults: Faults,
  basketId: string,
  redirectUri: string | undefined,
  origin: string,
): Created {
  const basket = state.baskets.get(basketId);
  if (!basket) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no signing basket ${basketId}`);
  return start(state, faults, basketPath(basketId), basket.payments, redirectUri, origin);
}

/** A single payment's authorisation works like a basket's (interface.md › Endpoints 1). */
export function startPaymentAuthorisation(
  state: BankState,
  faults: Faults,
  resource: string,
  paymentId: string,
  redirectUri: string | undefined,
  origin: string,
): Created {
  if (!state.payments.has(paymentId)) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no payment ${paymentId}`);
  return start(state, faults, resource, [paymentId], redirectUri, origin);
}

export function authorisationStatus(
  state: BankState,
  faults: Faults,
  resource: string,
  authorisationId: string,
): Created {
  const auth = state.authorisations.get(authorisationId);
  if (!auth || auth.resource !== resource)
    throw new Rejection(404, 'RESOURCE_UNKNOWN', `no authorisation ${authorisationId}`);
  return {
    status: 200,
    body: {
      scaStatus: auth.scaStatus,
      _links: links(faults, { self: link(`${resource}/authorisations/${encodeURIComponent(authorisationId)}`, 'GET') }),
    },
  };
}

/**
 * The PSU's browser lands here: ?result=ok finalises (payments ACTC), anything else fails (payments RJCT).
 * A finished authorisation stays as it ended. Returns where to send the browser, or undefined when unknown.
 */
export function completeSca(state: BankState, authorisationId: string, result: string | undefined): string | undefined {
  const auth = state.authorisations.get(authorisationId);
  if (!auth) return undefined;
  if (auth.scaStatus !== 'FINALISED' && auth.scaStatus !== 'FAILED') {
    const ok = result === 'ok';
    auth.scaStatus = ok ? 'FINALISED' : 'FAILED';
    for (const id of auth.paymentIds) {
      const payment = state.payments.get(id);
      if (payment) payment.status = ok ? 'ACTC' : 'RJCT';
    }
  }
  return auth.redirect ?? '/';
}
