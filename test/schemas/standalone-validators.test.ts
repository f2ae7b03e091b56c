import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NCBCT_BREAKERS, SCT_BREAKERS, BULK_BREAKERS, broken, type Breaker } from '../../generators/invalid.js';
import { bulkRequest, ncbctRequest, sctRequest } from '../../generators/valid.js';
import { SCHEMAS, SCHEMA_BASE } from '../../schemas/index.js';
import { schemasAjv, standaloneValidators, writeStandaloneValidators } from '../../schemas/validators.js';
import { CONFORMANT, NEGATIVE_CASES } from './cases.js';

// A tree of the validators only, where a compiled tree lives: under node_modules, from which their code requires
// ajv's runtime and ajv-formats.
const cache = join(process.cwd(), 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const tree = mkdtempSync(join(cache, 'psd2-validators-'));
mkdirSync(join(tree, 'schemas'));
writeStandaloneValidators(tree);
const file = join(tree, 'schemas', 'validators.standalone.cjs');
const ahead = createRequire(import.meta.url)(file) as Record<string, (value: unknown) => boolean>;
const compiled = schemasAjv();
afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** Both validators' answer and errors (with verbose's schema and parentSchema, which name the rule) for a body. */
function both(name: string, body: unknown) {
  const here = compiled.getSchema(`${SCHEMA_BASE}${name}`)!;
  const made = ahead[name] as ((value: unknown) => boolean) & { errors?: unknown };
  return {
    compiled: [here(body), JSON.stringify(here.errors ?? null)],
    ahead: [made(body), JSON.stringify(made.errors ?? null)],
  };
}

function withTree<T>(value: string | undefined, work: () => T): T {
  const before = process.env.PSD2_CONFORMANCE_TREE;
  if (value === undefined) delete process.env.PSD2_CONFORMANCE_TREE;
  else process.env.PSD2_CONFORMANCE_TREE = value;
  try {
    return work();
  } finally {
    if (before === undefined) delete process.env.PSD2_CONFORMANCE_TREE;
    else process.env.PSD2_CONFORMANCE_TREE = before;
  }
}

describe('validators compiled ahead of time (schemas/validators.ts)', () => {
  it('holds a validator for every schema', () => {
    expect(Object.keys(SCHEMAS).filter((name) => typeof ahead[name] !== 'function')).toEqual([]);
  });

  it('answers every conformant example and every negative case with the errors the compiled ones give', () => {
    const bodies: (readonly [string, unknown])[] = [
      ...CONFORMANT,
      ...NEGATIVE_CASES.map((c) => [c.schema, c.body] as const),
    ];
    expect(bodies.length).toBeGreaterThan(100);
    for (const [name, body] of bodies) {
      const answers = both(name, body);
      expect(answers.ahead, `${name} ${JSON.stringify(body)}`).toEqual(answers.compiled);
    }
  });

  it('answers generated bodies, each rule broken on them, and junk, as the compiled ones do', () => {
    const kinds: [string, fc.Arbitrary<unknown>, Breaker[]][] = [
      ['NcbctPaymentRequest', ncbctRequest(), NCBCT_BREAKERS],
      ['SctPaymentRequest', sctRequest(), SCT_BREAKERS],
      ['BulkPaymentRequest', bulkRequest(), BULK_BREAKERS],
    ];
    let invalid = 0;
    for (const [name, bodies, breakers] of kinds)
      for (const body of fc.sample(bodies, { seed: 20261127, numRuns: 5 }) as Record<string, unknown>[]) {
        expect(both(name, body).ahead[0]).toBe(true);
        for (const breaker of breakers)
          for (const value of fc.sample(breaker.value, { seed: 7, numRuns: 1 })) {
            const answers = both(name, broken(body, breaker, value));
            if (answers.compiled[0] === false) invalid++;
            expect(answers.ahead).toEqual(answers.compiled);
          }
      }
    for (const name of Object.keys(SCHEMAS))
      for (const junk of [null, 1, 'x', [], {}, [{}], { amount: '1.00', currency: 'NOK' }])
        expect(both(name, junk).ahead).toEqual(both(name, junk).compiled);
    expect(invalid).toBeGreaterThan(100);
  });

  it('are used from the tree the process runs from, and not when made from other schemas or with no tree', () => {
    expect(withTree(tree, standaloneValidators)?.NcbctPaymentRequest).toBe(ahead.NcbctPaymentRequest);
    expect(withTree(undefined, standaloneValidators)).toBeUndefined();
    expect(withTree(join(tree, 'none'), standaloneValidators)).toBeUndefined();
    const other = mkdtempSync(join(cache, 'psd2-validators-'));
    try {
      mkdirSync(join(other, 'schemas'));
      const code = readFileSync(file, 'utf8').replace(/"__madeFrom"\] = "[0-9a-f]+"/, '"__madeFrom"] = "other"');
      writeFileSync(join(other, 'schemas', 'validators.standalone.cjs'), code);
      expect(withTree(other, standaloneValidators)).toBeUndefined();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
