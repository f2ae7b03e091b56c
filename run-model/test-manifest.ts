import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Level, OperationId, RequirementId } from '../spec/index.js';

/**
 * One conformance test as `psd2-conformance list --json` knows it, recorded by `npm run generate` so that a selection
 * on the command line can be judged in milliseconds, before vitest starts (collecting the suites takes seconds).
 */
export interface ManifestTest {
  /** The test's name as reports show it (`<ids> [<level>] <title>`). */
  name: string;
  /** The enclosing describe names and the name, joined by spaces: what `--grep` matches (vitest's testNamePattern). */
  fullName: string;
  /** The suite file, from the repository root. */
  file: string;
  requirementIds: RequirementId[];
  operation: OperationId | 'cross-cutting';
  level: Level;
  /** The cells of the test plan the test sends (ConformanceMeta.cells), when it declares any. */
  cells?: string[];
}

/** Where the manifest lives: beside this module, in the repository and in the installed CLI package alike. */
export const TEST_MANIFEST_PATH = fileURLToPath(new URL('./test-manifest.generated.json', import.meta.url));

/**
 * The manifest's text: one test a line, so that a diff shows which tests came and went, and a reader can grep it.
 * `npm run generate` writes it; test/cli/test-manifest.test.ts fails while it differs from what the suites declare.
 */
export function testManifestText(tests: readonly ManifestTest[]): string {
  const lines = tests.map((t, i) => `  ${JSON.stringify(t)}${i < tests.length - 1 ? ',' : ''}`);
  return [
    '{',
    '  "generatedBy": "npm run generate (scripts/generate-cli-files.ts): do not edit by hand",',
    '  "tests": [',
    ...lines.map((l) => `  ${l}`),
    '  ]',
    '}',
    '',
  ].join('\n');
}

/**
 * Every conformance test the suites declare, as last generated; undefined when the manifest is not there (a build
 * that did not ship it), in which case a selection is judged by collecting the suites, as before.
 */
export function readTestManifest(path = TEST_MANIFEST_PATH): ManifestTest[] | undefined {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { tests: ManifestTest[] }).tests;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
