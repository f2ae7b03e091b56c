import { describe, expect, it } from 'vitest';
import { paymentStatusInSetCheck, statusInSetCheck, type ObservedExchange } from '../../checks/index.js';

/** interface.md › Endpoints: "Fields of the payment status response and payment detail response: not shown." */
function statusRead(body: unknown): ObservedExchange {
  const text = JSON.stringify(body);
  return {
    request: { method: 'GET', url: 'http://bank/v1/payments/sepa-credit-transfers/p1/status' },
    response: { status: 200, headers: { 'content-type': 'application/json' }, text, json: body },
  };
}

const verdicts = (body: unknown) =>
  [
    ...statusInSetCheck.run({ exchange: statusRead(body) }),
    ...paymentStatusInSetCheck.run({ exchange: statusRead(body), facts: { bulk: false } }),
  ].map((r) => [r.requirementId, r.ok, r.level]);

describe('a payment status read: the value is judged at MUST, the member name only at SHOULD', () => {
  it('transactionStatus of the set passes', () => {
    expect(verdicts({ transactionStatus: 'ACTC' })).toEqual([
      ['PaymentResponse.transactionStatus.enum', true, 'MUST'],
      ['Journey.paymentStatus.inSet', true, 'MUST'],
    ]);
  });

  it('a status outside the set fails at MUST', () => {
    expect(verdicts({ transactionStatus: 'DONE' })[1]).toEqual(['Journey.paymentStatus.inSet', false, 'MUST']);
  });

  it('a read whose status member has another name breaks only the convention (SHOULD)', () => {
    expect(verdicts({ status: 'ACTC' })).toEqual([
      ['PaymentResponse.transactionStatus.enum', false, 'SHOULD'],
      ['Journey.paymentStatus.inSet', false, 'SHOULD'],
    ]);
  });
});
