import { describe, expect, it } from 'vitest';
import { faultSet } from '../../bank/context.js';
import { FAULTS } from '../../bank/faults.js';
import { NAME_LIMIT_RULES, checkBody } from '../../bank/pipeline.js';
import { operation } from '../../spec/index.js';
import { sctBody } from '../../suites/support/bodies.js';

/** Fault utf8-bytes-name-limit: the 70-character name limits counted in UTF-8 bytes (bank/pipeline.ts). */
const FAULT = 'utf8-bytes-name-limit';
const debtor = { id: 'd', bban: '86011117947', iban: 'NO9386011117947', customerNumber: '1' };
const sct = operation('sct.create');

/** The message of the rejection a check throws, or '' when it passes. */
const refusal = (run: () => void): string => {
  try {
    run();
    return '';
  } catch (err) {
    return (err as { message: string }).message;
  }
};

describe('fault utf8-bytes-name-limit', () => {
  it('breaks exactly the rules of the name limits, as the rule table lists them', () => {
    const row = FAULTS.find((f) => f.id === FAULT);
    expect([...(row?.breaks ?? [])].sort()).toEqual(NAME_LIMIT_RULES.map((r) => r.id).sort());
    expect(NAME_LIMIT_RULES.map((r) => r.length.max)).toEqual([70, 70, 70, 70, 70, 70]);
  });

  it('refuses a valid name of 36 two-byte letters (72 bytes), naming the rule; a clean bank takes it', () => {
    const body = { ...sctBody(debtor), creditorName: 'Æ'.repeat(36) };
    expect(refusal(() => checkBody(sct, body, faultSet([FAULT])))).toBe(
      '/creditorName: 72 bytes, more than 70 (SCT.creditorName.max70)',
    );
    expect(refusal(() => checkBody(sct, body, faultSet([])))).toBe('');
  });

  it('takes 35 two-byte letters (70 bytes) and 70 ASCII ones: it counts bytes, not characters', () => {
    for (const creditorName of ['Æ'.repeat(35), 'a'.repeat(70)])
      expect(refusal(() => checkBody(sct, { ...sctBody(debtor), creditorName }, faultSet([FAULT])))).toBe('');
  });

  it('counts a street of an address the same way', () => {
    const body = { ...sctBody(debtor), creditorAddress: { street: 'ø'.repeat(40), country: 'DE' } };
    expect(refusal(() => checkBody(sct, body, faultSet([FAULT])))).toContain('(Address.street.max70)');
  });
});
