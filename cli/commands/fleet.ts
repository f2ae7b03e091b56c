import { resolve } from 'node:path';
import { FLEET_EXIT_CODES } from '../../fleet/exit-code.js';
import { RunStop, stopCode } from '../../runner/run/stop.js';
import {
  Option,
  configFileOption,
  examples,
  exits,
  integer,
  newCommand,
  outputFolder,
  repeatableOption,
  requiredArgument,
  seed,
} from '../command.js';
import { addSelectionOptions, selectionArgs } from '../selection.js';

/** How long a stopped fleet gives its banks' runs to write what they have, and itself to write the fleet report. */
const FLEET_STOP_DEADLINE_MS = 15_000;

const TARGETS_ARGUMENT = () =>
  requiredArgument(
    'file',
    'the targets file: `banks:` with each bank’s name, base_url, bank_profile, env (YAML or JSON)',
    'give the targets file (docs/fleet.md says its form)',
  );

/** What a fleet command prints at its end: each bank's verdict line, the drift, and the fleet's line. */
async function printFleet(report: import('../../fleet/report.js').FleetReport, out: string): Promise<void> {
  const { fleetLines } = await import('../../fleet/markdown.js');
  for (const line of fleetLines(report)) console.log(line);
  console.log(`fleet report: ${resolve(out)}/fleet.md, fleet.json, fleet-junit.xml, fleet.html`);
}

const runOptions = () =>
  addSelectionOptions(
    newCommand(
      'run',
      'judge every bank of a targets file on this machine, N at a time, and write the fleet report',
      'Judge every bank of the targets file (or those named by --bank), each a whole `run` in a process of its own ' +
        'with its own reports folder (DIR/<bank>), its own exit code, its URL, profile and bank profile from the ' +
        'file, and the variables its entry maps taken from this environment; --parallel at a time, one line as ' +
        'each starts and ends. Then the fleet report beside the folders, as `fleet report` writes it. A signal ' +
        'stops every bank’s run (each writes what it has, INCOMPLETE) and the fleet ends INCOMPLETE.',
    ).addArgument(TARGETS_ARGUMENT()),
  )
    .addOption(
      new Option('--reports <dir>', 'the fleet’s folder: one folder per bank, and the fleet report beside them')
        .argParser(outputFolder)
        .default('reports/fleet'),
    )
    .addOption(
      new Option('--parallel <n>', 'banks judged at once (each run takes about two processes)')
        .argParser(integer({ min: 1, max: 64 }))
        .default(2),
    )
    .addOption(
      repeatableOption('--bank <name>', 'only this bank of the file (a CI job per bank); repeatable', 'every bank'),
    )
    .addOption(
      new Option('--seed <n>', 'the seed of every bank’s run: the same requests to every bank, so answers compare')
        .argParser(seed)
        .default(undefined, 'SEED, else 20261122'),
    )
    .addOption(
      new Option('--num-runs <n>', 'runs of each property-based test')
        .argParser(integer({ min: 1 }))
        .default(undefined, 'NUM_RUNS'),
    )
    .addOption(
      new Option(
        '--budget <seconds>',
        'time budget of each bank’s run (run --budget); a run that outlives it by a minute is ended',
      )
        .argParser(integer({ min: 1 }))
        .default(900),
    )
    .addOption(new Option('--strict', 'a failed SHOULD test fails a bank’s verdict too').default(false))
    .addOption(
      new Option('--no-html', 'skip each bank’s Allure HTML report').default(
        true,
        'each bank’s HTML report is written',
      ),
    )
    .addOption(
      new Option('--baseline <dir>', 'an earlier fleet’s --reports folder: per bank, what changed since').default(
        undefined,
        'none',
      ),
    )
    .addOption(configFileOption())
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance fleet run fleet.yaml --reports reports/fleet',
          'psd2-conformance fleet run fleet.yaml --bank bank-a --reports reports/fleet    # one CI job per bank',
          'psd2-conformance fleet run fleet.yaml --parallel 4 --operation ncbct.create --baseline reports/fleet-1.21',
        ],
        { ...FLEET_EXIT_CODES, 130: 'INCOMPLETE: the fleet was interrupted by SIGINT; 143 SIGTERM, 129 SIGHUP' },
      ),
    );

const defineRun = () =>
  runOptions().action(
    exits(async (file, options) => {
      // First of all, the fleet's end is its own: a signal stops every bank's run, and the fleet ends INCOMPLETE.
      const stop = new RunStop({ deadlineMs: FLEET_STOP_DEADLINE_MS }).listen();
      try {
        return stop.settle(await fleetRun(file, options, stop));
      } finally {
        stop.dispose();
      }
    }),
  );

type FleetRunCommandOptions = ReturnType<ReturnType<typeof runOptions>['opts']>;

async function fleetRun(file: string, options: FleetRunCommandOptions, stop: RunStop): Promise<number> {
  const { checkBankProfiles, pickBanks, readTargets } = await import('../../fleet/targets.js');
  const targets = readTargets(file);
  const banks = pickBanks(targets, options.bank);
  checkBankProfiles(targets, banks);
  const { loadConfig } = await import('../../config/index.js');
  const config = loadConfig(options.configFile ? { envFile: options.configFile } : {});
  const out = options.reports;
  await (await import('../../reporters/index.js')).ensureWritable(out, '--reports');
  const { runFleet } = await import('../../fleet/run.js');
  const fleet = runFleet({
    banks,
    out,
    parallel: options.parallel,
    seed: options.seed ?? config.seed,
    budgetSeconds: options.budget,
    args: [
      ...selectionArgs(options),
      ...(options.strict ? ['--strict'] : []),
      ...(options.html ? [] : ['--no-html']),
      ...(options.configFile ? ['--config-file', resolve(options.configFile)] : []),
    ],
    env: process.env,
    strict: options.strict,
    log: (line) => console.error(line),
  });
  const { reportFleet } = await import('../../fleet/write.js');
  const dirs = () => banks.map((b) => resolve(out, b.name));
  /** Once the fleet is stopped: why, and the exit code it ends with (the report's `stopped`). */
  const stopped = () => {
    const end = stop.end;
    return end
      ? {
          reason: `the fleet was stopped (${end.kind === 'interrupted' ? end.signal : end.kind})`,
          exitCode: stopCode(end),
        }
      : undefined;
  };
  stop.whenStopping((end) => {
    const signal = end.kind === 'interrupted' ? end.signal : 'SIGTERM';
    console.error(`psd2-conformance fleet run: ${signal}: stopping every bank's run (each writes what it has)`);
    fleet.stop(signal, stopped()?.reason ?? 'the fleet was stopped');
  });
  // Past the deadline: the fleet report of what the folders hold now, without drift (no time to compare answers).
  stop.whenOutOfTime(() => {
    const why = stopped();
    if (why) reportFleet(dirs(), { out, strict: options.strict, drift: false, stopped: why });
  });
  await fleet.done;
  const why = stopped();
  const report = reportFleet(dirs(), {
    out,
    strict: options.strict,
    ...(options.baseline ? { baseline: options.baseline } : {}),
    ...(why ? { stopped: why } : {}),
  });
  await printFleet(report, out);
  return stop.exitIfStopped(report.exitCode);
}

const defineMatrix = () =>
  newCommand(
    'matrix',
    'print the banks of a targets file as a CI job matrix (GitHub Actions or GitLab)',
    'Print the banks of the targets file as the job matrix of CI’s own fan-out: GitHub Actions’ `strategy.matrix` ' +
      '(one line of JSON, `{"include":[{"bank":"…"}]}`, for `fromJSON`) or, with --format gitlab, GitLab’s ' +
      '`parallel:matrix` (a YAML fragment with BANK). Names only: each job runs `fleet run FILE --bank NAME`, ' +
      'which reads the bank’s URL and variables from the file.',
  )
    .addArgument(TARGETS_ARGUMENT())
    .addOption(
      new Option('--format <format>', 'the CI whose matrix to print')
        .choices(['github', 'gitlab'] as const)
        .default('github' as const),
    )
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance fleet matrix fleet.yaml                   # {"include":[{"bank":"bank-a"},…]}',
          'psd2-conformance fleet matrix fleet.yaml --format gitlab   # parallel: matrix: - BANK: [...]',
        ],
        { 0: 'the matrix is printed', 2: 'the targets file cannot be read or is malformed (one line naming the line)' },
      ),
    )
    .action(
      exits(async (file, options) => {
        const { readTargets } = await import('../../fleet/targets.js');
        const { matrixOf } = await import('../../fleet/matrix.js');
        console.log(matrixOf(readTargets(file), options.format));
        return 0;
      }),
    );

const defineReport = () =>
  newCommand(
    'report',
    'merge the banks’ reports folders into one fleet report, with where the banks drift apart',
    'Merge the reports folders of a fleet’s banks (each written by `fleet run`, or by `run --reports`; a folder ' +
      'holding such folders stands for them) into one fleet report: fleet.json and fleet.md (each bank’s verdict ' +
      'line, the bank × requirement matrix, the drift among banks of the same choices), fleet-junit.xml (a ' +
      'testsuite per bank) and fleet.html. With --baseline, per bank what changed since an earlier fleet.',
  )
    .argument('<dir...>', 'the banks’ reports folders (or the --reports folder of `fleet run`)')
    .addOption(
      new Option('--reports <dir>', 'where the fleet report is written')
        .argParser(outputFolder)
        .default('reports/fleet'),
    )
    .addOption(
      new Option('--baseline <dir>', 'an earlier fleet’s --reports folder: per bank, what changed since').default(
        undefined,
        'none',
      ),
    )
    .addOption(
      new Option(
        '--targets <file>',
        'the fleet’s targets file: a bank it names without a folder among those given is NOT RUN (exit 2)',
      ).default(undefined, 'the banks of the folders given'),
    )
    .addOption(new Option('--strict', 'a failed SHOULD test fails a bank’s verdict too').default(false))
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance fleet report reports/fleet --targets fleet.yaml --reports reports/fleet',
          'psd2-conformance fleet report banks/* --reports fleet-report --baseline fleet-report-1.21',
        ],
        FLEET_EXIT_CODES,
      ),
    )
    .action(
      exits(async (dirs, options) => {
        await (await import('../../reporters/index.js')).ensureWritable(options.reports, '--reports');
        const { reportFleet } = await import('../../fleet/write.js');
        const { readTargets } = await import('../../fleet/targets.js');
        const expected = options.targets ? readTargets(options.targets).banks.map((b) => b.name) : undefined;
        const report = reportFleet(dirs, {
          out: options.reports,
          strict: options.strict,
          ...(expected ? { expected } : {}),
          ...(options.baseline ? { baseline: options.baseline } : {}),
        });
        await printFleet(report, options.reports);
        return report.exitCode;
      }),
    );

export default () => {
  const fleet = newCommand(
    'fleet',
    'judge many banks that run this interface: a targets file, a CI job matrix, one merged report with the drift',
    'A fleet: the banks that run this interface, named in a targets file (each bank’s name, BASE_URL, bank ' +
      'profile and the names of the variables that hold its certificate and keys; never the secrets). `fleet ' +
      'run` judges them on this machine, `fleet matrix` hands them to CI’s own fan-out, `fleet report` merges ' +
      'their reports into one, with where they drift apart.',
  );
  for (const sub of [defineRun(), defineMatrix(), defineReport()]) fleet.addCommand(sub);
  return fleet.addHelpText(
    'after',
    examples([
      'psd2-conformance serve --fleet 3 --targets-out fleet.yaml &   # three reference banks, and their targets file',
      'psd2-conformance fleet run fleet.yaml --reports reports/fleet',
      'psd2-conformance fleet matrix fleet.yaml',
      'psd2-conformance fleet report reports/fleet/* --reports reports/fleet',
    ]),
  );
};
