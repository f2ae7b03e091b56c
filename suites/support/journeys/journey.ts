import {
  basketMappingCheck,
  basketRejectedPaymentCheck,
  basketWorstCaseCheck,
  checkAccepted,
  checkRejected,
  decisionReachedCheck,
  finalisedRefusedCheck,
  finalStaysCheck,
  notAServerErrorCheck,
  paymentStatusInSetCheck,
  responseReceived,
  scaFinishedCheck,
  scaReturnedCheck,
  scaStatusInSetCheck,
  successStatusCheck,
  ACCEPTED_STATUSES,
  FINAL_PAYMENT_STATUSES,
  type CheckResult,
} from '../../../checks/index.js';
import type { Exchange } from '../../../client/index.js';
import type { ScaDecision, ScaDriver } from '../../../client/sca/index.js';
import type { OperationId, RequirementId } from '../../../spec/index.js';
import { bulkBody, ncbctBody, sctBody } from '../bodies.js';
import { ConfigurationError, NotObservable, sharedDebtor, unregisteredAccount } from '../fixtures.js';
import { basketIdOf, createPayment } from '../payments.js';
import { operation, pathFor } from '../request.js';
import { ProductionGuard, type Session } from '../session.js';
import { browserUrl, linksOf, pathAfterBase, type HandedLink } from './links.js';

export type Product = 'ncbct' | 'sct' | 'bulk';

/** Each product's creation, status path segment and label. */
export const PRODUCTS: Record<Product, { op: OperationId; path: string; label: string }> = {
  ncbct: { op: 'ncbct.create', path: 'norwegian-cross-border-credit-transfers', label: 'NCBCT' },
  sct: { op: 'sct.create', path: 'sepa-credit-transfers', label: 'SCT' },
  bulk: { op: 'bulk.create', path: 'norwegian-domestic-credit-transfers', label: 'bulk' },
};

export interface PaymentHandle {
  /** p1, p2 … in the journey's steps. */
  name: string;
  id: string;
  product: Product;
  /** The last status read (the creation's at first). */
  status: string;
  /** The links its creation handed out. */
  links: HandedLink[];
  /** The creation's exchange: where an implicitly started authorisation came from. */
  created: Exchange;
  /** It carries a requestedExecutionDate after today: approved, it may stay PDNG until that day. */
  futureDated?: boolean;
}

export interface BasketHandle {
  name: string;
  id: string;
  payments: PaymentHandle[];
  links: HandedLink[];
  created: Exchange;
  /** Its authorisation reads FINALISED: another start must be refused (SHOULD). */
  finalised: boolean;
}

/** What a journey judges with: the test's session and judge, and the SCA driver. */
export interface JourneyKit {
  s: Session;
  judge: (exchange: Exchange, results: CheckResult[]) => void;
  driver: ScaDriver;
}

/** A journey went wrong: its numbered steps, then what broke. Named as an assertion when a rule broke. */
export class JourneyFailure extends Error {
  constructor(steps: string[], cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`journey (${steps.length} step(s)):\n${numbered(steps).join('\n')}\n${why}`, { cause });
    this.name = cause instanceof Error && /Assertion/.test(cause.name) ? 'JourneyAssertionError' : 'JourneyError';
  }
}

export const numbered = (steps: string[]): string[] => steps.map((step, i) => `${i + 1}. ${step}`);

/** Headers and method for a link of a payment or a basket (no body): the operation it belongs to. */
export const readOp = (path: string): OperationId =>
  path.includes('/signing-baskets/')
    ? 'basket.get'
    : path.includes('/sandbox/')
      ? 'sandbox.transactions.list'
      : 'payment.status';

/**
 * A TPP's journey through payments and baskets, step by step: every step sends its requests through the test's
 * session, judges what it reads (invariants at MUST, assumed transitions at SHOULD) and adds a line to `steps`.
 */
export class Journey {
  readonly steps: string[] = [];
  readonly payments: PaymentHandle[] = [];
  readonly baskets: BasketHandle[] = [];
  /** Every link handed out so far. */
  readonly links: HandedLink[] = [];
  /** The last final status each payment or authorisation read (ACSC, RJCT, CANC; FINALISED, FAILED, EXEMPTED). */
  readonly #finals = new Map<string, string>();

  constructor(readonly kit: JourneyKit) {}

  /** Runs the journey's steps: a failure carries the numbered steps so far. */
  async run(steps: () => Promise<void>): Promise<void> {
    try {
      await steps();
    } catch (err) {
      // A situation that never arose, or a target the profile keeps the run from: not a failure of the journey.
      if (err instanceof NotObservable || err instanceof ProductionGuard) throw err;
      const last = this.steps.length - 1;
      if (last >= 0 && !this.steps[last]?.includes(' → ')) this.steps[last] = `${this.steps[last]} → ✗ failed here`;
      throw err instanceof JourneyFailure ? err : new JourneyFailure(this.steps, err);
    }
  }

  #step(text: string): { done: (result: string) => void } {
    const i = this.steps.push(text) - 1;
    return { done: (result) => (this.steps[i] = `${text} → ${result}`) };
  }

  #handed(json: unknown, from: string): HandedLink[] {
    const found = linksOf(json, from);
    this.links.push(...found);
    return found;
  }

  /** Creates a payment of the product; `extra` members join its body (a requestedExecutionDate ahead). */
  async pay(product: Product, extra: Record<string, unknown> = {}): Promise<PaymentHandle> {
    const { s } = this.kit;
    const name = `p${this.payments.length + 1}`;
    const step = this.#step(`create ${PRODUCTS[product].label} payment ${name}`);
    const debtor = await sharedDebtor(s);
    const remittance = `journey ${name} ${this.steps.length}`;
    const amount = `${10 + this.payments.length}.00`;
    const body =
      product === 'ncbct'
        ? ncbctBody(debtor, amount, remittance)
        : product === 'sct'
          ? { ...sctBody(debtor, amount), remittanceInformationUnstructured: remittance }
          : bulkBody(debtor, unregisteredAccount(s));
    const { exchange, paymentId } = await createPayment(
      s,
      PRODUCTS[product].op,
      { ...body, ...extra },
      { allowLogicalDuplicate: true },
    );
    const json = exchange.response?.json as { transactionStatus?: unknown } | undefined;
    const status = String(json?.transactionStatus);
    const links = this.#handed(json, `${name} (creation)`);
    const date = extra.requestedExecutionDate;
    const futureDated = typeof date === 'string' && date > new Date().toISOString().slice(0, 10);
    const payment = {
      name,
      id: paymentId,
      product,
      status,
      links,
      created: exchange,
      ...(futureDated ? { futureDated } : {}),
    };
    this.payments.push(payment);
    step.done(status);
    return payment;
  }

  /** A basket of the payments; a bulk payment among them must be refused (Basket.referenceMix.bulk). */
  async basket(payments: PaymentHandle[]): Promise<BasketHandle | undefined> {
    const { s, judge } = this.kit;
    const name = `b${this.baskets.length + 1}`;
    const step = this.#step(`create basket ${name} of ${payments.map((p) => p.name).join(', ')}`);
    const exchange = await s.call('basket.create', { body: { paymentIds: payments.map((p) => p.id) } });
    if (payments.some((p) => p.product === 'bulk')) {
      judge(exchange, checkRejected(exchange, 'Basket.referenceMix.bulk'));
      step.done(`refused (${exchange.response?.status})`);
      return undefined;
    }
    judge(exchange, checkAccepted(exchange, operation('basket.create'), 'Basket.create.201'));
    const id = basketIdOf(exchange);
    if (!id) return (step.done('no basketId'), undefined);
    const links = this.#handed(exchange.response?.json, name);
    const basket = { name, id, payments, links, created: exchange, finalised: false };
    this.baskets.push(basket);
    step.done(String((exchange.response?.json as { transactionStatus?: unknown })?.transactionStatus));
    return basket;
  }

  /** Reads a payment's status: in the set (MUST), a final one stays (SHOULD). Undefined when it did not answer. */
  async readPayment(payment: PaymentHandle, quiet = false): Promise<string | undefined> {
    const { s, judge } = this.kit;
    const step = quiet ? undefined : this.#step(`read the status of ${payment.name}`);
    const exchange = await s.call('payment.status', {
      params: { 'payment-product': PRODUCTS[payment.product].path, paymentId: payment.id },
    });
    const answered = exchange.response && exchange.response.status < 300;
    const now = answered
      ? String((exchange.response?.json as { transactionStatus?: unknown } | undefined)?.transactionStatus)
      : undefined;
    judge(exchange, [
      ...checkAccepted(exchange, operation('payment.status'), 'PaymentStatus.get.200'),
      ...paymentStatusInSetCheck.run({ exchange, facts: { bulk: payment.product === 'bulk' } }),
      ...finalStaysCheck.run({ exchange, facts: { earlier: this.#finals.get(payment.id), now } }),
    ]);
    this.#handed(exchange.response?.json, `${payment.name} (status)`);
    if (now !== undefined) {
      payment.status = now;
      if (FINAL_PAYMENT_STATUSES.includes(now)) this.#finals.set(payment.id, now);
    }
    step?.done(now ?? `HTTP ${exchange.response?.status ?? exchange.error?.kind}`);
    return now;
  }

  /** Reads a basket between reads of its payments: its status is their worst case (MUST where unambiguous). */
  async readBasket(basket: BasketHandle, quiet = false): Promise<string> {
    const { s, judge } = this.kit;
    const step = quiet ? undefined : this.#step(`read basket ${basket.name}`);
    const read = async () => {
      const statuses: string[] = [];
      for (const p of basket.payments) statuses.push((await this.readPayment(p, true)) ?? '?');
      return statuses;
    };
    const before = await read();
    const exchange = await s.call('basket.get', { params: { basketId: basket.id } });
    const after = await read();
    const facts = { before, after };
    judge(exchange, [
      ...checkAccepted(exchange, operation('basket.get'), 'Basket.get.200'),
      ...(before.includes('?') || after.includes('?')
        ? []
        : [
            ...basketWorstCaseCheck.run({ exchange, facts }),
            ...basketMappingCheck.run({ exchange, facts }),
            ...basketRejectedPaymentCheck.run({ exchange, facts }),
          ]),
    ]);
    this.#handed(exchange.response?.json, `${basket.name} (read)`);
    const status = (exchange.response?.json as { transactionStatus?: unknown } | undefined)?.transactionStatus;
    const shown = `${String(status)} (payments ${after.join(', ')})`;
    step?.done(shown);
    return shown;
  }

  /** Follows a link the bank handed out (GET): it answers 2xx (SHOULD); what it shows stays in its set (MUST). */
  async follow(link: HandedLink): Promise<void> {
    const { s, judge } = this.kit;
    const step = this.#step(`follow ${link.name} of ${link.from}`);
    const path = pathAfterBase(s.ctx, link.href);
    if (!link.verbs.includes('GET') || path === undefined) return step.done('not a link the TPP reads here');
    const op = readOp(path);
    const exchange = await s.call(op, { path });
    judge(exchange, [...linkAnswered(exchange), ...scaStatusInSetCheck.run({ exchange })]);
    step.done(`HTTP ${exchange.response?.status ?? exchange.error?.kind}`);
  }

  /**
   * Deletes a payment as a TPP does: where its creation's self link offers DELETE, there (platform-notes.md shows
   * GET and DELETE on it), else at the path deletion has on the platform. Returns the answer; the caller judges it.
   */
  async delete(payment: PaymentHandle): Promise<Exchange> {
    const { s } = this.kit;
    const step = this.#step(`delete ${payment.name}`);
    const self = payment.links.find((l) => l.name === 'self' && l.verbs.includes('DELETE'));
    const linked = self && pathAfterBase(s.ctx, self.href);
    const path =
      linked ??
      pathFor(s.ctx, 'payment.delete', { 'payment-product': PRODUCTS[payment.product].path, paymentId: payment.id });
    const exchange = await s.call('payment.delete', { path });
    step.done(`HTTP ${exchange.response?.status ?? exchange.error?.kind}`);
    return exchange;
  }

  /** Every GET link handed out so far, scaRedirect aside (it is the PSU's). */
  readableLinks(): HandedLink[] {
    return this.links.filter((l) => l.verbs.includes('GET') && l.name !== 'scaRedirect');
  }

  /**
   * Starts an authorisation of a payment or a basket (or takes the one its creation started), sends the PSU through
   * scaRedirect to approve or deny, comes back and reads: the authorisation, then each payment until it settles.
   */
  async authorise(target: PaymentHandle | BasketHandle, decision: ScaDecision): Promise<void> {
    const step = this.#step(`authorise ${target.name} and ${decision}`);
    const isBasket = 'payments' in target;
    const payments = isBasket ? target.payments : [target];
    const open = new Set(payments.filter((p) => !FINAL_PAYMENT_STATUSES.includes(p.status)));
    const started = await this.#start(target);
    if (!started) return step.done('not started');
    const auth = started.links;
    const scaRedirect = auth.find((l) => l.name === 'scaRedirect') ?? (await this.#redirectOf(auth));
    const outcome = scaRedirect
      ? await this.kit.driver.decide(browserUrl(this.kit.s.ctx, scaRedirect.href), decision)
      : undefined;
    // The driver never acted: what the bank shows next says nothing about the PSU's decision.
    if (outcome?.misconfigured) throw new ConfigurationError(`SCA driver: ${outcome.misconfigured}`);
    const trail = { scaRedirect: scaRedirect?.href, returned: outcome?.returned ?? false, problem: outcome?.problem };
    this.kit.judge(started.exchange, scaReturnedCheck.run({ exchange: started.exchange, facts: trail }));
    const scaStatus = await this.#scaStatusAfter(auth, decision, target.name);
    if (isBasket && scaStatus === 'FINALISED') target.finalised = true;
    const settled = await this.#settle([...open], decision);
    const basket = isBasket ? `; basket ${await this.readBasket(target, true)}` : '';
    step.done(`${scaStatus ?? 'scaStatus not shown'}; ${settled}${basket}`);
  }

  async #start(target: PaymentHandle | BasketHandle): Promise<{ exchange: Exchange; links: HandedLink[] } | undefined> {
    const { s, judge } = this.kit;
    const isBasket = 'payments' in target;
    // The creation started it already (Berlin Group's implicit start): its links lead to SCA.
    const implicit = target.links.filter((l) => l.name === 'scaRedirect' || l.name === 'scaStatus');
    if (implicit.length && !this.#used.has(target.id)) {
      this.#used.add(target.id);
      return { exchange: target.created, links: implicit };
    }
    const link = target.links.find((l) => l.name === 'startAuthorisation');
    const path = link
      ? pathAfterBase(s.ctx, link.href)
      : isBasket
        ? undefined
        : `/v1/payments/${PRODUCTS[(target as PaymentHandle).product].path}/` +
          `${encodeURIComponent(target.id)}/authorisations`;
    const exchange = await s.call('basket.startAuthorisation', {
      params: { basketId: target.id },
      ...(path ? { path } : {}),
    });
    const status = exchange.response?.status ?? 0;
    const again = this.#started.has(target.id);
    this.#started.add(target.id);
    if (isBasket && (target as BasketHandle).finalised) {
      judge(exchange, [...notAServerErrorCheck.run({ exchange }), ...finalisedRefusedCheck.run({ exchange })]);
      if (status >= 400) return undefined;
    } else if (again) {
      // A later start is the bank's to allow or refuse (transitions: not shown), as long as it answers properly.
      judge(exchange, [...notAServerErrorCheck.run({ exchange }), ...scaStatusInSetCheck.run({ exchange })]);
    } else {
      const rule: RequirementId = isBasket ? 'Basket.startAuthorisation.201' : 'Journey.links.answer';
      judge(exchange, [
        ...checkAccepted(exchange, operation('basket.startAuthorisation'), rule),
        ...scaStatusInSetCheck.run({ exchange }),
      ]);
    }
    if (status < 200 || status >= 300) return undefined;
    return { exchange, links: this.#handed(exchange.response?.json, `${target.name} (authorisation)`) };
  }

  readonly #used = new Set<string>();
  /** Payments and baskets whose authorisation was started explicitly once: only the first start must succeed. */
  readonly #started = new Set<string>();

  /** scaRedirect from the authorisation's own resource, where the 201 carried none. */
  async #redirectOf(auth: HandedLink[]): Promise<HandedLink | undefined> {
    const own = auth.find((l) => l.name === 'scaStatus') ?? auth.find((l) => l.name === 'self');
    const read = own && (await this.#readAuthorisation(own));
    return read ? linksOf(read.response?.json, own.from).find((l) => l.name === 'scaRedirect') : undefined;
  }

  async #readAuthorisation(link: HandedLink): Promise<Exchange | undefined> {
    const path = pathAfterBase(this.kit.s.ctx, link.href);
    if (path === undefined) return undefined;
    const exchange = await this.kit.s.call(readOp(path), { path });
    this.kit.judge(exchange, [...linkAnswered(exchange), ...scaStatusInSetCheck.run({ exchange })]);
    return exchange;
  }

  /** Back from SCA: the authorisation's scaStatus, when it has a link to read it by. */
  async #scaStatusAfter(auth: HandedLink[], decision: ScaDecision, name: string): Promise<string | undefined> {
    const own = auth.find((l) => l.name === 'scaStatus') ?? auth.find((l) => l.name === 'self');
    if (!own) return undefined;
    const exchange = await this.#readAuthorisation(own);
    if (!exchange?.response || exchange.response.status >= 300) return undefined;
    const now = String((exchange.response.json as { scaStatus?: unknown } | undefined)?.scaStatus);
    const key = `${name} ${own.href}`;
    this.kit.judge(exchange, [
      ...scaFinishedCheck.run({ exchange, facts: { decision } }),
      ...finalStaysCheck.run({ exchange, facts: { earlier: this.#finals.get(key), now } }),
    ]);
    this.#finals.set(key, now);
    return now;
  }

  /** Reads each payment the decision was for, up to three times, until it reaches the decision's end. */
  async #settle(payments: PaymentHandle[], decision: ScaDecision): Promise<string> {
    const reached = (p: PaymentHandle, status: string | undefined) =>
      status !== undefined &&
      (decision === 'approve'
        ? ACCEPTED_STATUSES.includes(status) || (p.futureDated === true && status === 'PDNG')
        : status === 'RJCT');
    const seen = new Map<PaymentHandle, string[]>(payments.map((p) => [p, []]));
    for (let round = 0; round < 3; round++) {
      const pending = payments.filter((p) => !reached(p, seen.get(p)?.at(-1)));
      if (!pending.length) break;
      for (const p of pending) seen.get(p)?.push((await this.readPayment(p, true)) ?? '?');
    }
    for (const [p, statuses] of seen) {
      const exchange = this.kit.s.exchanges.at(-1) as Exchange;
      const facts = { decision, statuses, ...(p.futureDated ? { futureDated: true } : {}) };
      this.kit.judge(exchange, decisionReachedCheck.run({ exchange, facts }));
    }
    return [...seen].map(([p, statuses]) => `${p.name} ${statuses.join(' → ')}`).join(', ') || 'no payment to move';
  }
}

/** A followed link's answer: it came (MUST: no 5xx) and it is a 2xx (Journey.links.answer, SHOULD). */
function linkAnswered(exchange: Exchange): CheckResult[] {
  const requirementId: RequirementId = 'Journey.links.answer';
  if (!exchange.response) return responseReceived.run({ exchange, requirementId });
  const anySuccess = { ...operation('payment.status'), success: { status: 200, shown: false } };
  return [
    ...notAServerErrorCheck.run({ exchange }),
    ...successStatusCheck.run({ exchange, operation: anySuccess, requirementId }),
  ];
}
