/**
 * Authorisations of payments and baskets: SCA by redirect (interface.md › Authentication 5). The scaRedirect link
 * points at this bank's /sca page, which ends SCA and returns the PSU to TPP-Redirect-URI. What a decision does to
 * the payments is the bank's choice where interface.md says "transitions: not shown" (policy approvedStatus).
 */
import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { link, links } from './links.js';
import { refuseOtherTpp } from './ownership.js';
import type { BankState, Created, Payment } from './state.js';

/** Where the PSU's browser goes after SCA (TPP-Redirect-URI), the origin the bank's links start with, the TPP. */
export interface ScaReturn {
  redirectUri?: string | undefined;
  origin?: string;
  /** The TPP that asks (bank/ownership.ts). */
  tpp?: string | undefined;
}

/** Payment statuses no decision changes any more: booked, rejected, cancelled. */
const FINAL_PAYMENT = ['ACSC', 'RJCT', 'CANC'];
const finished = (scaStatus: string) => scaStatus === 'FINALISED' || scaStatus === 'FAILED';
const isBasket = (resource: string) => resource.startsWith('/v1/signing-baskets/');

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

/** The address the PSU's browser is sent to for one authorisation: this bank's /sca page (under its base path). */
export const scaRedirectHref = (state: BankState, origin: string, authorisationId: string): string =>
  `${origin}${state.policy.basePath}/sca/${encodeURIComponent(authorisationId)}`;

interface Start extends ScaReturn {
  /** The path of the resource the authorisation is for. */
  resource: string;
  paymentIds: string[];
}

/**
 * A new authorisation of a resource, in the scaStatus the policy starts it in, with scaRedirect on the 201 or on its
 * own resource. A resource whose authorisation is FINALISED is signed already: another start is 409 CONFLICT.
 */
export function startImplicitly(state: BankState, faults: Faults, options: Start): Created {
  const { resource, paymentIds, origin = '', tpp } = options;
  const redirect = redirectTarget(options.redirectUri);
  const signed = [...state.authorisations.values()].some((a) => a.resource === resource && a.scaStatus === 'FINALISED');
  if (signed && !(isBasket(resource) && faults.has('journey-reauthorise-finalised-basket')))
    throw new Rejection(409, 'CONFLICT', 'the authorisation of this resource is FINALISED already');
  const id = state.newId('Z');
  const { policy } = state;
  const scaStatus = policy.authorisationShape === 'started' ? 'STARTED' : 'RECEIVED';
  state.authorisations.set(id, {
    id,
    scaStatus,
    paymentIds,
    resource,
    origin,
    owner: tpp,
    ...(redirect ? { redirect } : {}),
  });
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

const basketPath = (basketId: string) => `/v1/signing-baskets/${encodeURIComponent(basketId)}`;

export function startAuthorisation(state: BankState, faults: Faults, basketId: string, sca: ScaReturn): Created {
  const basket = state.baskets.get(basketId);
  if (!basket) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no signing basket ${basketId}`);
  refuseOtherTpp(
    { faults, policy: state.policy },
    { kind: 'basket', owner: basket.owner, tpp: sca.tpp, what: `signing basket ${basketId}` },
  );
  return startImplicitly(state, faults, { ...sca, resource: basketPath(basketId), paymentIds: basket.payments });
}

/** A single payment's authorisation works like a basket's (interface.md › Endpoints 1). */
export function startPaymentAuthorisation(
  state: BankState,
  faults: Faults,
  { resource, payment, ...sca }: ScaReturn & { resource: string; payment: Payment },
): Created {
  return startImplicitly(state, faults, { ...sca, resource, paymentIds: [payment.id] });
}

export function authorisationStatus(
  state: BankState,
  faults: Faults,
  { resource, authorisationId, tpp }: { resource: string; authorisationId: string; tpp: string | undefined },
): Created {
  const auth = state.authorisations.get(authorisationId);
  if (!auth || auth.resource !== resource)
    throw new Rejection(404, 'RESOURCE_UNKNOWN', `no authorisation ${authorisationId}`);
  refuseOtherTpp(
    { faults, policy: state.policy },
    { kind: 'basket', owner: auth.owner, tpp, what: `authorisation ${authorisationId}` },
  );
  const own = `${resource}/authorisations/${encodeURIComponent(authorisationId)}`;
  return {
    status: 200,
    body: {
      scaStatus: auth.scaStatus,
      _links: links(faults, {
        self: link(own, 'GET'),
        // Where the 201 carried no scaRedirect, the authorisation's own resource offers it while SCA is open.
        ...(state.policy.scaRedirect === 'via-authorisation-resource' && !finished(auth.scaStatus)
          ? { scaRedirect: link(scaRedirectHref(state, auth.origin, authorisationId), 'GET') }
          : {}),
      }),
    },
  };
}

/** What the PSU's decision does to one payment of the authorisation: a final status stays as it is. */
function decide(state: BankState, faults: Faults, payment: Payment, approved: boolean): void {
  if (FINAL_PAYMENT.includes(payment.status)) return;
  const approve =
    approved || (payment.product === 'sepa-credit-transfers' && faults.has('journey-deny-as-approve-sct'));
  delete payment.afterRead;
  if (!approve) {
    payment.status = 'RJCT';
    delete payment.book;
    return;
  }
  payment.book?.();
  delete payment.book;
  if (faults.has('journey-acsc-back-to-rcvd')) {
    payment.status = 'ACSC';
    payment.afterRead = 'RCVD';
    return;
  }
  // A future-dated payment waits for its day (no clock moves a sandbox payment there: it stays pending).
  if (payment.futureDated && state.policy.futureDatedStatus === 'PDNG') {
    payment.status = 'PDNG';
    return;
  }
  const policy = state.policy.approvedStatus;
  payment.status = policy === 'PDNG-then-ACSC' ? 'PDNG' : policy;
  if (policy === 'PDNG-then-ACSC') payment.afterRead = 'ACSC';
}

/**
 * The PSU's browser lands here: ?result=ok finalises (the payments approved), anything else fails (RJCT). A finished
 * authorisation stays as it ended. Returns where to send the browser, or undefined when the authorisation is unknown.
 */
export function completeSca(
  state: BankState,
  faults: Faults,
  { authorisationId, result }: { authorisationId: string; result: string | undefined },
): string | undefined {
  const auth = state.authorisations.get(authorisationId);
  if (!auth) return undefined;
  const stuck = isBasket(auth.resource) && faults.has('journey-basket-authorisation-stuck');
  if (!finished(auth.scaStatus) && !stuck) {
    const ok = result === 'ok';
    auth.scaStatus = ok ? 'FINALISED' : 'FAILED';
    const ignored = ok && auth.paymentIds.length >= 3 && faults.has('journey-approval-ignored-three');
    for (const id of ignored ? [] : auth.paymentIds) {
      const payment = state.payments.get(id);
      if (payment) decide(state, faults, payment, ok);
    }
  } else if (stuck) auth.scaStatus = 'STARTED';
  return auth.redirect ?? '/';
}

/** Whether an authorisation of the resource has ended (FINALISED or FAILED). */
export const authorisationEnded = (state: BankState, resource: string): boolean =>
  [...state.authorisations.values()].some((a) => a.resource === resource && finished(a.scaStatus));
