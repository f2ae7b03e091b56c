import { createHash, randomBytes } from 'node:crypto';

/** Opaque ids shaped like the platform's (`enc!!…==`): clients must percent-encode them in paths. */
export const opaqueId = (prefix: string): string =>
  `enc!!${prefix}${randomBytes(12).toString('base64').replace(/[+/]/g, 'x')}==`;

export interface Account {
  id: string;
  customerNumber: string;
  bban?: string;
  iban?: string;
  currency: string;
  /** In the account currency's major units, from the EXPECTED (or first) balance; NaN when unreadable. */
  balance: number;
  body: Record<string, unknown>;
}

export interface Payment {
  id: string;
  product: string;
  kind: 'single' | 'bulk';
  status: string;
  body: Record<string, unknown>;
}

export interface Transaction {
  [field: string]: unknown;
  id: string;
  bookingDate: string;
}

/** One SCA by redirect, of a basket or a single payment: finalising it moves the status of its payments. */
export interface Authorisation {
  id: string;
  scaStatus: string;
  redirect?: string;
  paymentIds: string[];
  /** The path of the resource it authorises (`/v1/signing-baskets/…`), for its scaStatus link. */
  resource: string;
}

export interface Agreement {
  id: string;
  owner: string;
  name: string;
  engagements: Map<string, Record<string, unknown>>;
}

export interface Customer {
  id: string;
  customerNumber: string;
  name: string;
  type: 'private' | 'corporate';
  /** A private customer's own agreement, which their new card accounts join (interface.md › Sandbox card account). */
  agreementId?: string;
}

/** The value with every object's keys sorted, recursively: JSON key order carries no meaning. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
}

/** In-memory state. Node runs one handler at a time and no handler awaits, so plain maps are safe under concurrent requests. */
export class BankState {
  customers = new Map<string, Customer>();
  accounts = new Map<string, Account>();
  agreements = new Map<string, Agreement>();
  cardAccounts = new Map<string, Record<string, unknown>>();
  transactions = new Map<string, Transaction[]>();
  payments = new Map<string, Payment>();
  baskets = new Map<string, { id: string; payments: string[] }>();
  authorisations = new Map<string, Authorisation>();
  seenPayments = new Set<string>();

  accountByNumber(bban?: unknown, iban?: unknown): Account | undefined {
    for (const a of this.accounts.values()) if ((bban && a.bban === bban) || (iban && a.iban === iban)) return a;
    return undefined;
  }

  /** A logical duplicate: the same product and body as an earlier payment (the rule this bank documents), whatever the key order. */
  isDuplicate(product: string, body: unknown): boolean {
    const key = createHash('sha256')
      .update(`${product}\n${JSON.stringify(canonical(body))}`)
      .digest('hex');
    if (this.seenPayments.has(key)) return true;
    this.seenPayments.add(key);
    return false;
  }

  reset(): void {
    for (const map of [
      this.customers,
      this.accounts,
      this.agreements,
      this.cardAccounts,
      this.transactions,
      this.payments,
      this.baskets,
      this.authorisations,
    ])
      map.clear();
    this.seenPayments.clear();
  }
}
