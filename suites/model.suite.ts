import { describe } from 'vitest';
import { conformanceTest } from './support/conformance-test.js';
import { runContext } from './support/context.js';
import { scaDriverFor, journeySkip } from './support/journeys/driver.js';
import { Journey } from './support/journeys/journey.js';
import { EXAMPLES, plans, runPlan } from './support/journeys/model.js';
import { forAll } from './support/property.js';

/**
 * Model-based: fast-check's commands generate sequences of steps over payments and baskets (pay, make a basket,
 * authorise and approve or deny, read a payment, read a basket, follow a link), run against the target with the
 * invariants checked after every step. A failure is shrunk to the shortest sequence that still fails, printed as
 * numbered journey steps, and replayed with `run --replay-path`. Each sequence makes its own payments.
 */
const NAME =
  'journey model: over generated sequences of payments, baskets and authorisations, statuses stay in their ' +
  "sets, a basket is its payments' worst case, links answer and final statuses stay";
/**
 * Random sequences per default run, beside the examples (fixed sequences that walk the named journeys' situations),
 * and steps per sequence: each step is a few requests (docs/journeys.md counts them). The named journeys judge every
 * cell of the journey rules; the random sequences add orders of steps nobody named, and `--thorough` sends NUM_RUNS.
 */
const MAX_RUNS = 3;
const MAX_STEPS = 7;

describe('payment and basket model', () => {
  conformanceTest(
    {
      requirementIds: [
        'Journey.paymentStatus.inSet',
        'Basket.transactionStatus.worstCase',
        'Journey.basket.rejectedPayment',
        'Journey.scaStatus.inSet',
        'Journey.links.answer',
        'Journey.status.finalStays',
      ],
      operation: 'payment.status',
      situationsOn: ['ncbct.create', 'sct.create', 'basket.create', 'basket.startAuthorisation', 'basket.get'],
      title: NAME,
      skip: journeySkip(runContext(), { sca: true }),
    },
    async ({ s, ctx, meta, judge }) => {
      const driver = scaDriverFor(ctx);
      await forAll({
        ctx,
        meta,
        testName: NAME,
        arbitrary: plans(MAX_STEPS),
        predicate: (plan) => runPlan(plan, new Journey({ s, judge, driver })),
        numRuns: ctx.thorough ? ctx.numRuns : Math.min(ctx.numRuns, MAX_RUNS),
        examples: EXAMPLES,
      });
    },
  );
});
