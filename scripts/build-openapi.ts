import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderOpenApi } from '../schemas/openapi/build.js';
import { renderOpenApi30 } from '../schemas/openapi/openapi30.js';

/**
 * Writes schemas/openapi.json (3.1) and schemas/openapi-3.0.json (the same document for 3.0-only tools);
 * with --check, exits 1 when a checked-in file differs from what spec/ and schemas/ give.
 */
const documents = [
  { file: '../schemas/openapi.json', render: renderOpenApi },
  { file: '../schemas/openapi-3.0.json', render: renderOpenApi30 },
];

for (const { file, render } of documents) {
  const target = fileURLToPath(new URL(file, import.meta.url));
  const rendered = render();
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current !== rendered) {
      console.error(`${file.slice(3)} is stale: run \`npm run openapi\` and commit it`);
      process.exitCode = 1;
    }
  } else {
    await writeFile(target, rendered);
    console.log(`wrote ${target}`);
  }
}
