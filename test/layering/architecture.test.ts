import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, currentDoc } from '../../scripts/architecture.js';
import { FOLDERS } from '../../scripts/folders.js';

/** docs/architecture.md is drawn from the code: every folder in it, and its imports table as the sources are. */
describe('docs/architecture.md', () => {
  const doc = readFileSync(ARCHITECTURE_DOC, 'utf8');

  it('names every top-level folder of the folder table', () => {
    const missing = Object.keys(FOLDERS).filter((name) => !doc.includes(`${name}/`));
    expect(missing).toEqual([]);
  });

  it('has the imports table of the sources as they are (npx tsx scripts/architecture.ts rewrites it)', () => {
    expect(doc).toBe(currentDoc(doc));
  });
});
