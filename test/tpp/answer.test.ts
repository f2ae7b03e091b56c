import { describe, expect, it } from 'vitest';
import { checkAccepted, checkRejected, type CheckResult, type ObservedExchange } from '../../checks/index.js';
import type { Exchange } from '../../client/index.js';
import type { ConformanceMeta } from '../../run-model/index.js';
import { operation, requirement, type RequirementId } from '../../spec/index.js';
import { expectationOf } from '../../suites/support/failed-exchange.js';
import { judgeAnswer, type RequestVerdict } from '../../tpp/index.js';

/**
 * How the proxy and replay judge an answer from the request's own verdict, and how a failed test's expectation is
 * read back from the checks it ran. Each case states its answer and the exact verdict.
 */

const NCBCT = { id: 'ncbct.create' as const, summary: 'Initiate an NCBCT' };
const verdict = (
  findings: RequestVerdict['findings'] = [],
  op: RequestVerdict['operation'] | null = NCBCT,
): RequestVerdict => ({
  method: 'POST',
  target: '/v1/payments/norwegian-cross-border-credit-transfers',
  ...(op ? { operation: op } : {}),
  conforms: !findings.some((f) => f.level === 'MUST'),
  findings,
  notes: [],
});
const finding = (requirementId: RequirementId) => ({
  requirementId,
  level: requirement(requirementId).level,
  message: '',
});

function answer(status: number, body: unknown = {}): ObservedExchange {
  const text = JSON.stringify(body);
  return {
    request: { method: 'POST', url: 'http://bank/v1/payments/norwegian-cross-border-credit-transfers' },
    response: { status, headers: { 'content-type': 'application/json' }, text, json: body },
  };
}
const failedIds = (results: CheckResult[]) => results.filter((r) => !r.ok).map((r) => `${r.level} ${r.requirementId}`);

const created = { paymentId: 'p1', transactionStatus: 'RCVD' };
const formatError = {
  id: 'e',
  system: 'bank',
  status: 400,
  code: 'FORMAT_ERROR',
  message: 'header PSU-ID is required',
};

describe('judgeAnswer', () => {
  it('a conforming request answered 201 with a conformant body: nothing fails', () => {
    expect(failedIds(judgeAnswer(verdict(), answer(201, created)))).toEqual([]);
  });

  it('a conforming request answered with a status outside the enum: the schema rule fails at MUST', () => {
    const results = judgeAnswer(verdict(), answer(201, { paymentId: 'p1', transactionStatus: 'RECEIVED' }));
    expect(failedIds(results)).toEqual(['MUST PaymentResponse.transactionStatus.enum']);
  });

  it('a request the bank must refuse, accepted: never2xx and the rule fail at MUST', () => {
    const results = judgeAnswer(verdict([finding('Headers.PSU-ID.required')]), answer(201, created));
    expect(failedIds(results)).toEqual([
      'MUST Errors.invalidRequest.never2xx',
      'MUST Headers.PSU-ID.required',
      'SHOULD Headers.PSU-ID.required',
    ]);
  });

  it('a request breaking two rules may be refused for either: one met expected status stands for both', () => {
    const results = judgeAnswer(
      verdict([finding('Headers.PSU-ID.required'), finding('Auth.signature.valid')]),
      answer(400, formatError),
    );
    expect(failedIds(results)).toEqual([]);
    expect(results.filter((r) => r.check === 'expected_status').map((r) => r.requirementId)).toEqual([
      'Headers.PSU-ID.required',
      'Auth.signature.valid',
    ]);
  });

  it('a rule of the TPP’s own side (Date window) never makes the bank wrong for accepting', () => {
    expect(failedIds(judgeAnswer(verdict([finding('Auth.date.window')]), answer(201, created)))).toEqual([]);
  });

  it('a well-formed request refused with a 4xx interface.md does not document: SHOULD, not MUST', () => {
    const results = judgeAnswer(verdict(), answer(409, { ...formatError, status: 409, code: 'CONFLICT' }));
    expect(failedIds(results)).toEqual(['SHOULD Payment.create.201']);
  });

  it('a documented error of the operation (404 for an unknown basket) is an allowed answer', () => {
    const basket = { id: 'basket.get' as const, summary: 'Read a basket' };
    const unknown = { ...formatError, status: 404, code: 'RESOURCE_UNKNOWN', message: 'no basket b1' };
    expect(failedIds(judgeAnswer(verdict([], basket), answer(404, unknown)))).toEqual([]);
  });

  it('a 5xx to a well-formed request fails the operation’s success rule at MUST', () => {
    const results = judgeAnswer(verdict(), answer(500, { ...formatError, status: 500, code: 'SYSTEM_ERROR' }));
    expect(failedIds(results)).toEqual(['SHOULD Errors.clientError.never5xx', 'MUST Payment.create.201']);
  });

  it('an operation interface.md does not specify gets only the checks every answer gets', () => {
    const results = judgeAnswer(verdict([], null), answer(200, { anything: true }));
    expect(results.map((r) => r.check)).toEqual(['not_a_server_error', 'content_type_conformance']);
  });
});

describe('expectationOf (a failed test’s record)', () => {
  const exchange = {
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:1/v1/payments/norwegian-cross-border-credit-transfers',
      headers: {},
    },
    timings: { startedAt: '2026-11-20T10:00:00.000Z', totalMs: 1 },
    response: answer(201, created).response,
  } as unknown as Exchange;
  const meta: ConformanceMeta = { requirementIds: ['Payment.create.201'], level: 'MUST', operation: 'cross-cutting' };

  it('checkAccepted leaves the operation and the rule under test', () => {
    const results = checkAccepted(exchange, operation('ncbct.create'), 'Payment.create.201');
    expect(expectationOf(results, exchange, meta)).toEqual({
      kind: 'accepted',
      operation: 'ncbct.create',
      requirementId: 'Payment.create.201',
    });
  });

  it('checkRejected leaves the rule the request breaks with its expected rejection', () => {
    const id = 'NCBCT.creditorName.max70';
    const results = [
      ...checkRejected(exchange, id),
      ...checkAccepted(exchange, operation('ncbct.create'), 'Payment.create.201'),
    ];
    expect(expectationOf(results, exchange, meta)).toEqual({
      kind: 'rejected',
      requirementId: id,
      expected: requirement(id).expected,
    });
  });

  it('without an answer, a rule with an expected rejection was a rejection test', () => {
    const silent = {
      ...exchange,
      response: undefined,
      error: { kind: 'reset', message: 'socket hang up' },
    } as Exchange;
    const id = 'Headers.PSU-ID.required';
    expect(expectationOf(checkRejected(silent, id), silent, meta)).toMatchObject({
      kind: 'rejected',
      requirementId: id,
    });
  });
});
