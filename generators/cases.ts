import fc from 'fast-check';
import {
  requirement,
  type ExpectedRejection,
  type Level,
  type OperationId,
  type RequirementId,
  type SchemaName,
} from '../spec/index.js';
import {
  BULK_BREAKERS,
  BULK_EDGES,
  NCBCT_BREAKERS,
  NCBCT_EDGES,
  SCT_BREAKERS,
  SCT_EDGES,
  broken,
  brokenAt,
  type Breaker,
  type Edge,
} from './invalid.js';
import {
  CARD_ACCOUNT_BREAKERS,
  CARD_ACCOUNT_EDGES,
  ENGAGEMENT_BREAKERS,
  ENGAGEMENT_EDGES,
  sandboxCardAccount,
  sandboxEngagement,
} from './sandbox.js';
import { DEFAULT_DEBTOR, bulkRequest, ncbctRequest, sctRequest, type Debtor } from './valid.js';

export type BodyKind = 'ncbct' | 'sct' | 'bulk' | 'engagement' | 'card-account';

export interface BodyKindSpec {
  operation: OperationId;
  schema: SchemaName;
  /** Valid bodies (typed by schemas/types.generated.ts where they are built); sandbox bodies ignore the debtor. */
  valid: (d: Debtor) => fc.Arbitrary<Record<string, unknown>>;
  breakers: Breaker[];
  /** Valid values at the rules' edges (the longest allowed, each listed member): each must be accepted. */
  edges: Edge[];
}

export const BODY_KINDS: Record<BodyKind, BodyKindSpec> = {
  ncbct: {
    operation: 'ncbct.create',
    schema: 'NcbctPaymentRequest',
    valid: ncbctRequest,
    breakers: NCBCT_BREAKERS,
    edges: NCBCT_EDGES,
  },
  sct: {
    operation: 'sct.create',
    schema: 'SctPaymentRequest',
    valid: sctRequest,
    breakers: SCT_BREAKERS,
    edges: SCT_EDGES,
  },
  bulk: {
    operation: 'bulk.create',
    schema: 'BulkPaymentRequest',
    valid: bulkRequest,
    breakers: BULK_BREAKERS,
    edges: BULK_EDGES,
  },
  engagement: {
    operation: 'sandbox.engagement.create',
    schema: 'SandboxEngagement',
    valid: () => sandboxEngagement(),
    breakers: ENGAGEMENT_BREAKERS,
    edges: ENGAGEMENT_EDGES,
  },
  'card-account': {
    operation: 'sandbox.cardAccount.create',
    schema: 'SandboxCardAccountRequest',
    valid: () => sandboxCardAccount(),
    breakers: CARD_ACCOUNT_BREAKERS,
    edges: CARD_ACCOUNT_EDGES,
  },
};

/** What a case breaks and what a conformant server must answer (from the catalogue). */
export interface CaseLabel {
  label: string;
  requirementId: RequirementId;
  level: Level;
  /** JSON pointer into the body, the query or the header record. */
  pointer: string;
  expected: ExpectedRejection | undefined;
}

/** A body that breaks one rule, with what a conformant server must answer. */
export interface InvalidCase extends CaseLabel {
  body: Record<string, unknown>;
}

/**
 * Valid values with one breaker applied, labelled. `what` names the generator in the error thrown when no
 * breaker breaks `requirementId`. Shared by bodies, queries and header sets.
 */
export function breakOne(
  valid: fc.Arbitrary<Record<string, unknown>>,
  breakers: Breaker[],
  what: string,
  requirementId?: RequirementId,
): fc.Arbitrary<CaseLabel & { value: Record<string, unknown> }> {
  const chosen = breakers.filter((b) => !requirementId || b.requirementId === requirementId);
  if (chosen.length === 0) throw new Error(`no invalid ${what} generator breaks ${requirementId}`);
  return fc.tuple(valid, fc.oneof(...chosen.map((b) => fc.tuple(fc.constant(b), b.value)))).map(([value, [b, bad]]) => {
    const req = requirement(b.requirementId);
    const result = broken(value, b, bad);
    return {
      label: b.label,
      requirementId: b.requirementId,
      level: req.level,
      pointer: brokenAt(result, b.at),
      expected: req.expected,
      value: result,
    };
  });
}

/** Invalid bodies of a kind; with a requirement id, only the cases that break that rule. */
export function invalidCase(
  kind: BodyKind,
  requirementId?: RequirementId,
  debtor: Debtor = DEFAULT_DEBTOR,
): fc.Arbitrary<InvalidCase> {
  const { valid, breakers } = BODY_KINDS[kind];
  return breakOne(valid(debtor), breakers, kind, requirementId).map(({ value, ...label }) => ({
    ...label,
    body: value,
  }));
}

/** The valid edges of an operation's body, if the table gives it any (sandbox suites find theirs here). */
export const edgesFor = (operation: OperationId): Edge[] =>
  Object.values(BODY_KINDS).find((kind) => kind.operation === operation)?.edges ?? [];
