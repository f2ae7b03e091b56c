import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_KINDS, invalidCase, ncbctRequest, type BodyKind } from '../../generators/index.js';
import { Decimal } from 'decimal.js';
import { validate } from '../../schemas/index.js';
import { LIMITS, fractionDigitsFor, requirement } from '../../spec/index.js';
import { bodyBreaks, otherMustViolations } from './oracles.js';

const KINDS = Object.keys(BODY_KINDS) as BodyKind[];

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
        expect(bodyBreaks(BODY_KINDS[kind].schema, c.body, c.requirementId), c.label).toBe(true);
        expect(otherMustViolations(BODY_KINDS[kind].schema, c.body, c.requirementId), c.label).toEqual([]);
      }),
      { numRuns: 500, seed: 2 },
    );
  });

  it(
    'acceptance: across 10 000 valid NCBCT bodies, NOK from 100 000.00 always carries both reporting fields ' +
      '(NCBCT.regulatoryReporting.requiredFromNok100000), fraction digits always match the currency ' +
      '(Amount.amount.fractionDigits), and at least 5 % of amounts sit within one minor unit of NOK 100 000.00 or ' +
      'of a limit',
    () => {
      const bodies = fc.sample(ncbctRequest(), { numRuns: 10_000, seed: 3 });
      const threshold = new Decimal(LIMITS.regulatoryReportingThresholdNok);
      let onEdge = 0;
      const nearThreshold = new Set<string>();
      for (const body of bodies) {
        const { amount, currency } = body.instructedAmount as { amount: string; currency: string };
        const digits = fractionDigitsFor(currency);
        expect(amount).toMatch(digits === 0 ? /^[0-9]+$/ : new RegExp(`^[0-9]+\\.[0-9]{${digits}}$`));
        const value = new Decimal(amount);
        const unit = new Decimal(10).pow(-digits);
        if (currency === 'NOK' && value.gte(threshold)) {
          expect([typeof body.regulatoryReportingCode, typeof body.regulatoryReportingInformation]).toEqual([
            'string',
            'string',
          ]);
        }
        const nearNokThreshold = currency === 'NOK' && value.minus(threshold).abs().lte(unit);
        if (nearNokThreshold) nearThreshold.add(amount);
        // The lower limit of an amount: its smallest unit (one minor unit away: one or two units).
        if (nearNokThreshold || value.lte(unit.times(2))) onEdge++;
      }
      expect(onEdge / bodies.length).toBeGreaterThanOrEqual(0.05);
      expect([...nearThreshold].sort()).toEqual(['100000.00', '100000.01', '99999.99']);
    },
  );

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
