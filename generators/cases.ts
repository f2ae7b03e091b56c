import fc from 'fast-check';
import { requirement, type ExpectedRejection, type Level, type SchemaName } from '../spec/index.js';
import { BULK_BREAKERS, NCBCT_BREAKERS, SCT_BREAKERS, broken, type Breaker } from './invalid.js';
import { DEFAULT_DEBTOR, bulkRequest, ncbctRequest, sctRequest, type Debtor } from './valid.js';

export type BodyKind = 'ncbct' | 'sct' | 'bulk';

export const BODY_KINDS: Record<BodyKind, { schema: SchemaName; valid: (d: Debtor) => fc.Arbitrary<Record<string, unknown>>; breakers: Breaker[] }> = {
  ncbct: { schema: 'NcbctPaymentRequest', valid: ncbctRequest, breakers: NCBCT_BREAKERS },
  sct: { schema: 'SctPaymentRequest', valid: sctRequest, breakers: SCT_BREAKERS },
  bulk: { schema: 'BulkPaymentRequest', valid: bulkRequest, breakers: BULK_BREAKERS },
};

/** A body that breaks one rule, with what a conformant server must answer (from the catalogue). */
export interface InvalidCase {
  label: string;
  requirementId: string;
  level: Level;
  pointer: string;
  expected: ExpectedRejection | undefined;
  body: Record<string, unknown>;
}

/** Invalid bodies of a kind; with a requirement id, only the cases that break that rule. */
export function invalidCase(kind: BodyKind, requirementId?: string, debtor: Debtor = DEFAULT_DEBTOR): fc.Arbitrary<InvalidCase> {
  const { valid, breakers } = BODY_KINDS[kind];
  const chosen = breakers.filter((b) => !requirementId || b.requirementId === requirementId);
  if (chosen.length === 0) throw new Error(`no invalid ${kind} generator breaks ${requirementId}`);
  return fc.tuple(valid(debtor), fc.oneof(...chosen.map((b) => fc.tuple(fc.constant(b), b.value)))).map(([body, [b, value]]) => {
    const req = requirement(b.requirementId);
    return { label: b.label, requirementId: b.requirementId, level: req.level, pointer: b.at, expected: req.expected, body: broken(body, b, value) };
  });
}
