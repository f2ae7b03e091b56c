import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { SUCCESS_WARNING, basketStatus, link, links, type Created } from './payments.js';
import { type BankState } from './state.js';

/** Where the PSU's browser goes after SCA (TPP-Redirect-URI) and the origin the bank's links start with. */
export interface ScaReturn {
  redirectUri?: string | undefined;
  origin?: string;
}

export function createBasket(
  state: BankState,
  faults: Faults,
  body: { paymentIds?: unknown },
  { redirectUri, origin = '' }: ScaReturn = {},
): Created {
  const ids = body.paymentIds as string[];
  for (const id of ids) {
    const payment = state.payments.get(id);
    if (!payment) throw new Rejection(400, 'RESOURCE_UNKNOWN', `no payment ${id}`);
    // Errors rule 3 (release 1.7.13): bulk and periodic payments cannot join a basket.
    if (payment.kind === 'bulk' && !faults.has('allow-bulk-in-basket'))
      throw new Rejection(400, 'REFERENCE_MIX_INVALID', `payment ${id} is a bulk payment`);
  }
  const basketId = state.newId('B');
  state.baskets.set(basketId, { id: basketId, payments: [...ids] });
  const base = basketPath(basketId);
  const { policy } = state;
  const response: Record<string, unknown> = {
    basketId,
    transactionStatus: basketStatus(state, faults, ids),
  };
  if (policy.basketCreateShape === 'implicit-authorisation') {
    // Berlin Group's implicit start: the authorisation exists at once, its links come with the basket.
    const started = start(state, faults, { resource: base, paymentIds: [...ids], redirectUri, origin });
    const { _links: authLinks, authorisationId } = started.body as { _links?: object; authorisationId: string };
    response.authorisationId = authorisationId;
    response._links = {
      ...(policy.linkSet === 'required-only' ? {} : links(faults, { self: link(base, 'GET') })),
      ...authLinks,
    };
  } else if (policy.linkSet !== 'required-only') {
    response._links = links(faults, {
      self: link(base, 'GET'),
      startAuthorisation: link(`${base}/authorisations`, 'POST'),
    });
  }
  if (policy.successWarnings) response.tppMessages = [SUCCESS_WARNING];
  return { status: 201, body: response };
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
      _links: links(faults, {
        self: link(basketPath(basketId), 'GET'),
        ...(state.policy.linkSet === 'extra'
          ? { startAuthorisation: link(`${basketPath(basketId)}/authorisations`, 'POST') }
          : {}),
      }),
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

interface Start {
  /** The path of the resource the authorisation is for. */
  resource: string;
  paymentIds: string[];
  redirectUri: string | undefined;
  /** The bank's origin as the client reached it, for the absolute scaRedirect URL. */
  origin: string;
}

/** The address the PSU's browser is sent to for one authorisation: this bank's /sca page (under its base path). */
export const scaRedirectHref = (state: BankState, origin: string, authorisationId: string): string =>
  `${origin}${state.policy.basePath}/sca/${encodeURIComponent(authorisationId)}`;

/**
 * SCA by redirect (Authentication 5): the scaRedirect link points at this bank, which returns the PSU to
 * TPP-Redirect-URI. The policy decides the scaStatus it starts in and whether scaRedirect is on the 201.
 */
function start(state: BankState, faults: Faults, { resource, paymentIds, redirectUri, origin }: Start): Created {
  const redirect = redirectTarget(redirectUri);
  const id = state.newId('Z');
  const { policy } = state;
  const scaStatus = policy.authorisationShape === 'started' ? 'STARTED' : 'RECEIVED';
  state.authorisations.set(id, { id, scaStatus, paymentIds, resource, origin, ...(redirect ? { redirect } : {}) });
  const own = `${resource}/authorisations/${encodeURIComponent(id)}`;
  const onThe201 = policy.scaRedirect === 'on-201';
  const body: Record<string, unknown> = {
    scaStatus,
    authorisationId: id,
    ...(policy.authorisationShape === 'started' ? { psuMessage: 'Bekreft med BankID.' } : {}),
    _links: links(faults, {
      ...(onThe201 ? { scaRedirect: link(scaRedirectHref(state, origin, id), 'GET') } : {}),
      ...(policy.linkSet !== 'required-only' || !onThe201 ? { scaStatus: link(own, 'GET') } : {}),
      ...(policy.linkSet === 'extra' ? { self: link(own, 'GET') } : {}),
    }),
  };
  if (faults.has('authorisation-without-links')) delete body._links;
  return { status: 201, body };
}

export function startAuthorisation(
  state: BankState,
  faults: Faults,
  basketId: string,
  { redirectUri, origin = '' }: ScaReturn,
): Created {
  const basket = state.baskets.get(basketId);
  if (!basket) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no signing basket ${basketId}`);
  return start(state, faults, { resource: basketPath(basketId), paymentIds: basket.payments, redirectUri, origin });
}

/** A single payment's authorisation works like a basket's (interface.md › Endpoints 1). */
export function startPaymentAuthorisation(
  state: BankState,
  faults: Faults,
  { resource, paymentId, redirectUri, origin = '' }: ScaReturn & { resource: string; paymentId: string },
): Created {
  if (!state.payments.has(paymentId)) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no payment ${paymentId}`);
  return start(state, faults, { resource, paymentIds: [paymentId], redirectUri, origin });
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
  const own = `${resource}/authorisations/${encodeURIComponent(authorisationId)}`;
  const unfinished = auth.scaStatus !== 'FINALISED' && auth.scaStatus !== 'FAILED';
  return {
    status: 200,
    body: {
      scaStatus: auth.scaStatus,
      _links: links(faults, {
        self: link(own, 'GET'),
        // Where the 201 carried no scaRedirect, the authorisation's own resource offers it while SCA is open.
        ...(state.policy.scaRedirect === 'via-authorisation-resource' && unfinished
          ? { scaRedirect: link(scaRedirectHref(state, auth.origin, authorisationId), 'GET') }
          : {}),
      }),
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
