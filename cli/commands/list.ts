import { loadConfig } from '../../config/index.js';
import { listProfile, listTests, renderTestList } from '../../runner/list.js';
import { selectionFrom } from '../../runner/selection-flags.js';
import { flag, hasFlag, parseArgs } from '../args.js';
import type { Command } from '../main.js';

const command: Command = {
  summary:
    'list the tests a run would report, after the same selection flags as run (--operation, --exclude-operation, --requirement, --level, --grep, --profile, --allow-payments), without starting a bank or sending a request; --json for an array',
  async run(argv) {
    const args = parseArgs(argv, {
      booleans: ['json', 'allow-payments'],
      values: ['operation', 'exclude-operation', 'requirement', 'level', 'grep', 'profile', 'env-file'],
    });
    const { selection, grep } = selectionFrom({
      operations: args.flags.get('operation') ?? [],
      excludeOperations: args.flags.get('exclude-operation') ?? [],
      requirements: args.flags.get('requirement') ?? [],
      level: flag(args, 'level'),
      grep: flag(args, 'grep'),
    });
    const envFile = flag(args, 'env-file');
    const config = loadConfig(envFile ? { envFile } : {});
    const tests = await listTests({
      config,
      selection,
      ...(grep ? { grep } : {}),
      profile: listProfile(config, flag(args, 'profile')),
      allowPayments: hasFlag(args, 'allow-payments'),
    });
    if (hasFlag(args, 'json')) process.stdout.write(`${JSON.stringify(tests, null, 2)}\n`);
    else process.stdout.write(`${renderTestList(tests)}\n`);
    if (tests.length === 0) {
      console.error('psd2-conformance list: no test matches the selection (check --grep, --operation, --requirement)');
      return 2;
    }
    return 0;
  },
};

export default command;
