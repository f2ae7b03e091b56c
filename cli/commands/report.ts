import { writeReports } from '../../reporting/report.js';
import { flag, hasFlag, parseArgs } from '../args.js';
import type { Command } from '../main.js';

const command: Command = {
  summary:
    'write summary.json, junit.xml, the coverage matrix and the Allure HTML from a run, or merged from shard folders (report DIR1 DIR2 …, every shard of the run once); exit 1 when a MUST requirement failed, 2 when a shard is missing or doubled',
  async run(argv) {
    const args = parseArgs(argv, { booleans: ['strict', 'no-html'], values: ['out'], optionalValues: [] });
    const out = flag(args, 'out') ?? 'reports';
    const merge = args.positionals.length ? args.positionals : [out];
    const { exitCode } = await writeReports({
      inputs: merge,
      out,
      strict: hasFlag(args, 'strict'),
      html: !hasFlag(args, 'no-html'),
      log: (l) => console.log(l),
    });
    return exitCode;
  },
};

export default command;
