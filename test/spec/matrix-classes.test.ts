import { describe, expect, it } from 'vitest';
import { cellKey, classesOf, matrixCells, parseCellKey, unreachableReason, weekdayAhead } from '../../spec/index.js';

const labels = (...args: Parameters<typeof classesOf>) => classesOf(...args).map((c) => `${c.side}: ${c.label}`);

/** The classes the catalogue derives (spec/matrix), as exact values: one class is one label. */
describe('classes of the test plan', () => {
  it('a text limit: the longest and one over in ASCII, Norwegian and Greek letters', () => {
    expect(labels('NCBCT.creditorName.max70', 'ncbct.create')).toEqual([
      'valid: longest, in ASCII letters',
      'valid: longest, in Norwegian letters',
      'valid: longest, in Greek letters',
      'invalid: one over, in ASCII letters',
      'invalid: one over, in Norwegian letters',
      'invalid: one over, in Greek letters',
    ]);
    expect(labels('SCT.remittanceInformationUnstructured.length1to140', 'sct.create')).toContain('invalid: empty');
    expect(labels('SCT.endToEndIdentification.max35', 'sct.create')).toEqual([
      'valid: longest, in ASCII letters',
      'invalid: one over, in ASCII letters',
      'invalid: one over, in Greek letters',
    ]);
  });

  it('a closed list: a member, a look-alike and a real code it does not hold; its case is a convention', () => {
    expect(labels('Currency.enum', 'sct.create')).toEqual([
      'valid: a listed member',
      'invalid: a look-alike outside the list',
      'invalid: a real code the list does not hold',
    ]);
    expect(labels('Codes.letterCase.upper', 'sct.create')).toContain('invalid: currency in another letter case');
    expect(labels('Codes.letterCase.upper', 'sct.create')).toContain('invalid: iban in another letter case');
    expect(labels('Codes.letterCase.upper', 'bulk.create')).not.toContain('invalid: iban in another letter case');
  });

  it('a date: three ways to break it, and a weekday weeks ahead, on every payment initiation', () => {
    const rules = [
      ['NCBCT.requestedExecutionDate.isoDate', 'ncbct.create'],
      ['SCT.requestedExecutionDate.isoDate', 'sct.create'],
      ['BULK.requestedExecutionDate.isoDate', 'bulk.create'],
    ] as const;
    for (const [id, op] of rules)
      expect(labels(id, op)).toEqual([
        'valid: a weekday some weeks ahead',
        'invalid: a date in another notation',
        'invalid: an impossible calendar date',
        'invalid: a date-time',
      ]);
  });

  it('a BIC: each length it does not have, punctuation, digits for the bank code; 8 and 11 characters valid', () => {
    expect(labels('NCBCT.creditorAgent.bic', 'ncbct.create')).toEqual([
      'valid: a BIC of 8 characters',
      'valid: a BIC of 11 characters',
      'invalid: a BIC of 7 characters',
      'invalid: a BIC of 9 characters',
      'invalid: a BIC of 10 characters',
      'invalid: a BIC of 12 characters',
      'invalid: a BIC with punctuation',
      'invalid: digits for the bank code',
    ]);
  });

  it('a UUID header: four ways to break it; where it is optional, three kinds of valid value', () => {
    const broken = [
      'invalid: a UUID of the wrong length',
      'invalid: a UUID with a letter that is not hexadecimal',
      'invalid: a UUID with hyphens misplaced or replaced',
      'invalid: another identifier (a national identity number, a word)',
    ];
    expect(labels('Headers.PSU-ID.uuid', 'ncbct.create')).toEqual(broken);
    expect(labels('Headers.PSU-Device-ID.uuid', 'ncbct.create')).toEqual([
      ...broken,
      'valid: a UUID in upper case',
      'valid: a UUID of version 1 (time-based)',
      'valid: a UUID of version 7 (Unix time-ordered)',
    ]);
  });

  it('a signed-header list: only the headers the operation carries', () => {
    expect(labels('Auth.signature.headers', 'sandbox.transactions.list')).toEqual([
      'invalid: a valid signature whose headers leave out date',
      'invalid: a valid signature whose headers leave out x-request-id',
    ]);
    expect(labels('Auth.signature.headers', 'ncbct.create')).toHaveLength(6);
    expect(classesOf('Auth.digest.matchesBody', 'basket.get')).toEqual([]);
  });

  it('a behaviour has its situation; a response rule is judged on every answer that shows it', () => {
    expect(labels('Payment.allowLogicalDuplicate.true', 'bulk.create')).toEqual(['situation: the situation it names']);
    expect(labels('PaymentResponse.transactionStatus.enum', 'sct.create')).toEqual([
      'observed: every answer that shows it',
    ]);
  });

  it('a cell no request reaches carries the catalogue reason', () => {
    const unreachable = matrixCells().find((c) => c.requirementId === 'Auth.history.90days');
    expect(unreachable).toBeUndefined();
    expect(unreachableReason({ requirementId: 'Body.json' })).toMatch(/TPP's side/);
  });

  it('a cell key reads back', () => {
    const cell = { requirementId: 'Currency.enum', operation: 'sct.create', label: 'a listed member' } as const;
    expect(parseCellKey(cellKey(cell))).toEqual(cell);
    expect(cellKey(cell)).toBe('Currency.enum × sct.create × a listed member');
  });
});

describe('weekdayAhead', () => {
  it('is the first Wednesday four weeks on that is no Norwegian holiday and not in the last days of the year', () => {
    expect(weekdayAhead(new Date('2026-11-29T12:00:00Z'))).toBe('2027-01-13');
    expect(weekdayAhead(new Date('2027-04-01T12:00:00Z'))).toBe('2027-05-05');
    expect(weekdayAhead(new Date('2024-04-03T12:00:00Z'))).toBe('2024-05-08');
    expect(weekdayAhead(new Date('2026-06-10T12:00:00Z'))).toBe('2026-07-08');
  });
});
