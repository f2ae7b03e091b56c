import { describe, expect, it } from 'vitest';
import { SCHEMAS, X_REQUIREMENT, schemaRules, validate } from '../../schemas/index.js';
import { FIELD_RULES, hasRequirement } from '../../spec/index.js';
import { CONFORMANT, NEGATIVE_CASES } from './cases.js';
import * as ex from './examples.js';
import { derivedConformant, rowsWithoutCases } from './derived-cases.js';

/** Every requirement id a schema annotation names (the code validators' ids come from the table itself). */
function annotatedIds(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const n of node) annotatedIds(n, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === X_REQUIREMENT) {
        if (typeof value === 'string') found.add(value);
        else
          for (const v of Object.values(value as object))
            if (typeof v === 'string') found.add(v);
            else for (const id of Object.values(v as object)) found.add(id as string);
      } else annotatedIds(value, found);
    }
  }
  return found;
}

describe('schemas: conformant examples pass', () => {
  it.each(CONFORMANT.map(([schema, body], i) => [`${schema} #${i}`, schema, body] as const))(
    '%s',
    (_, schema, body) => {
      expect(validate(schema, body)).toEqual([]);
    },
  );
});

describe('schemas: the valid edge of every length and list row passes (the longest value, each member)', () => {
  const edges = derivedConformant(CONFORMANT);

  it('covers every length row of text and every list row', () => {
    const rows = new Set(edges.map((e) => e.label.split(':')[0]));
    const expected = FIELD_RULES.filter(
      (r) => 'enum' in r || ('length' in r && ['text', 'identifier', undefined].includes(r.characters)),
    );
    expect(expected.map((r) => r.id).filter((id) => !rows.has(id))).toEqual([]);
  });

  it.each(edges.map((e) => [e.label, e] as const))('%s', (_, e) => {
    expect(validate(e.schema, e.body)).toEqual([]);
  });
});

describe('schemas: each broken rule is reported with its requirement id', () => {
  it.each(NEGATIVE_CASES.map((c) => [`${c.requirementId}: ${c.schema} ${c.label}`, c] as const))('%s', (_, c) => {
    const ids = validate(c.schema, c.body).map((v) => v.requirementId);
    expect(ids).toContain(c.requirementId);
  });
});

describe('schemaRules: the rules a conforming body holds', () => {
  it('lists the annotations of the schema and of the schemas it references, each once', () => {
    expect(schemaRules('ErrorBody')).toEqual(['Errors.body.shape']);
    const payment = schemaRules('PaymentInitiationResponse');
    expect(payment).toEqual(expect.arrayContaining(['PaymentResponse.paymentId.required', 'TppMessage.code.enum']));
    expect(new Set(payment).size).toBe(payment.length);
    for (const id of payment) expect(hasRequirement(id), id).toBe(true);
  });
});

describe('schemas: annotations and coverage', () => {
  const annotated = annotatedIds(SCHEMAS);

  it('every annotated requirement id exists in the catalogue', () => {
    expect([...annotated].filter((id) => !hasRequirement(id))).toEqual([]);
  });

  it('every row of the rule table is a keyword of some schema (a row whose member no schema has is a typo)', () => {
    expect(FIELD_RULES.map((row) => row.id).filter((id) => !annotated.has(id))).toEqual([]);
  });

  it('every row of the rule table yields negative cases, in an example that holds its member', () => {
    expect(rowsWithoutCases(CONFORMANT)).toEqual([]);
  });

  it('every annotated rule has at least one negative case', () => {
    const tested = new Set(NEGATIVE_CASES.map((c) => c.requirementId));
    const untested = [...annotated].filter((id) => !tested.has(id) && id !== 'Sandbox.transactions.list.200');
    expect(untested).toEqual([]);
  });

  it('the acceptance cases of issue 2 hold exactly', () => {
    const ncbct = ex.NCBCT;
    expect(
      validate('NcbctPaymentRequest', { ...ncbct, creditorName: 'x'.repeat(71) }).map((v) => v.requirementId),
    ).toEqual(['NCBCT.creditorName.max70']);
    for (const amount of [
      { amount: '100.5', currency: 'JPY' },
      { amount: '100', currency: 'NOK' },
    ]) {
      expect(validate('NcbctPaymentRequest', { ...ncbct, instructedAmount: amount })).toEqual([
        expect.objectContaining({
          requirementId: 'Amount.amount.fractionDigits',
          pointer: '/instructedAmount/amount',
          level: 'MUST',
        }),
      ]);
    }
    expect(
      validate('NcbctPaymentRequest', { ...ncbct, instructedAmount: { amount: '100.00', currency: 'NOK' } }),
    ).toEqual([]);
  });

  it('Amount.amount.fractionDigits: an Amount validated on its own is judged as inside a body', () => {
    expect(validate('Amount', { amount: '100.5', currency: 'JPY' }).map((v) => [v.requirementId, v.pointer])).toEqual([
      ['Amount.amount.fractionDigits', '/amount'],
    ]);
    expect(validate('Amount', { amount: '100', currency: 'NOK' }).map((v) => [v.requirementId, v.pointer])).toEqual([
      ['Amount.amount.fractionDigits', '/amount'],
    ]);
    expect(validate('Amount', { amount: '100.00', currency: 'NOK' })).toEqual([]);
  });

  it('a SHOULD-level rule is left out when only MUST rules are asked for', () => {
    const bulk = ex.BULK;
    const body = { ...bulk, debtorAccount: { bban: '86011117948', currency: 'NOK' } };
    expect(validate('BulkPaymentRequest', body).map((v) => [v.requirementId, v.level])).toEqual([
      ['AccountReference.bban.norwegianMod11', 'SHOULD'],
    ]);
    expect(validate('BulkPaymentRequest', body, { strictness: 'MUST' })).toEqual([]);
  });

  it('a body that is not an object is invalid, never a crash', () => {
    for (const body of [null, 5, 'x', [], undefined])
      expect(validate('NcbctPaymentRequest', body).length).toBeGreaterThan(0);
  });
});
