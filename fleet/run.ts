/**
 * `fleet run`: every bank of the targets file judged on this machine, N at a time, each a whole `run` in a child
 * process of its own (bank-run.ts), with a line as each starts and ends. Stopping the fleet passes the stop on to the
 * runs under way, which end INCOMPLETE and write what they have; banks whose turn had not come are recorded as not
 * run, so that the fleet report shows every bank of the file.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readBankResult } from './bank-result.js';
import { startBankRun, type BankRun, type BankRunEnd, type FleetRunSettings } from './bank-run.js';
import { recordNotRun } from './bank-record.js';
import type { Bank } from './targets.js';

export interface FleetRunOptions extends FleetRunSettings {
  banks: readonly Bank[];
  /** The fleet's reports folder: one folder per bank inside it. */
  out: string;
  /** Banks judged at once. */
  parallel: number;
  /** The fleet's environment, from which each bank's is built. */
  env: Readonly<Record<string, string | undefined>>;
  strict: boolean;
  log: (line: string) => void;
}

export interface FleetRun {
  /** Every bank's end, in the targets file's order, once the last has ended. */
  done: Promise<BankRunEnd[]>;
  /** Starts no further bank and passes `signal` on to the runs under way. */
  stop(signal: NodeJS.Signals, reason: string): void;
}

export const bankDir = (out: string, bank: Bank): string => join(out, bank.name);

export function runFleet(options: FleetRunOptions): FleetRun {
  const { banks, out, log } = options;
  const ends: (BankRunEnd | undefined)[] = banks.map(() => undefined);
  const running = new Map<number, BankRun>();
  let next = 0;
  let stopped = false;
  let finish: (ends: BankRunEnd[]) => void = () => {};
  const done = new Promise<BankRunEnd[]>((resolve) => (finish = resolve));
  const tag = (i: number) => `[${i + 1}/${banks.length}]`;

  /** The banks whose turn never came: recorded as not run, so that the report names every bank of the file. */
  const recordTheRest = (reason: string) => {
    for (; next < banks.length; next++) {
      const bank = banks[next] as Bank;
      const dir = bankDir(out, bank);
      mkdirSync(dir, { recursive: true });
      const error = `${reason} before its turn`;
      recordNotRun(dir, bank, options.seed, { exitCode: 3, error });
      ends[next] = { bank, dir, code: null, error, seconds: 0 };
    }
  };

  const settle = () => {
    if (!running.size && next >= banks.length) finish(ends as BankRunEnd[]);
  };

  /** A bank's line at its end: its verdict line, as its folder says it. */
  const endLine = (end: BankRunEnd): string => {
    try {
      return readBankResult(end.dir, options.strict).verdictLine;
    } catch (err) {
      return `its folder cannot be read: ${(err as Error).message}`;
    }
  };

  const start = () => {
    while (!stopped && running.size < options.parallel && next < banks.length) {
      const i = next++;
      const bank = banks[i] as Bank;
      const dir = bankDir(out, bank);
      log(`${tag(i)} ${bank.name}: started against ${bank.baseUrl} (profile ${bank.profile}); its output: ${dir}.log`);
      let run: BankRun;
      try {
        run = startBankRun(bank, dir, options, options.env);
      } catch (err) {
        // Its folder cannot be made or its record written: this bank is not run, the others are.
        const error = (err as Error).message;
        ends[i] = { bank, dir, code: 2, error, seconds: 0 };
        log(`${tag(i)} ${bank.name}: NOT RUN: ${error}`);
        continue;
      }
      running.set(i, run);
      void run.done.then((end) => {
        running.delete(i);
        ends[i] = end;
        log(
          `${tag(i)} ${bank.name}: ${endLine(end)} (exit ${end.code ?? 'none'}, ${end.seconds.toFixed(1)} s; ${dir})`,
        );
        start();
        settle();
      });
    }
  };

  start();
  settle();
  return {
    done,
    stop(signal, reason) {
      if (stopped) return;
      stopped = true;
      recordTheRest(reason);
      for (const run of running.values()) run.stop(signal);
      settle();
    },
  };
}
