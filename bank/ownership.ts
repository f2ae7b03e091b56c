import { createHash } from 'node:crypto';
import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import type { BankPolicy } from './policy.js';

/**
 * The TPP a request comes from, as the bank identifies TPPs: by the certificate it signs with (interface.md ›
 * Authentication 3; PSD2 RTS Art. 34). A short hash of TPP-Signature-Certificate; undefined when unsigned.
 */
export const tppOf = (certificate: string | undefined): string | undefined =>
  certificate ? createHash('sha256').update(certificate.trim()).digest('hex').slice(0, 24) : undefined;

/** What a resource is, for the rule that keeps it to its TPP: a payment, or a basket and its authorisations. */
export type Owned = 'payment' | 'basket';

/** Whose request asks for what, as refuseOtherTpp judges it. */
export interface OwnedRequest {
  kind: Owned;
  owner: string | undefined;
  tpp: string | undefined;
  what: string;
}

/**
 * Another TPP's resource is as unknown to this one as a resource that does not exist (404 RESOURCE_UNKNOWN), so a
 * refusal says nothing about what exists; the variant other-tpp-forbidden answers 403 instead. Resources made by
 * unsigned requests (serve --allow-unsigned) are anyone's.
 */
export function refuseOtherTpp(
  { faults, policy }: { faults: Faults; policy: Pick<BankPolicy, 'otherTpp'> },
  { kind, owner, tpp, what }: OwnedRequest,
): void {
  if (owner === undefined || tpp === undefined || owner === tpp) return;
  if (kind === 'payment' && faults.has('journey-tpp-payment-readable')) return;
  if (kind === 'basket' && faults.has('journey-tpp-basket-shared')) return;
  if (policy.otherTpp === 'forbidden-403') throw new Rejection(403, 'RESOURCE_UNKNOWN', `${what} is another TPP's`);
  throw new Rejection(404, 'RESOURCE_UNKNOWN', `no ${what}`);
}
