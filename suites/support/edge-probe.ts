import type fc from 'fast-check';
import { checkAccepted, failures } from '../../checks/index.js';
import type { Exchange } from '../../client/index.js';
import { broken, shareBodies, withValues, type Edge } from '../../generators/index.js';
import type { OperationId } from '../../spec/index.js';
import { sampledOnce } from './breakers.js';
import { perFile } from './fixtures.js';
import { operation } from './request.js';
import type { CallOptions, Session } from './session.js';

/**
 * Valid classes share requests (issue 34): the edges of a body (the longest name in each alphabet, a listed currency,
 * a BIC of 11 characters, a date ahead) go out together, in as few bodies as they allow (generators' shareBodies), once
 * per suite file. A rule's test judges its own edges on the bodies that carried them; where such a body was refused,
 * the test sends its edge alone in a valid body, which isolates the member a bank refuses (and judges only it).
 */
export interface EdgeProbe {
  /** The answer to the shared body that carried the edge. */
  exchangeOf(edge: Edge): Promise<Exchange>;
}

export interface EdgeBodies {
  op: OperationId;
  /** Every edge a run sends of the body (each rule's edgesToSend), in order. */
  edges: readonly Edge[];
  /** Valid bodies, sampled by seed: the shared ones and the alone ones. */
  valid: (s: Session) => Promise<fc.Arbitrary<Record<string, unknown>>>;
  query?: CallOptions['query'];
  label: string;
}

/** Whether the answer accepts the edge as the rule's test judges it: no check of the rule fails at any level. */
export const acceptedAs = (exchange: Exchange, op: OperationId, edge: Edge): boolean =>
  failures(checkAccepted(exchange, operation(op), edge.requirementId), true).length === 0;

/** The shared bodies of one body kind, sent once per suite file by the first test that asks. */
export function edgeProbe({ op, edges, valid, query, label }: EdgeBodies): (s: Session) => Promise<EdgeProbe> {
  let made: (() => Promise<EdgeProbe>) | undefined;
  return (s) =>
    (made ??= perFile(`${label}: valid classes, shared`, async () => {
      const body = await valid(s);
      const sent = new Map<Edge, Promise<Exchange>>();
      shareBodies(edges).forEach((group, i) => {
        const exchange = s.call(op, { body: withValues(sampledOnce(body, s.ctx.seed + 7919 * (i + 1)), group), query });
        for (const edge of group) sent.set(edge, exchange);
      });
      return {
        exchangeOf: (edge) => sent.get(edge) ?? Promise.reject(new Error(`${edge.label} was not sent with ${label}`)),
      };
    }))();
}

/**
 * The answer that judges one edge: the shared body's when it accepted the edge, else the edge alone in a valid body
 * of its own (`seed` picks it), sent in the calling test's scope.
 */
export async function judgedAnswer(
  s: Session,
  probe: EdgeProbe,
  {
    op,
    edge,
    body,
    query,
  }: { op: OperationId; edge: Edge; body: Record<string, unknown>; query?: CallOptions['query'] },
): Promise<Exchange> {
  const shared = await probe.exchangeOf(edge);
  if (acceptedAs(shared, op, edge)) return shared;
  return s.call(op, { body: broken(body, edge, edge.value), query });
}
