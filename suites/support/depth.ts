import type { Edge } from '../../generators/index.js';
import { requirement, type RequirementId } from '../../spec/index.js';
import type { RunContext } from './context.js';

/**
 * How much a run sends of what is not a distinct case (issue 25: every request earns its place). A default run sends
 * each breaker once, each boundary value once (the longest valid value in ASCII and in Norwegian letters, the
 * shortest invalid one, every near miss of every list) and a sample of each long list's members; --thorough
 * (`ctx.thorough`) sends every member of every list and adds random runs after each rule's cases. Random runs of a
 * breaker draw the same breakers again with other filler: the mutation matrix measured no fault that only they
 * find (docs/requests.md).
 */

/** Random runs after a rule's cases: none by default (every case is an example), the run's number when thorough. */
export const breakerRuns = (ctx: Pick<RunContext, 'numRuns' | 'thorough'>): number => (ctx.thorough ? ctx.numRuns : 0);

/** Members of a list a default run sends as valid edges; a shorter list is sent whole. */
export const LIST_SAMPLE = 6;

/** A rule that is a closed list (its edges are its members, one per value). */
export const isListRule = (id: RequirementId | undefined): boolean =>
  id !== undefined && requirement(id).id.endsWith('.enum');

/**
 * What a value looks like, letters and digits folded: listed currencies of 0, 2 and 3 minor units have different
 * shapes (the amount sent with each has as many fraction digits), two-letter countries all one shape.
 */
const shapeOf = (value: unknown): string =>
  (JSON.stringify(value) ?? '').replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a').replace(/[0-9]/g, '9');

/**
 * The members of a list a run sends as valid edges: every one when thorough or when the list is short; otherwise
 * one of each shape (a bank that refuses 0-digit currencies is still caught) and then members spread evenly over the
 * list from an offset the seed chooses, up to LIST_SAMPLE: the same seed sends the same members, other seeds others,
 * so successive seeds cover the whole list. Edges of other rules (the longest values) are always sent whole.
 */
export function edgesToSend<E extends Pick<Edge, 'requirementId' | 'value'>>(
  edges: readonly E[],
  ctx: Pick<RunContext, 'seed' | 'thorough'>,
): E[] {
  if (ctx.thorough || edges.length <= LIST_SAMPLE || !isListRule(edges[0]?.requirementId)) return [...edges];
  const chosen = new Set<number>();
  const shapes = new Set<string>();
  edges.forEach((edge, i) => {
    const shape = shapeOf(edge.value);
    if (shapes.has(shape)) return;
    shapes.add(shape);
    chosen.add(i);
  });
  const offset = ctx.seed % edges.length;
  // Spread over the list; past LIST_SAMPLE steps (members a shape already chose) one further along each round.
  for (let k = 0; chosen.size < Math.max(LIST_SAMPLE, shapes.size) && k < edges.length; k++)
    chosen.add((offset + Math.floor((k * edges.length) / LIST_SAMPLE) + Math.floor(k / LIST_SAMPLE)) % edges.length);
  return [...chosen].sort((a, b) => a - b).map((i) => edges[i] as E);
}
