import { OUTCOMES_FILE } from '../run-model/index.js';
import { defineReporter } from './registry.js';

/**
 * outcomes.json: every test's outcome with its meta (requirement ids, the checks that judged it, a failure's exchange
 * and replay). `report` merges shards from it, `replay --test` reads a failure from it, and a later run balances its
 * shards by its durations.
 */
export default defineReporter({
  name: 'outcomes',
  description: "outcomes.json: every test's outcome, for `report`, `replay --test` and shard balancing",
  writes: [OUTCOMES_FILE],
  create: () => ({
    files: (report) => ({ [OUTCOMES_FILE]: `${JSON.stringify(report.outcomes, null, 2)}\n` }),
  }),
});
