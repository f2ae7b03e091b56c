import { Option, examples, exits, newCommand, requiredArgument } from '../command.js';

export default () =>
  newCommand(
    'diff',
    'what changed between the reports of two runs: new failures, fixed, still failing, new and removed tests',
    'Compare the reports of two runs (folders written by `run --reports DIR`), test by test and requirement by ' +
      'requirement: new failures, fixed, still failing, failed before and not judged now, new and removed tests ' +
      'and rules, changed levels. The same as `run --baseline BASE`, for two runs that already ran.',
  )
    .addArgument(requiredArgument('base', 'the earlier run (the baseline)', 'give the folder of the earlier run'))
    .addArgument(requiredArgument('head', 'the later run', 'give the folder of the later run'))
    .addOption(new Option('--json', 'print every change as JSON').default(false).conflicts('markdown'))
    .addOption(new Option('--markdown', 'print a Markdown table (for a merge request)').default(false))
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance diff reports-1.21 reports-1.22',
          'psd2-conformance diff reports-1.21 reports-1.22 --markdown > diff.md',
        ],
        {
          0: 'no regression: no MUST test or rule fails in HEAD that did not fail in BASE',
          1: 'a regression: a MUST test or rule that did not fail before fails now, or a new one fails',
          2: 'a folder is missing or holds no run',
        },
      ),
    )
    .action(
      exits(async (base, head, options) => {
        const [{ readRunView }, { diffRuns, regressions }, { diffMarkdown, diffText }] = await Promise.all([
          import('../../release/run-view.js'),
          import('../../release/diff.js'),
          import('../../release/diff-render.js'),
        ]);
        const diff = diffRuns(readRunView(base, 'diff'), readRunView(head, 'diff'));
        const found = regressions(diff);
        if (options.json) console.log(JSON.stringify({ ...diff, regressions: found }, null, 2));
        else if (options.markdown) console.log(diffMarkdown(diff, '## Changes between the two runs'));
        else {
          for (const line of diffText(diff)) console.log(line);
          console.log(found.length ? `${found.length} regression(s):` : 'no regression');
          for (const r of found.slice(0, 20)) console.log(`  ${r.level} ${r.kind} ${r.id} (${r.why})`);
          if (found.length > 20) console.log(`  … and ${found.length - 20} more (--json lists every one)`);
        }
        return found.length ? 1 : 0;
      }),
    );
