/**
 * The mutation score: how many of the reference bank's deliberate faults the suites catch. A fault is
 * detected when the run against the bank with that fault exits 1 (a MUST test failed); whether the failure
 * named one of the requirement ids the fault breaks is recorded separately, because a run may fail for the
 * right fault through a neighbouring rule. The false-verdict matrix (runner/mutation/matrix.ts) adds the other
 * half: conformant variants of the bank must pass.
 */
import { matrixPassed, renderMatrixMarkdown, type Matrix } from './matrix.js';

export type { MutationRun } from './types.js';
import type { Detection, MutationRun } from './types.js';

export interface FaultSpec {
  id: string;
  area: string;
  breaks: string[];
  /** It breaks only SHOULD rules: its run is judged with --strict, where SHOULD failures count. */
  strict?: boolean;
  /** Why no request can observe it (every rule it breaks is not testable from outside): a known gap. */
  unobservable?: string;
}

export interface FaultResult extends Detection {
  id: string;
  area: string;
  breaks: string[];
}

export interface Score {
  detected: number;
  total: number;
  /** detected / total as a percentage with one decimal; 100 when total is 0. */
  percent: number;
}

export interface MutationReport {
  seed: number;
  faults: FaultResult[];
  byArea: Record<string, Score>;
  overall: Score;
  /** Faults whose run failed but named none of the ids the fault breaks. */
  detectedWithoutNamedBreak: string[];
  /** Missed faults that no request can observe, with the reason; any other miss is a gap to close. */
  knownGaps: { id: string; reason: string }[];
  clean: { exitCode: number | null; seconds: number; falseFailures: string[]; reason?: string };
  /** Variants and fault × variant pairs, when they ran. */
  matrix?: Matrix;
  /**
   * `mutation --fault` / `--variant`: what was selected. The report then scores what ran alone (the selected faults,
   * the clean bank when a fault was selected, the selected variants and their pairs): it is not the suite's score.
   */
  selection?: MutationSelection;
}

export interface MutationSelection {
  faults: string[];
  variants: string[];
}

/** `--fault a --variant b`, as the selection was given. */
export const selectionWords = (s: MutationSelection): string =>
  [...s.faults.map((f) => `--fault ${f}`), ...s.variants.map((v) => `--variant ${v}`)].join(' ');

/** The faults a report scores: every one, or the selected ones alone (a fault not selected did not run, nor miss). */
export const scoredFaults = (faults: readonly FaultSpec[], selection?: MutationSelection): FaultSpec[] =>
  selection ? faults.filter((f) => selection.faults.includes(f.id)) : [...faults];

/** The clean bank is part of the score: always, but in a selection of variants alone, which does not run it. */
const cleanRan = (report: MutationReport) => !report.selection || report.clean.reason !== 'not run';

export const score = (detected: number, total: number): Score => ({
  detected,
  total,
  percent: total === 0 ? 100 : Math.round((detected / total) * 1000) / 10,
});

/** Joins the runs with the fault catalogue. A fault without a run counts as missed. */
export function scoreMutation(
  faults: readonly FaultSpec[],
  runs: MutationRun[],
  clean: MutationRun,
  seed: number,
): MutationReport {
  const byFault = new Map(runs.filter((r) => r.fault && !r.variants?.length).map((r) => [r.fault as string, r]));
  const results: FaultResult[] = faults.map((f) => {
    const run = byFault.get(f.id) ?? { exitCode: null, seconds: 0, failedRequirements: [], reason: 'not run' };
    return {
      id: f.id,
      area: f.area,
      breaks: [...f.breaks],
      detected: run.exitCode === 1,
      namedBreak: f.breaks.some((id) => run.failedRequirements.includes(id)),
      exitCode: run.exitCode,
      seconds: run.seconds,
      failedRequirements: [...run.failedRequirements],
      ...(run.reason ? { reason: run.reason } : {}),
    };
  });
  const areas = [...new Set(results.map((r) => r.area))].sort();
  const byArea = Object.fromEntries(
    areas.map((a) => {
      const mine = results.filter((r) => r.area === a);
      return [a, score(mine.filter((r) => r.detected).length, mine.length)];
    }),
  );
  return {
    seed,
    faults: results,
    byArea,
    overall: score(results.filter((r) => r.detected).length, results.length),
    detectedWithoutNamedBreak: results.filter((r) => r.detected && !r.namedBreak).map((r) => r.id),
    knownGaps: faults
      .filter((f) => f.unobservable && !results.find((r) => r.id === f.id)?.detected)
      .map((f) => ({ id: f.id, reason: f.unobservable as string })),
    clean: {
      exitCode: clean.exitCode,
      seconds: clean.seconds,
      falseFailures: [...clean.failedRequirements],
      ...(clean.reason ? { reason: clean.reason } : {}),
    },
  };
}

const pct = (s: Score) => `${s.percent.toFixed(1)} % (${s.detected}/${s.total})`;
const cell = (text: string) => text.replaceAll('|', '\\|');

/** reports/mutation.md: the score first, then the clean bank, then one row per fault. */
export function renderMutationMarkdown(report: MutationReport): string {
  const missed = report.faults.filter((f) => !f.detected);
  const { selection } = report;
  const lines = [
    '# Mutation score',
    '',
    selection
      ? `A selection (\`${selectionWords(selection)}\`): ${report.faults.length} fault(s) ran, each in one run of ` +
        `all suites (seed ${report.seed}). This scores what ran, not the suite: \`psd2-conformance mutation\` ` +
        'runs every fault and variant.'
      : 'Every deliberate fault of the reference bank (bank/faults.ts), one run of all suites each ' +
        `(seed ${report.seed}).`,
    'Detected: the run exited 1 (a MUST test failed; for a fault that ' +
      'breaks only SHOULD rules, the run is judged with --strict).',
    'Named: the failed requirements include one the fault breaks.',
    '',
    `**Overall: ${pct(report.overall)}**`,
    '',
    '| area | score |',
    '|---|---|',
    ...Object.entries(report.byArea).map(([area, s]) => `| ${area} | ${pct(s)} |`),
    '',
    '## Clean bank',
    '',
    !cleanRan(report)
      ? 'Not run (only variants were selected).'
      : report.clean.exitCode === 0 && report.clean.falseFailures.length === 0
        ? `Exit 0, no false failures (${report.clean.seconds.toFixed(1)} s).`
        : `Exit ${report.clean.exitCode}, ${report.clean.falseFailures.length} false failure(s): ` +
          `${report.clean.falseFailures.join(', ') || '-'}${report.clean.reason ? ` (${report.clean.reason})` : ''}`,
    '',
    '## Missed faults',
    '',
    ...(missed.length
      ? missed.map((f) => {
          const known = report.knownGaps.find((g) => g.id === f.id);
          return (
            `- \`${f.id}\` (${f.area}): exit ` +
            `${f.exitCode}${f.reason ? `, ${f.reason}` : ''}${known ? `. Known gap: ${known.reason}` : ''}`
          );
        })
      : ['None.']),
    '',
    '## Per fault',
    '',
    '| fault | area | result | named | exit | seconds | failed requirements |',
    '|---|---|---|---|---|---|---|',
    ...report.faults.map(
      (f) =>
        `| ${f.id} | ${f.area} | ${f.detected ? 'detected' : '**missed**'} | ${f.namedBreak ? 'yes' : 'no'} | ` +
        `${f.exitCode ?? '-'} | ${f.seconds.toFixed(1)} | ${cell(f.failedRequirements.join(', ') || '-')} |`,
    ),
    '',
    ...(report.matrix ? renderMatrixMarkdown(report.matrix) : []),
  ];
  return lines.join('\n');
}

/** The one line `npm run mutation` ends with: the score of what ran, and of a selection only what it selected. */
export function scoreLine(report: MutationReport): string {
  const { selection, matrix } = report;
  const faults =
    selection && report.faults.length === 0 ? 'no fault selected' : `${pct(report.overall)} faults detected`;
  const clean = cleanRan(report)
    ? `clean bank: ${report.clean.falseFailures.length} false failure(s)` +
      (report.clean.exitCode === 0 ? '' : ` (exit ${report.clean.exitCode})`)
    : undefined;
  const variants = matrix?.variants.length
    ? `variants: ${matrix.withoutFalseFailures}/${matrix.variants.length} without false failures`
    : undefined;
  const pairs = matrix?.pairs.length
    ? `fault × variant pairs: ${matrix.pairsDetected}/${matrix.pairs.length} detected`
    : undefined;
  const head = selection ? `mutation score of the selection (${selectionWords(selection)})` : 'mutation score';
  return `${head}: ${[faults, clean, variants, pairs].filter(Boolean).join('; ')}`;
}

/**
 * `npm run mutation` passes when every fault is detected or a known gap, the clean bank passes, and (when the
 * matrix ran) every variant passes and every fault × variant pair is detected. A selection is judged by what ran.
 */
export const mutationPassed = (report: MutationReport): boolean =>
  (!cleanRan(report) || report.clean.exitCode === 0) &&
  report.faults.every((f) => f.detected || report.knownGaps.some((g) => g.id === f.id)) &&
  (report.matrix === undefined || matrixPassed(report.matrix));
