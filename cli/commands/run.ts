import { existsSync } from 'node:fs';
import { FAULTS } from '../../bank/faults.js';
import { loadConfig } from '../../config/index.js';
import { chooseTarget } from '../../config/target.js';
import { OPERATIONS, REQUIREMENTS } from '../../spec/index.js';
import { renderSummary } from '../../runner/print.js';
import type { ShardSpec } from '../../runner/shard-split.js';
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

function shard(raw: string | undefined): ShardSpec | undefined {
  if (raw === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2]))
    throw new UserError(`--shard must look like i/n with 1 ≤ i ≤ n, got "${raw}"`);
  return { index: Number(m[1]), count: Number(m[2]) };
}

/** Names that select nothing are typos: say so instead of reporting an empty run as conformant. */
function checkSelection(args: ParsedArgs): void {
  const unknown = (what: string, given: string[], known: string[]) => {
    const bad = given.filter((g) => !known.includes(g));
    if (bad.length) throw new UserError(`unknown ${what}: ${bad.join(', ')} (see \`psd2-conformance requirements\`)`);
  };
  const operations = [...OPERATIONS.map((o) => o.id as string), 'cross-cutting'];
  unknown('--operation', args.flags.get('operation') ?? [], operations);
  unknown('--exclude-operation', args.flags.get('exclude-operation') ?? [], operations);
  unknown(
    '--requirement',
    args.flags.get('requirement') ?? [],
    REQUIREMENTS.map((r) => r.id),
  );
  const faults = (args.flags.get('fault') ?? []).filter((id) => !FAULTS.some((f) => f.id === id));
  if (faults.length) throw new UserError(`unknown fault(s): ${faults.join(', ')} (see serve --list-faults)`);
  const grep = flag(args, 'grep');
  if (grep !== undefined) {
    try {
      new RegExp(grep);
    } catch (err) {
      throw new UserError(`--grep is not a regular expression: ${(err as Error).message}`);
    }
  }
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
        'env-file',
        'reports',
        'exchanges',
      ],
    });
    const envFile = flag(args, 'env-file');
    if (envFile !== undefined && !existsSync(envFile))
      throw new UserError(`--env-file ${envFile}: no such file (leave --env-file out to read ./.env, if there is one)`);
    const config = loadConfig(envFile ? { envFile } : {});
    // First of all: a configuration that names no bank must not end in a verdict on the embedded one.
    const target = chooseTarget(config, flag(args, 'profile'), (line) =>
      console.error(`psd2-conformance run: warning: ${line}`),
    );
    if (target.kind === 'remote' && args.flags.has('fault'))
      throw new UserError(
        `--fault switches on a fault of the embedded reference bank, but the target is BASE_URL (${target.url}): drop --fault, or pass --profile embedded`,
      );
    const level = flag(args, 'level');
    if (level && level !== 'MUST' && level !== 'SHOULD')
      throw new UserError(`--level must be MUST or SHOULD, got "${level}"`);
    checkSelection(args);
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
      ...(shard(flag(args, 'shard')) ? { shard: shard(flag(args, 'shard')) as ShardSpec } : {}),
      ...(flag(args, 'grep') ? { grep: flag(args, 'grep') as string } : {}),
      ...(flag(args, 'replay-path') ? { replayPath: flag(args, 'replay-path') as string } : {}),
      ...(flag(args, 'exchanges') ? { exchangesPath: flag(args, 'exchanges') as string } : {}),
      selection: {
        operations: args.flags.get('operation') ?? [],
        excludeOperations: args.flags.get('exclude-operation') ?? [],
        requirements: args.flags.get('requirement') ?? [],
        ...(level ? { level: level as 'MUST' | 'SHOULD' } : {}),
      },
      budgetSeconds: integer(args, 'budget', 1) ?? 900,
      faults: args.flags.get('fault') ?? [],
      progress: (line) => process.stderr.write(`${line}\n`),
      reportsDir: flag(args, 'reports') ?? 'reports',
    });
    console.log(
      renderSummary(result.summary, result.outcomes, result.target, result.seed, result.seconds, result.cancelled),
    );
    if (result.shard)
      console.log(
        `shard ${result.shard.index}/${result.shard.count}: this verdict covers ${result.shard.tests.length} of ${result.shard.total} tests; \`psd2-conformance report\` over all ${result.shard.count} shards' folders gives the verdict on the whole interface`,
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
