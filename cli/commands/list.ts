import { loadConfig } from '../../config/index.js';
import { Option, configFileOption, oldEnvFileOption, examples, exits, newCommand, profileOption } from '../command.js';
import { addSelectionOptions, selectionFrom } from '../selection.js';

export default () =>
  addSelectionOptions(
    newCommand(
      'list',
      'list the tests a run would report, without starting a bank or sending a request',
      'List the tests `run` would report with the same selection options (--operation, ' +
        '--exclude-operation, --requirement, --level, --grep, --shard) and profile: one ' +
        'line a test with its requirement ids, level, operation, title and file:line, ' +
        'then the count. No bank is started and no request is sent; a test the profile ' +
        'does not run is marked skipped.',
    )
      .addOption(profileOption('the profile a run would use (production skips sandbox operations)'))
      .addOption(configFileOption())
      .addOption(oldEnvFileOption()),
  )
    .addOption(
      new Option('--allow-payments', 'as run --allow-payments: the production profile would create payments').default(
        false,
      ),
    )
    .addOption(
      new Option(
        '--reports <dir>',
        "the run's --reports folder, where --shard finds an earlier run's durations",
      ).default('reports'),
    )
    .addOption(
      new Option(
        '--checks',
        'list the registered checks instead (the names `run --checks` and `--exclude-checks` take)',
      ).default(false),
    )
    .addOption(
      new Option(
        '--operations',
        'list the operation ids instead (the ids `--operation` takes), with their tests, method and path',
      ).default(false),
    )
    .addOption(
      new Option(
        '--json',
        'print JSON: [{requirementIds, level, operation, title, name, file, line?, skip?}] (or the checks, operations)',
      ).default(false),
    )
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance list                                     # every test of a run on the embedded bank',
          'psd2-conformance list --requirement NCBCT.creditorName.max70',
          'psd2-conformance list --operation sandbox.cardAccount.create --profile production',
          'psd2-conformance list --shard 2/4 --reports reports/shard-2 --json',
          'psd2-conformance list --checks                            # the checks, what ' +
            'each judges, the ids it reports',
          'psd2-conformance list --operations                        # the operation ids, with their tests',
        ],
        {
          0: 'at least one test matches',
          2: 'a usage or configuration error, or a selection that matches no test',
        },
      ),
    )
    .action(
      exits(async (options) => {
        if (options.checks) {
          const { CHECKS } = await import('../../checks/index.js');
          const { checksList } = await import('../../checks/describe.js');
          const json = CHECKS.all().map(({ run: _, ...check }) => check);
          process.stdout.write(options.json ? `${JSON.stringify(json, null, 2)}\n` : `${checksList()}\n`);
          return 0;
        }
        if (options.operations) {
          const [{ listOperations, renderOperations }, { tableWidth }] = await Promise.all([
            import('../operations-list.js'),
            import('../columns.js'),
          ]);
          const operations = listOperations();
          process.stdout.write(
            options.json
              ? `${JSON.stringify(operations, null, 2)}\n`
              : `${renderOperations(operations, tableWidth(false))}\n`,
          );
          return 0;
        }
        const { selection, grep, shard } = selectionFrom(options);
        const config = loadConfig(options.configFile ? { envFile: options.configFile } : {});
        // The suites load only once the options hold.
        const { listProfile, listTests, renderTestList } = await import('../../runner/run/list.js');
        const tests = await listTests({
          config,
          selection,
          ...(grep ? { grep } : {}),
          ...(shard ? { shard, reportsDir: options.reports } : {}),
          profile: listProfile(config, options.profile),
          allowPayments: options.allowPayments,
          progress: (line) => process.stderr.write(`${line}\n`),
        });
        process.stdout.write(options.json ? `${JSON.stringify(tests, null, 2)}\n` : `${renderTestList(tests)}\n`);
        if (tests.length === 0) {
          console.error(
            'psd2-conformance list: no test matches the selection (check --grep, --operation, --requirement, --shard)',
          );
          return 2;
        }
        return 0;
      }),
    );
