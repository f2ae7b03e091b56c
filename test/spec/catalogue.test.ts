import { describe, expect, it } from 'vitest';
import {
  BERLIN_GROUP_EXTRA_CODES,
  ERROR_CODES,
  LIMITS_TABLE_ROWS,
  OPERATIONS,
  REQUIREMENTS,
  hasRequirement,
  requirement,
  type RequirementId,
} from '../../spec/index.js';
import { INTERFACE_MD, tableAfter } from './interface-md.js';

const operationIds = new Set(OPERATIONS.map((o) => o.id));
const knownCodes = new Set<string>([...ERROR_CODES, ...BERLIN_GROUP_EXTRA_CODES]);

describe('requirement catalogue', () => {
  it('has unique, readable ids', () => {
    const ids = REQUIREMENTS.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Z][A-Za-z]*(\.[A-Za-z0-9-]+)+$/);
  });

  it.each(REQUIREMENTS.map((r) => [r.id, r] as const))('%s is well-formed', (_id, r) => {
    expect(['MUST', 'SHOULD']).toContain(r.level);
    expect(r.section.length).toBeGreaterThan(3);
    expect(r.statement).toMatch(/\.$/);
    for (const op of r.operations) expect(operationIds.has(op)).toBe(true);
    if (r.operations.length === 0) expect(r.notTestable).toBeDefined();
    if (r.expected) {
      for (const status of r.expected.status) expect(status >= 400 && status < 500).toBe(true);
      for (const code of r.expected.codes) expect(knownCodes.has(code)).toBe(true);
    }
    // A MUST comes from interface.md; a rule sourced only from platform-notes.md is a SHOULD.
    if (/^platform-notes\.md/.test(r.section)) expect(r.level).toBe('SHOULD');
  });

  it('covers every row of the Limits table', () => {
    const rows = tableAfter('## Limits').map((cells) => cells[0] as string);
    expect(rows).toHaveLength(17);
    expect(Object.keys(LIMITS_TABLE_ROWS).sort()).toEqual([...rows].sort());
    for (const ids of Object.values(LIMITS_TABLE_ROWS)) for (const id of ids) expect(hasRequirement(id), id).toBe(true);
  });

  it.each<[string, RequirementId, number[]]>([
    [
      'Errors rule 1: corporate user without PSU-Corporate-ID gives 400',
      'Errors.corporateWithoutCorporateId.400',
      [400],
    ],
    ['Errors rule 2: KID errors give 400', 'Errors.kid.400', [400]],
    ['Errors rule 3: bulk payment in a basket gives 400 REFERENCE_MIX_INVALID', 'Basket.referenceMix.bulk', [400]],
    ['Errors rule 3: periodic payment in a basket', 'Basket.referenceMix.periodic', [400]],
    ['unknown basket gives 404 RESOURCE_UNKNOWN', 'Basket.get.unknown404', [404]],
  ])('%s', (_what, id, status) => {
    const r = requirement(id);
    expect(r.level).toBe('MUST');
    expect(r.expected?.status).toEqual(status);
    expect(r.expected?.exactness).toBe('MUST');
  });

  it.each<RequirementId>([
    'Errors.insufficientFunds.notServerError',
    'NCBCT.regulatoryReporting.requiredFromNok100000',
    'BULK.entry.remittance.structuredXorUnstructured',
    'Basket.transactionStatus.worstCase',
    'Sandbox.engagement.consentNeedsRegisterAndView',
    'Sandbox.transactions.offset.honoured',
    'Sandbox.transactions.limit.min1',
    'Sandbox.transactions.dateRange.honoured',
    'Amount.amount.fractionDigits',
    'NCBCT.creditorAgent.requiredWithBban',
    'NCBCT.creditorName.max70',
  ])('names the rule %s as a MUST', (id) => {
    expect(requirement(id).level).toBe('MUST');
  });

  it('covers each Errors additional rule and each numbered Authentication item in a section', () => {
    const sections = REQUIREMENTS.map((r) => r.section).join('\n');
    for (const n of [1, 2, 3, 4]) expect(sections).toContain(`Errors rule ${n}`);
    for (const n of [1, 2, 3, 4, 5, 6]) expect(sections).toMatch(new RegExp(`Authentication ${n}`));
  });

  it('has a requirement for every header interface.md marks required', () => {
    for (const name of [
      'X-Request-ID',
      'TPP-Signature-Certificate',
      'Signature',
      'TPP-Session-ID',
      'TPP-Redirect-URI',
      'PSU-IP-Address',
    ]) {
      expect(INTERFACE_MD).toContain(name);
      expect(hasRequirement(`Headers.${name}.required`)).toBe(true);
    }
  });

  it('gives every specified operation at least one testable requirement', () => {
    for (const op of OPERATIONS.filter((o) => o.standing === 'specified')) {
      expect(
        REQUIREMENTS.some((r) => r.operations.includes(op.id) && !r.notTestable),
        op.id,
      ).toBe(true);
    }
  });
});
