import { FAULTS } from '../../bank/faults.js';
import type { FaultId, VariantId } from '../../bank/ids.generated.js';
import { VARIANTS } from '../../bank/variants.js';
import type { Config } from '../../config/index.js';
import {
  BULK_BREAKERS,
  CARD_ACCOUNT_BREAKERS,
  ENGAGEMENT_BREAKERS,
  HEADER_BREAKERS,
  NCBCT_BREAKERS,
  PAYMENT_QUERY_BREAKERS,
  SCT_BREAKERS,
  TRANSACTION_QUERY_BREAKERS,
} from '../../generators/index.js';
import { TAMPERINGS } from '../../signing/index.js';
import { requirement, type Requirement, type RequirementId } from '../../spec/index.js';
import { listTests, type ListedTest } from '../run/list.js';
import { FAULT_VARIANT_PAIRS } from '../mutation/matrix.js';
import {
  ACCEPTED_RULE_CHECKS,
  CHECKS,
  REJECTED_RULE_CHECKS,
  expectedCodeCheck,
  responseSchemaCheck,
  type Check,
} from '../../checks/index.js';
import { definitionOf, enclosingCall, literalHits, sourceFiles, type SourceHit } from './sources.js';

/** Everything that states, breaks, tests, judges or enforces one requirement, each with its file. */
export interface Trace extends Requirement {
  /** Where the catalogue row writes the id. */
  catalogue?: SourceHit;
  /** Breakers and tamperings that break the rule: each label with the family it belongs to. */
  generators: { label: string; family: string; file: string; line: number }[];
  /** Conformance tests that cite the id, found by collecting the suites (vitest), not by their names. */
  tests: Pick<ListedTest, 'name' | 'file' | 'line' | 'level' | 'operation' | 'skip'>[];
  /** Checks that can report the id, and how they come to judge it. */
  checks: { check: string; file: string; line: number; how: string }[];
  /** Deliberate faults of the reference bank that break it, with the bank code that switches each on. */
  faults: { id: FaultId; description: string; file: string; line: number; code: SourceHit[] }[];
  /** Conformant variants whose runs touch it: they hide or are paired with a fault that breaks it. */
  variants: { id: VariantId; file: string; line: number; why: string }[];
  /** Where the reference bank and the schemas it validates with write the id. */
  bank: SourceHit[];
}

/** The rule table: a field rule's row, from which its breakers and schema keyword derive. */
const FIELD_RULES_DIR = 'spec/requirements/field-rules';

interface BreakerFamily {
  name: string;
  breakers: readonly { requirementId?: RequirementId; label?: string; name?: string }[];
}

const FAMILIES: BreakerFamily[] = [
  { name: 'NCBCT_BREAKERS', breakers: NCBCT_BREAKERS },
  { name: 'SCT_BREAKERS', breakers: SCT_BREAKERS },
  { name: 'BULK_BREAKERS', breakers: BULK_BREAKERS },
  { name: 'ENGAGEMENT_BREAKERS', breakers: ENGAGEMENT_BREAKERS },
  { name: 'CARD_ACCOUNT_BREAKERS', breakers: CARD_ACCOUNT_BREAKERS },
  { name: 'HEADER_BREAKERS', breakers: HEADER_BREAKERS },
  { name: 'TRANSACTION_QUERY_BREAKERS', breakers: TRANSACTION_QUERY_BREAKERS },
  { name: 'PAYMENT_QUERY_BREAKERS', breakers: PAYMENT_QUERY_BREAKERS },
  { name: 'TAMPERINGS', breakers: TAMPERINGS },
];

/** A breaker's line: its label as written, else the id in the family's file, else the family itself. */
function generatorsOf(id: RequirementId): Trace['generators'] {
  const files = [...sourceFiles('generators'), ...sourceFiles('signing')];
  const found = new Map<string, Trace['generators'][number]>();
  for (const family of FAMILIES) {
    const home = definitionOf(family.name, files);
    for (const b of family.breakers.filter((x) => x.requirementId === id)) {
      const label = b.label ?? b.name ?? family.name;
      // A breaker derived from the rule table has no label of its own in a file: its row is where it is written.
      const at =
        literalHits(label, files)[0] ??
        literalHits(id, home ? [home.file] : [])[0] ??
        literalHits(id, sourceFiles(FIELD_RULES_DIR))[0] ??
        home;
      if (!at) continue;
      const key = `${at.file}:${at.line}:${label}`;
      const seen = found.get(key);
      if (seen) seen.family = `${seen.family}, ${family.name}`;
      else found.set(key, { label, family: family.name, file: at.file, line: at.line });
    }
  }
  return [...found.values()];
}

/**
 * The registered checks that judge a rule (checks/registry.ts): those that declare its id, and those that report
 * the rule under test for a test that passes this id to checkRejected or checkAccepted, or a schema keyword that
 * names it. Each with the line of its definition.
 */
function checksOf(r: Requirement, cited: boolean): Trace['checks'] {
  const out: Trace['checks'] = [];
  const add = (check: Check<never>, how: string) => {
    if (!out.some((c) => c.check === check.name))
      out.push({ check: check.name, file: check.file, line: check.line, how });
  };
  for (const check of CHECKS.all().filter((c) => c.reports.includes(r.id))) add(check, 'reports it (declared)');
  const suiteFiles = sourceFiles('suites');
  const inSuites = literalHits(r.id, suiteFiles);
  const passedTo = (callee: string) =>
    inSuites.filter((h) => enclosingCall(h, r.id, ['checkAccepted', 'checkRejected', 'responseSchema']) === callee);
  const given = (callee: string) => {
    const call = passedTo(callee)[0];
    return `reports the rule under test ${callee} is given${call ? ` (${call.file}:${call.line})` : ''}`;
  };
  // A test that breaks a request rule passes it to checkRejected, often from its generator's label.
  if (passedTo('checkRejected').length || (cited && r.expected))
    for (const check of REJECTED_RULE_CHECKS.filter((c) => c !== expectedCodeCheck || r.expected?.codes.length))
      add(check, given('checkRejected'));
  if (passedTo('checkAccepted').length)
    for (const check of ACCEPTED_RULE_CHECKS.filter((c) => c !== responseSchemaCheck))
      add(check, given('checkAccepted'));
  const annotation = literalHits(r.id, sourceFiles('schemas/json'))[0];
  if (passedTo('responseSchema').length || passedTo('checkAccepted').length)
    add(responseSchemaCheck, given(passedTo('responseSchema').length ? 'responseSchema' : 'checkAccepted'));
  else if (annotation && r.kind === 'response')
    add(
      responseSchemaCheck,
      `reports the rule of a failing schema keyword, annotated at ${annotation.file}:${annotation.line}`,
    );
  return out;
}

function faultsOf(id: RequirementId): Trace['faults'] {
  const bankFiles = sourceFiles('bank').filter((f) => f !== 'bank/faults.ts');
  return FAULTS.filter((f) => f.breaks.includes(id)).map((f) => {
    const row = literalHits(f.id, ['bank/faults.ts'])[0];
    return {
      id: f.id,
      description: f.description,
      file: 'bank/faults.ts',
      line: row?.line ?? 0,
      code: literalHits(f.id, bankFiles),
    };
  });
}

function variantsOf(faults: readonly FaultId[]): Trace['variants'] {
  const out: Trace['variants'] = [];
  for (const v of VARIANTS) {
    const hidden = (v.hides ?? []).filter((f) => faults.includes(f));
    const paired = FAULT_VARIANT_PAIRS.filter((p) => p.variant === v.id && faults.includes(p.fault)).map(
      (p) => p.fault,
    );
    const why = [
      ...(hidden.length ? [`hides ${hidden.join(', ')} (its conformant choice makes the fault unobservable)`] : []),
      ...(paired.length ? [`runs with ${paired.join(', ')} in the mutation matrix, which must still be caught`] : []),
    ];
    if (why.length)
      out.push({
        id: v.id,
        file: 'bank/variants.ts',
        line: literalHits(v.id, ['bank/variants.ts'])[0]?.line ?? 0,
        why: why.join('; '),
      });
  }
  return out;
}

/**
 * The trace of one requirement: its statement and section, the generators that break it, the tests that cite it
 * (from vitest's collection of the suites, so nothing runs), the checks that judge it, the faults and variants
 * that touch it, and where the reference bank enforces it.
 */
export async function traceRequirement(id: RequirementId, options: { config: Config }): Promise<Trace> {
  const r = requirement(id);
  const listed = await listTests({
    config: options.config,
    selection: { operations: [], excludeOperations: [], requirements: [] },
  });
  const tests = listed
    .filter((t) => t.requirementIds.includes(id))
    .map(({ name, file, line, level, operation, skip }) => ({
      name,
      file,
      ...(line ? { line } : {}),
      level,
      operation,
      ...(skip ? { skip } : {}),
    }));
  const faults = faultsOf(id);
  const catalogue = literalHits(id, sourceFiles('spec/requirements'))[0];
  return {
    ...r,
    ...(catalogue ? { catalogue } : {}),
    generators: generatorsOf(id),
    tests,
    checks: checksOf(r, tests.length > 0),
    faults,
    variants: variantsOf(faults.map((f) => f.id)),
    // The lines that switch a fault on are listed with the fault; what is left enforces the rule.
    bank: literalHits(id, [
      ...sourceFiles('bank').filter((f) => f !== 'bank/faults.ts' && f !== 'bank/variants.ts'),
      ...sourceFiles('schemas'),
      // schemas/json/ take a field rule's keyword from its row of the rule table.
      ...sourceFiles(FIELD_RULES_DIR),
    ]).filter((b) => !faults.some((f) => f.code.some((c) => c.file === b.file && c.line === b.line))),
  };
}

const where = (x: { file: string; line?: number }) => `${x.file}${x.line ? `:${x.line}` : ''}`;

/** The trace as a person reads it: the rule's words first, then one line per piece, each with its file. */
export function renderTrace(t: Trace): string {
  const none = (items: readonly unknown[], what: string) => (items.length ? [] : [`  (no ${what})`]);
  const expected = t.expected
    ? `${t.expected.status.join(' or ')}${t.expected.codes.length ? ` ${t.expected.codes.join(' or ')}` : ''} ` +
      `(${t.expected.exactness})`
    : undefined;
  return [
    t.id,
    `  level:      ${t.level}`,
    `  section:    ${t.section}`,
    ...(t.source ? [`  why PSD2:   ${t.source.why}`] : []),
    `  statement:  ${t.statement}`,
    `  operations: ${t.operations.join(', ') || '(none)'}`,
    `  kind:       ${t.kind}${expected ? `; a request that breaks it gets ${expected}` : ''}`,
    ...(t.notTestable ? [`  not testable: ${t.notTestable}`] : []),
    ...(t.catalogue ? [`  catalogue:  ${where(t.catalogue)}`] : []),
    '',
    `generators (${t.generators.length})`,
    ...t.generators.map((g) => `  ${where(g)}  ${g.family}: ${g.label}`),
    ...none(t.generators, 'generator breaks it'),
    `tests (${t.tests.length})`,
    ...t.tests.map((x) => `  ${where(x)}  ${x.name}${x.skip ? `  [skipped: ${x.skip}]` : ''}`),
    ...none(t.tests, 'test cites it'),
    `checks (${t.checks.length})`,
    ...t.checks.map((c) => `  ${where(c)}  ${c.check}: ${c.how}`),
    ...none(t.checks, 'check found that reports it'),
    `faults (${t.faults.length})`,
    ...t.faults.flatMap((f) => [
      `  ${where(f)}  ${f.id}: ${f.description}`,
      ...f.code.map((c) => `    switched on at ${where(c)}`),
    ]),
    ...none(t.faults, 'fault breaks it'),
    `variants (${t.variants.length})`,
    ...t.variants.map((v) => `  ${where(v)}  ${v.id}: ${v.why}`),
    ...none(t.variants, 'variant touches it'),
    `bank (${t.bank.length})`,
    ...t.bank.map((b) => `  ${where(b)}  ${b.text}`),
    ...none(t.bank, 'line of bank/ or schemas/ writes the id'),
  ].join('\n');
}
