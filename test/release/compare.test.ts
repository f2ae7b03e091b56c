import { describe, expect, it } from 'vitest';
import type { TestOutcome } from '../../run-model/index.js';
import type { RequirementId } from '../../spec/index.js';
import { compareRuns, outcomeOf } from '../../release/compare/compare.js';
import { requestLine, sideContext, type RecordedLine } from '../../release/compare/mask.js';
import { compareMarkdown, compareText, summaryLine } from '../../release/compare/render.js';
import { parseTarget } from '../../release/compare/target.js';

const TEST = 'payments > Payment.create.201 [MUST] a valid SCT gives 201';
const SCOPE = `suites/payments.suite.ts > ${TEST}`;

const outcome = (state: TestOutcome['state'], failedChecks: RequirementId[] = []): TestOutcome => ({
  name: TEST,
  file: '/x/suites/payments.suite.ts',
  state,
  durationMs: 1,
  meta: {
    requirementIds: ['Payment.create.201'],
    level: 'MUST',
    operation: 'sct.create',
    ...(failedChecks.length ? { failedChecks } : {}),
  },
  errors: [],
});

/** A created SCT as a bank of this origin and id answers it, at this moment. */
function created(origin: string, id: string, at: string, body: Record<string, unknown> = {}): RecordedLine[] {
  const href = `${origin}/v1/payments/sepa-credit-transfers/${encodeURIComponent(id)}`;
  return [
    {
      test: SCOPE,
      seq: 0,
      request: {
        method: 'POST',
        url: `${origin}/v1/payments/sepa-credit-transfers`,
        headers: { 'X-Request-ID': at },
        body: '{"requestedExecutionDate":"2026-12-01"}',
      },
      status: 201,
      response: JSON.stringify({
        paymentId: id,
        transactionStatus: 'RCVD',
        requestedExecutionDate: '2026-12-01',
        createdAt: at,
        _links: { self: { href, verbs: ['GET'] } },
        ...body,
      }),
    },
    {
      test: SCOPE,
      seq: 1,
      request: { method: 'GET', url: `${href}/status`, headers: {} },
      status: 200,
      response: JSON.stringify({ transactionStatus: 'RCVD' }),
    },
  ];
}

const side = (label: string, exchanges: RecordedLine[], outcomes = [outcome('passed')]) => ({
  label,
  exchanges,
  outcomes,
});

describe('compare: two targets side by side', () => {
  it('a bank against itself differs in nothing: ids, origins and times are masked', () => {
    const c = compareRuns(
      side('embedded', created('http://127.0.0.1:4001', 'enc!!abc==', '2026-11-26T08:00:00Z')),
      side('embedded', created('http://127.0.0.1:4002', 'enc!!xyz==', '2026-11-26T08:00:09Z')),
    );
    expect(c).toEqual({ a: 'embedded', b: 'embedded', pairs: 2, tests: [] });
    expect(summaryLine(c)).toBe('no difference: 2 exchange(s) compared, the same answers from A and B');
  });

  it('names the differing value, the requirement and the side that breaks it', () => {
    const c = compareRuns(
      side('A', created('http://a', 'id-0001', '2026-11-26T08:00:00Z')),
      side('B', created('http://b', 'id-0002', '2026-11-26T08:00:00Z', { transactionStatus: 'RECEIVED' }), [
        outcome('failed', ['PaymentResponse.transactionStatus.enum']),
      ]),
    );
    expect(c.tests).toEqual([
      {
        test: TEST,
        requirements: ['Payment.create.201', 'PaymentResponse.transactionStatus.enum'],
        state: { a: 'passed', b: 'failed' },
        breaks: { a: [], b: ['PaymentResponse.transactionStatus.enum'] },
        exchanges: [
          {
            scope: SCOPE,
            seq: 0,
            request: 'POST /v1/payments/sepa-credit-transfers',
            differences: [{ kind: 'value', path: '/transactionStatus', a: '"RCVD"', b: '"RECEIVED"' }],
          },
        ],
      },
    ]);
    const text = compareText(c).join('\n');
    expect(text).toContain('  requirements: Payment.create.201, PaymentResponse.transactionStatus.enum');
    expect(text).toContain('  A passed; B failed (breaks PaymentResponse.transactionStatus.enum)');
    expect(text).toContain('    value /transactionStatus: A "RCVD", B "RECEIVED"');
    expect(compareMarkdown(c)).toContain(
      '| POST /v1/payments/sepa-credit-transfers #0 | value | /transactionStatus | "RCVD" | "RECEIVED" |',
    );
  });

  it('a member left out is one shape difference; another date than the one sent differs, as received', () => {
    const b = created('http://b', 'id-0002', '2026-11-26T08:00:00Z', { requestedExecutionDate: '2026-12-02' });
    const response = JSON.parse(b[0]?.response as string);
    delete response.paymentId;
    delete response._links;
    (b[0] as RecordedLine).response = JSON.stringify(response);
    const c = compareRuns(side('A', created('http://a', 'id-0001', '2026-11-26T08:00:00Z')), side('B', b));
    expect(c.tests[0]?.exchanges[0]?.differences).toEqual([
      { kind: 'shape', path: '/_links', a: 'object', b: 'absent' },
      { kind: 'shape', path: '/paymentId', a: 'string', b: 'absent' },
      { kind: 'value', path: '/requestedExecutionDate', a: '"2026-12-01"', b: '"2026-12-02"' },
    ]);
  });

  it('a different status and error code are named; requests that part ways are shown once', () => {
    const b = created('http://b', 'id-0002', '2026-11-26T08:00:00Z');
    (b[0] as RecordedLine).status = 400;
    (b[0] as RecordedLine).response = JSON.stringify({ code: 'FORMAT_ERROR' });
    (b[1] as RecordedLine).request = { method: 'POST', url: 'http://b/v1/signing-baskets', headers: {} };
    const c = compareRuns(side('A', created('http://a', 'id-0001', '2026-11-26T08:00:00Z')), side('B', b));
    expect(c.tests[0]?.exchanges[0]?.differences.slice(0, 2)).toEqual([
      { kind: 'status', a: '201', b: '400' },
      { kind: 'code', a: 'none', b: 'FORMAT_ERROR' },
    ]);
    expect(c.tests[0]?.diverged).toEqual({
      scope: SCOPE,
      seq: 1,
      a: 'GET /v1/payments/sepa-credit-transfers/<id>/status',
      b: 'POST /v1/signing-baskets',
    });
  });

  it('a property run and a fixture scope find their test, or stand alone', () => {
    const outcomes = [outcome('passed')];
    expect(outcomeOf(`${SCOPE} > run 3`, outcomes)?.name).toBe(TEST);
    expect(outcomeOf('suites/payments.suite.ts > (shared debtor)', outcomes)).toBeUndefined();
  });

  it('masks assigned ids and base paths out of a request line', () => {
    const lines = created('http://a/api-sandbox', 'enc!!abc==', '2026-11-26T08:00:00Z');
    expect(requestLine(lines[1] as RecordedLine, sideContext(lines))).toBe(
      'GET /v1/payments/sepa-credit-transfers/<id>/status',
    );
  });
});

describe('compare --target', () => {
  it('reads embedded, embedded with faults and variants, and a URL', () => {
    expect(parseTarget('embedded')).toEqual({ kind: 'embedded', label: 'embedded', faults: [], variants: [] });
    expect(parseTarget('embedded:fault=a,variant=b,fault=c')).toEqual({
      kind: 'embedded',
      label: 'embedded:fault=a,variant=b,fault=c',
      faults: ['a', 'c'],
      variants: ['b'],
    });
    expect(parseTarget('https://bank.example/api-sandbox/')).toEqual({
      kind: 'remote',
      label: 'https://bank.example/api-sandbox/',
      url: 'https://bank.example/api-sandbox',
    });
  });

  it('anything else is a one-line error', () => {
    expect(() => parseTarget('sandbox')).toThrow(
      '--target sandbox: give `embedded`, `embedded:fault=<id>,variant=<id>` or a sandbox URL (http:// or https://)',
    );
    expect(() => parseTarget('embedded:faults=x')).toThrow(
      '--target embedded:faults=x: "faults=x" is not fault=<id> or variant=<id>',
    );
  });
});
