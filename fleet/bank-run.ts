/**
 * One bank of a fleet: a whole `psd2-conformance run` in a child process of its own, with the bank's URL, profile and
 * bank profile, its own reports folder, its own exit code, and an environment built for it alone (the variables the
 * targets file maps, read from the fleet's environment under the names it gives).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { BIN } from '../release/compare/run-side.js';
import { recordNotRun, writeBankRecord } from './bank-record.js';
import { holdsRun } from './bank-result.js';
import type { Bank } from './targets.js';

/** What every bank's run shares: the seed, the time budget, and the run options passed on (selection, --strict …). */
export interface FleetRunSettings {
  seed: number;
  /** `run --budget` of each bank's run. */
  budgetSeconds: number;
  /** Further options of `run`, as typed (`--operation ncbct.create`, `--no-html` …). */
  args: readonly string[];
}

/**
 * The command line of a bank's run. The one place a bank's profile is passed on (`run --bank-profile FILE`), so that
 * the option's name and form live here alone.
 */
export function bankRunArgs(bank: Bank, dir: string, settings: FleetRunSettings): string[] {
  return [
    'run',
    '--profile',
    bank.profile,
    ...(bank.bankProfile ? ['--bank-profile', bank.bankProfile] : []),
    '--seed',
    String(settings.seed),
    '--budget',
    String(settings.budgetSeconds),
    '--reports',
    dir,
    ...settings.args,
  ];
}

/**
 * The environment of a bank's run: the fleet's own (a TPP's one QSealC, HTTP limits, PSUs shared by every bank), with
 * BASE_URL set to the bank's and each variable the bank maps taken from the variable named for it. A mapped variable
 * that is unset or empty (a CI secret that is missing expands to empty) is named in `missing`, and the bank not run.
 */
export function bankRunEnv(
  bank: Bank,
  fleetEnv: Readonly<Record<string, string | undefined>>,
): { env: Record<string, string>; missing: string[] } {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(fleetEnv)) if (value !== undefined) env[name] = value;
  // The profile is the bank's (`--profile`), never one the fleet's environment happens to hold.
  delete env.PROFILE;
  env.BASE_URL = bank.baseUrl;
  const missing: string[] = [];
  for (const [variable, source] of Object.entries(bank.env)) {
    const value = fleetEnv[source];
    if (value === undefined || value === '') missing.push(`${variable} (from ${source})`);
    else env[variable] = value;
  }
  return { env, missing };
}

/** A word as a POSIX shell reads it back: bare when it is plain, else in single quotes. */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/**
 * A bank's run as one shell line: `BASE_URL=… psd2-conformance run …`, with the names of the variables the bank maps
 * (never their values).
 */
export function commandLine(bank: Bank, args: readonly string[]): string {
  const mapped = Object.entries(bank.env).map(([variable, source]) => `${variable}="$${source}"`);
  return [`BASE_URL=${shellWord(bank.baseUrl)}`, ...mapped, 'psd2-conformance', ...args.map(shellWord)].join(' ');
}

/** How one bank's run ended, as the fleet saw it. */
export interface BankRunEnd {
  bank: Bank;
  dir: string;
  /** The child's exit code; null when it was killed, or never started. */
  code: number | null;
  /** Why there is no run in its folder (a configuration error, a missing variable, the fleet stopped first). */
  error?: string;
  seconds: number;
}

/** A bank's run that outlives its budget by this much is hung: it is ended, INCOMPLETE. */
export const OVERRUN_MS = 60_000;
/** A child asked to stop that has not ended after this long is killed. */
export const KILL_AFTER_MS = 8_000;

export interface BankRun {
  done: Promise<BankRunEnd>;
  /** Passes a stop on to the child (the signal the fleet received); it is killed if it has not ended soon after. */
  stop(signal: NodeJS.Signals): void;
}

/** The last line of a child's stderr that says something: the one line a configuration error prints. */
const lastLine = (text: string): string | undefined =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);

/**
 * Starts one bank's run. Its console output goes to `<dir>.log` beside its reports folder (many banks at once would
 * interleave on the terminal), its reports into `dir`, and the bank's record (name, URL, profile) into the folder
 * before the run starts, so that the run's evidence pack lists it and `fleet report` knows the bank from its folder.
 */
export function startBankRun(
  bank: Bank,
  dir: string,
  settings: FleetRunSettings,
  fleetEnv: Readonly<Record<string, string | undefined>>,
): BankRun {
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  mkdirSync(dir, { recursive: true });
  const { env, missing } = bankRunEnv(bank, fleetEnv);
  writeBankRecord(dir, bank, settings.seed);
  if (missing.length) {
    const error = `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set`;
    recordNotRun(dir, bank, settings.seed, { exitCode: 2, error });
    return { done: Promise.resolve({ bank, dir, code: 2, error, seconds: seconds() }), stop: () => {} };
  }
  const args = bankRunArgs(bank, dir, settings);
  const log = createWriteStream(`${dir}.log`);
  // The command line first, as a shell would take it: to judge this bank again by hand (its mapped variables set).
  log.write(`$ ${commandLine(bank, args)}\n`);
  // A process group of its own: a Ctrl-C in the terminal reaches the fleet, which passes it on once.
  const child: ChildProcess = spawn(process.execPath, ['--', BIN, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stdout?.pipe(log, { end: false });
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4096);
    log.write(d);
  });
  const timers: NodeJS.Timeout[] = [];
  /** The run's whole process group (the run and its test workers), for a run that did not end when asked. */
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const stop = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // The run first, which ends its workers and writes what it has; its whole group if it has not ended soon after.
    child.kill(signal);
    timers.push(setTimeout(killGroup, KILL_AFTER_MS).unref());
  };
  // The run ends itself at its budget; one that does not, well past it, hangs.
  timers.push(setTimeout(() => stop('SIGTERM'), settings.budgetSeconds * 1000 + OVERRUN_MS).unref());
  const done = new Promise<BankRunEnd>((resolve) => {
    let ended = false;
    const end = (code: number | null, error?: string) => {
      if (ended) return;
      ended = true;
      for (const t of timers) clearTimeout(t);
      log.end();
      const why = holdsRun(dir) ? undefined : (error ?? lastLine(stderr) ?? `the run ended with exit code ${code}`);
      if (why) recordNotRun(dir, bank, settings.seed, { exitCode: code ?? 3, error: why });
      resolve({ bank, dir, code, ...(why ? { error: why } : {}), seconds: seconds() });
    };
    child.on('error', (err) => end(null, `the run could not start: ${err.message}`));
    child.on('close', (code) => end(code));
    // A worker left behind that still holds the run's output open must not keep the fleet waiting for it.
    child.on('exit', (code) =>
      timers.push(
        setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
          end(code);
        }, KILL_AFTER_MS).unref(),
      ),
    );
  });
  return { done, stop };
}
