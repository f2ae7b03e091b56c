import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './run.js';
import type { BenchModule, BenchResult } from './types.js';

const BIN = fileURLToPath(new URL('../bin/psd2-conformance.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Labels main.ts reads the targets from. These were wall-clock assertions of the project's tests until issue 35: a
 * test's verdict must not depend on how busy the machine is, so the tests now judge what happened (exit 2 before
 * anything ran, a stopped run INCOMPLETE) and this bench how soon.
 */
export const PROMPTNESS_LABELS = {
  bare: 'bare start: run --seed not-a-number, refused while parsing',
  selection: 'a selection mistake refused: run --grep zzzz',
  folder: 'an output folder that cannot hold files refused: run --reports /proc/x',
  signal: 'SIGINT while the tests run, to the exit',
  second: 'a second SIGINT, to the exit',
} as const;

/** How many times each refusal is timed; the median is the figure. */
const SAMPLES = 3;

interface Timed {
  seconds: number;
  code: number | null;
}

const ENV = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });

/** `psd2-conformance <args>` from its start to its exit. */
function timed(args: string[]): Promise<Timed> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--', BIN, ...args], { cwd: ROOT, env: ENV(), stdio: 'ignore' });
    child.on('exit', (code) => resolve({ seconds: (performance.now() - started) / 1000, code }));
  });
}

async function medianOf(args: string[]): Promise<number> {
  const seconds: number[] = [];
  for (let i = 0; i < SAMPLES; i++) seconds.push((await timed(args)).seconds);
  return median(seconds);
}

/**
 * A default run without the HTML, sent SIGINT once its first suite file is done (so the tests are under way), and
 * again 200 ms later when `twice`: the seconds from the (last) signal to the exit.
 */
function interrupted(twice: boolean): Promise<Timed> {
  return new Promise((resolve) => {
    const reports = mkdtempSync(join(tmpdir(), 'psd2-bench-stop-'));
    const child = spawn(process.execPath, ['--', BIN, 'run', '--no-html', '--reports', reports], {
      cwd: ROOT,
      env: ENV(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let signalledAt = 0;
    const watch = (d: Buffer) => {
      output += d.toString();
      if (signalledAt || !/✓ \S+\.suite\.ts: /.test(output)) return;
      signalledAt = performance.now();
      child.kill('SIGINT');
      if (twice)
        setTimeout(() => {
          signalledAt = performance.now();
          child.kill('SIGINT');
        }, 200);
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.on('exit', (code) =>
      resolve({ seconds: signalledAt ? (performance.now() - signalledAt) / 1000 : NaN, code }),
    );
  });
}

export async function benchPromptness(): Promise<BenchResult> {
  const bare = await medianOf(['run', '--seed', 'not-a-number']);
  const selection = await medianOf(['run', '--grep', 'zzzz']);
  const folder = await medianOf(['run', '--reports', '/proc/x']);
  const signal = await interrupted(false);
  const second = await interrupted(true);
  return {
    name: 'promptness',
    operation: `one command, start to exit (refusals: the median of ${SAMPLES}; signals: one default run each)`,
    figures: [
      { label: PROMPTNESS_LABELS.bare, value: bare, unit: 's' },
      { label: PROMPTNESS_LABELS.selection, value: selection, unit: 's' },
      { label: PROMPTNESS_LABELS.folder, value: folder, unit: 's' },
      { label: PROMPTNESS_LABELS.signal, value: signal.seconds, unit: `s (exit ${signal.code})` },
      { label: PROMPTNESS_LABELS.second, value: second.seconds, unit: `s (exit ${second.code})` },
    ],
    ratios: [],
  };
}

export const promptnessBench: BenchModule = { name: 'promptness', run: () => benchPromptness() };
