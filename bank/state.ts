import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { DEFAULT_POLICY, type BankPolicy } from './policy.js';

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
  /** Its status was read once (policy statusFlow moves-after-first-read). */
  statusRead?: boolean;
  /** The status it moves to once its status has been read (policy approvedStatus PDNG-then-ACSC). */
  afterRead?: string;
  /** The TPP that initiated it (bank/ownership.ts); undefined for an unsigned request. */
  owner?: string | undefined;
  /** Its booking into the debtor's sandbox transactions, when that waits for SCA (policy booking after-sca). */
  book?: () => void;
  /** Its requestedExecutionDate lies after the day it was made: approved, it is pending (policy futureDatedStatus). */
  futureDated?: boolean;
}

/** A signing basket: its payments, and the TPP that created it. */
export interface Basket {
  id: string;
  payments: string[];
  owner?: string | undefined;
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
  /** The bank's origin as the client that started it reached it, for a later scaRedirect link. */
  origin: string;
  /** The TPP that started it (bank/ownership.ts). */
  owner?: string | undefined;
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

/** An identifier in the policy's style; `prefix` tells opaque ids of different resources apart. */
export function newId(style: BankPolicy['idStyle'], prefix: string): string {
  if (style === 'uuid') return randomUUID();
  // 18 digits: far from the short made-up ids a test may send for "unknown".
  if (style === 'numeric')
    return (
      `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}` + String(randomInt(0, 1e8)).padStart(8, '0')
    );
  return opaqueId(prefix);
}

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v ?? null));

/** The members that make two payments the same for a policy: the whole body, or debtor, creditors and amounts. */
function duplicateKey(policy: BankPolicy, product: string, body: unknown): string {
  if (policy.duplicateKey === 'body') return `${product}\n${JSON.stringify(canonical(body))}`;
  const b = (body ?? {}) as Record<string, unknown>;
  const account = (a: unknown) => {
    const ref = (a ?? {}) as Record<string, unknown>;
    return `${text(ref.iban ?? ref.bban)}`;
  };
  const transfer = (entry: unknown) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    const amount = (e.instructedAmount ?? {}) as Record<string, unknown>;
    return `${account(e.creditorAccount)} ${text(amount.amount)} ${text(amount.currency)}`;
  };
  const entries = Array.isArray(b.payments) ? b.payments.map(transfer).sort() : [transfer(b)];
  return `${account(b.debtorAccount)}\n${entries.join('\n')}`;
}

/**
 * In-memory state. Node runs one handler at a time and no handler awaits, so plain maps are safe under concurrent
 * requests.
 */
export class BankState {
  constructor(
    /** The choices this bank makes where interface.md is silent (bank/policy.ts). */
    readonly policy: BankPolicy = { ...DEFAULT_POLICY },
    readonly now: () => Date = () => new Date(),
  ) {}

  customers = new Map<string, Customer>();
  accounts = new Map<string, Account>();
  agreements = new Map<string, Agreement>();
  cardAccounts = new Map<string, Record<string, unknown>>();
  transactions = new Map<string, Transaction[]>();
  payments = new Map<string, Payment>();
  baskets = new Map<string, Basket>();
  authorisations = new Map<string, Authorisation>();
  /** Duplicate keys with the time they were first seen (ms). */
  seenPayments = new Map<string, number>();
  /** PSU identities once seen with PSU-Context CORPORATE (policy corporateUser: remembered). */
  corporatePsus = new Set<string>();

  /** An identifier for a new resource, in the policy's style. */
  newId(prefix: string): string {
    return newId(this.policy.idStyle, prefix);
  }

  accountByNumber(bban?: unknown, iban?: unknown): Account | undefined {
    for (const a of this.accounts.values()) if ((bban && a.bban === bban) || (iban && a.iban === iban)) return a;
    return undefined;
  }

  /**
   * A logical duplicate: by default the same product and body as an earlier payment (the rule this bank
   * documents), whatever the key order; the policy may take a coarser key, a time window, or never refuse.
   */
  isDuplicate(product: string, body: unknown): boolean {
    const key = createHash('sha256')
      .update(duplicateKey(this.policy, product, body))
      .digest('hex');
    const now = this.now().getTime();
    const seen = this.seenPayments.get(key);
    if (
      seen === undefined ||
      (this.policy.duplicates === 'window' && now - seen > this.policy.duplicateWindowSeconds * 1000)
    ) {
      this.seenPayments.set(key, now);
      return false;
    }
    return this.policy.duplicates !== 'never';
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
    this.corporatePsus.clear();
  }
}

/** What a handler answers to a request that created or read something: status and body. */
export interface Created {
  status: number;
  body: Record<string, unknown>;
}
