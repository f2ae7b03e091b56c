import fc from 'fast-check';
import type { ScaDecision } from '../../../client/sca/index.js';
import { numbered, type Journey, type Product } from './journey.js';

/**
 * The model of payments and baskets for fast-check's commands: how many of each were made, and which payments are
 * bulk (refused in a basket). Commands pick among them by index modulo the count, so a shrunk sequence, with some
 * commands left out, still names things that exist.
 */
export interface Model {
  payments: number;
  baskets: number;
}

type Step = fc.AsyncCommand<Model, Journey>;
const pick = <T>(items: T[], i: number): T => items[i % items.length] as T;

class Pay implements Step {
  constructor(readonly product: Product) {}
  check = (m: Readonly<Model>) => m.payments < 4;
  async run(m: Model, j: Journey) {
    await j.pay(this.product);
    m.payments = j.payments.length;
  }
  toString = () => `pay(${this.product})`;
}

class MakeBasket implements Step {
  constructor(readonly picks: number[]) {}
  check = (m: Readonly<Model>) => m.payments > 0 && m.baskets < 3;
  async run(m: Model, j: Journey) {
    const payments = [...new Set(this.picks.map((i) => pick(j.payments, i)))];
    await j.basket(payments);
    m.baskets = j.baskets.length;
  }
  toString = () => `basket(${this.picks.join(',')})`;
}

class Authorise implements Step {
  constructor(
    readonly basket: boolean,
    readonly index: number,
    readonly decision: ScaDecision,
  ) {}
  check = (m: Readonly<Model>) => (this.basket ? m.baskets > 0 : m.payments > 0);
  async run(_: Model, j: Journey) {
    await j.authorise(this.basket ? pick(j.baskets, this.index) : pick(j.payments, this.index), this.decision);
  }
  toString = () => `authorise(${this.basket ? 'basket' : 'payment'} ${this.index}, ${this.decision})`;
}

class ReadPayment implements Step {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.payments > 0;
  async run(_: Model, j: Journey) {
    await j.readPayment(pick(j.payments, this.index));
  }
  toString = () => `readPayment(${this.index})`;
}

class ReadBasket implements Step {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.baskets > 0;
  async run(_: Model, j: Journey) {
    await j.readBasket(pick(j.baskets, this.index));
  }
  toString = () => `readBasket(${this.index})`;
}

class FollowLink implements Step {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.payments > 0;
  async run(_: Model, j: Journey) {
    const links = j.readableLinks();
    if (links.length) await j.follow(pick(links, this.index));
  }
  toString = () => `followLink(${this.index})`;
}

const index = fc.nat({ max: 7 });
const decision = fc.constantFrom<ScaDecision>('approve', 'deny');

const pay = fc.constantFrom<Product>('ncbct', 'sct', 'bulk').map((p) => new Pay(p));

/** Every command of the model, each an arbitrary of its arguments (map, not chain: they shrink well). */
export const STEPS: fc.Arbitrary<Step>[] = [
  pay,
  fc.array(index, { minLength: 1, maxLength: 3 }).map((picks) => new MakeBasket(picks)),
  fc.tuple(fc.boolean(), index, decision).map(([b, i, d]) => new Authorise(b, i, d)),
  index.map((i) => new ReadPayment(i)),
  index.map((i) => new ReadBasket(i)),
  index.map((i) => new FollowLink(i)),
];

/**
 * A sequence of commands, as fast-check generates and shrinks it, that prints as the journey it made: its last run's
 * numbered steps (the counterexample of a failure is the shrunk sequence, run last).
 */
export class Plan implements Iterable<Step> {
  /** The steps of its last run, filled in by the Journey that ran it. */
  ran: string[] = [];
  constructor(
    readonly commands: Iterable<Step>,
    /** Payments made first, so that the commands have something to act on. */
    readonly first: Step[] = [],
  ) {}
  *[Symbol.iterator]() {
    yield* this.first;
    yield* this.commands;
  }
  /** fast-check clones a value before each run: the commands keep which of them ran, for shrinking. */
  [fc.cloneMethod]() {
    const inner = this.commands as { [fc.cloneMethod]?: () => Iterable<Step> };
    return new Plan(inner[fc.cloneMethod] ? inner[fc.cloneMethod]() : [...this.commands], this.first);
  }
  toJSON() {
    return this.ran.length ? numbered(this.ran) : String(this.commands);
  }
  toString() {
    return this.ran.length ? numbered(this.ran).join('\n') : String(this.commands);
  }
}

/** One to three payments, then up to `maxCommands` commands: a plan shrinks to one payment and the fewest commands. */
export const plans = (maxCommands: number): fc.Arbitrary<Plan> =>
  fc
    .tuple(fc.array(pay, { minLength: 1, maxLength: 3 }), fc.commands(STEPS, { maxCommands }))
    .map(([first, commands]) => new Plan(commands, first));

/**
 * Journeys where a bank goes wrong most easily, sent before the random ones in every run (fast-check's examples),
 * each as short as it can be: a basket approved while one of its payments is RJCT already; a denied SCT; a basket
 * of three approved; a basket approved twice.
 */
export const EXAMPLES: Plan[] = [
  new Plan([
    new Pay('ncbct'),
    new Pay('ncbct'),
    new Authorise(false, 1, 'deny'),
    new MakeBasket([0, 1]),
    new Authorise(true, 0, 'approve'),
  ]),
  new Plan([new Pay('sct'), new Authorise(false, 0, 'deny')]),
  new Plan([
    new Pay('ncbct'),
    new Pay('sct'),
    new Pay('ncbct'),
    new MakeBasket([0, 1, 2]),
    new Authorise(true, 0, 'approve'),
  ]),
  new Plan([
    new Pay('ncbct'),
    new MakeBasket([0]),
    new Authorise(true, 0, 'approve'),
    new Authorise(true, 0, 'approve'),
  ]),
];

/** Runs a plan against the target through the journey, checking the invariants after every step. */
export async function runPlan(plan: Plan, journey: Journey): Promise<void> {
  plan.ran = journey.steps;
  await journey.run(() => fc.asyncModelRun(() => ({ model: { payments: 0, baskets: 0 }, real: journey }), plan));
}
