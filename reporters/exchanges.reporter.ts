import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXCHANGES_FILE } from '../run-model/index.js';
import { defineReporter } from './registry.js';

/**
 * exchanges.jsonl: every request and answer of the run (masked, bounded), recorded by the suites as they go; reports,
 * replay and diffs read this one file. A report merged from shards holds every shard's exchanges.
 */
export default defineReporter({
  name: 'exchanges',
  description: 'exchanges.jsonl: every request and answer of the run as JSON lines (masked, bounded)',
  writes: [EXCHANGES_FILE],
  create: ({ out }) => ({
    needs: { exchanges: join(out, EXCHANGES_FILE) },
    files: (report): Record<string, string> => {
      const here = resolve(out, EXCHANGES_FILE);
      const from = report.sources.map((d) => resolve(d, EXCHANGES_FILE)).filter((f) => f !== here && existsSync(f));
      if (from.length === 0) return {};
      return { [EXCHANGES_FILE]: from.map((f) => readFileSync(f, 'utf8')).join('') };
    },
  }),
});
