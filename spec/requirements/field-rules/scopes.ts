import type { OperationId } from '../../operations.js';
import { ALL_OPERATIONS, PAYMENT_CREATION } from '../build.js';

/**
 * The objects of interface.md's Resources that field rules constrain, each with its section and the operations whose
 * bodies hold it. A row's scope is its id's leading segments; a scope not listed takes its longest listed prefix's
 * (`BULK.entry.creditorAddress` is a `BULK.entry` one).
 */
export interface Scope {
  section: string;
  operations: readonly OperationId[];
  /** request: a request body holds it, a bank must refuse what breaks it; response: a bank must not send that. */
  side: 'request' | 'response';
}

const SHARED = 'Resources › Shared types';
const request = (section: string, operations: readonly OperationId[]): Scope => ({
  section,
  operations,
  side: 'request',
});
const response = (section: string, operations: readonly OperationId[]): Scope => ({
  section,
  operations,
  side: 'response',
});

export const SCOPES: Readonly<Record<string, Scope>> = {
  NCBCT: request('Resources › NCBCT payment request', ['ncbct.create']),
  SCT: request('Resources › SCT payment request', ['sct.create']),
  BULK: request('Resources › Bulk payment request', ['bulk.create']),
  'BULK.entry': request('Resources › Bulk payment request (entry of payments)', ['bulk.create']),
  Amount: request(`${SHARED} › Amount`, PAYMENT_CREATION),
  Currency: request(`${SHARED} › Currency`, PAYMENT_CREATION),
  Country: request(`${SHARED} › Country`, PAYMENT_CREATION),
  AccountReference: request(`${SHARED} › Account reference`, PAYMENT_CREATION),
  Address: request(`${SHARED} › Address`, PAYMENT_CREATION),
  StructuredRemittance: request(`${SHARED} › Structured remittance item`, ['bulk.create']),
  'Sandbox.engagement': request('Resources › Sandbox engagement', ['sandbox.engagement.create']),
  'Sandbox.cardAccount': request('Resources › Sandbox card account', ['sandbox.cardAccount.create']),
  PaymentResponse: response('Resources › Payment initiation response', PAYMENT_CREATION),
  TppMessage: response(`${SHARED} › TppMessage`, ALL_OPERATIONS),
  Link: response(`${SHARED} › Link`, ALL_OPERATIONS),
  Basket: response('Resources › Signing basket', ['basket.get']),
  'Basket.authorisation': response('Resources › Basket authorisation', ['basket.startAuthorisation']),
  'Sandbox.transaction': response('Resources › Sandbox transaction', ['sandbox.transactions.list']),
};

/** The scope a name falls under: itself, or its longest listed prefix. */
export function scopeOf(name: string): Scope {
  for (let parts = name.split('.'); parts.length > 0; parts = parts.slice(0, -1)) {
    const found = SCOPES[parts.join('.')];
    if (found) return found;
  }
  throw new Error(`field rules: no scope ${name} in spec/requirements/field-rules/scopes.ts`);
}
