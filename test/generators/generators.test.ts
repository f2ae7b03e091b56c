import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_KINDS, invalidCase, ncbctRequest, type BodyKind } from '../../generators/index.js';
import { validate } from '../../schemas/index.js';
import { fractionDigitsFor, requirement } from '../../spec/index.js';

const KINDS = Object.keys(BODY_KINDS) as BodyKind[];
/** Rules that cannot be broken alone: the second id necessarily breaks with the first. */
const COMPANIONS: Record<string, string[]> = {
  'Country.max2': ['Country.enum'],
  'AccountReference.iban.max34': ['AccountReference.iban.structure'],
  'Amount.amount.precision18scale5': ['Amount.amount.fractionDigits'],
};

describe('generators', () => {
  it.each(KINDS)('every valid %s body passes the schemas and code validators', (kind) => {
    fc.assert(
      fc.property(BODY_KINDS[kind].valid(undefined as never), (body) => {
        expect(validate(BODY_KINDS[kind].schema, body)).toEqual([]);
      }),
      { numRuns: 300, seed: 1 },
    );
  });

  it.each(KINDS)('every invalid %s body breaks its labelled rule and no other MUST rule', (kind) => {
    fc.assert(
      fc.property(invalidCase(kind), (c) => {
        const ids = validate(BODY_KINDS[kind].schema, c.body).map((v) => v.requirementId);
        expect(ids).toContain(c.requirementId);
        const others = ids.filter((id) => id !== c.requirementId && !(COMPANIONS[c.requirementId] ?? []).includes(id) && requirement(id).level === 'MUST' && id !== 'Errors.invalidRequest.never2xx');
        expect(others, c.label).toEqual([]);
      }),
      { numRuns: 500, seed: 2 },
    );
  });

  it('NCBCT.regulatoryReporting.requiredFromNok100000: NOK amounts from 100 000.00 always carry both reporting fields; fraction digits always match', () => {
    fc.assert(
      fc.property(ncbctRequest(), (body) => {
        const { amount, currency } = body.instructedAmount as { amount: string; currency: string };
        expect((amount.split('.')[1] ?? '').length).toBe(fractionDigitsFor(currency));
        if (currency === 'NOK' && Number(amount) >= 100000) expect([typeof body.regulatoryReportingCode, typeof body.regulatoryReportingInformation]).toEqual(['string', 'string']);
      }),
      { numRuns: 2000, seed: 3 },
    );
  });

  it('amounts sit on the edges often: at least 5 % within one minor unit of NOK 100 000.00 or at the smallest unit', () => {
    const bodies = fc.sample(ncbctRequest(), { numRuns: 2000, seed: 4 });
    const edge = bodies.filter((b) => {
      const { amount, currency } = b.instructedAmount as { amount: string; currency: string };
      const unit = 10 ** -fractionDigitsFor(currency);
      return Math.abs(Number(amount) - 100000) <= unit + 1e-9 || Number(amount) <= unit + 1e-9;
    });
    expect(edge.length / bodies.length).toBeGreaterThanOrEqual(0.05);
  });

  it('a fixed seed gives identical bodies; another seed gives others', () => {
    const a = JSON.stringify(fc.sample(invalidCase('bulk'), { numRuns: 50, seed: 7 }));
    expect(JSON.stringify(fc.sample(invalidCase('bulk'), { numRuns: 50, seed: 7 }))).toBe(a);
    expect(JSON.stringify(fc.sample(invalidCase('bulk'), { numRuns: 50, seed: 8 }))).not.toBe(a);
  });

  it('invalidCase(kind, id) only makes cases of that rule: NCBCT.creditorName.max70 gives 71+ character names', () => {
    for (const c of fc.sample(invalidCase('ncbct', 'NCBCT.creditorName.max70'), { numRuns: 100, seed: 5 })) {
      expect(c.requirementId).toBe('NCBCT.creditorName.max70');
      expect([...(c.body.creditorName as string)].length).toBeGreaterThanOrEqual(71);
      expect(c.expected).toEqual(requirement('NCBCT.creditorName.max70').expected);
    }
  });
});
