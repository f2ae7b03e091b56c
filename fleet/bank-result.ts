/**
 * A bank's part of the fleet report, read from its reports folder with the run model's own reader and report builder
 * (the same verdict `psd2-conformance report` gives that folder), and from the bank's record when the folder holds no
 * run.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { UserError } from '../core/index.js';
import { EXIT_CODES, OUTCOMES_FILE, buildReport, readRunFolder, type RunReport } from '../run-model/index.js';
import { BANK_RECORD_FILE, readBankRecord, type BankRecord } from './bank-record.js';

/** NOT RUN: the bank's run never judged anything (a configuration error, a missing variable, the fleet stopped). */
export type BankVerdict = 'CONFORMANT' | 'NOT CONFORMANT' | 'INCOMPLETE' | 'NOTHING JUDGED' | 'NOT RUN';

export interface BankResult {
  name: string;
  dir: string;
  record?: BankRecord;
  verdict: BankVerdict;
  verdictLine: string;
  /** The exit code this bank gives the fleet: 0, 1 (a verdict), 2 (not run, nothing judged) or 3 (incomplete). */
  exitCode: 0 | 1 | 2 | 3;
  failedMust: string[];
  failedShould: string[];
  /** The run's report, when the folder holds a run. */
  report?: RunReport;
}

/**
 * The exit code a bank gives the fleet, from its own: 0 and 1 are verdicts, 2 a run that could not start, and
 * anything else (3, a signal's 129, 130 or 143, a crash, a kill) a run that did not complete.
 */
export function bankExitCode(code: number | null | undefined): 0 | 1 | 2 | 3 {
  return code === 0 || code === 1 || code === 2 ? code : EXIT_CODES.incomplete;
}

/** A folder holds a run once the run has written its outcomes (what `report` reads). */
export const holdsRun = (dir: string): boolean => existsSync(join(dir, OUTCOMES_FILE));
const holdsBank = (dir: string) => holdsRun(dir) || existsSync(join(dir, BANK_RECORD_FILE));

/**
 * The banks' folders among those given: a folder that holds a run (or a bank's record) is one bank's; a folder that
 * holds neither but has such folders inside (what `fleet run --reports DIR` wrote) stands for them.
 */
export function bankFolders(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) => {
    if (!existsSync(dir)) throw new UserError(`${dir} does not exist: give a bank's reports folder`);
    if (holdsBank(dir)) return [dir];
    const inside = readdirSync(dir)
      .map((entry) => join(dir, entry))
      .filter((path) => statSync(path).isDirectory() && holdsBank(path))
      .sort();
    if (!inside.length)
      throw new UserError(
        `${dir} holds no run (no ${OUTCOMES_FILE}) and no bank's folder: give the folders \`fleet run\` or ` +
          '`run --reports` wrote',
      );
    return inside;
  });
}

/** A bank's result from its folder; `strict` as `report --strict` (a failed SHOULD test fails the verdict too). */
export function readBankResult(dir: string, strict: boolean): BankResult {
  const record = readBankRecord(dir);
  const name = record?.name ?? basename(dir);
  const base = { name, dir, ...(record ? { record } : {}) };
  if (!holdsRun(dir)) {
    const why = record?.error ?? `${dir} holds no run`;
    return {
      ...base,
      verdict: 'NOT RUN',
      verdictLine: `NOT RUN: ${why}`,
      exitCode: record?.exitCode === undefined ? 2 : bankExitCode(record.exitCode),
      failedMust: [],
      failedShould: [],
    };
  }
  const report = buildReport([readRunFolder(dir)], { strict });
  const [verdict] = report.verdicts;
  const nothing = verdict?.kind === 'nothing judged';
  return {
    ...base,
    verdict: report.summary.verdict as BankVerdict,
    verdictLine: report.summary.verdictLine,
    // A run that judged nothing is what `run` answers with exit 2: a selection that matches no test.
    exitCode: nothing ? 2 : bankExitCode(report.summary.exitCode),
    failedMust: verdict?.failedMust ?? [],
    failedShould: verdict?.failedShould ?? [],
    report,
  };
}

/** Every bank's result, refusing two folders of one bank: its name is its column in every table. */
export function readBankResults(dirs: readonly string[], strict: boolean): BankResult[] {
  const results = bankFolders(dirs).map((dir) => readBankResult(dir, strict));
  const seen = new Map<string, string>();
  for (const r of results) {
    const other = seen.get(r.name);
    if (other) throw new UserError(`${other} and ${r.dir} are both the bank ${r.name}: give each bank's folder once`);
    seen.set(r.name, r.dir);
  }
  return results;
}

/** A bank of the targets file that no folder given is: never judged as far as the report can tell (exit 2). */
export function missingBank(name: string, dir: string): BankResult {
  return {
    name,
    dir,
    verdict: 'NOT RUN',
    verdictLine: 'NOT RUN: no reports folder of this bank was given (its job did not run, or left nothing)',
    exitCode: 2,
    failedMust: [],
    failedShould: [],
  };
}

/**
 * The banks' results in the targets file's order, each bank of the file that no folder is counted as not run; banks
 * the file does not name stay, after those it does.
 */
export function expectBanks(results: readonly BankResult[], expected: readonly string[], out: string): BankResult[] {
  const byName = new Map(results.map((r) => [r.name, r]));
  return [
    ...expected.map((name) => byName.get(name) ?? missingBank(name, join(out, name))),
    ...results.filter((r) => !expected.includes(r.name)),
  ];
}
