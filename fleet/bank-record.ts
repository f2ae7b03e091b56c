/**
 * `fleet-bank.json` in a bank's reports folder: which bank the folder judged (its name, URL, profile and the choices
 * its bank profile declares), written before its run starts, so that the run's evidence pack lists it and `fleet
 * report` knows the bank from the folder alone (CI hands the merge job nothing else). When the run left nothing in the
 * folder (a configuration error), the record also says why.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { readNamedFile, UserError } from '../core/index.js';
import type { Bank } from './targets.js';

export const BANK_RECORD_FILE = 'fleet-bank.json';

export interface BankRecord {
  name: string;
  baseUrl?: string;
  profile?: string;
  /** The bank profile's file name and what it declares, as one key (the same choices, the same key). */
  bankProfile?: { file: string; choices: string };
  seed?: number;
  /** Set only when the folder holds no run: the exit code of the attempt, and why. */
  exitCode?: number;
  error?: string;
}

/** Keys in order at every depth: two files that declare the same choices give the same text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/**
 * What a bank profile declares, as a short key: the sha256 of its parsed content with the keys in order, so that
 * comments, layout and key order do not make two banks' identical choices differ. A file that is not YAML keys by its
 * bytes; one that cannot be read is a one-line error.
 */
export function choicesKey(file: string): string {
  const text = readNamedFile(file, 'the bank profile');
  let content: string;
  try {
    content = JSON.stringify(canonical(parse(text) as unknown));
  } catch {
    content = text;
  }
  return createHash('sha256').update(content).digest('hex').slice(0, 12);
}

/** The record of `bank` as its run starts: which bank, where, with which choices and seed. */
function newRecord(bank: Bank, seed: number): BankRecord {
  return {
    name: bank.name,
    baseUrl: bank.baseUrl,
    profile: bank.profile,
    ...(bank.bankProfile
      ? { bankProfile: { file: basename(bank.bankProfile), choices: choicesKey(bank.bankProfile) } }
      : {}),
    seed,
  };
}

const writeRecord = (dir: string, record: BankRecord): void =>
  writeFileSync(join(dir, BANK_RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);

/** Writes the record of `bank` into its folder. */
export function writeBankRecord(dir: string, bank: Bank, seed: number): void {
  writeRecord(dir, newRecord(bank, seed));
}

/** The record of a bank's folder, or undefined when it has none (a folder `run` wrote on its own). */
export function readBankRecord(dir: string): BankRecord | undefined {
  const file = join(dir, BANK_RECORD_FILE);
  if (!existsSync(file)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UserError(`${file} is not the record \`fleet run\` writes (${(err as Error).message.split('\n')[0]})`);
  }
  const record = value as Partial<BankRecord> | null;
  if (!record || typeof record !== 'object' || typeof record.name !== 'string')
    throw new UserError(`${file} is not the record \`fleet run\` writes: it names no bank`);
  return record as BankRecord;
}

/** Records in the bank's folder that it holds no run, and why: `fleet report` reads the bank as not run from it. */
export function recordNotRun(dir: string, bank: Bank, seed: number, end: { exitCode: number; error: string }): void {
  writeRecord(dir, { ...(readBankRecord(dir) ?? newRecord(bank, seed)), ...end });
}
