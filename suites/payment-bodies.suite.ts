import fc from 'fast-check';
import { describe } from 'vitest';
import { checkAccepted, checkRejected } from '../checks/index.js';
import { type OperationId } from '../spec/index.js';
import {
  BULK_BREAKERS,
  BULK_EDGES,
  NCBCT_BREAKERS,
  NCBCT_EDGES,
  SCT_BREAKERS,
  SCT_EDGES,
  broken,
  bulkRequest,
  ncbctRequest,
  sctRequest,
  type Breaker,
  type Debtor,
  type Edge,
} from '../generators/index.js';
import { account, customer, perFile, sharedDebtor, type Account } from './support/fixtures.js';
import type { Session } from './support/session.js';
import { forAll } from './support/property.js';
import { operation } from './support/request.js';
import {
  anyCase,
  breakerRuns,
  byRule,
  casesTitle,
  edgesTitle,
  everyCase,
  sampledOnce,
  type BrokenCase,
} from './support/breakers.js';
import { conformanceTest } from './support/conformance-test.js';
import { edgesToSend } from './support/depth.js';
import { edgeProbe, judgedAnswer } from './support/edge-probe.js';
import { runContext } from './support/context.js';
import { cellsOf } from './support/cells.js';

/**
 * Property-based: every valid body gives 201 with a conformant payment initiation response; every body
 * with one rule broken gives the 4xx the catalogue expects, a conformant error body, never a 5xx; every valid value at
 * a rule's edge (the longest it allows, in ASCII and in Norwegian letters; each member of its list) gives 201.
 * allowLogicalDuplicate=true keeps generated look-alikes from being refused as duplicates.
 */
const PRODUCTS: {
  op: OperationId;
  label: string;
  valid: (d: Debtor) => fc.Arbitrary<Record<string, unknown>>;
  breakers: Breaker[];
  edges: Edge[];
}[] = [
  { op: 'ncbct.create', label: 'NCBCT', valid: ncbctRequest, breakers: NCBCT_BREAKERS, edges: NCBCT_EDGES },
  { op: 'sct.create', label: 'SCT', valid: sctRequest, breakers: SCT_BREAKERS, edges: SCT_EDGES },
  { op: 'bulk.create', label: 'bulk', valid: bulkRequest, breakers: BULK_BREAKERS, edges: BULK_EDGES },
];
const query = { allowLogicalDuplicate: true };
/** Below the int32 maximum; valid bodies stay under 1 000 000 (a bulk under 5 000 000) each. */
const VALID_RUNS_BALANCE = 2_000_000_000;
/** The valid runs of all three products pay from one account, made once per file. */
let funded: (() => Promise<Account>) | undefined;
const fundedDebtor = (s: Session): Promise<Account> =>
  (funded ??= perFile('funded debtor', async () => account(s, await customer(s), VALID_RUNS_BALANCE)))();

for (const product of PRODUCTS) {
  describe(`${product.label} bodies`, () => {
    const validName = `valid ${product.label} bodies give 201 with a conformant payment initiation response`;
    conformanceTest(
      {
        requirementIds: [
          'Payment.create.201',
          'PaymentResponse.transactionStatus.enum',
          'PaymentResponse.transactionFees.amount',
          'PaymentResponse.psuMessage.max512',
        ],
        operation: product.op,
        title: validName,
      },
      async ({ s, ctx, meta, judge }) => {
        // The payments go through, and a bank may take each from the balance: these tests pay from an account of
        // their own, funded (int32, as the real client sends balances) far beyond what its runs can spend.
        const debtor = await fundedDebtor(s);
        await forAll({
          ctx,
          meta,
          testName: validName,
          arbitrary: product.valid(debtor),
          predicate: async (body) => {
            const exchange = await s.call(product.op, { body, query });
            judge(exchange, checkAccepted(exchange, operation(product.op), 'Payment.create.201'));
          },
        });
      },
    );

    // Valid classes share requests: every edge a run sends of this body goes out in the fewest bodies that can carry
    // them together (suites/support/edge-probe.ts); each rule's test judges its own edges there, and sends an edge
    // alone only where the shared body was refused, to find the member the bank refuses.
    const rules = byRule(product.edges);
    const sentOf = (edges: readonly Edge[]) => edgesToSend(edges, runContext());
    const probe = edgeProbe({
      op: product.op,
      edges: rules.flatMap(([, edges]) => sentOf(edges)),
      valid: async (s) => product.valid(await sharedDebtor(s)),
      query,
      label: `${product.label} bodies`,
    });
    for (const [requirementId, edges] of rules) {
      const name = edgesTitle(`${product.label} bodies`, edges);
      conformanceTest(
        {
          requirementIds: [requirementId, 'Payment.create.201'],
          operation: product.op,
          title: name,
          cells: cellsOf(sentOf(edges)),
        },
        async ({ s, ctx, meta, judge }) => {
          const valid = product.valid(await sharedDebtor(s));
          const shared = await probe(s);
          const sent = sentOf(edges);
          await forAll({
            ctx,
            meta,
            testName: name,
            arbitrary: fc.tuple(valid, fc.constantFrom(...sent)),
            predicate: async ([body, edge]) => {
              const exchange = await judgedAnswer(s, shared, { op: product.op, edge, body, query });
              judge(exchange, checkAccepted(exchange, operation(product.op), edge.requirementId));
            },
            numRuns: 0,
            examples: sent.map((edge, i): [Record<string, unknown>, Edge] => [sampledOnce(valid, ctx.seed + i), edge]),
          });
        },
      );
    }

    for (const [requirementId, cases] of byRule(product.breakers)) {
      // One test per rule; every breaker of the rule is one of its cases, each sent at least once.
      const name = casesTitle(`${product.label} bodies`, cases);
      conformanceTest(
        { requirementIds: requirementId, operation: product.op, title: name, cells: cellsOf(cases) },
        async ({ s, ctx, meta, judge }) => {
          const debtor = await sharedDebtor(s);
          const valid = product.valid(debtor);
          const examples = everyCase(cases, ctx.seed).map((example, i): [Record<string, unknown>, BrokenCase] => [
            sampledOnce(valid, ctx.seed + i),
            example,
          ]);
          await forAll({
            ctx,
            meta,
            testName: name,
            arbitrary: fc.tuple(valid, anyCase(cases)),
            predicate: async ([body, [c, value]]) => {
              const exchange = await s.call(product.op, { body: broken(body, c, value), query });
              judge(exchange, checkRejected(exchange, c.requirementId));
            },
            numRuns: breakerRuns(ctx),
            examples,
          });
        },
      );
    }
  });
}
