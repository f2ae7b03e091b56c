import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RunEvent, RunReport } from '../run-model/index.js';
import type { Terminal } from './terminal.js';
import type { ReportEvidenceOptions } from '../release/evidence/report.js';

/** What every reporter is given: where to write, where to say what it wrote, and whether the run is stopping. */
export interface ReporterContext {
  /** The reports folder. */
  out: string;
  /** One line for the person running it (stdout). */
  log: (line: string) => void;
  /** Aborted when the run must end now: a reporter that takes long (rendering HTML) stops and leaves its files. */
  signal: AbortSignal;
  /** How many earlier runs history.jsonl keeps. */
  historyLimit: number;
  /** The console: a live status line in a terminal, whole lines elsewhere. */
  terminal: Terminal;
  /** What the evidence pack records beyond the report: the configuration, the signer (`--sign-evidence`). */
  evidence?: Omit<ReportEvidenceOptions, 'out'>;
}

/** What the run must gather while it runs for a reporter: its exchanges, allure-vitest's results. */
export interface RunNeeds {
  /** Record every exchange in this file (JSON lines). */
  exchanges?: string;
  /** Let allure-vitest write its results in this folder. */
  allureResults?: string;
}

/**
 * A reporter: a small handler of the run's events and of its finished report. `files` returns what it writes as
 * text (written at once, also when the run must end now); `finish` does what takes time (rendering HTML), and is
 * skipped when the run was interrupted.
 */
export interface Reporter {
  needs?: RunNeeds;
  onEvent?(event: RunEvent): void;
  files?(report: RunReport): Record<string, string>;
  finish?(report: RunReport): Promise<void>;
}

export interface ReporterDefinition {
  /** As `run --report` names it. */
  name: string;
  /** What it writes, in one sentence (`run --help`, docs). */
  description: string;
  /** The files or folders it writes in the reports folder. */
  writes: readonly string[];
  /** Always on, whatever `--report` says (the console). */
  always?: boolean;
  /** Writes after every other reporter (the evidence pack, which hashes their files). */
  last?: boolean;
  create(context: ReporterContext): Reporter;
}

/** Reporters by name, as checks are registered; a second reporter of a name already taken is refused. */
export class ReporterRegistry {
  readonly #reporters = new Map<string, ReporterDefinition>();

  register(definition: ReporterDefinition): ReporterDefinition {
    if (!/^[a-z][a-z0-9-]*$/.test(definition.name))
      throw new Error(`reporter name ${JSON.stringify(definition.name)} is not lower-case words joined by -`);
    if (this.#reporters.has(definition.name)) throw new Error(`a reporter named ${definition.name} is registered`);
    this.#reporters.set(definition.name, definition);
    return definition;
  }

  /**
   * Takes a reporter out again: one loaded for a while (a test's planted reporter), so that whatever else shares this
   * process's registry lists only the project's own. True if it was there.
   */
  unregister(name: string): boolean {
    return this.#reporters.delete(name);
  }

  get(name: string): ReporterDefinition | undefined {
    return this.#reporters.get(name);
  }

  /** Every reporter, by name, those that write last at the end. */
  all(): ReporterDefinition[] {
    return [...this.#reporters.values()].sort(
      (a, b) => Number(Boolean(a.last)) - Number(Boolean(b.last)) || a.name.localeCompare(b.name),
    );
  }

  /** The reporters `--report` may name (the console is always on). */
  selectable(): string[] {
    return this.all()
      .filter((r) => !r.always)
      .map((r) => r.name);
  }
}

/** The registry of the project's reporters: each `*.reporter.ts` of this folder registers its own here. */
export const REPORTERS = new ReporterRegistry();

export const defineReporter = (definition: ReporterDefinition): ReporterDefinition => REPORTERS.register(definition);

/** The file names that hold a reporter: one file is one reporter. */
export const isReporterFile = (name: string): boolean => /\.reporter\.(ts|js)$/.test(name) && !name.endsWith('.d.ts');

/** The reporter every run has, whatever `--report` says. */
export const ALWAYS_ON = 'console';

/**
 * The names `--report` may give, read from the reporter files' names (`<name>.reporter.ts`) without importing them,
 * so that `--help` lists every reporter without loading Allure; the console, always on, is not among them.
 */
export function selectableReporterNames(folder = dirname(fileURLToPath(import.meta.url))): string[] {
  return readdirSync(folder)
    .filter(isReporterFile)
    .map((file) => file.replace(/\.reporter\.(ts|js)$/, ''))
    .filter((name) => name !== ALWAYS_ON)
    .sort();
}

/**
 * Loads every reporter of a folder (this one by default): each `<name>.reporter.ts` (`.js` once compiled) registers
 * itself when imported, so adding a reporter is adding one file.
 */
export async function loadReporters(folder = dirname(fileURLToPath(import.meta.url))): Promise<ReporterRegistry> {
  const files = readdirSync(folder).filter(isReporterFile).sort();
  for (const file of files) await import(pathToFileURL(`${folder}/${file}`).href);
  return REPORTERS;
}
