import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEST_MANIFEST_PATH, readTestManifest, testManifestText } from '../../run-model/test-manifest.js';
import { collectTestManifest } from '../../scripts/generate-cli-files.js';
import { OPERATIONS, hasRequirement } from '../../spec/index.js';
import { hangGuard } from '../support/bounds.js';

describe('run-model/test-manifest.generated.json', () => {
  it(
    'is current: npm run generate would write it as it is (every test the suites declare)',
    async () => {
      const collected = await collectTestManifest();
      expect(collected.length).toBeGreaterThan(200);
      // Compared as text, as written: a renamed, added or removed test makes this fail until `npm run generate`.
      expect(readFileSync(TEST_MANIFEST_PATH, 'utf8')).toBe(testManifestText(collected));
    },
    hangGuard(120_000),
  );

  it('names each test by suite file, catalogue ids, an operation of the catalogue and a level', () => {
    const tests = readTestManifest() ?? [];
    const operations = [...OPERATIONS.map((o) => o.id as string), 'cross-cutting'];
    for (const t of tests) {
      expect(t.file).toMatch(/^suites\/[a-z-]+\.suite\.ts$/);
      expect(
        t.requirementIds.filter((id) => !hasRequirement(id)),
        t.name,
      ).toEqual([]);
      expect(operations).toContain(t.operation);
      expect(['MUST', 'SHOULD']).toContain(t.level);
      expect(t.fullName.endsWith(t.name)).toBe(true);
    }
  });

  it('is read as undefined where it is not (a build that did not ship it): the run then decides', () => {
    expect(readTestManifest('/nonexistent/test-manifest.generated.json')).toBeUndefined();
  });
});
