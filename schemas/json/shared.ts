import {
  COUNTRIES,
  CURRENCY_CODES,
  LIMITS,
  LINK_VERBS,
  TPP_MESSAGE_CATEGORIES,
  ERROR_CODES,
} from '../../spec/index.js';
import { X_REQUIREMENT, enumOf, object, ref, text, type JsonSchema } from './annotate.js';

/** interface.md › Resources › Shared types. Referenced by name from the request and response schemas. */

export const Currency: JsonSchema = {
  ...enumOf(CURRENCY_CODES, 'Currency.enum'),
  description: 'ISO 4217 alphabetic code from the list of interface.md.',
};

export const Country: JsonSchema = {
  type: 'string',
  allOf: [
    { maxLength: LIMITS.country.max, [X_REQUIREMENT]: 'Country.max2' },
    { enum: [...COUNTRIES], [X_REQUIREMENT]: 'Country.enum' },
  ],
  [X_REQUIREMENT]: 'Country.enum',
};

const { maxIntegerDigits, scale } = LIMITS.amount;

/**
 * Precision and scale are checked with look-aheads only, so that a string that is not a decimal at all
 * breaks Amount.amount.decimal alone. Fraction digits per currency live in code (schemas/code/fraction-digits.ts).
 */
export const Amount: JsonSchema = object(
  {
    amount: {
      type: 'string',
      allOf: [
        { pattern: '^[0-9]+(\\.[0-9]+)?$', [X_REQUIREMENT]: 'Amount.amount.decimal' },
        {
          pattern: `^(?![0-9]{${maxIntegerDigits + 1}})(?!.*\\.[0-9]{${scale + 1}})`,
          [X_REQUIREMENT]: 'Amount.amount.precision18scale5',
        },
      ],
      [X_REQUIREMENT]: 'Amount.amount.string',
      description:
        `Decimal as a string; precision ${LIMITS.amount.precision}, scale ` +
        `${scale}; fraction digits = ISO 4217 minor units of currency.`,
    },
    currency: ref('Currency'),
  },
  { amount: 'Amount.amount.required', currency: 'Amount.currency.required' },
);

export const Address: JsonSchema = object(
  {
    street: text({ max: LIMITS.street.max }, 'Address.street.max70'),
    buildingNumber: { type: 'string' },
    postalCode: { type: 'string' },
    city: { type: 'string' },
    country: ref('Country'),
  },
  { country: 'Address.country.required' },
);

/** The bulk entry's address: adds townName, deprecates city, and its country is a rule of its own. */
export const BulkAddress: JsonSchema = object(
  {
    street: text({ max: LIMITS.street.max }, 'Address.street.max70'),
    buildingNumber: { type: 'string' },
    postalCode: { type: 'string' },
    city: { type: 'string', deprecated: true },
    townName: { type: 'string' },
    country: ref('Country'),
  },
  { country: 'BULK.entry.creditorAddress.country.required' },
);

const member = LIMITS.structuredRemittanceMember;
export const StructuredRemittanceItem: JsonSchema = object(
  {
    reference: text(member, 'StructuredRemittance.reference.length1to35'),
    referenceType: text(member, 'StructuredRemittance.referenceType.length1to35'),
    referenceIssuer: text(member, 'StructuredRemittance.referenceIssuer.length1to35'),
  },
  { reference: 'StructuredRemittance.reference.required' },
);

export const Link: JsonSchema = object(
  {
    href: { type: 'string', [X_REQUIREMENT]: 'Link.href.required' },
    verbs: { type: 'array', items: enumOf(LINK_VERBS, 'Link.verbs.enum'), [X_REQUIREMENT]: 'Link.verbs.required' },
  },
  { href: 'Link.href.required', verbs: 'Link.verbs.required' },
);

export const Links: JsonSchema = {
  type: 'object',
  additionalProperties: ref('Link'),
  [X_REQUIREMENT]: 'PaymentResponse.links.shape',
};

export const TppMessage: JsonSchema = object(
  {
    category: enumOf(TPP_MESSAGE_CATEGORIES, 'TppMessage.category.enum'),
    code: enumOf(ERROR_CODES, 'TppMessage.code.enum'),
    path: { type: 'string' },
    text: text({ max: LIMITS.tppMessageText.max }, 'TppMessage.text.max512'),
  },
  { category: 'TppMessage.category.enum', code: 'TppMessage.code.enum' },
);

/** interface.md's Error body. 5xx may omit message; everything else is stated for every error. */
export const ErrorBody: JsonSchema = object(
  {
    id: { type: 'string', [X_REQUIREMENT]: 'Errors.body.shape' },
    system: { type: 'string', [X_REQUIREMENT]: 'Errors.body.shape' },
    status: { type: 'number', [X_REQUIREMENT]: 'Errors.body.shape' },
    code: { type: 'string', [X_REQUIREMENT]: 'Errors.body.shape' },
    message: { type: 'string', [X_REQUIREMENT]: 'Errors.body.shape' },
  },
  { id: 'Errors.body.shape', system: 'Errors.body.shape', status: 'Errors.body.shape', code: 'Errors.body.shape' },
  {
    if: { type: 'object', properties: { status: { type: 'number', maximum: 499 } } },
    then: { type: 'object', required: ['message'], [X_REQUIREMENT]: 'Errors.body.shape' },
  },
  { if: 'Errors.body.shape', type: 'Errors.body.shape' },
);

/** Returned with 401: a scaRedirect link with verbs GET. */
export const ChallengeBody: JsonSchema = object(
  {
    _links: object(
      {
        scaRedirect: {
          allOf: [
            ref('Link'),
            {
              type: 'object',
              properties: {
                verbs: { type: 'array', contains: { const: 'GET' }, [X_REQUIREMENT]: 'Auth.sca.redirect' },
              },
            },
          ],
        },
      },
      { scaRedirect: 'Basket.get.challenge401' },
      { allOf: [ref('Links')] },
    ),
  },
  { _links: 'Basket.get.challenge401' },
);
