import { describe, expect, it } from 'vitest';
import { NotObservable, createdId, idOrNotObservable } from '../../suites/support/fixtures.js';
import type { Exchange } from '../../client/index.js';

/** interface.md › Endpoints › 6: "Response 201: sandbox engagement", whose fields hold no id. */
const made = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  ({
    request: { method: 'POST', url: 'http://bank/v1/sandbox/agreements/a/engagements', headers: {} },
    response: { status, headers, text: JSON.stringify(body), json: body },
  }) as unknown as Exchange;

describe('idOrNotObservable: the id of what a request made, or why no test can use it', () => {
  it('takes the id from the body, or from Location', () => {
    expect(idOrNotObservable('engagement', made(201, { id: 'e1' }), '6')).toBe('e1');
    expect(idOrNotObservable('engagement', made(201, {}, { location: '/v1/x/engagements/e2' }), '6')).toBe('e2');
  });

  it('a 2xx that names no id is not observable, not a failure', () => {
    expect(() => idOrNotObservable('engagement', made(201, { roles: ['VIEW'] }), 'Endpoints › 6')).toThrow(
      NotObservable,
    );
  });

  it('a refusal gives no id, for the caller to report as the failure it is', () => {
    expect(idOrNotObservable('engagement', made(400, { id: 'error-1' }), '6')).toBeUndefined();
  });
});

describe("createdId: the resource's own id, never its owner's or parent's beside it", () => {
  it.each([
    ['agreement', { customerId: 'c1', agreementId: 'a1', owner: '555' }, 'a1'],
    ['account', { customerId: 'c1', accountId: 'x1' }, 'x1'],
    ['engagement', { agreementId: 'a1', engagementId: 'e1' }, 'e1'],
    ['engagement', { mockEngagementId: 'e2', mockAgreementId: 'a2' }, 'e2'],
    ['basket', { basketId: 'b1', paymentId: 'p1' }, 'b1'],
    ['account', { resourceId: 'r1', customerId: 'c1' }, 'r1'],
  ] as const)('%s from %j', (what, body, id) => {
    expect(createdId(made(201, body), what)).toBe(id);
  });

  it("an owner id alone is not the resource's: Location, else nothing", () => {
    expect(createdId(made(201, { customerId: 'c1' }), 'account')).toBeUndefined();
    expect(createdId(made(201, { customerId: 'c1' }, { location: '/v1/sandbox/accounts/x9' }), 'account')).toBe('x9');
  });
});
