import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKS, CheckRegistry, checkSelection, type ObservedExchange } from '../../checks/index.js';
import { checksMarkdown } from '../../checks/describe.js';
import { validate, type AnySchemaName } from '../../schemas/index.js';
import { OPERATIONS, REQUIREMENTS, type RequirementId } from '../../spec/index.js';
import { ROOT } from '../support/cli.js';

describe('the registry of checks', () => {
  it('refuses a second check of a name, and a name that is not snake_case', () => {
    const registry = new CheckRegistry();
    const definition = { name: 'some_check', judges: 'x', reports: [], judge: () => [] };
    registry.register(definition);
    expect(() => registry.register(definition)).toThrow(/a check named some_check is already registered/);
    expect(() => registry.register({ ...definition, name: 'someCheck' })).toThrow(/not snake_case/);
    expect(registry.names()).toEqual(['some_check']);
  });

  it('holds every check once, each saying what it judges, from a file of checks/', () => {
    const checks = CHECKS.all();
    expect(checks.length).toBeGreaterThanOrEqual(37);
    for (const check of checks) {
      expect(check.judges.length, check.name).toBeGreaterThan(20);
      expect(check.file, check.name).toMatch(/^checks\/[a-z-]+\.ts$/);
      expect(check.reports.length + Number(Boolean(check.reportsRuleUnderTest)), check.name).toBeGreaterThan(0);
    }
  });

  it('docs/checks.md is current (npm run generate writes it from the registry)', () => {
    expect(readFileSync(`${ROOT}docs/checks.md`, 'utf8')).toBe(checksMarkdown());
  });

  it('--checks keeps only the chosen checks, --exclude-checks drops the excluded ones', () => {
    const result = (check: string) => ({
      check,
      ok: true,
      requirementId: 'Versioning.path.v1' as const,
      level: 'MUST' as const,
      message: '',
    });
    const results = [result('paging'), result('limit'), result('client_error')];
    expect(checkSelection({ checks: ['limit'] })(results).map((r) => r.check)).toEqual(['limit']);
    expect(checkSelection({ excludeChecks: ['limit'] })(results).map((r) => r.check)).toEqual([
      'paging',
      'client_error',
    ]);
    expect(checkSelection({})(results)).toBe(results);
  });
});

/** The rules schema validation names for the body: what a check that reports schema rules may report. */
function schemaRules(json: unknown, schemas: (AnySchemaName | undefined)[]): Set<string> {
  if (json === undefined) return new Set();
  return new Set(schemas.flatMap((schema) => (schema ? validate(schema, json).map((v) => v.requirementId) : [])));
}

const link = fc.record(
  {
    href: fc.oneof(fc.constant('/v1/x'), fc.integer()),
    verbs: fc.oneof(fc.constant(['GET']), fc.constant(['PUT', 'X'])),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 2 }),
  fc.record(
    {
      id: fc.string(),
      system: fc.string(),
      status: fc.constantFrom(400, 401, 404, 500),
      code: fc.constantFrom('FORMAT_ERROR', 'KID_INVALID', 'SYSTEM_ERROR', 'NOPE', 'RESOURCE_UNKNOWN'),
      message: fc.string(),
    },
    { requiredKeys: [] },
  ),
  fc.record({
    tppMessages: fc.array(
      fc.record({ category: fc.constant('ERROR'), code: fc.constantFrom('FORMAT_ERROR', 'KID_INVALID', 'NOPE') }),
    ),
  }),
  fc.record({ _links: fc.dictionary(fc.constantFrom('scaRedirect', 'self', 'status'), link) }),
  fc.record(
    {
      paymentId: fc.string(),
      transactionStatus: fc.constantFrom('RCVD', 'ACTC', 'RJCT', 'PATC'),
      payments: fc.array(fc.string()),
      basketId: fc.string(),
      transactionFees: fc.record({
        amount: fc.oneof(fc.constantFrom('1.00', '1'), fc.integer()),
        currency: fc.constantFrom('NOK', 'JPY'),
      }),
      _links: fc.dictionary(fc.constantFrom('scaRedirect', 'self'), link),
    },
    { requiredKeys: [] },
  ),
  fc.array(fc.record({ id: fc.string(), bookingDate: fc.constantFrom('2026-02-10', '2026-03-15', '2026-05-25') }), {
    maxLength: 4,
  }),
);
const exchange: fc.Arbitrary<ObservedExchange> = fc.oneof(
  fc
    .record({ kind: fc.constantFrom('timeout', 'reset'), message: fc.string() })
    .map((error) => ({ request: { method: 'GET', url: '/v1/x' }, error })),
  fc
    .record({
      status: fc.constantFrom(200, 201, 204, 400, 401, 403, 404, 405, 406, 500, 503),
      type: fc.constantFrom('application/json', 'text/plain', undefined),
      encoding: fc.constantFrom('gzip', 'compress', undefined),
      language: fc.constantFrom('nb-NO', 'de', undefined),
      json: body,
      // What the request offered, which the negotiation checks judge the answer against.
      offer: fc.record(
        {
          accept: fc.constantFrom('application/json', 'application/xml', '*/*;q=0'),
          'accept-encoding': fc.constantFrom('identity', 'gzip;q=0, br', '*'),
          'accept-language': fc.constantFrom('nb', 'en, *;q=0.1', 'de;q=x'),
          'accept-charset': fc.constantFrom('utf-8', 'iso-8859-1'),
        },
        { requiredKeys: [] },
      ),
    })
    .map(({ status, type, encoding, language, json, offer }) => ({
      request: { method: 'POST', url: '/v1/x', headers: offer },
      response: {
        status,
        headers: { 'content-type': type, 'content-encoding': encoding, 'content-language': language },
        text: json === undefined ? '' : JSON.stringify(json),
        ...(json === undefined ? {} : { json }),
      },
    })),
);
const strings = fc.array(fc.constantFrom('RCVD', 'ACTC', 'RJCT', 'PATC', 'ACSC', 'x'), { maxLength: 3 });
/** Facts of the shapes the checks take: each check reads the members it knows. */
const facts = fc.record({
  basketId: fc.option(fc.string(), { nil: undefined }),
  paymentIds: fc.array(fc.string()),
  before: strings,
  after: strings,
  sent: fc.jsonValue({ maxDepth: 2 }),
  created: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.jsonValue({ maxDepth: 2 })),
  what: fc.string(),
  limit: fc.integer({ min: 0, max: 5 }),
  range: fc.constant({}),
  paged: fc.array(fc.string()),
  whole: fc.array(fc.string()),
  fromDate: fc.constant('2026-02-10'),
  toDate: fc.constant('2026-04-20'),
  inside: fc.constant('2026-03-15'),
  firstPaymentId: fc.option(fc.string(), { nil: undefined }),
  paths: fc.array(fc.constantFrom('/v1/a', '/v2/b')),
  kid: fc.constant('12345675'),
  schema: fc.constantFrom(undefined, 'ErrorBody', 'BasketAuthorisation'),
});

describe('every registered check', () => {
  it('reports only the ids it declares (and the rule under test, or a schema rule, where it says so)', () => {
    fc.assert(
      fc.property(
        exchange,
        fc.constantFrom(...REQUIREMENTS.map((r) => r.id)),
        fc.constantFrom(...OPERATIONS),
        fc.boolean(),
        facts,
        (exchange, requirementId: RequirementId, operation, withExpected, facts) => {
          const expected = REQUIREMENTS.find((r) => r.id === requirementId)?.expected;
          const ctx = { exchange, operation, requirementId, ...(withExpected && expected ? { expected } : {}), facts };
          const schemas = [facts.schema ?? operation.success.body, 'ErrorBody', 'ChallengeBody'] as const;
          const schemaIds = schemaRules(exchange.response?.json, [...schemas]);
          for (const check of CHECKS.all()) {
            for (const result of check.run(ctx)) {
              expect(result.check).toBe(check.name);
              const declared =
                check.reports.includes(result.requirementId) ||
                (check.reportsRuleUnderTest && result.requirementId === requirementId) ||
                (check.reportsSchemaRules && schemaIds.has(result.requirementId));
              expect(declared, `${check.name} reported ${result.requirementId}`).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300, seed: 14 },
    );
  });
});
