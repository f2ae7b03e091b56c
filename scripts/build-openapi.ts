import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderOpenApi } from '../schemas/openapi/build.js';

/** Writes schemas/openapi.json; with --check, exits 1 when the checked-in file differs from what spec/ gives. */
const target = fileURLToPath(new URL('../schemas/openapi.json', import.meta.url));
const rendered = renderOpenApi();

if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== rendered) {
    console.error('schemas/openapi.json is stale: run `npm run openapi` and commit it');
    process.exitCode = 1;
  }
} else {
  await writeFile(target, rendered);
  console.log(`wrote ${target}`);
}
