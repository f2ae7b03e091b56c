import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkFaults, checkVariants } from '../variants.js';
import { loadConfig } from '../../config/index.js';
import { chooseTarget } from '../../config/target.js';
import { selectionFrom } from '../../runner/selection-flags.js';
import { renderSummary } from '../../runner/print.js';
import { flag, hasFlag, parseArgs, type ParsedArgs } from '../args.js';
import { UserError } from '../errors.js';
import type { Command } from '../main.js';

function integer(args: ParsedArgs, name: string, min: number): number | undefined {
  const raw = flag(args, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    throw new UserError(`--${name} must be an integer ≥ ${min}, got "${raw}"`);
  return Number(raw);
}

function shard(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2]))
    throw new UserError(`--shard must look like i/n with 1 ≤ i ≤ n, got "${raw}"`);
  return raw;
}

/** --order reverse and --suite-file NAME (repeatable): the means to show that verdicts do not depend on order. */
function suiteOrder(args: ParsedArgs): { order?: 'reverse'; files?: string[] } {
  const order = flag(args, 'order');
  if (order !== undefined && order !== 'default' && order !== 'reverse')
    throw new UserError(`--order must be default or reverse, got "${order}"`);
  const files = args.flags.get('suite-file') ?? [];
  const known = readdirSync(fileURLToPath(new URL('../../suites', import.meta.url))).filter((f) =>
    f.endsWith('.suite.ts'),
  );
  const unknown = files.filter((f) => !known.some((k) => k.includes(f)));
  if (unknown.length) throw new UserError(`unknown --suite-file: ${unknown.join(', ')} (one of ${known.join(', ')})`);
  return { ...(order === 'reverse' ? { order } : {}), ...(files.length ? { files } : {}) };
}

const command: Command = {
  summary:
    'run the conformance suites against BASE_URL, or against the embedded reference bank when neither BASE_URL nor a profile is set (or with --profile embedded)',
  async run(argv) {
    const args = parseArgs(argv, {
      booleans: ['strict', 'allow-payments', 'no-html'],
      values: [
        'seed',
        'num-runs',
        'shard',
        'grep',
        'replay-path',
        'profile',
        'level',
        'operation',
        'exclude-operation',
        'requirement',
        'budget',
        'fault',
        'variant',
        'env-file',
        'reports',
        'exchanges',
        'order',
        'suite-file',
      ],
    });
    const envFile = flag(args, 'env-file');
    const config = loadConfig(envFile ? { envFile } : {});
    // First of all: a configuration that names no bank must not end in a verdict on the embedded one.
    const target = chooseTarget(config, flag(args, 'profile'), (line) =>
      console.error(`psd2-conformance run: warning: ${line}`),
    );
    // Faults and variants shape the embedded bank; a run against BASE_URL would silently ignore them.
    for (const name of ['fault', 'variant'])
      if (target.kind === 'remote' && args.flags.has(name))
        throw new UserError(
          `--${name} switches on a ${name} of the embedded reference bank, but the target is BASE_URL (${target.url}): drop --${name}, or pass --profile embedded`,
        );
    const { selection, grep } = selectionFrom({
      operations: args.flags.get('operation') ?? [],
      excludeOperations: args.flags.get('exclude-operation') ?? [],
      requirements: args.flags.get('requirement') ?? [],
      level: flag(args, 'level'),
      grep: flag(args, 'grep'),
    });
    const faults = checkFaults(args.flags.get('fault') ?? []);
    const variants = checkVariants(args.flags.get('variant') ?? []);
    // A key or certificate that cannot be used is a configuration error, found before any test runs.
    if (config.signing.certificatePath || config.signing.p12Path)
      await (await import('../../signing/index.js')).loadIdentity(config.signing);
    const seed = integer(args, 'seed', 0);
    const numRuns = integer(args, 'num-runs', 1);
    // The runner, the client and the reporters load only once the configuration holds.
    const [{ runConformance }, { writeReports }] = await Promise.all([
      import('../../runner/run.js'),
      import('../../reporting/report.js'),
    ]);
    const result = await runConformance({
      config,
      target,
      ...(seed !== undefined ? { seed } : {}),
      ...(numRuns !== undefined ? { numRuns } : {}),
      strict: hasFlag(args, 'strict'),
      allowPayments: hasFlag(args, 'allow-payments'),
      ...(shard(flag(args, 'shard')) ? { shard: flag(args, 'shard') as string } : {}),
      ...(grep ? { grep } : {}),
      ...(flag(args, 'replay-path') ? { replayPath: flag(args, 'replay-path') as string } : {}),
      ...(flag(args, 'exchanges') ? { exchangesPath: flag(args, 'exchanges') as string } : {}),
      selection,
      budgetSeconds: integer(args, 'budget', 1) ?? 900,
      faults,
      variants,
      ...suiteOrder(args),
      progress: (line) => process.stderr.write(`${line}\n`),
      reportsDir: flag(args, 'reports') ?? 'reports',
    });
    console.log(
      renderSummary(result.summary, result.outcomes, result.target, result.seed, result.seconds, result.cancelled),
    );
    const reportsDir = flag(args, 'reports') ?? 'reports';
    await writeReports({
      inputs: [reportsDir],
      out: reportsDir,
      strict: hasFlag(args, 'strict'),
      html: !hasFlag(args, 'no-html'),
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
  },
};

export default command;
