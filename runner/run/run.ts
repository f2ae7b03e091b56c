import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import type { FaultId, VariantId } from '../../bank/ids.generated.js';
import { startPermitService } from '../../client/permit-service.js';
import type { Config } from '../../config/index.js';
import { checkBasePath, type BankProfile } from '../../config/bank-profile.js';
import type { TargetChoice } from '../../config/target.js';
import {
  COMPLETED,
  LOCAL_PERMITS,
  embeddedTarget,
  narrowedBy,
  remoteTarget,
  type PlannedTest,
  type Profile,
  type RunContext,
  type RunEnd,
  type RunListener,
  type SecurityFindings,
  type Selection,
  type ShardSpec,
  type Target,
} from '../../run-model/index.js';
import { PACKAGE_ROOT as ROOT, SUITES_CONFIG } from '../paths.js';
import { planShardOf } from '../shards/plan.js';
import { cachePlan, cachedPlan, planKey } from './plan-cache.js';
import type { RunStop } from './stop.js';
import { VitestEvents, plannedTest } from './vitest-events.js';
import { isTeardownNoise } from './teardown-noise.js';
import { createOwnedVitest, LOCAL_WORKERS } from './vitest-owned.js';

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
  /** `--security-findings warn`: a broken security rule is recorded as a warning (run-model/security.ts). */
  securityFindings?: SecurityFindings;
  allowPayments: boolean;
  /** `run --accept-fix-matrix`: the x-accept-fix matrix suite runs (suites/accept-fix-matrix.suite.ts). */
  acceptFixMatrix?: boolean;
  /** Run only this shard's tests (split by test, balanced by earlier durations when known). */
  shard?: ShardSpec;
  grep?: string;
  replayPath?: string;
  /** Where every exchange is recorded as JSON lines; none when unset. */
  exchangesPath?: string;
  /** Where allure-vitest writes its results (for the HTML report); none when unset. */
  allureResultsDir?: string;
  selection: Selection;
  faults?: FaultId[];
  /** Conformant variants of the embedded bank (bank/variants.ts). */
  variants?: VariantId[];
  /** `run --bank-profile FILE`: the bank's declared choices, judged at MUST (checks/declared.ts). */
  bankProfile?: BankProfile;
  /**
   * Order independence (issue 13): `reverse` runs the suite files in the reverse of vitest's order, and `files`
   * runs only the suite files whose names contain one of these strings, to show each file's verdicts alone.
   */
  order?: 'default' | 'reverse';
  files?: string[];
  reportsDir: string;
  /** Where the run's events go (the reporters, the run's record). */
  listener: RunListener;
  /** The run's end: signals, the budget. */
  stop: RunStop;
  /**
   * A vitest started once for many runs (the mutation loop): the run provides its context to it and leaves it open.
   * Its options (reporters, order, grep) were fixed when it was made; only the context changes per run.
   */
  shared?: SharedVitest;
  /**
   * Collect the tests before running them, so that the total is known before the first test and a stopped run can
   * list what it did not run (default). The mutation loop reads only the verdict: collecting imported every suite in
   * a worker of its own first, which was a third of a focused fault run; its plan is what ran.
   */
  planFirst?: boolean;
}

/** One vitest over the suites, run again per run with a new context; its reporter follows the current run. */
export interface SharedVitest {
  vitest: Vitest;
  events: VitestEvents;
}

/**
 * A vitest over the suites for many runs in turn. Each `start` gets fresh workers (nothing a suite module keeps
 * survives into the next run), while vite's transforms, the config and the plugin set are made once.
 */
export async function createSharedVitest(): Promise<SharedVitest> {
  const events = new VitestEvents({ onEvent: () => undefined });
  const vitest = await createOwnedVitest('test', {
    root: ROOT,
    config: SUITES_CONFIG,
    run: true,
    watch: false,
    reporters: [events],
    passWithNoTests: true,
    // The mutation loop's runs are against the embedded bank.
    maxWorkers: LOCAL_WORKERS,
  });
  return { vitest, events };
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

/** What the run judges and how it is reached: the embedded bank started here, or BASE_URL after a preflight. */
interface Started {
  baseUrl: string;
  profile: Profile;
  target: Target;
  close?: () => Promise<void>;
}

async function startTarget(options: RunOptions, config: Config): Promise<Started> {
  if (options.target.kind === 'embedded') {
    options.listener.onEvent({
      type: 'phase',
      phase: 'starting',
      at: Date.now(),
      detail: 'the embedded reference bank',
    });
    const { startBank } = await import('../../bank/index.js');
    const [faults, variants] = [options.faults ?? [], options.variants ?? []];
    // slow-payments answers a second past this run's headers timeout, whatever it is set to.
    const bank = await startBank({ faults, variants, slowMs: config.http.headersTimeoutMs + 1000 });
    const bankProfile = options.bankProfile?.file;
    try {
      checkBasePath(bank.url, options.bankProfile);
    } catch (err) {
      await bank.close();
      throw err;
    }
    return {
      baseUrl: bank.url,
      profile: 'embedded',
      target: embeddedTarget({ url: bank.url, faults, variants, ...(bankProfile ? { bankProfile } : {}) }),
      close: bank.close,
    };
  }
  const { url, profile } = options.target;
  // A bank that cannot be judged ends the run here in one line (its own timeouts bound it); then the run goes on.
  // Imported here: the HTTP client it needs is not loaded for a run against the embedded bank.
  const { preflight } = await import('./preflight.js');
  await preflight(url, config.http);
  options.listener.onEvent({ type: 'phase', phase: 'starting', at: Date.now(), detail: url });
  return { baseUrl: url, profile, target: remoteTarget(url, profile, options.bankProfile?.file) };
}

/**
 * The run's listener, and a test that reports a configuration error of the run (an SCA driver template that matched
 * nothing) stops the run as misconfigured: every later test would meet the same error, and the exit code is 2.
 */
function stoppedByConfiguration(listener: RunListener, stop: RunStop): RunListener {
  return {
    onEvent(event) {
      listener.onEvent(event);
      const reason = event.type === 'test-finished' ? event.outcome.meta.configurationError : undefined;
      if (reason) stop.stop({ kind: 'misconfigured', reason });
    },
  };
}

/** Waits for `work`, but no longer than `ms`: a stopping run does not wait on what hangs. */
const atMost = (ms: number, work: Promise<unknown>): Promise<unknown> =>
  Promise.race([work.catch(() => undefined), new Promise((done) => setTimeout(done, ms).unref())]);

/**
 * Starts the chosen target (the reference bank, or a preflight of BASE_URL), collects the suites (so the total is
 * known before the first test), runs them with vitest, and stops the target. Everything it learns goes to the
 * listener as the run's events; it returns how the run ended: completed, or stopped by a signal, the budget or a
 * dead worker.
 */
export async function runConformance(given: RunOptions): Promise<RunEnd> {
  const options = { ...given, listener: stoppedByConfiguration(given.listener, given.stop) };
  const startedAt = Date.now();
  const emit = options.listener.onEvent.bind(options.listener);
  const { stop } = options;
  // Absolute from here on: vitest's root and the reporters' folders are the package's, not the current folder.
  const reportsDir = resolve(options.reportsDir);
  const config = withConcurrencyFor(options.target.kind, options.config);
  const seed = options.seed ?? config.seed;
  const started = await startTarget(options, config);
  const { baseUrl, profile } = started;
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
    ...(options.securityFindings === 'warn' ? { securityFindings: options.securityFindings } : {}),
    runTag,
    allowPayments: options.allowPayments,
    ...(options.acceptFixMatrix ? { acceptFixMatrix: true } : {}),
    config,
    selection: options.selection,
    ...(options.faults?.length ? { faults: options.faults } : {}),
    ...(options.variants?.length ? { variants: options.variants } : {}),
    ...(options.bankProfile ? { bankProfile: options.bankProfile } : {}),
    ...(options.replayPath ? { replayPath: options.replayPath } : {}),
    reportsDir,
    ...(options.exchangesPath ? { exchangesPath: resolve(options.exchangesPath) } : {}),
  };
  if (context.exchangesPath) {
    await mkdir(dirname(context.exchangesPath), { recursive: true });
    await writeFile(context.exchangesPath, '');
  }
  // allure-vitest adds to its results folder: results of an earlier run would reappear in this run's report.
  if (options.allureResultsDir) await rm(options.allureResultsDir, { recursive: true, force: true });
  // One ledger of permits for every worker: the limits hold for the run, not per file or per process. Against the
  // embedded bank the run has one worker, which keeps the ledger itself: a request then waits on no round trip to
  // this process, which also answers it as the bank (two messages a request, about 0.2 s of CPU a default run).
  const permits =
    options.target.kind === 'embedded' && LOCAL_WORKERS === 1
      ? undefined
      : await startPermitService(config.http.concurrency, config.http.requestsPerSecond);
  context.permits = permits?.address ?? LOCAL_PERMITS;
  try {
    let files = options.files;
    let shardRecord;
    if (options.shard) {
      const plan = await planShardOf(options.shard, {
        root: ROOT,
        config: SUITES_CONFIG,
        context,
        ...(options.grep ? { grep: options.grep } : {}),
        ...(options.files ? { files: options.files } : {}),
        reportsDir,
      });
      context.selection = { ...options.selection, tests: plan.record.tests };
      shardRecord = plan.record;
      // A shard loads only the files that hold its tests (a shard without tests runs nothing).
      files = plan.files;
      const { index, count, total, balancedBy } = plan.record;
      emit({
        type: 'notice',
        text: `shard ${index}/${count}: ${plan.record.tests.length} of ${total} tests, balanced by ${balancedBy}`,
      });
    }
    // --order reverse runs every test (its files in another order): it narrows nothing.
    const narrowed = narrowedBy(options.selection, {
      ...(options.grep ? { grep: options.grep } : {}),
      ...(options.files ? { suiteFiles: options.files } : {}),
    });
    emit({
      type: 'started',
      run: {
        target: started.target,
        profile,
        seed,
        strict: options.strict,
        ...(options.securityFindings === 'warn' ? { securityFindings: options.securityFindings } : {}),
        startedAt,
        ...(shardRecord ? { shard: shardRecord } : {}),
        ...(options.selection.budget
          ? {
              budget: {
                maxRequests: options.selection.budget.maxRequests,
                leftOut: options.selection.budget.leftOut.length,
                unjudgedRules: options.selection.budget.unjudgedRules,
              },
            }
          : {}),
        ...(narrowed.length ? { selection: narrowed } : {}),
      },
    });
    // What decides which tests the run declares: the same key on the same sources is the same plan.
    const key = planKey({
      selection: context.selection,
      grep: options.grep,
      files,
      profile,
      allowPayments: options.allowPayments,
      // A declaration raises the level of the tests of the rule it is about.
      declared: options.bankProfile ? Object.keys(options.bankProfile.declarations).sort() : [],
    });
    const plan = cachedPlan(key);
    if (plan) emit({ type: 'planned', tests: plan });
    if (stop.signal.aborted || (options.shard && files?.length === 0)) return ended(emit, stop.end ?? COMPLETED);
    return ended(emit, await runVitest(options, { context, files, emit, plan, key }));
  } finally {
    const ms = stop.signal.aborted ? 500 : 5000;
    await Promise.all([
      atMost(ms, permits?.close() ?? Promise.resolve()),
      atMost(ms, started.close?.() ?? Promise.resolve()),
    ]);
  }
}

/** Resolves `ms` after the run is told to stop (never, while it is not). */
const afterStop = (signal: AbortSignal, ms: number): Promise<void> =>
  new Promise((done) => signal.addEventListener('abort', () => setTimeout(done, ms).unref(), { once: true }));

const samePlan = (ran: PlannedTest[], plan: PlannedTest[] | undefined): boolean =>
  plan !== undefined &&
  ran.length === plan.length &&
  ran.every((t) => plan.some((p) => p.name === t.name && p.file === t.file));

function ended(emit: RunListener['onEvent'], end: RunEnd): RunEnd {
  emit({ type: 'ended', end, at: Date.now() });
  return end;
}

/** vitest over the suites: the tests collected first (the plan), then run; stopped with the run. */
async function runVitest(
  options: RunOptions,
  run: {
    context: RunContext;
    files: string[] | undefined;
    emit: RunListener['onEvent'];
    /** The plan of an earlier run with the same sources and selection, if one was kept. */
    plan: PlannedTest[] | undefined;
    key: string;
  },
): Promise<RunEnd> {
  const { stop, shared } = options;
  run.emit({ type: 'phase', phase: 'starting', at: Date.now(), detail: 'vitest' });
  const events = shared ? shared.events.retarget(options.listener) : new VitestEvents(options.listener);
  const vitest = shared ? provided(shared.vitest, run.context) : await ownVitest(options, run.context, events);
  // Collecting is let finish (within the stop's deadline), so that a stopped run can still list every test.
  let testing = false;
  stop.whenStopping(() => {
    if (testing) void vitest.cancelCurrentRun('keyboard-input');
  });
  let plan = run.plan;
  // Out of time while collecting: the tests collected so far are the plan the stopped run reports.
  stop.whenOutOfTime(
    () => {
      if (plan) return;
      const sofar = vitest.state.getTestModules().flatMap((m) => [...m.children.allTests()].map(plannedTest));
      run.emit({ type: 'planned', tests: sofar });
    },
    { first: true },
  );
  try {
    if (!plan && options.planFirst !== false) {
      // The total before the first test: collected once (then known to the next run with the same sources).
      run.emit({ type: 'phase', phase: 'collecting', at: Date.now() });
      const collected = await vitest.collect(run.files);
      const planned = collected.testModules.flatMap((m) => [...m.children.allTests()].map(plannedTest));
      run.emit({ type: 'planned', tests: planned });
      plan = planned;
      const whole =
        collected.unhandledErrors.every(isTeardownNoise) && collected.testModules.every((m) => !m.errors().length);
      if (whole && !stop.signal.aborted) cachePlan(run.key, planned);
    }
    if (stop.signal.aborted) return stop.end ?? COMPLETED;
    run.emit({ type: 'phase', phase: 'testing', at: Date.now() });
    testing = true;
    // A stopped run waits a moment for the tests in flight, not for them to finish: the workers are ended.
    await Promise.race([vitest.start(run.files).catch(() => undefined), afterStop(stop.signal, 1000)]);
    // The tests vitest ran are the plan, should a kept plan have missed one.
    const ran = vitest.state.getTestModules().flatMap((m) => [...m.children.allTests()].map(plannedTest));
    if (!stop.end && !samePlan(ran, plan)) run.emit({ type: 'planned', tests: ran });
  } finally {
    // A stopped run does not wait for workers still busy importing: they end when the run does (their execArgv).
    if (!shared) await atMost(stop.signal.aborted ? 250 : 5000, vitest.close());
  }
  if (stop.end) return stop.end;
  // vitest reports a worker that died (or a file that could not load) outside any test: the run did not complete.
  if (events.errors.length) return { kind: 'crashed', reason: events.errors[0] ?? 'a test worker failed' };
  return COMPLETED;
}

/** The shared vitest, told this run's context (the suites read it with `inject('run')`). */
function provided(vitest: Vitest, context: RunContext): Vitest {
  // `run` is declared on vitest's ProvidedContext by suites/support/context.ts, which the runner does not import.
  (vitest.provide as (key: string, value: unknown) => void)('run', context);
  return vitest;
}

/** A vitest of this run's own, with its options (order, grep, Allure results). */
async function ownVitest(options: RunOptions, context: RunContext, events: VitestEvents): Promise<Vitest> {
  const [{ BaseSequencer }, { usePrewarmed }, { AllureResultsReporter }] = await Promise.all([
    import('vitest/node'),
    import('./prewarmed-pool.js'),
    import('./allure-results.js'),
  ]);
  class ReverseSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]) {
      return (await super.sort(files)).reverse();
    }
  }
  const vitest = await createOwnedVitest('test', {
    root: ROOT,
    config: SUITES_CONFIG,
    run: true,
    watch: false,
    reporters: [
      events,
      ...(options.allureResultsDir ? [new AllureResultsReporter({ resultsDir: options.allureResultsDir })] : []),
    ],
    provide: { run: context },
    ...(options.order === 'reverse' ? { sequence: { sequencer: ReverseSequencer } } : {}),
    ...(options.grep ? { testNamePattern: options.grep } : {}),
    ...(options.target.kind === 'embedded' ? { maxWorkers: LOCAL_WORKERS } : {}),
    passWithNoTests: true,
  });
  usePrewarmed(vitest);
  return vitest;
}
