/**
 * Where the banks of a fleet drift apart, among banks that declare the same choices (the same bank profile, or none):
 * the rules some of them pass and others fail, and the banks whose answers to the same seeded requests differ in
 * status, error code or shape once compare's masking has taken out what may differ (release/compare, through
 * answers.ts). Values are left out: each bank's sandbox holds its own accounts and amounts.
 */
import { existsSync } from 'node:fs';
import type { Level } from '../spec/index.js';
import { exchangesIn } from '../run-model/index.js';
import { answerDifferences, sideOf, type Side } from './answers.js';
import type { BankResult } from './bank-result.js';

export interface RuleDrift {
  id: string;
  level: Level;
  /** The choices the banks declare: `bank profile FILE (key)`, or `no bank profile`. */
  choices: string;
  /** The banks by the rule's state with them (passed, failed). */
  states: Record<string, string[]>;
}

export interface DriftedAnswer {
  /** `POST /v1/payments/…` (ids masked). */
  request: string;
  kind: string;
  /** JSON pointer of the member, for a shape difference. */
  path?: string;
  reference: string;
  bank: string;
}

export interface AnswerDrift {
  choices: string;
  /** The bank the others are compared with: the group's bank with the fewest failed MUST rules. */
  reference: string;
  bank: string;
  /** Exchanges paired and compared. */
  pairs: number;
  /** Tests whose answers differ in status, error code or shape, each with its differences (the first few). */
  tests: { test: string; requirements: string[]; differences: DriftedAnswer[]; more: number }[];
  /** Tests in which the two banks stopped sending the same requests (a refusal ended a flow early). */
  diverged: number;
  /** Why the two were not compared, when they were not. */
  note?: string;
}

export interface Drift {
  rules: RuleDrift[];
  answers: AnswerDrift[];
}

/** The kinds of difference that are drift between banks; `value` is each bank's own data. */
const DRIFT_KINDS = new Set(['status', 'code', 'shape']);
const DIFFERENCES_PER_TEST = 5;

/** What a bank declares, as its group's name: banks with the same choices are expected to answer alike. */
export function choicesOf(bank: BankResult): string {
  const profile = bank.record?.bankProfile;
  return profile ? `bank profile ${profile.file} (${profile.choices})` : 'no bank profile';
}

function groups(banks: readonly BankResult[]): Map<string, BankResult[]> {
  const out = new Map<string, BankResult[]>();
  for (const bank of banks) {
    if (!bank.report) continue;
    const key = choicesOf(bank);
    out.set(key, [...(out.get(key) ?? []), bank]);
  }
  return out;
}

/** The rules that some banks of a group pass and others fail. */
export function ruleDrift(banks: readonly BankResult[]): RuleDrift[] {
  const drift: RuleDrift[] = [];
  for (const [choices, members] of groups(banks)) {
    if (members.length < 2) continue;
    const rows = new Map<string, { level: Level; states: Record<string, string[]> }>();
    for (const bank of members)
      for (const row of bank.report?.coverage ?? []) {
        if (row.state !== 'passed' && row.state !== 'failed') continue;
        const entry = rows.get(row.id) ?? rows.set(row.id, { level: row.level, states: {} }).get(row.id);
        if (entry) entry.states[row.state] = [...(entry.states[row.state] ?? []), bank.name];
      }
    for (const [id, { level, states }] of rows)
      if (states.passed && states.failed) drift.push({ id, level, choices, states });
  }
  return drift;
}

const completed = (bank: BankResult) => bank.report?.summary.end.kind === 'completed';
const seedOf = (bank: BankResult) => bank.report?.summary.seed;

function compared(choices: string, reference: { bank: BankResult; side: Side }, bank: BankResult): AnswerDrift {
  const about = { choices, reference: reference.bank.name, bank: bank.name };
  if (seedOf(bank) !== seedOf(reference.bank))
    return { ...about, pairs: 0, tests: [], diverged: 0, note: 'another seed: the requests differ, not compared' };
  // answerDrift compares only banks whose folder holds exchanges.jsonl.
  const file = exchangesIn(bank.dir);
  const comparison = answerDifferences(reference.side, sideOf(bank.name, file, bank.report?.outcomes ?? []));
  const tests = comparison.tests.flatMap((t) => {
    const differences = t.exchanges.flatMap((e) =>
      e.differences
        .filter((d) => DRIFT_KINDS.has(d.kind))
        .map((d) => ({
          request: e.request,
          kind: d.kind,
          ...(d.path !== undefined ? { path: d.path } : {}),
          reference: d.a,
          bank: d.b,
        })),
    );
    if (!differences.length) return [];
    const shown = differences.slice(0, DIFFERENCES_PER_TEST);
    return [
      { test: t.test, requirements: t.requirements, differences: shown, more: differences.length - shown.length },
    ];
  });
  return { ...about, pairs: comparison.pairs, tests, diverged: comparison.tests.filter((t) => t.diverged).length };
}

/**
 * Each bank's answers against its group's reference: the completed bank with the fewest failed MUST rules (the first
 * in the order given among equals), so that one faulty bank shows as the one that drifts, not every other.
 */
export function answerDrift(banks: readonly BankResult[]): AnswerDrift[] {
  const drift: AnswerDrift[] = [];
  for (const [choices, members] of groups(banks)) {
    const comparable = members.filter((b) => completed(b) && existsSync(exchangesIn(b.dir)));
    if (comparable.length < 2) continue;
    const first = [...comparable].sort((a, b) => a.failedMust.length - b.failedMust.length)[0] as BankResult;
    const reference = { bank: first, side: sideOf(first.name, exchangesIn(first.dir), first.report?.outcomes ?? []) };
    for (const bank of comparable) if (bank !== first) drift.push(compared(choices, reference, bank));
  }
  return drift;
}

export function driftOf(banks: readonly BankResult[]): Drift {
  return { rules: ruleDrift(banks), answers: answerDrift(banks) };
}
