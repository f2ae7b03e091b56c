import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestOutcome } from '../run-model/index.js';
import { areaOf, featureOf, tagsOf } from '../run-model/index.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * allure-vitest writes nothing for a test that never ran, so the HTML would hide what this target could
 * not be judged on. Each skipped test becomes a "skipped" Allure result with the reason (e.g. "sandbox
 * operation: not run by the production profile") and the same labels as a test that ran.
 */
export async function writeSkippedResults(outcomes: TestOutcome[], dir: string, runStart?: number): Promise<number> {
  await rm(dir, { recursive: true, force: true });
  const skipped = outcomes.filter((o) => o.state === 'skipped');
  if (skipped.length === 0) return 0;
  await mkdir(dir, { recursive: true });
  for (const o of skipped) {
    const file = o.file.split('/suites/').pop() ?? o.file;
    // allure-vitest's form (names joined by spaces), so a test keeps one history whether it ran or not.
    const fullName = `psd2-conformance:suites/${file}#${o.name.split(' > ').join(' ')}`;
    // Allure's header shows the run from its earliest start: never 0 (1970), always a moment within the run.
    const start = o.start ?? runStart ?? Date.now();
    const result = {
      uuid: randomUUID(),
      // As allure-js-commons computes it (test case id, then the hash of the parameters, here none).
      historyId: `${md5(fullName)}:${md5('')}`,
      testCaseId: md5(fullName),
      name: o.name.split(' > ').pop() ?? o.name,
      fullName,
      status: 'skipped',
      stage: 'finished',
      statusDetails: {
        message: o.meta.notTestable ? `not testable against this target: ${o.meta.notTestable}` : 'skipped',
      },
      labels: [
        { name: 'epic', value: areaOf(o.meta.operation) },
        { name: 'feature', value: featureOf(o.meta.operation) },
        ...o.meta.requirementIds.map((id) => ({ name: 'story', value: id })),
        { name: 'severity', value: o.meta.level === 'MUST' ? 'critical' : 'normal' },
        ...tagsOf(o.meta).map((t) => ({ name: 'tag', value: t })),
      ],
      parameters: [],
      links: [],
      steps: [],
      attachments: [],
      start,
      stop: Math.max(start, o.stop ?? start),
    };
    await writeFile(join(dir, `${result.uuid}-result.json`), JSON.stringify(result));
  }
  return skipped.length;
}
