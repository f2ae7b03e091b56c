import { describe, expect, it } from 'vitest';
import { validate, type AnySchemaName } from '../../schemas/index.js';
import {
  COUNTRIES,
  CURRENCY_CODES,
  ISO_4217_CURRENT,
  NEAR_MISS_CLASSES,
  NEAR_MISS_CURRENCIES,
  NEAR_MISS_REGULATORY_REPORTING_CODES,
  REGULATORY_REPORTING_CODES,
  currencyInfo,
} from '../../spec/index.js';

const CLASSES = Object.entries(NEAR_MISS_CLASSES);

describe('near misses of the closed lists (spec/near-misses.ts)', () => {
  it.each(CLASSES)('%s: outside the list, of the listed values’ shape, no repeats', (_, c) => {
    expect(c.nearMisses.length).toBeGreaterThan(0);
    expect(c.nearMisses.filter((v) => (c.listed as readonly string[]).includes(v))).toEqual([]);
    expect(new Set(c.nearMisses).size).toBe(c.nearMisses.length);
    // The shape is the list's own: every listed value has it, so a near miss differs only in being unlisted.
    expect(c.listed.filter((v) => !c.shape.test(v))).toEqual([]);
    expect(c.nearMisses.filter((v) => !c.shape.test(v))).toEqual([]);
  });

  it.each(CLASSES)('%s: no near miss is a listed value in another letter case (that is a SHOULD matter)', (_, c) => {
    const listed = new Set(c.listed.map((v) => v.toLowerCase()));
    expect(c.nearMisses.filter((v) => listed.has(v.toLowerCase()))).toEqual([]);
  });

  it('currencies: exactly the current ISO 4217 codes interface.md leaves out, and ZWL (withdrawn 2024)', () => {
    const listed = new Set<string>(CURRENCY_CODES);
    const missing = ISO_4217_CURRENT.filter((code) => !listed.has(code));
    expect([...NEAR_MISS_CURRENCIES].sort()).toEqual([...missing, 'ZWL'].sort());
    expect(NEAR_MISS_CURRENCIES).toEqual(expect.arrayContaining(['BYN', 'VES', 'MRU', 'STN', 'SLE', 'VED', 'ZWL']));
    expect(new Set(ISO_4217_CURRENT).size).toBe(ISO_4217_CURRENT.length);
  });

  it('currencies: every listed code that ISO 4217 no longer (or never) defines is flagged ambiguous in spec/', () => {
    const iso = new Set<string>(ISO_4217_CURRENT);
    const notIso = CURRENCY_CODES.filter((code) => !iso.has(code));
    expect(notIso).toEqual(['BYR', 'CUC', 'GGP', 'HRK', 'IMP', 'JEP', 'MRO', 'SLL', 'SPL', 'STD', 'TVD', 'VEF', 'ZWD']);
    expect(notIso.filter((code) => !currencyInfo(code)?.ambiguous)).toEqual([]);
  });

  it('countries: interface.md lists all 249 ISO 3166-1 codes, so the near misses are unassigned ones', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(NEAR_MISS_CLASSES.country.nearMisses).toEqual(expect.arrayContaining(['XK', 'UK', 'EU', 'AN']));
  });

  it('regulatory reporting codes: every unlisted two-digit code one away from a listed one, and no other', () => {
    const listed = new Set<string>(REGULATORY_REPORTING_CODES);
    const neighbours = new Set<string>();
    for (const code of REGULATORY_REPORTING_CODES)
      for (const next of [Number(code) - 1, Number(code) + 1]) {
        const text = String(next).padStart(2, '0');
        if (!listed.has(text)) neighbours.add(text);
      }
    expect([...NEAR_MISS_REGULATORY_REPORTING_CODES].sort()).toEqual([...neighbours].sort());
  });

  // The response side: no fault of the bank sends these; the suites' schema checks refuse every one.
  const responses: [string, AnySchemaName, (value: string) => unknown][] = [
    [
      'transactionStatus',
      'BulkPaymentInitiationResponse',
      (v) => ({ paymentId: 'p-1', transactionStatus: v, _links: {} }),
    ],
    ['basketStatus', 'SigningBasket', (v) => ({ payments: ['p-1'], transactionStatus: v, _links: {} })],
    ['scaStatus', 'BasketAuthorisation', (v) => ({ scaStatus: v, _links: {} })],
    ['tppMessageCategory', 'TppMessage', (v) => ({ category: v, code: 'FORMAT_ERROR' })],
  ];
  it.each(responses)(
    '%s: the response schema (%s) refuses every near miss and takes every listed value',
    (id, schema, body) => {
      const c = NEAR_MISS_CLASSES[id as keyof typeof NEAR_MISS_CLASSES];
      expect(c.side).toBe('response');
      const ruleId = c.requirementIds[0] as string;
      const broken = (v: string) => validate(schema, body(v)).some((x) => x.requirementId === ruleId);
      expect(c.nearMisses.filter((v) => !broken(v))).toEqual([]);
      expect(c.listed.filter((v) => broken(v))).toEqual([]);
    },
  );
});
