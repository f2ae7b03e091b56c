import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SCHEMAS, X_REQUIREMENT, validate } from '../../schemas/index.js';
import { REQUEST_EXAMPLES } from '../../schemas/openapi/examples.js';
import {
  BERLIN_GROUP_EXTRA_CODES,
  ERROR_CODES,
  OPERATIONS,
  hasRequirement,
  type SchemaName,
} from '../../spec/index.js';
import { CONFORMANT, NEGATIVE_CASES } from './cases.js';
import {
  FORMATS,
  addFormats,
  componentValidator,
  loadDoc,
  operations,
  type Schema,
  type Version,
  WITH_BODY,
} from './openapi-docs.js';

const VERSIONS: Version[] = ['3.1', '3.0'];
const docs = { '3.1': loadDoc('3.1'), '3.0': loadDoc('3.0') };
const validators = { '3.1': componentValidator('3.1'), '3.0': componentValidator('3.0') };

/** The suites' own JSON Schemas, without their code validators: what the document renders. */
const suitesAjv = new Ajv2020({ strict: false });
addFormats(suitesAjv, FORMATS);
for (const schema of Object.values(SCHEMAS)) suitesAjv.addSchema(schema);
const suitesVerdict = (name: string, body: unknown) =>
  (suitesAjv.getSchema(`https://psd2-conformance.example/schemas/${name}`) as (v: unknown) => boolean)(body);

/** Every value of a document, with the key it sits under. */
function* entries(node: unknown, key = ''): Generator<[string, unknown]> {
  yield [key, node];
  if (Array.isArray(node)) for (const item of node) yield* entries(item, `${key}[]`);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) yield* entries(v, k);
}

describe('the OpenAPI rendering', () => {
  it.each(VERSIONS)('%s describes a JSON request body with a conformant example wherever one is shown', (v) => {
    const byId = new Map(operations(docs[v]).map(({ op }) => [op.operationId, op]));
    const described = operations(docs[v]).filter(({ op }) => op.requestBody);
    expect(described.map(({ op }) => op.operationId).sort()).toEqual([...WITH_BODY].sort());
    for (const id of WITH_BODY) {
      const media = byId.get(id)?.requestBody?.content['application/json'];
      const name = String(media?.schema.$ref).replace('#/components/schemas/', '');
      const check = validators[v](name);
      expect(check(media?.example), `${id}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
    expect(byId.get('sandbox.initialize')?.requestBody?.required).toBe(false);
  });

  it('gives examples the suites themselves find conformant, code validators included', () => {
    for (const op of OPERATIONS.filter((o) => o.requestBody)) {
      expect(validate(op.requestBody as SchemaName, REQUEST_EXAMPLES[op.id]), op.id).toEqual([]);
    }
  });

  it('leaves the set-up bodies open where nothing shows them: no required member, other members allowed', () => {
    const schemas = docs['3.1'].components.schemas;
    for (const name of ['SandboxCustomerRequest', 'SandboxAccountRequest', 'SandboxAgreementRequest']) {
      expect(schemas[name]?.required, name).toBeUndefined();
      expect(schemas[name]?.additionalProperties, name).toBe(true);
      expect(validators['3.1'](name)({ somethingElse: 1 }), name).toBe(true);
    }
    // An agreement's engagements may lack the limits (platform-notes.md).
    const agreement = { owner: 'c', engagements: [{ customer: 'p', account: { iban: 'x' }, roles: ['VIEW'] }] };
    expect(validators['3.1']('SandboxAgreementRequest')(agreement)).toBe(true);
    expect(validators['3.1']('SandboxCustomerRequest')({ type: 'bogus' })).toBe(false);
  });

  it.each(VERSIONS)('%s puts Country’s length and list on Country itself, not inside allOf', (version) => {
    const country = docs[version].components.schemas.Country as Schema;
    expect(country.allOf).toBeUndefined();
    expect(country.maxLength).toBe(2);
    expect((country.enum as string[]).length).toBe(249);
    expect(validators[version]('Country')('NOR')).toBe(false);
  });

  it('writes Amount.amount as one pattern that accepts exactly what the suites’ two patterns accept together', () => {
    const amount = (docs['3.1'].components.schemas.Amount?.properties as Record<string, Schema>).amount as Schema;
    const parts = (SCHEMAS.Amount?.properties as Record<string, Schema>).amount?.allOf as Schema[];
    const [decimal, precision] = parts.map((p) => new RegExp(String(p.pattern), 'u'));
    const merged = new RegExp(String(amount.pattern), 'u');
    expect(amount.allOf).toBeUndefined();
    expect(String(amount.pattern)).not.toContain('(?');
    const digits = (max: number) => fc.string({ unit: fc.constantFrom('0', '9'), maxLength: max });
    const candidate = fc.oneof(
      fc.string({ unit: fc.constantFrom('0', '1', '9', '.', '-', 'e', ' '), maxLength: 24 }),
      fc.tuple(digits(16), fc.constantFrom('', '.'), digits(8)).map(([i, dot, f]) => `${i}${dot}${f}`),
    );
    fc.assert(
      fc.property(candidate, (s) => merged.test(s) === (decimal?.test(s) === true && precision?.test(s) === true)),
      { numRuns: 3000, seed: 15 },
    );
    for (const [s, ok] of [
      ['1250.00', true],
      ['9999999999999.99999', true],
      ['10000000000000', false],
      ['1.123456', false],
      ['1.', false],
    ] as const)
      expect(merged.test(s), s).toBe(ok);
  });

  it.each(VERSIONS)('%s ErrorBody refuses a bogus code and takes every listed one', (version) => {
    const check = validators[version]('ErrorBody');
    const body = (code: string) => ({ id: 'e1', system: 'psd2', status: 400, code, message: 'm' });
    expect(check(body('NOT_A_CODE'))).toBe(false);
    expect(check(body('format_error'))).toBe(false);
    for (const code of [...ERROR_CODES, ...BERLIN_GROUP_EXTRA_CODES]) expect(check(body(code)), code).toBe(true);
    expect(ERROR_CODES).toContain('REFERENCE_MIX_INVALID');
    // The suites' schema keeps code a string: a code outside the lists is judged in code (checks/body.ts).
    expect(suitesVerdict('ErrorBody', body('NOT_A_CODE'))).toBe(true);
  });

  it(
    'keeps the requirement ids where tools tolerate them: lists ' + 'of catalogue ids, never keyword-shaped objects',
    () => {
      for (const version of VERSIONS) {
        for (const [key, value] of entries(docs[version])) {
          // Portman's fuzzer calls forEach on any allOf/anyOf/oneOf it meets, extensions included.
          if (['allOf', 'anyOf', 'oneOf'].includes(key)) expect(Array.isArray(value), `${version} ${key}`).toBe(true);
          if (key.startsWith('x-')) expect(typeof value === 'object' && !Array.isArray(value), key).toBe(false);
          expect(key).not.toBe(X_REQUIREMENT);
        }
      }
      const ids = [...entries(docs['3.1'])].filter(([k]) => k === 'x-requirements').flatMap(([, v]) => v as string[]);
      expect(ids.length).toBeGreaterThan(100);
      for (const id of new Set(ids)) expect(hasRequirement(id), id).toBe(true);
      // The 3.0 document carries them in descriptions: Dredd's parser warns about every x- key in a Schema Object.
      const schemas30 = [...entries(docs['3.0'].components.schemas)].filter(([k]) => k.startsWith('x-'));
      expect(schemas30).toEqual([]);
      const creditorName = (docs['3.0'].components.schemas.NcbctPaymentRequest?.properties as Record<string, Schema>)
        .creditorName;
      expect(creditorName?.description).toBe('Requirement ids: NCBCT.creditorName.max70.');
    },
  );

  it('decides every hand-written case as the suites’ JSON Schemas do, in both versions', () => {
    const cases = [
      ...CONFORMANT.map(([schema, body]) => ({ schema, body, label: `conformant ${schema}` })),
      ...NEGATIVE_CASES.map((c) => ({ schema: c.schema, body: c.body, label: `${c.requirementId} ${c.label}` })),
    ];
    expect(cases.length).toBeGreaterThan(100);
    for (const { schema, body, label } of cases) {
      const expected = suitesVerdict(schema, body);
      expect(validators['3.1'](schema)(body), `3.1 ${label}`).toBe(expected);
      expect(validators['3.0'](schema)(body), `3.0 ${label}`).toBe(expected);
    }
  });
});
