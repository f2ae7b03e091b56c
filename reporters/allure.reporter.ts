import { join } from 'node:path';
import { defineReporter } from './registry.js';

export const ALLURE_RESULTS = 'allure-results';

/**
 * allure-results/: allure-vitest's results of every test that ran, with the labels, parameters and attachments the
 * tests write. The HTML is rendered from them (`html`, or `report` later over shard folders: a shard run with
 * --no-html keeps them for that).
 */
export default defineReporter({
  name: 'allure',
  description: "allure-results/: Allure's results of the tests, for the HTML now or `report` later",
  writes: [`${ALLURE_RESULTS}/`],
  create: ({ out }) => ({ needs: { allureResults: join(out, ALLURE_RESULTS) } }),
});
