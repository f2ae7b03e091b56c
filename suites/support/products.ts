import type { OperationId } from '../../spec/index.js';
import { bulkBody, ncbctBody, sctBody } from './bodies.js';
import { unregisteredAccount, type Account } from './fixtures.js';
import type { Session } from './session.js';

/**
 * The three payment initiations (Endpoints 3, 4, 5), each with the plain valid body of tests whose subject is not the
 * body: a rule of every payment initiation is judged on each (issue 34), not on NCBCT alone.
 */
export interface Product {
  op: OperationId;
  /** The product's name in status paths (payment-product). */
  product: string;
  /** A valid body paying `amount` from `debtor`; `note` tells bodies of one test apart where the product has room. */
  body: (s: Session, debtor: Account, amount: string, note: string) => Record<string, unknown>;
}

export const PRODUCTS: readonly Product[] = [
  {
    op: 'ncbct.create',
    product: 'norwegian-cross-border-credit-transfers',
    body: (_s, debtor, amount, note) => ncbctBody(debtor, amount, note),
  },
  {
    op: 'sct.create',
    product: 'sepa-credit-transfers',
    body: (_s, debtor, amount, note) => ({ ...sctBody(debtor, amount), remittanceInformationUnstructured: note }),
  },
  {
    op: 'bulk.create',
    product: 'norwegian-domestic-credit-transfers',
    body: (s, debtor, amount, note) => {
      const body = bulkBody(debtor, unregisteredAccount(s));
      const entry = body.payments[0] as Record<string, unknown>;
      return {
        ...body,
        payments: [
          {
            ...entry,
            instructedAmount: { amount, currency: 'NOK' },
            remittanceInformationUnstructured: note.slice(0, 140),
          },
        ],
      };
    },
  },
];
