/**
 * The x-accept-fix matrix section (`run --accept-fix-matrix`): the matrix suite's cells (each operation that takes
 * the header, without it and with each value interface.md announces) read back from the run's outcomes and recorded
 * exchanges; per cell the status, the error code, the rules it broke, and how its answer differs from the answer with
 * amount-as-string (the default since 1.7.6, so the reference); per value, the rules that fail only with it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { ACCEPT_FIX_VALUES, hasRequirement, requirement } from '../spec/index.js';
import { brokenRequirements, type ReportSection, type TestOutcome } from '../run-model/index.js';
import { compareExchanges, errorCode, type AnswerDifference } from './compare/answers.js';
import { sideContext, type RecordedLine } from './compare/mask.js';

export const MATRIX_FILE = 'accept-fix-matrix.md';
/** The reference cell: the value that is the default anyway. */
export const REFERENCE_VALUE = 'amount-as-string';
const WITHOUT = 'without';
const TITLE = /x-accept-fix matrix: (\S+) (?:without x-accept-fix|with x-accept-fix: (\S+))$/;

export interface MatrixCell {
  operation: string;
  /** The header's value, or `without`. */
  value: string;
  state: TestOutcome['state'];
  status?: number;
  code?: string;
  broke: string[];
  /** How the answer differs from the same operation's with amount-as-string (masked: ids, dates, link origins). */
  differences: AnswerDifference[];
}

export interface AcceptFixMatrix {
  values: string[];
  cells: MatrixCell[];
  /** Per value: the rules broken with it and with no other value's request of the same operation. */
  onlyWith: Record<string, string[]>;
  notes: string[];
}

function readLines(file: string | undefined): RecordedLine[] {
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as RecordedLine);
}

function parsed(text: string | undefined): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The matrix from a run's outcomes and its exchanges file; undefined when the matrix suite did not run. */
export function acceptFixMatrix(outcomes: readonly TestOutcome[], exchangesFile?: string): AcceptFixMatrix | undefined {
  const lines = readLines(exchangesFile);
  const context = sideContext(lines);
  // The operation's own request is the test's last exchange: fixtures (debtor, basket) come before it.
  const last = new Map<string, RecordedLine>();
  for (const line of lines) last.set(line.test, line);
  const cells: MatrixCell[] = [];
  const answered = new Map<MatrixCell, RecordedLine>();
  for (const o of outcomes) {
    const m = TITLE.exec(o.name);
    if (!m || o.state === 'skipped') continue;
    // Recorded under `<suite file> > <test name>`.
    const line = last.get(o.name) ?? [...last.entries()].find(([test]) => test.endsWith(` > ${o.name}`))?.[1];
    const code = errorCode(parsed(line?.response));
    const c: MatrixCell = {
      operation: m[1] as string,
      value: m[2] ?? WITHOUT,
      state: o.state,
      ...(line?.status !== undefined ? { status: line.status } : {}),
      ...(code ? { code } : {}),
      broke: [...brokenRequirements(o)],
      differences: [],
    };
    cells.push(c);
    if (line) answered.set(c, line);
  }
  if (!cells.length) return undefined;
  for (const c of cells) {
    const reference = cells.find((r) => r.operation === c.operation && r.value === REFERENCE_VALUE);
    const [a, b] = [reference && answered.get(reference), answered.get(c)];
    if (!a || !b || c === reference) continue;
    const differences = compareExchanges({ exchange: a, context }, { exchange: b, context });
    // A refusal against an answer: the status and the error code say it; its members would only repeat it.
    c.differences = differences.some((d) => d.kind === 'status')
      ? differences.filter((d) => d.kind === 'status' || d.kind === 'code')
      : differences;
  }
  const values = [WITHOUT, ...ACCEPT_FIX_VALUES];
  const onlyWith = Object.fromEntries(
    values.map((v) => {
      const mine = cells.filter((c) => c.value === v);
      const only = mine.flatMap((c) =>
        c.broke.filter((id) =>
          cells.every((o) => o.operation !== c.operation || o.value === v || !o.broke.includes(id)),
        ),
      );
      return [v, [...new Set(only)].sort()];
    }),
  );
  return { values, cells, onlyWith, notes: notes(cells) };
}

/** What the matrix says of the two values the catalogue states rules for. */
function notes(cells: readonly MatrixCell[]): string[] {
  const out: string[] = [];
  const bulkWithout = cells.find((c) => c.operation === 'bulk.create' && c.value === WITHOUT);
  if (bulkWithout)
    out.push(
      bulkWithout.state === 'passed' && bulkWithout.differences.every((d) => d.kind === 'value')
        ? 'amount-as-string is the default: bulk.create without x-accept-fix answers as with amount-as-string ' +
            '(same status and shape, amounts strings)'
        : `amount-as-string as the default: bulk.create without x-accept-fix ${bulkWithout.state} ` +
            `(${bulkWithout.differences.length} difference(s) from amount-as-string)`,
    );
  if (hasRequirement('Versioning.acceptFix.longerName')) {
    const rule = requirement('Versioning.acceptFix.longerName');
    const longer = cells.filter((c) => c.value === 'longer-name');
    out.push(
      `longer-name (${rule.statement}) ` +
        (rule.notTestable
          ? `is not observable through these operations: ${rule.notTestable}; `
          : 'is judged by its own tests; ') +
        `with it ${longer.filter((c) => c.state === 'passed').length} of ${longer.length} operation(s) accept ` +
        'the request and answer as with amount-as-string',
    );
  }
  return out;
}

const cell = (text: string) => text.replaceAll('|', '\\|');
const differenceText = (d: AnswerDifference) =>
  d.kind === 'status' || d.kind === 'code'
    ? `${d.kind} ${d.a} → ${d.b}`
    : `${d.kind} ${d.path || '(body)'}: ${d.a} → ${d.b}`;

export function matrixMarkdown(matrix: AcceptFixMatrix): string {
  const operations = [...new Set(matrix.cells.map((c) => c.operation))];
  return [
    '# x-accept-fix matrix',
    '',
    'Each operation that takes x-accept-fix, without it and with each value interface.md announces (Versioning 3). ' +
      `Differences are from the same operation's answer with ${REFERENCE_VALUE} (the default since 1.7.6), ` +
      'masked (assigned ids, dates, link origins).',
    '',
    ...matrix.notes.map((n) => `- ${n}`),
    '',
    '| operation | x-accept-fix | verdict | status | error code | rules broken | differs from amount-as-string |',
    '|---|---|---|---|---|---|---|',
    ...operations.flatMap((op) =>
      matrix.values.flatMap((v) =>
        matrix.cells
          .filter((c) => c.operation === op && c.value === v)
          .map((c) => {
            const differs = cell(c.differences.map(differenceText).join('; '));
            const none = v === REFERENCE_VALUE ? '(reference)' : 'none';
            return (
              `| ${op} | ${v} | ${c.state} | ${c.status ?? '-'} | ${c.code ?? '-'} | ${c.broke.join(', ') || '-'} | ` +
              `${differs || none} |`
            );
          }),
      ),
    ),
    '',
    '## Rules broken with one value only',
    '',
    ...matrix.values.map((v) => `- ${v}: ${matrix.onlyWith[v]?.join(', ') || 'none'}`),
    '',
  ].join('\n');
}

/** The matrix as a report section, or undefined when the matrix suite did not run. */
export function matrixSection(outcomes: readonly TestOutcome[], exchangesFile?: string): ReportSection | undefined {
  const matrix = acceptFixMatrix(outcomes, exchangesFile);
  if (!matrix) return undefined;
  const changed = matrix.cells.filter((c) => c.differences.some((d) => d.kind !== 'value'));
  return {
    file: MATRIX_FILE,
    text: matrixMarkdown(matrix),
    key: 'acceptFixMatrix',
    value: matrix,
    lines: [
      `x-accept-fix matrix: ${matrix.cells.length} cell(s), ` +
        `${matrix.cells.filter((c) => c.state === 'failed').length} failed, ` +
        `${changed.length} answer differently from amount-as-string (${MATRIX_FILE})`,
      ...matrix.notes,
    ],
  };
}
