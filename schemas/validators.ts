import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { ajvVersion, newAjv2020, standaloneCode } from '../core/ajv.js';
import { SCHEMA_BASE, X_REQUIREMENT } from './json/annotate.js';
import { SCHEMAS } from './registry.js';

/** How the bodies' validators are compiled, at run time or ahead of it: the same options either way. */
const OPTIONS = { strict: true, strictRequired: false, allErrors: true, verbose: true } as const;
const FORMATS = ['date', 'date-time', 'uuid', 'uri', 'ipv4', 'ipv6'] as const;

/** Every schema added (compiled strictly on its first use: an unknown keyword or a bad $ref fails loudly). */
export function schemasAjv(source = false): Ajv2020 {
  const ajv = newAjv2020({ ...OPTIONS, ...(source ? { code: { source: true } } : {}) }, FORMATS);
  ajv.addKeyword({ keyword: X_REQUIREMENT, schemaType: ['string', 'object'] });
  for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema);
  return ajv;
}

/** What the validators were made from: the schemas, the options and ajv's version. */
function digest(): string {
  const made = { ajv: ajvVersion(), OPTIONS, FORMATS, SCHEMAS };
  return createHash('sha256').update(JSON.stringify(made)).digest('hex');
}

/** The validators' module in a compiled tree (bin/compiled-tree.mjs), beside the schemas' compiled modules. */
const STANDALONE = join('schemas', 'validators.standalone.cjs');

/**
 * Writes every schema's validator, compiled now, as one CommonJS module (ajv's standalone code) with the digest it
 * was made from. The compiled tree holds it: a run's bank and suite worker then load it instead of ajv, and compile
 * nothing. Compiling the schemas they used was 0.3-0.4 s of each in a default run's test phase, on the path of
 * every first request of its kind, and loading ajv another 60 ms (2026-11-27, 2 cores).
 */
export function writeStandaloneValidators(tree: string): void {
  const refs = Object.fromEntries(Object.keys(SCHEMAS).map((name) => [name, `${SCHEMA_BASE}${name}`]));
  const code = standaloneCode(schemasAjv(true), refs);
  writeFileSync(
    join(tree, STANDALONE),
    `${code}\nexports[${JSON.stringify(DIGEST_EXPORT)}] = ${JSON.stringify(digest())};\n`,
  );
}

const DIGEST_EXPORT = '__madeFrom';

/**
 * The validators compiled ahead of time in the tree this process runs from, or undefined: no tree (the sources run
 * through tsx), no module in it, or one made from other schemas, options or ajv (then they are compiled here).
 */
export function standaloneValidators(): Record<string, ValidateFunction> | undefined {
  const tree = process.env.PSD2_CONFORMANCE_TREE;
  const file = tree && join(tree, STANDALONE);
  if (!file || !existsSync(file)) return undefined;
  try {
    const module = createRequire(import.meta.url)(file) as Record<string, ValidateFunction | string>;
    if (module[DIGEST_EXPORT] !== digest()) return undefined;
    return module as Record<string, ValidateFunction>;
  } catch {
    return undefined;
  }
}
