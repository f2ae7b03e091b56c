import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestSpecification } from 'vitest/node';
import type { FaultId, VariantId } from '../bank/ids.generated.js';
import type { Config } from '../config/index.js';
import type { TargetChoice } from '../config/target.js';
import type { Profile, RunContext } from '../suites/support/context.js';
import { OutcomeCollector } from './collector.js';
import { summarise, type RunSummary, type TestOutcome } from './outcome.js';
import { preflight } from './preflight.js';
import type { Selection } from './selection.js';
import { embeddedTarget, remoteTarget, type Target } from './target.js';

export interface RunOptions {
  config: Config;
  /** Chosen by config/target.ts before anything starts: the runner never falls back to the embedded bank. */
  target: TargetChoice;
  seed?: number;
  numRuns?: number;
  strict: boolean;
  allowPayments: boolean;
  shard?: string;
  grep?: string;
  replayPath?: string;
  /** Append every exchange to this file as JSON lines (for determinism checks and audits). */
  exchangesPath?: string;
  selection: Selection;
  /** Whole-run budget; the run is cancelled when it is spent. */
  budgetSeconds: number;
  faults?: FaultId[];
  /** Conformant variants of the embedded bank (bank/variants.ts). */
  variants?: VariantId[];
  /**
   * Order independence (issue 13): `reverse` runs the suite files in the reverse of vitest's order, and `files`
   * runs only the suite files whose names contain one of these strings, to show each file's verdicts alone.
   */
  order?: 'default' | 'reverse';
  files?: string[];
  progress: (line: string) => void;
  reportsDir: string;
}

export interface RunResult {
  summary: RunSummary;
  outcomes: TestOutcome[];
  target: Target;
  profile: Profile;
  seed: number;
  seconds: number;
  cancelled: boolean;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Starts the chosen target (the reference bank, or a preflight of BASE_URL), runs the suites with vitest, and stops it. */
export async function runConformance(options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const { config } = options;
  const seed = options.seed ?? config.seed;
  let stopBank: (() => Promise<void>) | undefined;
  let baseUrl: string;
  let profile: Profile;
  let target: Target;
  if (options.target.kind === 'embedded') {
    const { startBank } = await import('../bank/index.js');
    const bank = await startBank({ faults: options.faults ?? [], variants: options.variants ?? [] });
    baseUrl = bank.url;
    stopBank = bank.close;
    profile = 'embedded';
    target = embeddedTarget({ url: baseUrl, faults: options.faults ?? [], variants: options.variants ?? [] });
  } else {
    baseUrl = options.target.url;
    profile = options.target.profile;
    target = remoteTarget(baseUrl, profile);
    await preflight(baseUrl, config.http);
  }
  // The embedded bank starts empty, so a run tag from the seed keeps requests byte-identical per seed;
  // a shared sandbox needs a tag unique to the run.
  const runTag = profile === 'embedded' ? `r${seed.toString(36)}` : `r${randomBytes(4).toString('hex')}`;
  const context: RunContext = {
    baseUrl,
    profile,
    seed,
    numRuns: options.numRuns ?? config.numRuns,
    strict: options.strict,
    runTag,
    allowPayments: options.allowPayments,
    config,
    selection: options.selection,
    ...(options.faults?.length ? { faults: options.faults } : {}),
    ...(options.variants?.length ? { variants: options.variants } : {}),
    ...(options.replayPath ? { replayPath: options.replayPath } : {}),
    ...(options.exchangesPath ? { exchangesPath: resolve(options.exchangesPath) } : {}),
  };
  if (context.exchangesPath) {
    await mkdir(dirname(context.exchangesPath), { recursive: true });
    await writeFile(context.exchangesPath, '');
  }
  // allure-vitest adds to its results folder: results of an earlier run would reappear in this run's report.
  await rm(`${options.reportsDir}/allure-results`, { recursive: true, force: true });
  const collector = new OutcomeCollector(options.progress);
  let cancelled = false;
  try {
    const { createVitest, BaseSequencer } = await import('vitest/node');
    class ReverseSequencer extends BaseSequencer {
      override async sort(files: TestSpecification[]) {
        return (await super.sort(files)).reverse();
      }
    }
    const vitest = await createVitest('test', {
      root: ROOT,
      config: fileURLToPath(new URL('../vitest.conformance.config.ts', import.meta.url)),
      run: true,
      watch: false,
      reporters: [
        collector,
        ['junit', { outputFile: `${options.reportsDir}/junit.xml`, suiteName: 'psd2-conformance' }],
        ['allure-vitest/reporter', { resultsDir: `${options.reportsDir}/allure-results` }],
      ],
      provide: { run: context },
      ...(options.order === 'reverse' ? { sequence: { sequencer: ReverseSequencer } } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
      ...(options.grep ? { testNamePattern: options.grep } : {}),
      passWithNoTests: true,
    });
    const timer = setTimeout(() => {
      cancelled = true;
      options.progress(`time budget of ${options.budgetSeconds} s spent: cancelling the run`);
      void vitest.cancelCurrentRun('test-failure');
    }, options.budgetSeconds * 1000);
    try {
      await vitest.start(options.files);
    } finally {
      clearTimeout(timer);
      await vitest.close();
    }
  } finally {
    await stopBank?.();
  }
  const seconds = (performance.now() - started) / 1000;
  const outcomes = collector.outcomes;
  const summary = summarise(outcomes, options.strict);
  await mkdir(options.reportsDir, { recursive: true });
  await writeFile(
    `${options.reportsDir}/summary.json`,
    `${JSON.stringify({ target, profile, seed, durationSeconds: Number(seconds.toFixed(2)), strict: options.strict, ...summary }, null, 2)}\n`,
  );
  await writeFile(`${options.reportsDir}/outcomes.json`, `${JSON.stringify(outcomes, null, 2)}\n`);
  return { summary, outcomes, target, profile, seed, seconds, cancelled };
}
