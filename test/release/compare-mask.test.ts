import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../core/index.js';
import { compareExchanges, ignoreMatcher } from '../../release/compare/answers.js';
import { sideContext, type RecordedLine } from '../../release/compare/mask.js';

/**
 * The masking of compare, both ways: what a side made itself (set-up data built from its run tag, ids its bank
 * assigned, its request's digest and X-Request-ID, the moment) is not a difference; a status, a code, a member and
 * a value the bank chose always are.
 */

const ORIGIN = { a: 'http://127.0.0.1:4001', b: 'http://127.0.0.1:4002' };

/** The sandbox customer each side creates, named by its run tag, and the bank's answer echoing it. */
function customer(side: 'a' | 'b', answer: Record<string, unknown> = {}): RecordedLine {
  const tag = side === 'a' ? 'rd860e91a' : 'r63279cee';
  const number = side === 'a' ? '79431475224' : '77137177768';
  const body = JSON.stringify({ customerNumber: number, name: `Kari ${tag}-15fda4-1`, type: 'private' });
  return {
    test: 'suites/payments.suite.ts > (shared debtor)',
    seq: 0,
    request: {
      method: 'POST',
      url: `${ORIGIN[side]}/v1/sandbox/customers`,
      headers: { 'X-Request-ID': `${tag}-0000-4000-8000-000000000001`, Digest: digest(body) },
      body,
    },
    status: 201,
    response: JSON.stringify({
      customerId: `cust-${tag}`,
      customerNumber: number,
      customerType: 'private',
      customerName: `Kari ${tag}-15fda4-1`,
      _links: { self: { href: `${ORIGIN[side]}/v1/sandbox/customers/cust-${tag}` } },
      ...answer,
    }),
  };
}

const digest = (body: string) => `SHA-256=${createHash('sha256').update(body).digest('base64')}`;

/** A payment from the account the side's set-up created, answered by the bank with `answer`. */
function payment(side: 'a' | 'b', status: number, answer: Record<string, unknown>): RecordedLine {
  const bban = side === 'a' ? '93316129305' : '94766422173';
  return {
    test: 'suites/payments.suite.ts > payments > a valid NCBCT gives 201',
    seq: 0,
    request: {
      method: 'POST',
      url: `${ORIGIN[side]}/v1/payments/norwegian-cross-border-credit-transfers`,
      headers: { 'X-Request-ID': `${side}-request-id-0002` },
      body: JSON.stringify({ debtorAccount: { bban, currency: 'NOK' }, instructedAmount: { amount: '100000.00' } }),
    },
    status,
    response: JSON.stringify(answer),
  };
}

/** The account the set-up created earlier in the side's run (the payment's debtor). */
function account(side: 'a' | 'b'): RecordedLine {
  const bban = side === 'a' ? '93316129305' : '94766422173';
  return {
    test: 'suites/payments.suite.ts > (shared debtor)',
    seq: 1,
    request: {
      method: 'POST',
      url: `${ORIGIN[side]}/v1/sandbox/accounts`,
      headers: {},
      body: JSON.stringify({ bban, iban: `NO93${bban}`, currency: 'NOK' }),
    },
    status: 201,
    response: JSON.stringify({ id: `acc-${side}-0001`, bban }),
  };
}

const compare = (a: RecordedLine, b: RecordedLine, ignore?: string[]) =>
  compareExchanges({ exchange: a }, { exchange: b }, ignore ? { ignore } : {});

describe('compare masks what each side made itself', () => {
  it('set-up data echoed back, the id its bank assigned and the origin of its links are no difference', () => {
    expect(compare(customer('a'), customer('b'))).toEqual([]);
  });

  it('a message quoting an account number an earlier request of the side sent is no difference', () => {
    const a = payment('a', 400, { code: 'PAYMENT_FAILED', message: 'insufficient funds on 93316129305' });
    const b = payment('b', 400, { code: 'PAYMENT_FAILED', message: 'insufficient funds on 94766422173' });
    const context = { a: sideContext([account('a'), a]), b: sideContext([account('b'), b]) };
    expect(compareExchanges({ exchange: a, context: context.a }, { exchange: b, context: context.b })).toEqual([]);
  });

  it("a message quoting the request's digest, its body's digest or its X-Request-ID is no difference", () => {
    const quoting = (side: 'a' | 'b') => {
      const line = customer(side);
      const sent = line.request.headers.Digest as string;
      const expected = createHash('sha256')
        .update(line.request.body as string)
        .digest('base64');
      const id = line.request.headers['X-Request-ID'] as string;
      line.status = 401;
      line.response = JSON.stringify({
        code: 'FORMAT_ERROR',
        message: `Digest ${sent} does not match the body (expected ${expected}); request ${id}`,
      });
      return line;
    };
    expect(compare(quoting('a'), quoting('b'))).toEqual([]);
  });

  it('a duration quoted from the moment a few seconds apart is no difference; another window is', () => {
    const skew = (side: 'a' | 'b', seconds: number, window = 300) =>
      payment(side, 401, { code: 'FORMAT_ERROR', message: `Date is ${seconds} s from now; at most ${window} s` });
    expect(compare(skew('a', 3600), skew('b', 3598))).toEqual([]);
    expect(compare(skew('a', 3600), skew('b', 3600, 600))).toEqual([
      {
        kind: 'value',
        path: '/message',
        a: '"Date is 3600 s from now; at most 300 s"',
        b: '"Date is 3600 s from now; at most 600 s"',
      },
    ]);
  });
});

describe('compare keeps every difference the banks chose', () => {
  it('a status outside the enum is a value difference, shown as received', () => {
    const a = payment('a', 201, { paymentId: 'enc!!pay-a==', transactionStatus: 'RCVD' });
    const b = payment('b', 201, { paymentId: 'enc!!pay-b==', transactionStatus: 'RECEIVED' });
    expect(compare(a, b)).toEqual([{ kind: 'value', path: '/transactionStatus', a: '"RCVD"', b: '"RECEIVED"' }]);
  });

  it('another HTTP status and error code, and a member only one side has', () => {
    const a = payment('a', 201, { paymentId: 'enc!!pay-a==', transactionStatus: 'RCVD' });
    const b = payment('b', 400, { code: 'FORMAT_ERROR', message: 'no' });
    expect(compare(a, b)).toEqual([
      { kind: 'status', a: '201', b: '400' },
      { kind: 'code', a: 'none', b: 'FORMAT_ERROR' },
      { kind: 'shape', path: '/code', a: 'absent', b: 'string' },
      { kind: 'shape', path: '/message', a: 'absent', b: 'string' },
      { kind: 'shape', path: '/paymentId', a: 'string', b: 'absent' },
      { kind: 'shape', path: '/transactionStatus', a: 'string', b: 'absent' },
    ]);
  });

  it('a fee the bank chose differs, though the amounts around it were sent', () => {
    const fee = (amount: string) => ({ transactionFees: { amount, currency: 'NOK' } });
    expect(compare(payment('a', 201, fee('10.00')), payment('b', 201, fee('12.50')))).toEqual([
      { kind: 'value', path: '/transactionFees/amount', a: '"10.00"', b: '"12.50"' },
    ]);
  });

  it('a side that echoes what it sent and a side that answers with a value of its own differ', () => {
    const b = customer('b', { customerName: 'Kari Nordmann' });
    expect(compare(customer('a'), b)).toEqual([
      { kind: 'value', path: '/customerName', a: '"Kari rd860e91a-15fda4-1"', b: '"Kari Nordmann"' },
    ]);
  });

  it("a value echoed from another member of the request than the other side's is a difference", () => {
    // B answers its customerNumber where A answers the name it sent: both come from the requests, not one place.
    const b = customer('b', { customerName: '77137177768' });
    expect(compare(customer('a'), b)).toEqual([
      { kind: 'value', path: '/customerName', a: '"Kari rd860e91a-15fda4-1"', b: '"77137177768"' },
    ]);
  });
});

describe('compare --ignore', () => {
  it('leaves the members named out, with everything under them; status and code stay', () => {
    const a = payment('a', 400, { code: 'PAYMENT_FAILED', message: 'no money', details: { at: 'x' } });
    const b = payment('b', 409, { code: 'PAYMENT_FAILED', message: 'not enough', details: ['y'] });
    expect(compare(a, b, ['/message', '/details'])).toEqual([{ kind: 'status', a: '400', b: '409' }]);
  });

  it('`*` stands for any one member or item, and an index matches the items of a shape', () => {
    const list = (side: 'a' | 'b', text: string, extra = {}) =>
      payment(side, 200, { transactions: [{ remittanceInformationUnstructured: text, ...extra }] });
    const [a, b] = [list('a', 'tx0 one'), list('b', 'tx0 two', { more: 1 })];
    expect(compare(a, b, ['/transactions/*/remittanceInformationUnstructured'])).toEqual([
      { kind: 'shape', path: '/transactions/*/more', a: 'absent', b: 'number' },
    ]);
    expect(compare(a, b, ['/transactions/0'])).toEqual([]);
  });

  it('a pointer that does not start with / is a one-line error', () => {
    expect(() => ignoreMatcher(['message'])).toThrow(UserError);
    expect(() => ignoreMatcher(['message'])).toThrow('--ignore message: a JSON pointer starts with "/"');
  });
});
