/**
 * The release lens of one run: what `run --baseline`, `--known-findings`, the verdict history and the evidence pack
 * add to a run's reports. Everything the lens needs from outside the run (the baseline's view, the known findings) is
 * read before the first test, so that a wrong folder or a malformed file ends the run before it starts (exit 2), and
 * a baseline that is the reports folder itself is read before the run overwrites it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MATRIX_FILE, matrixSection } from './accept-fix-matrix.js';
import { diffMarkdown, diffText } from './diff-render.js';
import { gate, gateHeadline, regressionsGate, type GateMode, type GateResult } from './gate.js';
import { VERDICTS_FILE, appendHistory, historyEntry, historyMarkdown, historySummary, readHistory } from './history.js';
import type { HistorySummary } from './history.js';
import { dayOf, readKnownFindings, type KnownFinding } from './known-findings.js';
import { readRunView, viewOf, type RunView, type SectionInput } from './run-view.js';

export { sectionInput, viewOf, type SectionInput } from './run-view.js';
import { SUMMARY_FILE, type ReportSection } from '../run-model/index.js';

export interface LensOptions {
  /** `--baseline DIR`: an earlier run's reports folder. */
  baseline?: string;
  /** `--known-findings FILE`. */
  knownFindings?: string;
  strict: boolean;
  /** `--accept-fix-matrix`: the matrix section, from the matrix suite's outcomes and exchanges. */
  acceptFixMatrix?: boolean;
  /** Today, for the findings' expiry (tests). */
  now?: Date;
}

export const RELEASE_FILE = 'release.md';
export const HISTORY_FILE = 'verdict-history.md';

export interface ReleaseLens {
  /** The report sections of this run (release gate, history), in the order the report shows them. */
  sections(input: SectionInput): ReportSection[];
  /** The gate's decision, once `sections` ran: undefined without a baseline or known findings. */
  readonly gate: GateResult | undefined;
}

/** The gate's result in words: what gates, what is known, what is still failing, expired and unused entries. */
export function gateLines(result: GateResult, mode: GateMode): string[] {
  const lines: string[] = [];
  const list = (title: string, items: string[]) => {
    if (!items.length) return;
    lines.push(`${title} (${items.length}):`);
    for (const item of items.slice(0, 20)) lines.push(`  ${item}`);
    if (items.length > 20) lines.push(`  … and ${items.length - 20} more (release.md lists every one)`);
  };
  list(
    regressionsGate(mode) ? 'regressions, gating' : 'failures, gating',
    result.gating.map((g) => `${g.level} ${g.test}: ${g.why}`),
  );
  list(
    'known findings, not gating',
    result.known.map((k) => `${k.level} ${k.test}: ${k.findings.map((f) => `${f.id} (${f.ticket})`).join(', ')}`),
  );
  list(
    'still failing as in the baseline, not gating',
    result.stillFailing.map((s) => `${s.level} ${s.test}`),
  );
  list(
    'expired known findings (gating again)',
    result.expired.map((e) => `${e.finding.id} (${e.finding.ticket}, expired ${e.finding.expires})`),
  );
  list(
    'unused known findings (no failure of this run matches)',
    result.unused.map((u) => `${u.finding.id} (${u.finding.ticket})${u.hint ? `: ${u.hint}` : ''}`),
  );
  lines.push(gateHeadline(result, mode));
  return lines;
}

function releaseMarkdown(result: GateResult, options: LensOptions, mode: GateMode): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const table = (title: string, head: string, rows: string[]) =>
    rows.length ? [`## ${title}`, '', head, `|${'---|'.repeat(head.split('|').length - 2)}`, ...rows, ''] : [];
  return [
    '# Release gate',
    '',
    `${options.baseline ? `Baseline: \`${options.baseline}\`. ` : ''}` +
      `${options.knownFindings ? `Known findings: \`${options.knownFindings}\`. ` : ''}` +
      `${options.strict ? '--strict: every failed test gates, SHOULD ones too. ' : ''}` +
      `Exit code by the gate: ${result.exitCode}.`,
    '',
    `**${gateHeadline(result, mode)}**`,
    '',
    ...table(
      regressionsGate(mode) ? 'Regressions (gating)' : 'Failures (gating)',
      '| level | test | why |',
      result.gating.map((g) => `| ${g.level} | ${cell(g.test)} | ${cell(g.why)} |`),
    ),
    ...table(
      'Known findings (not gating)',
      '| level | test | finding | ticket | reason | expires |',
      result.known.flatMap((k) =>
        k.findings.map(
          (f) =>
            `| ${k.level} | ${cell(k.test)} | \`${cell(f.id)}\` | ${cell(f.ticket)} | ` +
            `${cell(f.reason)} | ${f.expires} |`,
        ),
      ),
    ),
    ...table(
      'Still failing as in the baseline (not gating)',
      '| level | test |',
      result.stillFailing.map((s) => `| ${s.level} | ${cell(s.test)} |`),
    ),
    ...table(
      'Expired known findings',
      '| finding | ticket | expired | failures it names |',
      result.expired.map(
        (e) => `| \`${cell(e.finding.id)}\` | ${cell(e.finding.ticket)} | ${e.finding.expires} | ${e.matches.length} |`,
      ),
    ),
    ...table(
      'Unused known findings',
      '| finding | ticket | note |',
      result.unused.map((u) => `| \`${cell(u.finding.id)}\` | ${cell(u.finding.ticket)} | ${cell(u.hint ?? '')} |`),
    ),
    ...(result.diff ? [diffMarkdown(result.diff)] : []),
  ].join('\n');
}

/** The history section: reads `verdicts.jsonl`, appends this run when it completed, says since when and who flaps. */
export function historySection(view: RunView, outDir: string): ReportSection {
  const file = join(outDir, VERDICTS_FILE);
  const history = existsSync(file) ? readHistory(file) : [];
  const summary: HistorySummary = historySummary(history, view);
  // Only a completed run's verdicts are history: a half-judged run would make its rules look changed.
  if (view.completed) writeFileSync(file, appendHistory(history, historyEntry(view)));
  const lines = [
    ...(summary.flaky.length
      ? [`flaky: ${summary.flaky.length} test(s) changed verdict with the same seed and target (${HISTORY_FILE})`]
      : []),
    ...(summary.changed.length
      ? [`history: ${summary.changed.length} requirement(s) changed verdict in the last ${summary.runs} run(s)`]
      : []),
  ];
  return { file: HISTORY_FILE, text: historyMarkdown(summary, view.target), key: 'history', value: summary, lines };
}

/** The lens's members of summary.json and the page each is written to. */
const RECORDED: readonly { key: string; file: string }[] = [
  { key: 'release', file: RELEASE_FILE },
  { key: 'history', file: HISTORY_FILE },
  { key: 'acceptFixMatrix', file: MATRIX_FILE },
];

/**
 * The sections the lens added to a run's reports, read back from its folder (summary.json's members and their
 * pages), so that `report DIR` writing that run's reports again keeps its release gate (and the exit code the gate
 * gave), its history and its matrix. A folder without them gives none.
 */
export function recordedSections(dir: string): ReportSection[] {
  const file = join(dir, SUMMARY_FILE);
  if (!existsSync(file)) return [];
  let summary: Record<string, unknown>;
  try {
    summary = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return [];
  }
  return RECORDED.flatMap(({ key, file: page }) => {
    const value = summary[key];
    if (value === undefined || !existsSync(join(dir, page))) return [];
    const gate = key === 'release' ? (value as GateResult & { baseline?: string; strict?: boolean }) : undefined;
    const headline =
      gate && Array.isArray(gate.gating) && Array.isArray(gate.known)
        ? gateHeadline(gate, { baseline: Boolean(gate.baseline), strict: gate.strict === true })
        : undefined;
    return [
      {
        file: page,
        text: readFileSync(join(dir, page), 'utf8'),
        key,
        value,
        lines: [],
        ...(headline ? { headline } : {}),
      },
    ];
  });
}

/**
 * Reads the baseline and the known findings (one-line errors, exit 2) and returns the lens for the run to come.
 */
export function releaseLens(options: LensOptions): ReleaseLens {
  const base = options.baseline ? readRunView(options.baseline, '--baseline') : undefined;
  const findings: KnownFinding[] | undefined = options.knownFindings
    ? readKnownFindings(options.knownFindings)
    : undefined;
  let decided: GateResult | undefined;
  return {
    get gate() {
      return decided;
    },
    sections(input) {
      const view = viewOf(input);
      const sections = input.history === false ? [] : [historySection(view, input.outDir)];
      const matrix = options.acceptFixMatrix ? matrixSection(input.outcomes, input.exchangesFile) : undefined;
      if (matrix) sections.push(matrix);
      if (!base && !findings) return sections;
      decided = gate({
        head: view,
        ...(base ? { base } : {}),
        ...(findings ? { findings } : {}),
        strict: options.strict,
        today: dayOf(options.now ?? new Date()),
      });
      const mode = { baseline: Boolean(base), strict: options.strict };
      const lines = [...(decided.diff ? diffText(decided.diff, { limit: 10 }) : []), ...gateLines(decided, mode)];
      const { diff, ...rest } = decided;
      sections.unshift({
        file: RELEASE_FILE,
        text: releaseMarkdown(decided, options, mode),
        key: 'release',
        value: {
          ...(options.baseline ? { baseline: options.baseline } : {}),
          ...(options.knownFindings ? { knownFindings: options.knownFindings } : {}),
          strict: options.strict,
          ...rest,
          ...(diff ? { diff } : {}),
        },
        lines,
        headline: gateHeadline(decided, mode),
      });
      return sections;
    },
  };
}
