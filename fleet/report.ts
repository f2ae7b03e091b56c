/**
 * The fleet report (fleet.json): each bank's verdict, the bank × requirement matrix, where the banks drift apart, and
 * with a baseline what changed per bank. Built from the banks' reports folders alone, so that `fleet run` and `fleet
 * report` over the same folders say the same.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Level } from '../spec/index.js';
import { baselineChanges, type BankChange } from './baseline.js';
import type { BankResult, BankVerdict } from './bank-result.js';
import { choicesOf, driftOf, type Drift } from './drift.js';
import { FLEET_HEADLINES, worstExitCode } from './exit-code.js';

export interface FleetBank {
  name: string;
  /** Its reports folder, relative to the fleet report's. */
  folder: string;
  baseUrl?: string;
  /** The choices it declares: `bank profile FILE (key)`, or `no bank profile`. */
  choices: string;
  verdict: BankVerdict;
  verdictLine: string;
  exitCode: number;
  failedMust: string[];
  failedShould: string[];
  /** Its own HTML report, relative to the fleet report's folder, when it has one. */
  html?: string;
}

export interface FleetRequirement {
  id: string;
  level: Level;
  /** The rule's state with each bank that reported it (passed, failed, not observed …). */
  states: Record<string, string>;
}

export interface FleetReport {
  /** CONFORMANT, NOT CONFORMANT, INCOMPLETE or NOT RUN: the worst bank's. */
  verdict: string;
  verdictLine: string;
  exitCode: number;
  generatedAt: string;
  banks: FleetBank[];
  requirements: FleetRequirement[];
  drift: Drift;
  baseline?: { dir: string; changes: BankChange[]; gone: string[] };
}

export interface FleetReportOptions {
  /** The folder the report is written to (bank folders and links are relative to it). */
  out: string;
  baseline?: string;
  /** False leaves drift out (a fleet that must end now has no time to compare answers). */
  drift?: boolean;
  /** Set when the fleet itself was stopped: why, and its exit code (130, 143, 129). */
  stopped?: { reason: string; exitCode: number };
  now?: Date;
}

/** `2 CONFORMANT, 1 NOT CONFORMANT (bank-b: NCBCT.creditorName.max70, …)`: the fleet in one line. */
function fleetLine(banks: readonly BankResult[]): string {
  const order: BankVerdict[] = ['CONFORMANT', 'NOT CONFORMANT', 'INCOMPLETE', 'NOTHING JUDGED', 'NOT RUN'];
  const counts = order
    .map((v) => [v, banks.filter((b) => b.verdict === v)] as const)
    .filter(([, list]) => list.length)
    .map(([v, list]) => {
      const named = v === 'CONFORMANT' ? '' : ` (${list.map((b) => nameWithRules(b)).join('; ')})`;
      return `${list.length} ${v}${named}`;
    });
  return `${banks.length} bank${banks.length === 1 ? '' : 's'}: ${counts.join(', ')}`;
}

const nameWithRules = (b: BankResult): string =>
  b.failedMust.length
    ? `${b.name}: ${b.failedMust.slice(0, 3).join(', ')}${b.failedMust.length > 3 ? ', …' : ''}`
    : b.name;

/** Every rule any bank reported, in the order the first bank to report it has it (the catalogue's). */
function requirementMatrix(banks: readonly BankResult[]): FleetRequirement[] {
  const rows = new Map<string, FleetRequirement>();
  for (const bank of banks)
    for (const row of bank.report?.coverage ?? []) {
      const entry = rows.get(row.id) ?? rows.set(row.id, { id: row.id, level: row.level, states: {} }).get(row.id);
      if (entry) entry.states[bank.name] = row.state;
    }
  return [...rows.values()];
}

function fleetBank(bank: BankResult, out: string): FleetBank {
  const html = join(bank.dir, 'html', 'index.html');
  const baseUrl = bank.record?.baseUrl;
  return {
    name: bank.name,
    folder: relative(out, bank.dir) || '.',
    ...(baseUrl ? { baseUrl } : {}),
    choices: choicesOf(bank),
    verdict: bank.verdict,
    verdictLine: bank.verdictLine,
    exitCode: bank.exitCode,
    failedMust: bank.failedMust,
    failedShould: bank.failedShould,
    ...(existsSync(html) ? { html: relative(out, html) } : {}),
  };
}

export function buildFleetReport(banks: readonly BankResult[], options: FleetReportOptions): FleetReport {
  const worst = worstExitCode(banks);
  const stopped = options.stopped;
  const verdict = stopped ? 'INCOMPLETE' : FLEET_HEADLINES[worst];
  const line = fleetLine(banks);
  return {
    verdict,
    verdictLine: `${verdict}: ${stopped ? `${stopped.reason}; ` : ''}${line}`,
    exitCode: stopped?.exitCode ?? worst,
    generatedAt: (options.now ?? new Date()).toISOString(),
    banks: banks.map((b) => fleetBank(b, options.out)),
    requirements: requirementMatrix(banks),
    drift: options.drift === false ? { rules: [], answers: [] } : driftOf(banks),
    ...(options.baseline ? { baseline: { dir: options.baseline, ...baselineChanges(banks, options.baseline) } } : {}),
  };
}
