import { LIMITS } from '../../spec/index.js';
import { X_REQUIREMENT, object, ref, type JsonSchema } from './annotate.js';
import { members, valueOf } from './rules.js';

/**
 * interface.md › Resources › Shared types. Referenced by name from the request and response schemas. Their field rules
 * are rows of the rule table (spec/requirements/field-rules/table.ts); the error and challenge bodies write
 * theirs here.
 */

const string: JsonSchema = { type: 'string' };

export const Currency: JsonSchema = valueOf('Currency', {
  type: 'string',
  description: 'ISO 4217 alphabetic code from the list of interface.md.',
});

export const Country: JsonSchema = valueOf('Country', { type: 'string' });

const { scale } = LIMITS.amount;

/** Fraction digits per currency live in code (schemas/code/fraction-digits.ts). */
export const Amount: JsonSchema = members('Amount', {
  amount: {
    type: 'string',
    description:
      `Decimal as a string; precision ${LIMITS.amount.precision}, scale ` +
      `${scale}; fraction digits = ISO 4217 minor units of currency.`,
  },
  currency: ref('Currency'),
});

const address = {
  street: string,
  buildingNumber: string,
  postalCode: string,
};

export const Address: JsonSchema = members('Address', { ...address, city: string, country: ref('Country') });

/** The bulk entry's address: adds townName, deprecates city, and its country is a rule of its own. */
export const BulkAddress: JsonSchema = members(['BULK.entry.creditorAddress', 'Address'], {
  ...address,
  city: { type: 'string', deprecated: true },
  townName: string,
  country: ref('Country'),
});

export const StructuredRemittanceItem: JsonSchema = members('StructuredRemittance', {
  reference: string,
  referenceType: string,
  referenceIssuer: string,
});

export const Link: JsonSchema = members('Link', { href: string, verbs: { type: 'array', items: string } });

export const Links: JsonSchema = {
  type: 'object',
  additionalProperties: ref('Link'),
  [X_REQUIREMENT]: 'PaymentResponse.links.shape',
};

export const TppMessage: JsonSchema = members('TppMessage', {
  category: string,
  code: string,
  path: string,
  text: string,
});

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
