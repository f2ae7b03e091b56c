/**
 * `fleet report --baseline DIR`: per bank, what changed since an earlier fleet run (its folder, holding one folder per
 * bank), with the release lens's own diff of two runs: rules newly failing, fixed, still failing, new and gone.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/index.js';
import { diffRuns, regressions } from '../release/diff.js';
import { readRunView } from '../release/run-view.js';
import { holdsRun, type BankResult } from './bank-result.js';

export interface BankChange {
  bank: string;
  /** The bank's folder in the baseline, when it had one with a run. */
  baseline?: string;
  /** Why nothing is compared (a bank new since the baseline, or not run now). */
  note?: string;
  /** Requirement ids, by how they changed. */
  newFailures: string[];
  fixed: string[];
  stillFailing: string[];
  /** MUST tests and rules that did not fail before and fail now (what `run --baseline` gates on). */
  regressions: string[];
  /** Tests new and gone since the baseline (counts). */
  testsAdded: number;
  testsRemoved: number;
}

const none = () => ({ newFailures: [], fixed: [], stillFailing: [], regressions: [], testsAdded: 0, testsRemoved: 0 });

/** The banks' changes since the baseline, and the banks the baseline had that this fleet has not. */
export function baselineChanges(
  banks: readonly BankResult[],
  baselineDir: string,
): { changes: BankChange[]; gone: string[] } {
  if (!existsSync(baselineDir) || !statSync(baselineDir).isDirectory())
    throw new UserError(`--baseline ${baselineDir} is not a folder: give the --reports folder of an earlier fleet run`);
  const changes = banks.map((bank): BankChange => {
    const base = join(baselineDir, bank.name);
    if (!holdsRun(base)) return { bank: bank.name, note: 'not in the baseline', ...none() };
    if (!bank.report) return { bank: bank.name, baseline: base, note: 'not run now', ...none() };
    const diff = diffRuns(readRunView(base, '--baseline'), readRunView(bank.dir, 'fleet report'));
    const ids = (list: { id: string }[]) => list.map((c) => c.id);
    return {
      bank: bank.name,
      baseline: base,
      newFailures: ids(diff.requirements.newFailures),
      fixed: ids(diff.requirements.fixed),
      stillFailing: ids(diff.requirements.stillFailing),
      regressions: regressions(diff).map((r) => `${r.kind === 'test' ? 'test ' : ''}${r.id}`),
      testsAdded: diff.tests.added.length,
      testsRemoved: diff.tests.removed.length,
    };
  });
  const now = new Set(banks.map((b) => b.name));
  const gone = readdirSync(baselineDir)
    .filter((name) => !now.has(name) && holdsRun(join(baselineDir, name)))
    .sort();
  return { changes, gone };
}
