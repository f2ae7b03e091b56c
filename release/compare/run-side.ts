/**
 * One side of `compare`: a whole `psd2-conformance run` against one target, in a child process of its own (each
 * run starts its own embedded bank and signs every request afresh), with the seed and selection of the comparison,
 * recording its exchanges. The two sides run one after the other: neither slows the other's answers.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../../core/index.js';
import type { TestOutcome } from '../../run-model/index.js';
import { TOOL_ROOT } from '../evidence/facts.js';
import type { Side } from './compare.js';
import type { RecordedLine } from './mask.js';
import type { CompareTarget } from './target.js';

export const BIN = join(TOOL_ROOT, 'bin', 'psd2-conformance.mjs');

export interface SideRun {
  target: CompareTarget;
  /** The run's reports folder; its exchanges are `exchanges.jsonl` there. */
  dir: string;
  seed: number;
  /** Selection and configuration options, as `run` takes them. */
  args: readonly string[];
  /** Reporter choice for the child run (`--no-html`, or `--report …` once reporters are chosen by name). */
  reportArgs: readonly string[];
  /** A line for the person waiting. */
  log: (line: string) => void;
  /** Extra environment (tests). */
  env?: Record<string, string>;
}

export interface SideResult extends Side {
  /** The child run's exit code: 0 or 1 is a verdict; anything else a run that did not end with one. */
  code: number | null;
  /** Its verdict line, as it printed it. */
  verdict: string;
}

function targetArgs(target: CompareTarget): { args: string[]; env: Record<string, string> } {
  if (target.kind === 'remote') return { args: ['--profile', 'sandbox'], env: { BASE_URL: target.url } };
  return {
    args: [
      '--profile',
      'embedded',
      ...target.faults.flatMap((f) => ['--fault', f]),
      ...target.variants.flatMap((v) => ['--variant', v]),
    ],
    env: {},
  };
}

const VERDICT = /\b(CONFORMANT|NOT CONFORMANT|INCOMPLETE|NOTHING JUDGED)\b/;

function readLines(file: string): RecordedLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as RecordedLine);
}

/** Runs one side to its end and reads what it recorded. */
export function runSide(side: SideRun): Promise<SideResult> {
  const exchanges = join(side.dir, 'exchanges.jsonl');
  const target = targetArgs(side.target);
  const args = [
    '--',
    BIN,
    'run',
    '--seed',
    String(side.seed),
    '--reports',
    side.dir,
    '--exchanges',
    exchanges,
    ...side.reportArgs,
    ...target.args,
    ...side.args,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...target.env, ...side.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = `${stdout}\n${stderr}`.split('\n');
      const verdict = lines.find((l) => VERDICT.test(l) && /target:/.test(l)) ?? lines.find((l) => VERDICT.test(l));
      if (code === 2) {
        const why = stderr.trim().split('\n').at(-1) ?? 'a usage or configuration error';
        return reject(new UserError(`the run against ${side.target.label} could not start: ${why}`));
      }
      const outcomesFile = join(side.dir, 'outcomes.json');
      const outcomes = existsSync(outcomesFile)
        ? (JSON.parse(readFileSync(outcomesFile, 'utf8')) as TestOutcome[])
        : [];
      resolve({
        label: side.target.label,
        exchanges: readLines(exchanges),
        outcomes,
        code,
        verdict: verdict?.trim() ?? `ended with exit code ${code}`,
      });
    });
  });
}
