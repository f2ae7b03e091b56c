import { describe, expect, it } from 'vitest';
import {
  checkAccepted,
  checkRejected,
  contentType,
  errorBody,
  errorCode,
  failures,
  linkShape,
  notAServerError,
  rejectedChecks,
  type ObservedExchange,
} from '../../checks/index.js';
import { OPERATIONS } from '../../spec/index.js';

const ncbct = OPERATIONS.find((o) => o.id === 'ncbct.create')!;
const json = 'application/json; charset=utf-8';

function exchange(status: number, body: unknown, type = json): ObservedExchange {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return {
    request: { method: 'POST', url: 'http://bank/v1/payments/x' },
    response: { status, headers: { 'content-type': type }, text, json: parsed },
  };
}

const created = { paymentId: 'p1', transactionStatus: 'RCVD', _links: { self: { href: '/p1', verbs: ['GET'] } } };
const failedIds = (results: ReturnType<typeof checkAccepted>) => failures(results).map((r) => r.requirementId);

describe('checks', () => {
  it('Errors.clientError.never5xx: not_a_server_error fails on 500 and 503 and on no response at all', () => {
    expect(notAServerError(exchange(500, {})).ok).toBe(false);
    expect(notAServerError(exchange(503, {})).ok).toBe(false);
    expect(notAServerError(exchange(400, {})).ok).toBe(true);
    const none: ObservedExchange = {
      request: { method: 'GET', url: 'x' },
      error: { kind: 'headers-timeout', message: 'no headers in 100 ms' },
    };
    expect(checkAccepted(none, ncbct, 'Payment.create.201')).toEqual([
      expect.objectContaining({
        check: 'response_received',
        requirementId: 'Errors.clientError.never5xx',
        ok: false,
        message: expect.stringContaining('headers-timeout'),
      }),
      expect.objectContaining({
        check: 'response_received',
        requirementId: 'Payment.create.201',
        ok: false,
        message: expect.stringContaining('headers-timeout'),
      }),
    ]);
  });

  it(
    'Errors.invalidRequest.never2xx holds for MUST rules; accepting ' +
      'what only a SHOULD rule refuses is a SHOULD failure',
    () => {
      expect(
        failedIds(rejectedChecks({ exchange: exchange(201, created), requirementId: 'BULK.payments.nonEmpty' })),
      ).toEqual([]);
      expect(
        failures(
          rejectedChecks({ exchange: exchange(201, created), requirementId: 'BULK.payments.nonEmpty' }),
          true,
        ).map((r) => r.requirementId),
      ).toEqual(['Errors.invalidRequest.never2xx', 'BULK.payments.nonEmpty']);
      expect(
        failedIds(rejectedChecks({ exchange: exchange(201, created), requirementId: 'NCBCT.creditorName.max70' })),
      ).toEqual(['Errors.invalidRequest.never2xx', 'NCBCT.creditorName.max70']);
    },
  );

  it('no response fails the rule under test at its own level: silence never passes a MUST rejection test', () => {
    const none: ObservedExchange = {
      request: { method: 'GET', url: 'x' },
      error: { kind: 'headers-timeout', message: 'no headers in 100 ms' },
    };
    expect(failedIds(rejectedChecks({ exchange: none, requirementId: 'Basket.get.unknown404' }))).toEqual([
      'Basket.get.unknown404',
    ]);
    expect(failedIds(checkAccepted(none, ncbct, 'Payment.create.201'))).toEqual(['Payment.create.201']);
  });

  it('Payment.create.201: a conformant 201 passes every check; a 200 fails status_code_conformance', () => {
    expect(failedIds(checkAccepted(exchange(201, created), ncbct, 'Payment.create.201'))).toEqual([]);
    expect(failedIds(checkAccepted(exchange(200, created), ncbct, 'Payment.create.201'))).toEqual([
      'Payment.create.201',
    ]);
  });

  it('response_schema_conformance names the broken rule of the body', () => {
    const bad = { ...created, transactionStatus: 'DONE', psuMessage: 'x'.repeat(513) };
    expect(failedIds(checkAccepted(exchange(201, bad), ncbct, 'Payment.create.201')).sort()).toEqual([
      'PaymentResponse.psuMessage.max512',
      'PaymentResponse.transactionStatus.enum',
    ]);
  });

  it('a body that conforms to its schema holds the rules annotated in it (coverage counts them as judged)', () => {
    const results = checkAccepted(exchange(201, created), ncbct, 'Payment.create.201');
    const schema = results.find((r) => r.check === 'response_schema_conformance');
    expect(schema?.ok).toBe(true);
    expect(schema?.holds).toEqual(
      expect.arrayContaining([
        'PaymentResponse.paymentId.required',
        'PaymentResponse.transactionStatus.enum',
        // Through $ref: tppMessages items are TppMessage, _links members are Link.
        'TppMessage.text.max512',
        'Link.href.required',
      ]),
    );
    // A failed schema check holds nothing: its violations name their rules.
    const bad = checkAccepted(exchange(201, { ...created, transactionStatus: 'DONE' }), ncbct, 'Payment.create.201');
    expect(bad.filter((r) => r.holds)).toEqual([]);
  });

  it('Negotiation.contentType.json: text/plain fails, +json and an empty body pass', () => {
    expect(contentType(exchange(201, created, 'text/plain')).ok).toBe(false);
    expect(contentType(exchange(201, created, 'application/problem+json')).ok).toBe(true);
    expect(contentType(exchange(204, '', '')).ok).toBe(true);
  });

  it('Errors.invalidRequest.never2xx: accepting a request that breaks a rule fails at MUST level', () => {
    const results = checkRejected(exchange(201, created), 'NCBCT.creditorName.max70');
    expect(failures(results).map((r) => r.check)).toEqual(expect.arrayContaining(['not_accepted', 'client_error']));
  });

  it('a rejection with the interface Error body and the expected code passes', () => {
    const body = { id: 'e', system: 's', status: 400, code: 'FORMAT_ERROR', message: 'too long' };
    expect(failures(checkRejected(exchange(400, body), 'Errors.bulk.formatError400'), true)).toEqual([]);
  });

  it('Errors.kid.400: a 401 for a KID error fails the MUST status check', () => {
    const body = { id: 'e', system: 's', status: 401, code: 'KID_INVALID', message: 'bad KID' };
    const failed = failures(checkRejected(exchange(401, body), 'Errors.kid.400'));
    // 401 is a 4xx, so only the stated status (400, MUST by Errors rule 2) fails.
    expect(failed.map((r) => [r.check, r.requirementId, r.level])).toEqual([
      ['expected_status', 'Errors.kid.400', 'MUST'],
    ]);
  });

  it(
    'Errors.body.berlinGroup: a tppMessages body is seen and ' + 'reported, failing Errors.body.shape only at SHOULD',
    () => {
      const results = errorBody(exchange(400, { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR' }] }));
      expect(results.map((r) => [r.requirementId, r.ok, r.level])).toEqual([
        ['Errors.body.berlinGroup', true, 'SHOULD'],
        ['Errors.body.shape', false, 'SHOULD'],
      ]);
      expect(results[0]?.detail).toEqual({ form: 'berlin-group' });
    },
  );

  it('Errors.serverError.systemError and Errors.code.inList', () => {
    expect(
      errorCode(exchange(500, { id: 'e', system: 's', status: 500, code: 'OOPS' })).map((r) => [r.requirementId, r.ok]),
    ).toEqual([
      ['Errors.code.inList', false],
      ['Errors.serverError.systemError', false],
    ]);
  });

  it('link_shape: Berlin Group links without verbs and unknown verbs fail with their ids', () => {
    const body = { _links: { self: { href: '/a' }, status: { href: '/b', verbs: ['PATCH'] } } };
    expect(linkShape(exchange(201, body)).map((r) => [r.requirementId, r.ok])).toEqual([
      ['Link.verbs.required', false],
      ['Link.verbs.enum', false],
    ]);
  });

  it('failures: SHOULD results count only when strict', () => {
    const results = errorBody(exchange(400, { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR' }] }));
    expect(failures(results)).toEqual([]);
    expect(failures(results, true).map((r) => r.requirementId)).toEqual(['Errors.body.shape']);
  });
});
