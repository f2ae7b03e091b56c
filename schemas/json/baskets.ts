import { X_REQUIREMENT, object, ref, type JsonSchema } from './annotate.js';
import { members } from './rules.js';

/** interface.md › Resources › Signing basket and Basket authorisation. */

export const SigningBasket: JsonSchema = members('Basket', {
  payments: {
    type: 'array',
    items: { type: 'string', [X_REQUIREMENT]: 'Basket.payments.array' },
    [X_REQUIREMENT]: 'Basket.payments.array',
  },
  transactionStatus: { type: 'string' },
  _links: ref('Links'),
});

export const BasketAuthorisation: JsonSchema = members(
  'Basket.authorisation',
  { scaStatus: { type: 'string' }, _links: ref('Links') },
  { required: { scaStatus: 'Basket.startAuthorisation.201', _links: 'Basket.startAuthorisation.201' } },
);

/** Berlin Group body of POST /v1/signing-baskets (platform-notes.md; SHOULD level). */
export const SigningBasketRequest: JsonSchema = object(
  {
    paymentIds: { type: 'array', minItems: 1, items: { type: 'string' }, [X_REQUIREMENT]: 'Basket.create.paymentIds' },
  },
  { paymentIds: 'Basket.create.paymentIds' },
);
