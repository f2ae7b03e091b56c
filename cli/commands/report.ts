import { writeReports } from '../../reporting/report.js';
import { flag, hasFlag, parseArgs } from '../args.js';
import type { Command } from '../main.js';

const command: Command = {
  summary: 'write the coverage matrix, merged summary and Allure HTML from a run (--merge DIR… for shards)',
  async run(argv) {
    const args = parseArgs(argv, { booleans: ['strict', 'no-html'], values: ['out'], optionalValues: [] });
    const out = flag(args, 'out') ?? 'reports';
    const merge = args.positionals.length ? args.positionals : [out];
    const { exitCode } = await writeReports({ inputs: merge, out, strict: hasFlag(args, 'strict'), html: !hasFlag(args, 'no-html'), log: (l) => console.log(l) });
    return exitCode;
  },
};

export default command;
