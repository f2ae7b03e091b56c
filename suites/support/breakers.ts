import fc from 'fast-check';
import { checkAccepted, checkRejected } from '../../checks/index.js';
import type { Exchange } from '../../client/index.js';
import { edgesFor, type Breaker, type Edge } from '../../generators/index.js';
import type { OperationId, RequirementId } from '../../spec/index.js';
import { cellsOf } from './cells.js';
import { conformanceTest } from './conformance-test.js';
import { breakerRuns, edgesToSend, isListRule, LIST_SAMPLE } from './depth.js';
import { forAll } from './property.js';
import { operation } from './request.js';
import type { Session } from './session.js';
import { runContext } from './context.js';

/** One case of a breaker: the breaker, and the value it puts where it points. */
export type BrokenCase = [Breaker, unknown];

/** Breakers (or edges) grouped by their rule, in their order: one test per rule, its breakers as its cases. */
export function byRule<T extends { requirementId: RequirementId }>(cases: readonly T[]): [RequirementId, T[]][] {
  const rules = new Map<RequirementId, T[]>();
  for (const c of cases) rules.set(c.requirementId, [...(rules.get(c.requirementId) ?? []), c]);
  return [...rules.entries()];
}

/** The title of a rule's edge test: its valid values, or how many members of its list. */
export function edgesTitle(what: string, edges: readonly Edge[]): string {
  if (!isListRule(edges[0]?.requirementId))
    return `${what} on the valid side of it (${edges.map((e) => e.label).join('; ')}) are accepted`;
  return edges.length <= LIST_SAMPLE
    ? `${what} with each of the ${edges.length} values of its list are accepted`
    : `${what} with values of its list (${LIST_SAMPLE} or more of the ${edges.length}, chosen by the seed; ` +
        'every one with --thorough) are accepted';
}

/** Any case of any of the breakers (the random runs). */
export const anyCase = (cases: readonly Breaker[]): fc.Arbitrary<BrokenCase> =>
  fc.oneof(...cases.map((c) => fc.tuple(fc.constant(c), c.value)));

/** The value an arbitrary gives first for a seed (what a run's example with that seed sends). */
export function sampledOnce<T>(arbitrary: fc.Arbitrary<T>, seed: number): T {
  const [value] = fc.sample(arbitrary, { seed, numRuns: 1 });
  if (value === undefined) throw new Error(`no value sampled for seed ${seed}`);
  return value;
}

/**
 * One value of every breaker, sampled from the run's seed: run first (fast-check's examples), so that every case
 * is sent in every run, however few random runs follow and whichever of them `fc.oneof` picks. The same seed
 * sends the same values; another seed, others.
 */
export function everyCase(cases: readonly Breaker[], seed: number): BrokenCase[] {
  return cases.map((c, i) => [c, sampledOnce(c.value, seed + i)]);
}

export { breakerRuns } from './depth.js';

/** The title of a rule's test: the cases it sends. */
export const casesTitle = (what: string, cases: readonly Breaker[]): string =>
  `${what} that break it (${cases.map((c) => c.label).join('; ')}) are rejected`;

/** Sends one case: the breaker (or edge) and the value it puts where it points. */
export type SendBroken = (breaker: Pick<Breaker, 'at' | 'prepare'>, value: unknown) => Promise<Exchange>;

/** The rejection tests of one operation: which breakers, and how a test sends a broken case. */
export interface RejectionTests {
  /** One test per rule these break; a rule's breakers are its cases. */
  breakers: readonly Breaker[];
  operation: OperationId;
  /** What is sent, as the titles say it ("card accounts" that break it … are rejected). */
  what: string;
  /** Makes what a test needs (a customer, an account …) once, and returns how it sends each broken case. */
  sender: (s: Session) => Promise<SendBroken>;
}

/**
 * Declares one test per rule the breakers break: every case of the rule is sent (the examples, from the seed), then
 * a few random ones, and each must be rejected as the catalogue says for the rule that case breaks. The valid edges
 * the rule table gives the operation's body (each listed value, the longest allowed) are declared too: each accepted.
 */
export function rejectsEveryCase({ breakers, operation, what, sender }: RejectionTests): void {
  acceptsEveryEdge({ edges: edgesFor(operation), operation, what, sender });
  for (const [requirementId, cases] of byRule(breakers)) {
    const title = casesTitle(what, cases);
    const cells = cellsOf(cases);
    conformanceTest({ requirementIds: requirementId, operation, title, cells }, async ({ s, ctx, meta, judge }) => {
      const send = await sender(s);
      await forAll({
        ctx,
        meta,
        testName: title,
        arbitrary: anyCase(cases),
        predicate: async ([breaker, value]) => {
          const exchange = await send(breaker, value);
          judge(exchange, checkRejected(exchange, breaker.requirementId));
        },
        numRuns: breakerRuns(ctx),
        examples: everyCase(cases, ctx.seed),
      });
    });
  }
}

/** The edge tests of one operation: which edges, and how a test sends one. */
export interface EdgeTests {
  edges: readonly Edge[];
  operation: OperationId;
  what: string;
  sender: (s: Session) => Promise<SendBroken>;
}

/** Declares one test per rule the edges belong to: each edge is sent once and must be accepted. */
export function acceptsEveryEdge({ edges, operation: op, what, sender }: EdgeTests): void {
  for (const [requirementId, cases] of byRule(edges)) {
    const title = edgesTitle(what, cases);
    // The edges the test sends are the cells it declares: chosen once, when the suite is collected.
    const examples = edgesToSend(cases, runContext());
    const cells = cellsOf(examples);
    conformanceTest({ requirementIds: requirementId, operation: op, title, cells }, async ({ s, ctx, meta, judge }) => {
      const send = await sender(s);
      await forAll({
        ctx,
        meta,
        testName: title,
        arbitrary: fc.constantFrom(...examples),
        predicate: async (edge) => {
          const exchange = await send(edge, edge.value);
          judge(exchange, checkAccepted(exchange, operation(op), edge.requirementId));
        },
        numRuns: 0,
        examples,
      });
    });
  }
}
