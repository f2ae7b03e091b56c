/**
 * The false-verdict matrix: the other half of the mutation score. Faults must fail the run; conformant variants
 * of the bank (bank/variants.ts) must pass it. One clean run per variant and per combination of compatible
 * variants, each listing the MUST tests it failed (every one a false verdict), and a sample of faults run against
 * a variant they do not conflict with, which must still be detected.
 */
import type { FaultId, VariantId } from '../../bank/ids.generated.js';
import type { Detection, MutationRun } from './types.js';

/** Several variants at once: a bank that differs from ours in many gaps together. Ids name them in the report. */
export interface Combination {
  id: string;
  variants: VariantId[];
}

export const COMBINATIONS: readonly Combination[] = [
  {
    id: 'combo-berlin-group',
    variants: [
      'ids-uuid',
      'links-absolute',
      'auth-failure-tpp-messages',
      'fees-always',
      'status-actc',
      'basket-implicit-authorisation',
      'success-warnings',
      'extra-response-members',
      'content-type-without-charset',
      'gzip',
    ],
  },
  {
    id: 'combo-platform',
    variants: [
      'base-path',
      'corporate-remembered',
      'duplicates-window',
      'status-moves-after-read',
      'status-extra-members',
      'authorisation-started',
      'transactions-newest-first',
      'transactions-exclusive-range',
      'debit-balance',
      'platform-upper-case-enums',
      'kid-format-error',
    ],
  },
  {
    id: 'combo-lenient',
    variants: [
      'lenient',
      'ids-numeric',
      'links-required-only',
      'auth-failure-challenge',
      'sca-redirect-via-link',
      'fees-never',
      'error-codes-generic',
      'transactions-default-limit',
      'corporate-by-customer-type',
    ],
  },
];

/** A fault run against a variant it does not conflict with: the suites must still catch it. */
export interface FaultVariantPair {
  fault: string;
  variant: string;
}

/** The pairs the matrix runs, written against the tables' ids (a typo is a type error); scored as plain strings. */
export const FAULT_VARIANT_PAIRS: readonly { fault: FaultId; variant: VariantId }[] = [
  { fault: 'accept-long-creditor-name', variant: 'ids-uuid' },
  { fault: 'skip-signature', variant: 'auth-failure-challenge' },
  { fault: 'skip-digest', variant: 'auth-failure-tpp-messages' },
  { fault: 'kid-401', variant: 'kid-format-error' },
  { fault: 'create-200', variant: 'status-actc' },
  { fault: 'missing-payment-id', variant: 'fees-always' },
  { fault: 'basket-not-worst-case', variant: 'basket-implicit-authorisation' },
  { fault: 'ignore-limit', variant: 'transactions-newest-first' },
  { fault: 'ignore-date-range', variant: 'transactions-default-limit' },
  { fault: 'text-plain', variant: 'content-type-without-charset' },
  { fault: 'accept-unknown-currency', variant: 'lenient' },
  { fault: 'accept-bad-psu-id', variant: 'corporate-remembered' },
  { fault: 'links-without-verbs', variant: 'links-absolute' },
  { fault: 'error-without-code', variant: 'base-path' },
  { fault: 'accept-missing-x-request-id', variant: 'strict' },
  { fault: 'insufficient-funds-500', variant: 'debit-balance' },
];

/** The variants of one matrix run: a variant id alone, or a combination's. */
export const variantsOf = (id: string): string[] => COMBINATIONS.find((c) => c.id === id)?.variants ?? [id];

/** One clean run against a variant (or a combination) as the report shows it. */
export interface VariantResult {
  /** The variant id, or a combination id. */
  id: string;
  variants: string[];
  /** The variant's choice in words (bank/variants.ts), or the combination's variants. */
  choice: string;
  exitCode: number | null;
  seconds: number;
  /** MUST tests that failed against a conformant bank: each is a false verdict. */
  falseFailures: string[];
  /** Requirements of every failed test (SHOULD ones too; those are warnings, not verdicts). */
  failedRequirements: string[];
  reason?: string;
}

/**
 * `detected`: the run failed, and failed a requirement the variant's own clean run did not (or one the fault breaks).
 */
export interface PairResult extends FaultVariantPair, Detection {}

export interface Matrix {
  variants: VariantResult[];
  pairs: PairResult[];
  /** Variant runs that ended with exit 0 and no false failure, of all variant runs. */
  withoutFalseFailures: number;
  pairsDetected: number;
}

const key = (variants: readonly string[] | undefined) => [...(variants ?? [])].sort().join('+');

export interface MatrixInput {
  /** Variant and combination ids, one clean run each. */
  runIds: readonly string[];
  pairs: readonly FaultVariantPair[];
  runs: readonly MutationRun[];
  /** The requirement ids a fault breaks. */
  breaks: (fault: string) => readonly string[];
  /** A variant's choice in words. */
  describe: (variant: string) => string | undefined;
}

/**
 * Joins the runs with what was asked for. A variant run passes only with exit 0 and no false failure; a run that
 * never ended (exit 2, killed) is a false verdict too, since a conformant bank got no CONFORMANT. A pair is
 * detected when its run exits 1 having failed a requirement that the variant's clean run did not, or one the fault
 * breaks: a variant's own false failures prove nothing of the fault.
 */
export function scoreMatrix({ runIds, pairs, runs, breaks, describe }: MatrixInput): Matrix {
  const clean = runs.filter((r) => !r.fault && r.variants?.length);
  const cleanOf = (variants: readonly string[]) => clean.find((r) => key(r.variants) === key(variants));
  const variants: VariantResult[] = runIds.map((id) => {
    const wanted = variantsOf(id);
    const run = cleanOf(wanted) ?? { exitCode: null, seconds: 0, failedRequirements: [], reason: 'not run' };
    const falseFailures = run.failedTests ?? (run.exitCode === 1 ? [...run.failedRequirements] : []);
    return {
      id,
      variants: wanted,
      choice: describe(id) ?? wanted.join(' + '),
      exitCode: run.exitCode,
      seconds: run.seconds,
      falseFailures: [...falseFailures],
      failedRequirements: [...run.failedRequirements],
      ...(run.reason ? { reason: run.reason } : {}),
    };
  });
  const pairResults: PairResult[] = pairs.map((pair) => {
    const run = runs.find((r) => r.fault === pair.fault && key(r.variants) === key([pair.variant])) ?? {
      exitCode: null,
      seconds: 0,
      failedRequirements: [],
      reason: 'not run',
    };
    const baseline = new Set(cleanOf([pair.variant])?.failedRequirements ?? []);
    const namedBreak = breaks(pair.fault).some((id) => run.failedRequirements.includes(id));
    const added = run.failedRequirements.some((id) => !baseline.has(id));
    return {
      ...pair,
      detected: run.exitCode === 1 && (added || namedBreak),
      namedBreak,
      exitCode: run.exitCode,
      seconds: run.seconds,
      failedRequirements: [...run.failedRequirements],
      ...(run.reason ? { reason: run.reason } : {}),
    };
  });
  return {
    variants,
    pairs: pairResults,
    withoutFalseFailures: variants.filter(variantPassed).length,
    pairsDetected: pairResults.filter((p) => p.detected).length,
  };
}

/** A conformant bank's run ends CONFORMANT: exit 0 and no MUST test failed. */
export const variantPassed = (v: VariantResult): boolean => v.exitCode === 0 && v.falseFailures.length === 0;

export const matrixPassed = (m: Matrix): boolean =>
  m.withoutFalseFailures === m.variants.length && m.pairsDetected === m.pairs.length;

const cell = (text: string) => text.replaceAll('|', '\\|');

/** A choice as a table cell: its first clause (before the reasoning), at most 90 characters. */
function shortChoice(choice: string): string {
  const clause = choice.split(/: | \(/)[0] ?? choice;
  return clause.length > 90 ? `${clause.slice(0, 89)}…` : clause;
}

const verdictOf = (v: VariantResult) =>
  variantPassed(v) ? 'passed' : v.reason === 'not run' ? 'not run' : '**false verdict**';

/** The matrix as Markdown: the variant runs with their false failures, then the fault × variant pairs. */
export function renderMatrixMarkdown(m: Matrix): string[] {
  const failing = m.variants.filter((v) => !variantPassed(v) && v.reason !== 'not run');
  return [
    '## False-verdict matrix',
    '',
    'Conformant variants of the reference bank (`serve --list-variants`), ' +
      'each in one clean run of all suites. Gate: 0 false failures,',
    'i.e. no MUST test fails against a bank that breaks no rule of interface.md. ' +
      'Combinations switch several compatible variants on at once.',
    '',
    `**Variants: ${m.withoutFalseFailures}/${m.variants.length} runs without false ` +
      `failures; fault × variant pairs: ${m.pairsDetected}/${m.pairs.length} detected**`,
    '',
    '| variant | choice | verdict | exit | seconds | false failures (MUST tests failed) |',
    '|---|---|---|---|---|---|',
    ...m.variants.map(
      (v) =>
        `| ${v.id} | ${cell(shortChoice(v.choice))} | ${verdictOf(v)} | ${v.exitCode ?? '-'} | ` +
        `${v.seconds.toFixed(1)} | ${cell(v.falseFailures.join('; ') || (v.reason ?? '-'))} |`,
    ),
    '',
    ...(failing.length
      ? [
          `False verdicts in ${failing.length} run(s): ${failing.map((v) => `\`${v.id}\``).join(', ')}. ` +
            `Each failing test relies on a habit of the default bank (fix the test: judge only what ` +
            `interface.md states) unless the variant breaks interface.md (fix the variant).`,
          '',
        ]
      : []),
    '### Faults against variants',
    '',
    'Each fault run against a variant it does not conflict with. Detected: the run exited 1 and failed ' +
      'a requirement that the variant’s clean run did not fail (or one the fault breaks).',
    '',
    '| fault | variant | result | named | exit | seconds | failed requirements |',
    '|---|---|---|---|---|---|---|',
    ...m.pairs.map(
      (p) =>
        `| ${p.fault} | ${p.variant} | ` +
        `${p.detected ? 'detected' : p.reason === 'not run' ? 'not run' : '**missed**'} | ` +
        `${p.namedBreak ? 'yes' : 'no'} | ${p.exitCode ?? '-'} | ${p.seconds.toFixed(1)} | ` +
        `${cell(p.failedRequirements.join(', ') || (p.reason ?? '-'))} |`,
    ),
    '',
  ];
}
