import { readdirSync } from 'node:fs';
import { VARIABLES, loadConfig } from '../../config/index.js';
import { chooseTarget } from '../../config/target.js';
import { SUITE_SUFFIX, SUITES_DIR } from '../../runner/package-paths.js';
import { renderSummary } from '../../runner/print.js';
import { budgetFor } from '../budget.js';
import {
  Option,
  configFileOption,
  oldEnvFileOption,
  examples,
  exits,
  integer,
  newCommand,
  oneOf,
  outputFile,
  outputFolder,
  profileOption,
  repeatableOption,
  seed,
} from '../command.js';
import { UserError } from '../../core/index.js';
import { addCheckOptions, addSelectionOptions, checkSelectionFrom, selectionFrom } from '../selection.js';
import { checkFaults, checkVariants } from '../variants.js';

const byDefault = (name: string) => `${name}, else ${VARIABLES.find((v) => v.name === name)?.default}`;

/** --order reverse and --suite-file NAME (repeatable): the means to show that verdicts do not depend on order. */
function suiteOrder(order: 'default' | 'reverse', files: string[]): { order?: 'reverse'; files?: string[] } {
  const known = readdirSync(SUITES_DIR).filter((f) => f.endsWith(SUITE_SUFFIX));
  const unknown = files.filter((f) => !known.some((k) => k.includes(f)));
  if (unknown.length) throw new UserError(`unknown --suite-file: ${unknown.join(', ')} (one of ${known.join(', ')})`);
  return { ...(order === 'reverse' ? { order } : {}), ...(files.length ? { files } : {}) };
}

export default () =>
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
    .addOption(new Option('--strict', 'a failed SHOULD test fails the run too').default(false))
    .addOption(
      new Option('--allow-payments', 'let the production profile create payments (real ones, on a real bank)').default(
        false,
      ),
    )
    .addOption(
      new Option('--budget <seconds>', 'time budget of the whole run; when it is spent the run stops and fails')
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
    .addOption(
      new Option('--exchanges <file>', 'also write every request and answer there as JSON lines (masked)')
        .argParser(outputFile)
        .default(undefined, 'not written'),
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
        ],
        {
          0: 'every MUST test passed',
          1: 'a MUST test failed (or a SHOULD test, with --strict), or the time budget ran out',
          2: 'a configuration or connection error, or a selection that matches no test',
        },
      ),
    )
    .action(
      exits(async (options) => {
        const config = loadConfig(options.configFile ? { envFile: options.configFile } : {});
        // First of all: a configuration that names no bank must not end in a verdict on the embedded one.
        const target = chooseTarget(config, options.profile, (line) =>
          console.error(`psd2-conformance run: warning: ${line}`),
        );
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
        await (await import('../../reporting/writable.js')).ensureWritable(options.reports, '--reports');
        // The runner, the client and the reporters load only once the configuration holds.
        const [{ runConformance }, { writeReports }] = await Promise.all([
          import('../../runner/run.js'),
          import('../../reporting/report.js'),
        ]);
        const result = await runConformance({
          config,
          target,
          ...(options.seed !== undefined ? { seed: options.seed } : {}),
          ...(options.numRuns !== undefined ? { numRuns: options.numRuns } : {}),
          ...(options.thorough ? { thorough: true } : {}),
          strict: options.strict,
          allowPayments: options.allowPayments,
          ...(shard ? { shard } : {}),
          ...(grep ? { grep } : {}),
          ...(options.replayPath ? { replayPath: options.replayPath } : {}),
          ...(options.exchanges ? { exchangesPath: options.exchanges } : {}),
          selection,
          budgetSeconds: options.budget,
          faults,
          variants,
          ...order,
          progress: (line) => process.stderr.write(`${line}\n`),
          reportsDir: options.reports,
        });
        console.log(renderSummary(result));
        if (result.shard)
          console.log(
            `shard ${result.shard.index}/${result.shard.count}: this verdict covers ` +
              `${result.shard.tests.length} of ${result.shard.total} tests; \`psd2-conformance ` +
              `report\` over all ${result.shard.count} shards' folders gives the verdict on the ` +
              `whole interface`,
          );
        await writeReports({
          inputs: [options.reports],
          out: options.reports,
          strict: options.strict,
          html: options.html,
          log: (l) => console.log(l),
        });
        if (result.cancelled) {
          console.error('psd2-conformance run: the time budget was spent before every test ran');
          return 1;
        }
        if (result.summary.passed + result.summary.failed === 0) {
          console.error('psd2-conformance run: no test ran (check --grep, --operation, --requirement, --shard)');
          return 2;
        }
        return result.summary.exitCode;
      }),
    );
