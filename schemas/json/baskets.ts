import { BASKET_STATUSES, SCA_STATUSES } from '../../spec/index.js';
import { X_REQUIREMENT, enumOf, object, ref, type JsonSchema } from './annotate.js';

/** interface.md › Resources › Signing basket and Basket authorisation. */

export const SigningBasket: JsonSchema = object(
  {
    payments: {
      type: 'array',
      items: { type: 'string', [X_REQUIREMENT]: 'Basket.payments.array' },
      [X_REQUIREMENT]: 'Basket.payments.array',
    },
    transactionStatus: enumOf(BASKET_STATUSES, 'Basket.transactionStatus.enum'),
    _links: ref('Links'),
  },
  {},
);

export const BasketAuthorisation: JsonSchema = object(
  {
    scaStatus: enumOf(SCA_STATUSES, 'Basket.authorisation.scaStatus.enum'),
    _links: ref('Links'),
  },
  { scaStatus: 'Basket.startAuthorisation.201', _links: 'Basket.startAuthorisation.201' },
);

/** Berlin Group body of POST /v1/signing-baskets (platform-notes.md; SHOULD level). */
export const SigningBasketRequest: JsonSchema = object(
  {
    paymentIds: { type: 'array', minItems: 1, items: { type: 'string' }, [X_REQUIREMENT]: 'Basket.create.paymentIds' },
  },
  { paymentIds: 'Basket.create.paymentIds' },
);
