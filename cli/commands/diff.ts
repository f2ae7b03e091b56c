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
          0: 'no regression: no MUST test fails in HEAD that did not fail in BASE, and none breaks a new rule',
          1:
            'a regression (counted per test, as run --baseline counts them): a MUST test that did not fail before ' +
            'fails now, a new MUST test fails, or a failing MUST test breaks a rule that did not fail before',
          2: 'a folder is missing or holds no run',
        },
      ),
    )
    .action(
      exits(async (base, head, options) => {
        const [{ readRunView }, { gate, regressionCount }, { diffMarkdown, diffText, regressionLines }] =
          await Promise.all([
            import('../../release/run-view.js'),
            import('../../release/gate.js'),
            import('../../release/diff-render.js'),
          ]);
        // The same gate as `run --baseline` (without --strict or known findings): one count of regressions.
        const result = gate({
          base: readRunView(base, 'diff'),
          head: readRunView(head, 'diff'),
          strict: false,
          today: new Date().toISOString().slice(0, 10),
        });
        const diff = result.diff as NonNullable<typeof result.diff>;
        if (options.json) console.log(JSON.stringify({ ...diff, regressions: result.gating }, null, 2));
        else if (options.markdown)
          console.log(
            `${diffMarkdown(diff, '## Changes between the two runs')}\n**${regressionCount(result.gating.length)}**\n`,
          );
        else for (const line of [...diffText(diff), ...regressionLines(result.gating)]) console.log(line);
        return result.exitCode;
      }),
    );
