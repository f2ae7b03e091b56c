import { Option, examples, exits, integer, newCommand, outputFolder, reportNamesOption } from '../command.js';

export default () =>
  newCommand(
    'report',
    'write the reports of a run, or one report merged from shard folders',
    'Write summary.json, outcomes.json, junit.xml, the requirement coverage matrix, the exchanges and the Allure ' +
      'HTML report from the folder a run wrote, or one report merged from the folders of several shards (every ' +
      'shard of the run once: a missing, doubled or differently split shard is refused). The same reporters as run.',
  )
    .argument(
      '[dir...]',
      'folders written by `run --reports DIR`, every shard of a sharded run once (default: the --out folder)',
    )
    .addOption(
      new Option('--out <dir>', 'where the merged reports are written').argParser(outputFolder).default('reports'),
    )
    .addOption(new Option('--strict', 'a failed SHOULD test fails the verdict too').default(false))
    .addOption(new Option('--no-html', 'skip the Allure HTML report').default(true, 'the HTML report is written'))
    .addOption(reportNamesOption(''))
    .addOption(
      new Option('--history-limit <n>', 'how many earlier runs history.jsonl keeps')
        .argParser(integer({ min: 1, max: 1000 }))
        .default(20),
    )
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance report                                   # rewrite the reports of reports/',
          'psd2-conformance report shard-1 shard-2 shard-3 shard-4 --out reports',
        ],
        {
          0: 'CONFORMANT: every MUST requirement passed in runs that completed',
          1: 'a MUST requirement failed (or a SHOULD one, with --strict)',
          2: 'a folder is missing or unreadable, or a shard of the run is missing or doubled',
          3: 'INCOMPLETE: a run (or shard) did not complete; 130, 143: it was interrupted',
        },
      ),
    )
    .action(
      exits(async (dirs, options) => {
        const { ensureWritable, reportFolders } = await import('../../reporters/index.js');
        await ensureWritable(options.out, '--out');
        const { exitCode } = await reportFolders({
          inputs: dirs.length ? dirs : [options.out],
          out: options.out,
          strict: options.strict,
          html: options.html,
          ...(options.report ? { reporters: options.report } : {}),
          historyLimit: options.historyLimit,
          log: (l) => console.log(l),
        });
        return exitCode;
      }),
    );
