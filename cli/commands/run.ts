import { readdirSync } from 'node:fs';
import { VARIABLES, loadConfig } from '../../config/index.js';
import { chooseTarget } from '../../config/target.js';
import { checkBasePath, readBankProfile, targetProfile, withBankProfile } from '../../config/bank-profile.js';
import type { ReporterDefinition, RunNeeds } from '../../reporters/index.js';
import {
  SECURITY_FINDINGS,
  RunRecorder,
  broadcast,
  buildReport,
  endReason,
  type RunEnd,
  type RunListener,
  type SecurityFindings,
} from '../../run-model/index.js';
import { SUITE_SUFFIX, SUITES_DIR } from '../../runner/paths.js';
import type { RunOptions } from '../../runner/run/run.js';
import { RunStop, stopCode } from '../../runner/run/stop.js';
import { budgetFor } from '../budget.js';
import {
  Option,
  configFileOption,
  oldEnvFileOption,
  bankProfileOption,
  examples,
  exits,
  integer,
  newCommand,
  oneOf,
  outputFile,
  outputFolder,
  profileOption,
  repeatableOption,
  reportNamesOption,
  seed,
} from '../command.js';
import { UserError } from '../../core/index.js';
import { addCheckOptions, addSelectionOptions, checkSelectionFrom, selectionFrom } from '../selection.js';
import { checkFaults, checkVariants } from '../variants.js';
import { addReleaseOptions, prepareRelease, type ReleaseSetup } from '../release-options.js';

const byDefault = (name: string) => `${name}, else ${VARIABLES.find((v) => v.name === name)?.default}`;

/** --order reverse and --suite-file NAME (repeatable): the means to show that verdicts do not depend on order. */
function suiteOrder(order: 'default' | 'reverse', files: string[]): { order?: 'reverse'; files?: string[] } {
  const known = readdirSync(SUITES_DIR).filter((f) => f.endsWith(SUITE_SUFFIX));
  const unknown = files.filter((f) => !known.some((k) => k.includes(f)));
  if (unknown.length) throw new UserError(`unknown --suite-file: ${unknown.join(', ')} (one of ${known.join(', ')})`);
  return { ...(order === 'reverse' ? { order } : {}), ...(files.length ? { files } : {}) };
}

/** `run`'s options and help; the action is below. */
const define = () =>
  addReleaseOptions(
    addCheckOptions(
      addSelectionOptions(
        newCommand(
          'run',
          'run the conformance suites against BASE_URL or the embedded reference bank, and write the reports',
          'Run the conformance suites against the bank at BASE_URL (--profile sandbox or ' +
            'production), or against the embedded reference bank when neither BASE_URL nor a ' +
            'profile is set (or with --profile embedded); print the verdict and write the ' +
            'reports.',
        )
          .addOption(profileOption('which bank, and which suites may run against it'))
          .addOption(bankProfileOption())
          .addOption(configFileOption())
          .addOption(oldEnvFileOption())
          .addOption(
            new Option('--seed <n>', 'fast-check seed: the same seed sends the same requests')
              .argParser(seed)
              .default(undefined, byDefault('SEED')),
          )
          .addOption(
            new Option('--num-runs <n>', 'runs of each property-based test')
              .argParser(integer({ min: 1 }))
              .default(undefined, byDefault('NUM_RUNS')),
          ),
      ),
    ),
  )
    .addOption(
      new Option(
        '--strict',
        'a failed SHOULD test fails the run too; with --baseline, every failure gates, not only regressions',
      ).default(false),
    )
    .addOption(
      new Option(
        '--security-findings <mode>',
        "fail: another TPP reaching a TPP's payment, basket or authorisation (a MUST of PSD2) fails the run; warn: " +
          'it is recorded as a warning and the security line says so',
      )
        .choices(SECURITY_FINDINGS)
        .argParser(oneOf(SECURITY_FINDINGS))
        .default('fail' as SecurityFindings),
    )
    .addOption(
      new Option(
        '--thorough',
        'send every member of every list as a valid edge, add random runs to every rule breaker and multiply the ' +
          'random runs of every property by 4 (a default run sends each distinct case once)',
      ).default(false),
    )
    .addOption(
      new Option(
        '--max-requests <n>',
        'request budget: choose tests by measured detection value (detection.json) until it is spent; the ' +
          'rules left out are named in the verdict as unjudged',
      )
        .argParser(integer({ min: 1 }))
        .default(undefined, byDefault('MAX_REQUESTS')),
    )
    .addOption(
      new Option('--allow-payments', 'let the production profile create payments (real ones, on a real bank)').default(
        false,
      ),
    )
    .addOption(
      new Option(
        '--budget <seconds>',
        'time budget of the whole run; when it is spent the run stops, INCOMPLETE (exit 3)',
      )
        .argParser(integer({ min: 1 }))
        .default(900),
    )
    .addOption(
      repeatableOption(
        '--fault <id>',
        'switch on this deliberate fault of the embedded bank (`serve --list-faults`); repeatable',
        'none',
      ),
    )
    .addOption(
      repeatableOption(
        '--variant <id>',
        'switch on this conformant variant of the embedded bank (`serve --list-variants`); repeatable',
        'none',
      ),
    )
    .addOption(
      new Option('--reports <dir>', 'where the reports are written').argParser(outputFolder).default('reports'),
    )
    .addOption(new Option('--no-html', 'skip the Allure HTML report').default(true, 'the HTML report is written'))
    .addOption(reportNamesOption(''))
    .addOption(
      new Option('--history-limit <n>', 'how many earlier runs history.jsonl keeps (the HTML trend, shard balancing)')
        .argParser(integer({ min: 1, max: 1000 }))
        .default(20),
    )
    .addOption(
      new Option(
        '--exchanges <file>',
        'record every request and answer there as JSON lines (masked, bounded) instead of in the reports folder',
      )
        .argParser(outputFile)
        .default(undefined, '<reports>/exchanges.jsonl'),
    )
    .addOption(
      new Option(
        '--replay-path <path>',
        "replay this fast-check counterexample path (with --seed and --grep, as a failure's replay line gives them)",
      ).default(undefined, 'none'),
    )
    .addOption(
      new Option('--order <order>', 'run the suite files in vitest order or its reverse (order independence)')
        .choices(['default', 'reverse'] as const)
        .argParser(oneOf(['default', 'reverse'] as const))
        .default('default' as const),
    )
    .addOption(
      repeatableOption(
        '--suite-file <name>',
        'only the suite files whose names contain this; repeatable',
        'every suite file',
      ),
    )
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance run                                      # the embedded reference bank',
          'psd2-conformance run --profile sandbox                    # the bank at BASE_URL (from .env)',
          'psd2-conformance run --profile sandbox --config-file ci.env --shard 2/4 --reports shard-2',
          'psd2-conformance run --operation ncbct.create --level MUST --seed 7',
          'psd2-conformance run --fault accept-long-creditor-name    # a deliberate fault: the run must fail',
          'psd2-conformance run --exclude-checks date_range_inclusive,content_language',
          'psd2-conformance run --profile sandbox --baseline reports-1.21 --known-findings known.yaml --reports rc',
          'psd2-conformance run --profile sandbox --sign-evidence    # evidence/manifest.json.jws beside it',
          'psd2-conformance run --profile sandbox --bank-profile acme.yaml   # held to the choices it declares',
        ],
        {
          0: 'CONFORMANT: the run completed and every MUST test passed',
          1:
            'NOT CONFORMANT: the run completed and a MUST test failed (a security rule of PSD2 among them, unless ' +
            '--security-findings warn; or a SHOULD test, with --strict); with ' +
            '--baseline, a regression (a MUST that passed before fails now, or a new MUST test fails); a known ' +
            'finding does not gate until it expires',
          2:
            'a configuration or connection error (also one found while testing: an SCA driver template that matches ' +
            'nothing on the bank’s page stops the run), or a selection that matches no test',
          3: 'INCOMPLETE: the time budget ran out or a test worker died before every test ran',
          130: 'INCOMPLETE: interrupted by SIGINT (Ctrl-C); 143 for SIGTERM, 129 for SIGHUP',
        },
      ),
    );

export default () =>
  define().action(
    exits(async (options) => {
      // First of all, the run's end is its own: a signal from here on ends it INCOMPLETE, never with exit 0.
      const stop = new RunStop().listen().budget(options.budget);
      let code: number;
      try {
        code = stop.settle(await run(options, stop));
      } finally {
        stop.dispose();
      }
      return stop.exitIfStopped(code);
    }),
  );

type RunCommandOptions = ReturnType<ReturnType<typeof define>['opts']>;

/** The run command's work, once it owns the run's end. */
async function run(options: RunCommandOptions, stop: RunStop): Promise<number> {
  // The bank's declared choices are read and checked once, before anything starts (config/bank-profile.ts).
  const bankProfile = options.bankProfile ? readBankProfile(options.bankProfile) : undefined;
  const config = withBankProfile(loadConfig(options.configFile ? { envFile: options.configFile } : {}), bankProfile);
  // First of all: a configuration that names no bank must not end in a verdict on the embedded one.
  const profile = targetProfile(options.profile, config, bankProfile);
  const target = chooseTarget(
    config,
    profile.flag,
    (line) => console.error(`psd2-conformance run: warning: ${line}`),
    profile.asked,
  );
  if (target.kind === 'remote') checkBasePath(target.url, bankProfile);
  // Faults and variants shape the embedded bank; a run against BASE_URL would silently ignore them.
  for (const [name, given] of [
    ['fault', options.fault],
    ['variant', options.variant],
  ] as const)
    if (target.kind === 'remote' && given.length)
      throw new UserError(
        `--${name} switches on a ${name} of the embedded reference bank, but the target ` +
          `is BASE_URL (${target.url}): drop --${name}, or pass --profile embedded`,
      );
  const { selection: tests, grep, shard } = selectionFrom(options);
  const chosen = { ...tests, ...(await checkSelectionFrom(options)) };
  // A request budget: tests chosen by measured detection value; the rest skipped as unjudged (cli/budget.ts).
  const maxRequests = options.maxRequests ?? config.maxRequests;
  const budgeted = maxRequests !== undefined ? budgetFor(chosen, maxRequests) : undefined;
  if (budgeted)
    console.error(
      `psd2-conformance run: --max-requests ${maxRequests}: ${budgeted.choice.chosen.length} test(s) chosen ` +
        `(about ${budgeted.choice.estimatedRequests} requests when measured; they detected ` +
        `${budgeted.choice.faultsCovered} of ${budgeted.choice.faultsMeasured} measured faults), ` +
        `${budgeted.budget.leftOut.length} left out as unjudged`,
    );
  const selection = budgeted ? { ...chosen, budget: budgeted.budget } : chosen;
  const faults = checkFaults(options.fault);
  const variants = checkVariants(options.variant);
  const order = suiteOrder(options.order, options.suiteFile);
  // A key or certificate that cannot be used is a configuration error, found before any test runs.
  if (config.signing.certificatePath || config.signing.p12Path)
    await (await import('../../signing/index.js')).loadIdentity(config.signing);
  const reporters = await import('../../reporters/index.js');
  const picked = (await reporters.pickReporters(options.report)).filter((r) => options.html || r.name !== 'html');
  await reporters.ensureWritable(options.reports, '--reports');
  const release = await prepareRelease(options, config, { ...config, options });
  if (stop.end) return stopCode(stop.end);
  return runAndReport({
    stop,
    release,
    reporters: picked,
    historyLimit: options.historyLimit,
    out: options.reports,
    strict: options.strict,
    run: {
      config,
      target,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.numRuns !== undefined ? { numRuns: options.numRuns } : {}),
      strict: options.strict,
      ...(options.securityFindings === 'warn' ? { securityFindings: options.securityFindings } : {}),
      ...(options.thorough ? { thorough: true } : {}),
      allowPayments: options.allowPayments,
      ...(options.acceptFixMatrix ? { acceptFixMatrix: true } : {}),
      ...(shard ? { shard } : {}),
      ...(grep ? { grep } : {}),
      ...(options.replayPath ? { replayPath: options.replayPath } : {}),
      ...(options.exchanges ? { exchangesPath: options.exchanges } : {}),
      selection,
      faults,
      variants,
      ...(bankProfile ? { bankProfile } : {}),
      ...order,
      reportsDir: options.reports,
    },
  });
}

/** What a run needs beyond its own options: how it stops, which reporters write what, where. */
interface RunJob {
  stop: RunStop;
  /** The release lens (baseline, known findings, history) and what the evidence pack records. */
  release: ReleaseSetup;
  reporters: ReporterDefinition[];
  historyLimit: number;
  out: string;
  strict: boolean;
  run: Omit<RunOptions, 'listener' | 'stop'>;
}

/**
 * One run from start to end: the reporters follow its events, its record is kept from them, and whatever ends it
 * (the last test, a signal, the budget, a dead worker) the reports are written and the exit code says how it ended.
 * A run stopped while the reports are written is stopped all the same: INCOMPLETE, and its files say so.
 */
async function runAndReport(job: RunJob): Promise<number> {
  const { stop, out } = job;
  const { Terminal, createReporters, writeFilesNow, writeReport } = await import('../../reporters/index.js');
  const { runConformance } = await import('../../runner/run/run.js');
  const terminal = await Terminal.open({
    live: Boolean(process.stderr.isTTY) && !['1', 'true'].includes(process.env.CI ?? ''),
  });
  const context = {
    out,
    log: (line: string) => terminal.print(line),
    signal: stop.signal,
    historyLimit: job.historyLimit,
    terminal,
    evidence: job.release.evidence,
  };
  const reporters = createReporters(job.reporters, context);
  const files = reporters.filter((_, i) => !job.reporters[i]?.always);
  const recorder = new RunRecorder();
  const listener = broadcast([recorder, ...(reporters.filter((r) => r.onEvent) as RunListener[])], (err) =>
    terminal.note(`psd2-conformance run: a reporter failed: ${(err as Error).message}`),
  );
  stop.whenStopping((end) => listener.onEvent({ type: 'stopping', end, at: Date.now() }));
  // Out of time (or a second Ctrl-C): what the run has, written at once, before the process ends.
  stop.whenOutOfTime(() => {
    if (recorder.started)
      writeFilesNow(buildReport([recorder.record(out, stop.end)], { strict: job.strict, out }), files, out);
  });
  const needs = Object.assign({}, ...reporters.map((r) => r.needs ?? {})) as RunNeeds;
  let end: RunEnd;
  try {
    end = await runConformance({
      ...job.run,
      ...(job.run.exchangesPath || needs.exchanges ? { exchangesPath: job.run.exchangesPath ?? needs.exchanges } : {}),
      ...(needs.allureResults ? { allureResultsDir: needs.allureResults } : {}),
      listener,
      stop,
    });
  } catch (err) {
    // A configuration or connection error before any test: one line, exit 2 (main says it).
    if (err instanceof UserError || !recorder.started) throw err;
    end = { kind: 'crashed', reason: (err as Error).message };
  }
  listener.onEvent({ type: 'phase', phase: 'reporting', at: Date.now() });
  const built = buildReport([recorder.record(out, end)], { strict: job.strict, out });
  const { sectionInput } = await import('../../release/lens.js');
  const exchangesFile = job.run.exchangesPath ?? needs.exchanges;
  const report = {
    ...built,
    sections: job.release.lens.sections({
      ...sectionInput(built, out, exchangesFile),
      history: job.reporters.some((r) => r.name === 'release'),
    }),
  };
  await writeReport(report, reporters, { out, signal: stop.signal });
  if (stop.end && end.kind === 'completed') {
    // Stopped while writing the reports: the files say INCOMPLETE, as the exit code does.
    const stopped = buildReport([recorder.record(out, stop.end)], { strict: job.strict, out });
    writeFilesNow(stopped, files, out);
    terminal.print(stopped.verdicts[0]?.line ?? 'INCOMPLETE');
    return stopped.summary.exitCode;
  }
  const { summary } = report;
  if (summary.shard)
    terminal.print(
      `shard ${summary.shard.index}/${summary.shard.count}: this verdict covers ${summary.shard.tests.length} of ` +
        `${summary.shard.total} tests; \`psd2-conformance report\` over all ${summary.shard.count} shards' folders ` +
        'gives the verdict on the whole interface',
    );
  if (summary.end.kind !== 'completed') {
    console.error(`psd2-conformance run: ${endReason(summary.end)} before every test ran: INCOMPLETE`);
    return summary.exitCode;
  }
  if (summary.passed + summary.failed === 0) {
    console.error('psd2-conformance run: no test ran (check --grep, --operation, --requirement, --shard)');
    return 2;
  }
  // With a baseline or known findings, the release gate decides (the run completed: an incomplete one returned above).
  return job.release.lens.gate?.exitCode ?? summary.exitCode;
}
