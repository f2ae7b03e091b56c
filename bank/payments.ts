import { Decimal } from 'decimal.js';
import { PAYMENT_PRODUCTS, fractionDigitsFor, worstCaseBasketStatus } from '../spec/index.js';
import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import { link, links } from './links.js';
import { refuseOtherTpp } from './ownership.js';
import { startImplicitly, type ScaReturn } from './sca.js';
import { transactionPath } from './sandbox-transactions.js';
import { type BankState, type Created, type Payment } from './state.js';

export type { Created } from './state.js';

/** An amount a fault let through unvalidated must not turn into a 500 here. */
function decimalOrZero(value: unknown): Decimal {
  try {
    return new Decimal(typeof value === 'string' || typeof value === 'number' ? value : 0);
  } catch {
    return new Decimal(0);
  }
}

/**
 * The debtor as the bank knows it (sandbox accounts); unknown debtors are accepted: the bank cannot check their
 * funds. Returns the debit to book when the payment is accepted (policy debitBalance).
 */
function checkFunds(state: BankState, body: Record<string, unknown>, faults: Faults): () => void {
  const debtor = body.debtorAccount as { bban?: string; iban?: string } | undefined;
  const account = state.accountByNumber(debtor?.bban, debtor?.iban);
  if (!account) return () => undefined;
  const amounts = Array.isArray(body.payments)
    ? (body.payments as { instructedAmount?: { amount?: string } }[]).map((p) => p.instructedAmount?.amount)
    : [(body.instructedAmount as { amount?: string } | undefined)?.amount];
  const total = amounts.reduce((sum, a) => sum.plus(decimalOrZero(a)), new Decimal(0));
  if (total.greaterThan(account.balance)) {
    const onBulk = Array.isArray(body.payments) && faults.has('insufficient-funds-500-on-bulk');
    if (faults.has('insufficient-funds-500') || onBulk) throw new Rejection(500, 'SYSTEM_ERROR', '');
    throw new Rejection(400, 'PAYMENT_FAILED', `insufficient funds on ${account.bban ?? account.iban}`);
  }
  return () => {
    if (state.policy.debitBalance) account.balance = new Decimal(account.balance).minus(total).toNumber();
  };
}

/**
 * The fee members of an initiation response under the policy: a fee on single payments, never, always, or an indicator
 * false.
 */
function feeMembers(
  state: BankState,
  faults: Faults,
  kind: Payment['kind'],
  currency: string,
): Record<string, unknown> {
  const fees = state.policy.fees;
  if (fees === 'never') return {};
  if (fees === 'indicator-false' || (fees === 'single-payments' && kind === 'bulk'))
    return { transactionFeeIndicator: false };
  const amount = new Decimal(kind === 'bulk' ? 5 : 2.5).toFixed(
    faults.has('fee-wrong-digits') ? 1 : fractionDigitsFor(currency) || 0,
  );
  return { transactionFees: { amount, currency }, transactionFeeIndicator: true };
}

/** A WARNING a bank may send with a success: execution moves to the next banking day (policy successWarnings). */
export const SUCCESS_WARNING = {
  category: 'WARNING',
  code: 'EXECUTION_DATE_INVALID',
  text: 'The payment will be executed on the next banking day.',
};

/** Payment initiation (Endpoints 3, 4, 5): business rules after the schema, then the initiation response. */
/** A payment initiation as the route hands it over: product and kind from the path, the body and query as sent. */
export interface Initiation {
  product: string;
  kind: Payment['kind'];
  body: Record<string, unknown>;
  query: Record<string, string | undefined>;
  /** The bank's date (YYYY-MM-DD), for requestedExecutionDate in the past. */
  today: string;
  /** Where SCA returns the PSU, the bank's origin, and the TPP that initiates (it owns the payment). */
  sca?: ScaReturn;
}

export function initiate(state: BankState, faults: Faults, initiation: Initiation): Created {
  const { product, kind, body, query, today, sca = {} } = initiation;
  const allow = query.allowLogicalDuplicate;
  if (allow !== undefined && allow !== 'true' && allow !== 'false')
    throw new Rejection(400, 'FORMAT_ERROR', 'allowLogicalDuplicate must be true or false');
  const dates = [body.requestedExecutionDate].filter((d): d is string => typeof d === 'string');
  if (state.policy.pastExecutionDate === 'refuse' && dates.some((d) => d < today))
    throw new Rejection(400, 'EXECUTION_DATE_INVALID', `requestedExecutionDate is before ${today}`);
  const debit = checkFunds(state, body, faults);
  const duplicate = state.isDuplicate(product, body);
  const ignored =
    faults.has('ignore-allow-duplicate') ||
    (faults.has('allow-duplicate-ignored-outside-ncbct') && product !== 'norwegian-cross-border-credit-transfers');
  if (duplicate && (allow !== 'true' || ignored))
    throw new Rejection(
      409,
      'CONFLICT',
      'a logical duplicate of an earlier payment (set allowLogicalDuplicate=true to allow it)',
    );
  debit();
  const id = state.newId('P');
  const status = state.policy.createdStatus;
  const payment: Payment = { id, product, kind, status, body, owner: sca.tpp };
  if (dates.some((d) => d > today)) payment.futureDated = true;
  state.payments.set(id, payment);
  const book = () => recordPaymentTransaction(state, { product, kind, body, today }, id);
  if (state.policy.booking === 'after-sca') payment.book = book;
  else book();
  const base = paymentPath(payment);
  // Berlin Group's implicit start: the authorisation exists at once, its links come with the payment.
  const implicit =
    state.policy.paymentCreateShape === 'implicit-authorisation'
      ? (startImplicitly(state, faults, { ...sca, resource: base, paymentIds: [id] }).body._links as object)
      : undefined;
  const currency = String((body.debtorAccount as { currency?: string } | undefined)?.currency ?? 'NOK');
  const linkSet = state.policy.linkSet;
  const response: Record<string, unknown> = {
    paymentId: id,
    transactionStatus: faults.has('status-outside-enum') ? 'RECEIVED' : status,
    ...feeMembers(state, faults, kind, currency),
    ...(state.policy.successWarnings ? { tppMessages: [SUCCESS_WARNING] } : {}),
    ...(linkSet === 'required-only'
      ? {}
      : {
          _links: links(faults, {
            // platform-notes.md: a created payment's self link takes GET and DELETE.
            self: link(base, 'GET', 'DELETE'),
            // The fault status-link-nowhere points it at a path no route serves.
            status: link(`${base}/${faults.has('status-link-nowhere') ? 'state' : 'status'}`, 'GET'),
            ...(implicit ? {} : { startAuthorisation: link(`${base}/authorisations`, 'POST') }),
            ...(linkSet === 'extra'
              ? { startAuthorisationWithPsuIdentification: link(`${base}/authorisations`, 'POST') }
              : {}),
          }),
        }),
  };
  if (implicit) response._links = { ...(response._links as object | undefined), ...implicit };
  if (faults.has('missing-payment-id')) delete response.paymentId;
  if (faults.has('long-psu-message')) response.psuMessage = 'Betalingen er mottatt. '.repeat(27);
  if (faults.has('fee-without-indicator')) delete response.transactionFeeIndicator;
  return { status: faults.has('create-200') ? 200 : 201, body: response };
}

/** The ISO 20022 bank transaction code of an issued credit transfer of each product (domestic, SEPA, cross-border). */
const TRANSACTION_CODE: Record<string, string> = {
  'norwegian-domestic-credit-transfers': 'PMNT-ICDT-DMCT',
  'sepa-credit-transfers': 'PMNT-ICDT-ESCT',
};
const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/**
 * "The list holds … ones from payments made in the sandbox": a payment appears on its debtor's account, one
 * transaction per bulk entry, with the creditor from the payment body and the debtor's name from its customer.
 */
function recordPaymentTransaction(
  state: BankState,
  { product, kind, body, today }: Omit<Initiation, 'query'>,
  paymentId: string,
): void {
  const debtor = body.debtorAccount as { bban?: string; iban?: string } | undefined;
  const account = state.accountByNumber(debtor?.bban, debtor?.iban);
  if (!account) return;
  const list = state.transactions.get(account.id) ?? [];
  const entries = kind === 'bulk' ? (Array.isArray(body.payments) ? body.payments : []) : [body];
  for (const raw of entries) {
    const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const amount = (entry.instructedAmount ?? {}) as { amount?: unknown; currency?: unknown };
    const creditor = (entry.creditorAccount ?? {}) as { iban?: unknown; bban?: unknown };
    const id = state.newId('T');
    list.push({
      id,
      amount: -decimalOrZero(amount.amount).round().toNumber(),
      currency: text(amount.currency, account.currency),
      valueDate: today,
      bookingDate: today,
      remittanceInformationUnstructured: text(entry.remittanceInformationUnstructured, `payment ${paymentId}`),
      creditorName: text(entry.creditorName),
      creditorAccount: { iban: text(creditor.iban), bban: text(creditor.bban) },
      debtorName: state.customers.get(account.customerNumber)?.name || text(body.debtorName),
      debtorAccount: { iban: account.iban ?? '', bban: account.bban ?? '' },
      bankTransactionCode: TRANSACTION_CODE[product] ?? 'PMNT-ICDT-XBCT',
      ultimateDebtor: '',
      ultimateCreditor: '',
      purposeCode: text(entry.purposeCode, 'OTHR'),
      _links: { self: link(transactionPath(state, account.id, id), 'GET') },
    });
  }
  state.transactions.set(account.id, list);
}

/**
 * The payment at `/v1/{payments|bulk-payments}/{product}/{id}`: a product the platform does not know is
 * PRODUCT_UNKNOWN.
 */
export function findPayment(state: BankState, faults: Faults, at: PaymentAt): Payment {
  const { product, paymentId, tpp } = at;
  if (!(PAYMENT_PRODUCTS as readonly string[]).includes(product))
    throw new Rejection(404, 'PRODUCT_UNKNOWN', `payment product ${product} is not offered`);
  const payment = state.payments.get(paymentId);
  if (!payment || payment.product !== product) throw new Rejection(404, 'RESOURCE_UNKNOWN', `no payment ${paymentId}`);
  refuseOtherTpp(
    { faults, policy: state.policy },
    { kind: 'payment', owner: payment.owner, tpp, what: `payment ${paymentId}` },
  );
  return payment;
}

/** A payment as a path names it, and the TPP that asks for it. */
export interface PaymentAt {
  product: string;
  paymentId: string;
  tpp: string | undefined;
}

export const paymentPath = (payment: Payment): string =>
  `/v1/${payment.kind === 'bulk' ? 'bulk-payments' : 'payments'}/${payment.product}/${encodeURIComponent(payment.id)}`;

/** Where a payment's status goes by itself after its first read (policy statusFlow moves-after-first-read). */
const NEXT_STATUS: Record<string, string> = { RCVD: 'ACTC', PDNG: 'ACTC', ACTC: 'ACSP', ACCP: 'ACSP' };

export function paymentStatus(state: BankState, faults: Faults, at: PaymentAt): Created {
  const payment = findPayment(state, faults, at);
  if (payment.status === 'RJCT' && faults.has('journey-rejected-status-404'))
    throw new Rejection(404, 'RESOURCE_UNKNOWN', `no payment ${payment.id}`);
  const { policy } = state;
  const body: Record<string, unknown> = {
    transactionStatus: payment.status,
    ...(policy.statusExtraMembers ? { fundsAvailable: true, psuMessage: 'Betalingen behandles.' } : {}),
    ...(policy.linkSet === 'required-only'
      ? {}
      : {
          _links: links(faults, {
            self: link(`${paymentPath(payment)}/status`, 'GET'),
            ...(policy.linkSet === 'extra' ? { payment: link(paymentPath(payment), 'GET') } : {}),
          }),
        }),
  };
  if (policy.statusFlow === 'moves-after-first-read' && !payment.statusRead) {
    payment.statusRead = true;
    payment.status = NEXT_STATUS[payment.status] ?? payment.status;
  }
  if (payment.afterRead) {
    payment.status = payment.afterRead;
    delete payment.afterRead;
  }
  return { status: 200, body };
}

/** The payment detail response is not shown in interface.md: the request as received, its status and links. */
export function paymentDetail(state: BankState, faults: Faults, at: PaymentAt): Created {
  const payment = findPayment(state, faults, at);
  return {
    status: 200,
    body: {
      ...payment.body,
      transactionStatus: payment.status,
      _links: links(faults, {
        self: link(paymentPath(payment), 'GET', 'DELETE'),
        status: link(`${paymentPath(payment)}/status`, 'GET'),
      }),
    },
  };
}

/** Statuses of a payment not yet executed, which DELETE cancels (policy deletion cancel-unexecuted). */
const CANCELLABLE = ['RCVD', 'ACTC', 'ACCP', 'ACWC', 'ACWP'];

/**
 * DELETE of a payment, as its self link offers (deletion is not shown in interface.md): PDNG gives an error, as
 * interface.md states (409 CONFLICT: the payment's state forbids it); a payment not yet executed is cancelled; one
 * executed, rejected or cancelled cannot be. A bank may refuse every deletion (policy deletion refuse-all).
 */
export function deletePayment(state: BankState, faults: Faults, at: PaymentAt): Created {
  const payment = findPayment(state, faults, at);
  if (state.policy.deletion === 'refuse-all')
    throw new Rejection(403, 'FORBIDDEN', 'this bank does not delete payments through this interface');
  const pending = payment.status === 'PDNG' && faults.has('accept-delete-pdng');
  if (!pending && !CANCELLABLE.includes(payment.status))
    throw new Rejection(409, 'CONFLICT', `a payment with status ${payment.status} cannot be deleted`);
  payment.status = 'CANC';
  delete payment.book;
  return {
    status: 200,
    body: {
      transactionStatus: 'CANC',
      _links: links(faults, { status: link(`${paymentPath(payment)}/status`, 'GET') }),
    },
  };
}

/**
 * A payment product in the path that no route serves: one the platform offers elsewhere is 403 PRODUCT_INVALID
 * (Endpoints 5), any other 404 PRODUCT_UNKNOWN (Berlin Group).
 */
export function productNotOffered(product: string): never {
  if ((PAYMENT_PRODUCTS as readonly string[]).includes(product))
    throw new Rejection(403, 'PRODUCT_INVALID', `payment product ${product} is not offered by this operation`);
  throw new Rejection(404, 'PRODUCT_UNKNOWN', `payment product ${product} is unknown`);
}

export function basketStatus(state: BankState, faults: Faults, paymentIds: string[]): string {
  const statuses = paymentIds.map((id) => state.payments.get(id)?.status ?? 'RJCT');
  if (faults.has('basket-not-worst-case'))
    return statuses.includes('ACTC') || statuses.includes('ACSC') ? 'ACTC' : statuses.length ? 'PATC' : 'RCVD';
  return worstCaseBasketStatus(statuses);
}

export { link, links } from './links.js';
