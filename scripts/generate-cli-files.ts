/**
 * `npm run generate`, after the id unions (scripts/generate-ids.ts): the files the CLI derives from the suites and
 * from its own declarations, so that it answers without collecting the suites and its reference never drifts.
 * - run-model/test-manifest.generated.json: every conformance test (collected by vitest, not run), which the CLI
 *   judges a selection against before vitest starts (test/cli/test-manifest.test.ts fails while it is stale);
 * - docs/commands.md: every command, option, default, example and exit code, from the commander declarations
 *   (test/cli/commands-doc.test.ts fails while it is stale).
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandsMarkdown } from '../cli/commands-doc.js';
import { loadConfig } from '../config/index.js';
import type { ConformanceMeta } from '../run-model/index.js';
import { PACKAGE_ROOT, SUITES_CONFIG } from '../runner/paths.js';
import { TEST_MANIFEST_PATH, testManifestText, type ManifestTest } from '../run-model/test-manifest.js';
import type { RunContext } from '../suites/support/context.js';

/**
 * Every conformance test the suites declare on the embedded profile, collected (not run): by suite file, then in
 * the file's order, so that the manifest does not depend on which file vitest finished collecting first.
 */
export async function collectTestManifest(): Promise<ManifestTest[]> {
  const config = loadConfig({ env: {}, envFile: false });
  const context: RunContext = {
    // Never called: collection declares tests, it does not run them.
    baseUrl: 'http://127.0.0.1:9',
    profile: 'embedded',
    seed: config.seed,
    numRuns: config.numRuns,
    strict: false,
    runTag: 'manifest',
    allowPayments: false,
    config,
  };
  const { createVitest } = await import('vitest/node');
  const vitest = await createVitest('test', {
    root: PACKAGE_ROOT,
    config: SUITES_CONFIG,
    run: true,
    watch: false,
    reporters: [],
    provide: { run: context },
  });
  try {
    const result = await vitest.collect();
    const problems = result.testModules.flatMap((m) => m.errors().map((e) => e.message));
    if (problems.length) throw new Error(`collecting the suites failed: ${problems.join('; ')}`);
    const modules = [...result.testModules].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
    return modules.flatMap((module) =>
      [...module.children.allTests()].flatMap((test): ManifestTest[] => {
        const meta = (test.meta() as { conformance?: ConformanceMeta }).conformance;
        if (!meta) return [];
        const names = [test.name];
        for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent) names.unshift(parent.name);
        const { requirementIds, operation, level, cells } = meta;
        const file = relative(PACKAGE_ROOT, module.moduleId);
        const fullName = names.join(' ');
        return [
          { name: test.name, fullName, file, requirementIds, operation, level, ...(cells?.length ? { cells } : {}) },
        ];
      }),
    );
  } finally {
    await vitest.close();
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const COMMANDS_DOC_PATH = `${ROOT}docs/commands.md`;

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(TEST_MANIFEST_PATH, testManifestText(await collectTestManifest()));
  console.log(`wrote ${relative(ROOT, TEST_MANIFEST_PATH)}`);
  writeFileSync(COMMANDS_DOC_PATH, await commandsMarkdown());
  console.log(`wrote ${relative(ROOT, COMMANDS_DOC_PATH)}`);
}
