import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { onFirstUse } from '../core/index.js';
import { allureKey, areaOf, featureOf, outcomeKey, tagsOf, type TestOutcome } from '../run-model/index.js';

/** Allure's SDK, loaded at the report's end (core/on-first-use.ts says why). */
const allure = onFirstUse<typeof import('allure-js-commons')>('allure-js-commons');
const allureReporter = onFirstUse<typeof import('allure-js-commons/sdk/reporter')>('allure-js-commons/sdk/reporter');

/** The tests a results folder already holds a result for, by their key (file name and names). */
function reported(dirs: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const dir of dirs.filter((d) => existsSync(d)))
    for (const file of readdirSync(dir).filter((f) => f.endsWith('-result.json'))) {
      const { fullName } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { fullName?: string };
      if (fullName) keys.add(allureKey(fullName));
    }
  return keys;
}

/**
 * allure-vitest writes no result for a test that never entered its body (excluded by --grep, or one the run
 * never reached): each such test becomes a "skipped" result with its reason and the labels of a test that ran,
 * written with Allure's own SDK (the runtime allure-vitest writes with), so that the HTML shows every test of the run.
 */
export function writeSkippedResults(outcomes: readonly TestOutcome[], resultsDirs: readonly string[], dir: string) {
  const known = reported(resultsDirs);
  const missing = outcomes.filter((o) => o.state === 'skipped' && !known.has(outcomeKey(o)));
  if (missing.length === 0) return 0;
  const { Stage, Status } = allure();
  const { ReporterRuntime, createDefaultWriter } = allureReporter();
  const runtime = new ReporterRuntime({ writer: createDefaultWriter({ resultsDir: dir }) });
  for (const o of missing) {
    const file = o.file.split('/suites/').pop() ?? o.file;
    const start = o.start ?? Date.now();
    const uuid = runtime.startTest({
      name: o.name.split(' > ').pop() ?? o.name,
      // allure-vitest's form (names joined by spaces), so a test keeps one history whether it ran or not.
      fullName: `psd2-conformance:suites/${file}#${o.name.split(' > ').join(' ')}`,
      status: Status.SKIPPED,
      stage: Stage.FINISHED,
      statusDetails: { message: o.note ?? o.meta.notTestable ?? 'skipped' },
      labels: [
        { name: 'epic', value: areaOf(o.meta.operation) },
        { name: 'feature', value: featureOf(o.meta.operation) },
        ...o.meta.requirementIds.map((id) => ({ name: 'story', value: id })),
        { name: 'severity', value: o.meta.level === 'MUST' ? 'critical' : 'normal' },
        ...tagsOf(o.meta).map((t) => ({ name: 'tag', value: t })),
      ],
      start,
    });
    runtime.stopTest(uuid, { stop: Math.max(start, o.stop ?? start) });
    runtime.writeTest(uuid);
  }
  return missing.length;
}
