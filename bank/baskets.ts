import { basketStatusOf } from '../spec/index.js';
import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { link, links } from './links.js';
import { refuseOtherTpp } from './ownership.js';
import { SUCCESS_WARNING, basketStatus, type Created } from './payments.js';
import { authorisationEnded, startImplicitly, type ScaReturn } from './sca.js';
import { type BankState } from './state.js';

export {
  authorisationStatus,
  completeSca,
  scaRedirectHref,
  startAuthorisation,
  startPaymentAuthorisation,
  type ScaReturn,
} from './sca.js';

export function createBasket(
  state: BankState,
  faults: Faults,
  body: { paymentIds?: unknown },
  { redirectUri, origin = '', tpp }: ScaReturn = {},
): Created {
  const ids = body.paymentIds as string[];
  for (const id of ids) {
    const payment = state.payments.get(id);
    if (!payment) throw new Rejection(400, 'RESOURCE_UNKNOWN', `no payment ${id}`);
    // Another TPP's payment is as unknown here as in a path: 400, as an unknown id from the body.
    try {
      refuseOtherTpp(
        { faults, policy: state.policy },
        { kind: 'payment', owner: payment.owner, tpp, what: `payment ${id}` },
      );
    } catch {
      throw new Rejection(400, 'RESOURCE_UNKNOWN', `no payment ${id}`);
    }
    // Errors rule 3 (release 1.7.13): bulk and periodic payments cannot join a basket.
    if (payment.kind === 'bulk' && !faults.has('allow-bulk-in-basket'))
      throw new Rejection(400, 'REFERENCE_MIX_INVALID', `payment ${id} is a bulk payment`);
  }
  const basketId = state.newId('B');
  state.baskets.set(basketId, { id: basketId, payments: [...ids], owner: tpp });
  const base = basketPath(basketId);
  const { policy } = state;
  const response: Record<string, unknown> = {
    basketId,
    transactionStatus: basketStatus(state, faults, ids),
  };
  if (policy.basketCreateShape === 'implicit-authorisation') {
    // Berlin Group's implicit start: the authorisation exists at once, its links come with the basket.
    const started = startImplicitly(state, faults, { resource: base, paymentIds: [...ids], redirectUri, origin, tpp });
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
  return { status: policy.basketCreatedStatus, body: response };
}

const basketPath = (basketId: string) => `/v1/signing-baskets/${encodeURIComponent(basketId)}`;

export function getBasket(state: BankState, faults: Faults, basketId: string, tpp?: string): Created {
  const basket = state.baskets.get(basketId);
  if (!basket) {
    if (faults.has('basket-unknown-200')) return { status: 200, body: { payments: [], transactionStatus: 'RCVD' } };
    throw new Rejection(404, 'RESOURCE_UNKNOWN', `no signing basket ${basketId}`);
  }
  refuseOtherTpp(
    { faults, policy: state.policy },
    { kind: 'basket', owner: basket.owner, tpp, what: `signing basket ${basketId}` },
  );
  const first = state.payments.get(basket.payments[0] ?? '')?.status ?? 'RJCT';
  const fromFirst =
    faults.has('journey-basket-first-payment-after-sca') && authorisationEnded(state, basketPath(basketId));
  return {
    status: 200,
    body: {
      payments: basket.payments,
      transactionStatus: fromFirst ? basketStatusOf(first) : basketStatus(state, faults, basket.payments),
      _links: links(faults, {
        self: link(basketPath(basketId), 'GET'),
        ...(state.policy.linkSet === 'extra'
          ? { startAuthorisation: link(`${basketPath(basketId)}/authorisations`, 'POST') }
          : {}),
      }),
    },
  };
}
