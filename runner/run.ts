import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import type { FaultId, VariantId } from '../bank/ids.generated.js';
import { startPermitService } from '../client/index.js';
import type { Config } from '../config/index.js';
import type { TargetChoice } from '../config/target.js';
import type { Profile, RunContext } from '../suites/support/context.js';
import { OutcomeCollector } from './collector.js';
import { summarise, type RunSummary, type TestOutcome } from './outcome.js';
import { preflight } from './preflight.js';
import type { Selection } from './selection.js';
import { PACKAGE_ROOT as ROOT, SUITES_CONFIG } from './package-paths.js';
import { planShardOf, type ShardPlan } from './shard-plan.js';
import type { ShardRecord, ShardSpec } from './shard-split.js';
import { embeddedTarget, remoteTarget, type Target } from './target.js';

/** --thorough multiplies the random runs of every property by this. */
export const THOROUGH_FACTOR = 4;

export interface RunOptions {
  config: Config;
  /** Chosen by config/target.ts before anything starts: the runner never falls back to the embedded bank. */
  target: TargetChoice;
  seed?: number;
  numRuns?: number;
  /** Every case and more random runs (suites/support/depth.ts). */
  thorough?: boolean;
  strict: boolean;
  allowPayments: boolean;
  /** Run only this shard's tests (split by test, balanced by earlier durations when known). */
  shard?: ShardSpec;
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
  /** The shard this run ran, when it ran one. */
  shard?: ShardRecord;
  /** `--max-requests`: the budget, and the rules its left-out tests leave unjudged (untested). */
  budget?: { maxRequests: number; leftOut: number; unjudgedRules: string[] };
}

/**
 * Requests in flight against the embedded reference bank when HTTP_CONCURRENCY is not set. The default of 4 protects
 * a real bank's sandbox; the embedded bank runs in this process and throttles nobody, and at 4 a default run waits on
 * its own bank (16 in flight: about 1 s less of an 8 s run on 2 cores).
 */
export const EMBEDDED_CONCURRENCY = 16;

export function withConcurrencyFor(kind: TargetChoice['kind'], config: Config): Config {
  if (kind !== 'embedded' || !config.concurrencyDefaulted) return config;
  return { ...config, http: { ...config.http, concurrency: EMBEDDED_CONCURRENCY } };
}

/**
 * Starts the chosen target (the reference bank, or a preflight of BASE_URL), runs the suites with vitest, and stops
 * it.
 */
export async function runConformance(options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const startedAt = new Date();
  // Absolute from here on: vitest's root and the reporters' folders are the package's, not the current folder.
  options = { ...options, reportsDir: resolve(options.reportsDir) };
  const config = withConcurrencyFor(options.target.kind, options.config);
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
    numRuns: (options.numRuns ?? config.numRuns) * (options.thorough ? THOROUGH_FACTOR : 1),
    ...(options.thorough ? { thorough: true } : {}),
    strict: options.strict,
    runTag,
    allowPayments: options.allowPayments,
    config,
    selection: options.selection,
    ...(options.faults?.length ? { faults: options.faults } : {}),
    ...(options.variants?.length ? { variants: options.variants } : {}),
    ...(options.replayPath ? { replayPath: options.replayPath } : {}),
    reportsDir: options.reportsDir,
    ...(options.exchangesPath ? { exchangesPath: resolve(options.exchangesPath) } : {}),
  };
  if (context.exchangesPath) {
    await mkdir(dirname(context.exchangesPath), { recursive: true });
    await writeFile(context.exchangesPath, '');
  }
  // allure-vitest adds to its results folder: results of an earlier run would reappear in this run's report.
  await rm(`${options.reportsDir}/allure-results`, { recursive: true, force: true });
  // A terminal gets a live line; CI (CI=true, or no terminal) gets plain lines, at least one every 5 s.
  const collector = new OutcomeCollector(options.progress, {
    live: Boolean(process.stderr.isTTY) && !['1', 'true'].includes(process.env.CI ?? ''),
  });
  let cancelled = false;
  let shard: ShardPlan | undefined;
  // One ledger of permits for every worker: the limits hold for the run, not per file or per process.
  const permits = await startPermitService(config.http.concurrency, config.http.requestsPerSecond);
  context.permits = permits.address;
  try {
    if (options.shard) {
      shard = await planShardOf(options.shard, {
        root: ROOT,
        config: SUITES_CONFIG,
        context,
        ...(options.grep ? { grep: options.grep } : {}),
        ...(options.files ? { files: options.files } : {}),
        reportsDir: options.reportsDir,
      });
      context.selection = { ...options.selection, tests: shard.record.tests };
      const { index, count, total, balancedBy } = shard.record;
      options.progress(
        `shard ${index}/${count}: ${shard.record.tests.length} of ${total} tests, balanced by ${balancedBy}`,
      );
    }
    const { createVitest, BaseSequencer } = await import('vitest/node');
    class ReverseSequencer extends BaseSequencer {
      override async sort(files: TestSpecification[]) {
        return (await super.sort(files)).reverse();
      }
    }
    const vitest = await createVitest('test', {
      root: ROOT,
      config: SUITES_CONFIG,
      run: true,
      watch: false,
      reporters: [
        collector,
        // vitest resolves a relative outputFile against its root (this package), not the current folder.
        ['junit', { outputFile: resolve(options.reportsDir, 'junit.xml'), suiteName: 'psd2-conformance' }],
        ['allure-vitest/reporter', { resultsDir: `${options.reportsDir}/allure-results` }],
      ],
      provide: { run: context },
      ...(options.order === 'reverse' ? { sequence: { sequencer: ReverseSequencer } } : {}),
      ...(options.grep ? { testNamePattern: options.grep } : {}),
      passWithNoTests: true,
    });
    const timer = setTimeout(() => {
      cancelled = true;
      options.progress(`time budget of ${options.budgetSeconds} s spent: cancelling the run`);
      void vitest.cancelCurrentRun('test-failure');
    }, options.budgetSeconds * 1000);
    try {
      // A shard loads only the files that hold its tests (a shard without tests runs nothing).
      if (!shard) await vitest.start(options.files);
      else if (shard.files.length) await vitest.start(shard.files);
    } finally {
      clearTimeout(timer);
      await vitest.close();
    }
  } finally {
    collector.stop();
    await permits.close();
    await stopBank?.();
  }
  const seconds = (performance.now() - started) / 1000;
  const outcomes = collector.outcomes;
  const summary = summarise(outcomes, options.strict);
  await mkdir(options.reportsDir, { recursive: true });
  await writeFile(
    `${options.reportsDir}/summary.json`,
    `${JSON.stringify(
      {
        target,
        profile,
        seed,
        startedAt: startedAt.toISOString(),
        stoppedAt: new Date().toISOString(),
        durationSeconds: Number(seconds.toFixed(2)),
        strict: options.strict,
        cancelled,
        ...summary,
        ...(shard ? { shard: shard.record } : {}),
      },
      null,
      2,
    )}\n`,
  );
  await writeFile(`${options.reportsDir}/outcomes.json`, `${JSON.stringify(outcomes, null, 2)}\n`);
  const budget = options.selection.budget;
  return {
    summary,
    outcomes,
    target,
    profile,
    seed,
    seconds,
    cancelled,
    ...(shard ? { shard: shard.record } : {}),
    ...(budget
      ? {
          budget: {
            maxRequests: budget.maxRequests,
            leftOut: budget.leftOut.length,
            unjudgedRules: budget.unjudgedRules,
          },
        }
      : {}),
  };
}
