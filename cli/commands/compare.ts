import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UserError } from '../../core/index.js';
import {
  Option,
  configFileOption,
  examples,
  exits,
  integer,
  newCommand,
  outputFolder,
  repeatableOption,
  seed,
} from '../command.js';
import { addSelectionOptions, selectionArgs, selectionFrom } from '../selection.js';
import { checkFaults, checkVariants } from '../variants.js';
import type { Config } from '../../config/index.js';
import type { CompareTarget } from '../../release/compare/target.js';

/**
 * Both targets before the first test of A: a URL that does not answer, or answers not like the PSD2 interface, is one
 * line and exit 2 now, not after A's whole run (the preflight `run` makes of BASE_URL).
 */
async function checkTargets(targets: readonly CompareTarget[], http: Config['http']): Promise<void> {
  const { preflight } = await import('../../runner/run/preflight.js');
  await Promise.all(
    targets.map(async (target, i) => {
      if (target.kind !== 'remote') return;
      try {
        await preflight(target.url, http);
      } catch (err) {
        if (!(err instanceof UserError)) throw err;
        const why = err.message.replace(/^(cannot reach )?BASE_URL \S+:? ?/, (_, reach: string | undefined) =>
          reach ? 'does not answer: ' : '',
        );
        throw new UserError(`--target ${i === 0 ? 'A' : 'B'} ${target.label} ${why}`);
      }
    }),
  );
}

/** The selection and configuration options given, as `run` takes them again in each side's run. */
const passedOn = (options: Parameters<typeof selectionArgs>[0] & { configFile?: string | undefined }): string[] => [
  ...selectionArgs(options),
  ...(options.configFile ? ['--config-file', options.configFile] : []),
];

export default () =>
  addSelectionOptions(
    newCommand(
      'compare',
      'send the same seeded requests to two targets and report where their answers differ',
      'Run the suites against two targets with one seed (each run signs its own requests afresh), pair their ' +
        'exchanges test by test, and report where the answers differ: status, error code, response shape, and ' +
        'values once what each side made itself is masked (values its own requests sent, such as the set-up data ' +
        'its run tag names, echoed back; ids its bank assigned; its digests and X-Request-IDs quoted in messages; ' +
        'dates, times and origins); a value the bank chose is never masked. Both URL targets are checked before ' +
        'the first test. Each ' +
        'difference names the requirement ids of its test and whether either side breaks a rule there. A target ' +
        'is `embedded` (the reference bank), `embedded:fault=<id>,variant=<id>` (with faults or variants; each ' +
        'repeatable, comma-separated) or the URL of a sandbox (profile sandbox).',
    ),
  )
    .addOption(
      repeatableOption(
        '--target <target>',
        'a target: embedded, embedded:fault=<id>,variant=<id>, or a sandbox URL; give it twice (A, then B)',
        'none',
      ),
    )
    .addOption(
      new Option('--seed <n>', 'the seed of both runs').argParser(seed).default(undefined, 'SEED, else 20261122'),
    )
    .addOption(
      new Option('--num-runs <n>', 'runs of each property-based test')
        .argParser(integer({ min: 1 }))
        .default(undefined, 'NUM_RUNS'),
    )
    .addOption(configFileOption())
    .addOption(
      new Option('--out <dir>', 'where the two runs and compare.json, compare.md are written')
        .argParser(outputFolder)
        .default('reports/compare'),
    )
    .addOption(
      repeatableOption(
        '--ignore <pointer>',
        'leave this member of every answer out of the comparison, as a JSON pointer (`*` for any one member or ' +
          'item: /*/remittanceInformationUnstructured); repeatable',
        'none: only what each side made itself is masked',
      ),
    )
    .addOption(new Option('--json', 'print the comparison as JSON').default(false))
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance compare --target embedded --target embedded:fault=status-outside-enum ' +
            '--operation sct.create',
          'psd2-conformance compare --target https://sandbox.bank.no/psd2 --target https://rc.bank.no/psd2',
          'psd2-conformance compare --target embedded --target embedded:variant=accept-fix-known-only --seed 7',
          'psd2-conformance compare --target "$SANDBOX" --target "$RC" --ignore /message',
        ],
        {
          0: 'the same answers from both targets',
          1: 'the answers differ somewhere (each difference is listed)',
          2:
            'a usage or configuration error, or a target that cannot be run: a URL that does not answer, or not ' +
            'like the PSD2 interface (both are checked before the first test)',
          3: "one side's run did not complete (interrupted, out of budget): nothing is compared",
        },
      ),
    )
    .action(
      exits(async (options) => {
        const { parseTarget } = await import('../../release/compare/target.js');
        if (options.target.length !== 2)
          throw new UserError(`give --target twice (A, then B), got ${options.target.length}`);
        const targets = options.target.map(parseTarget);
        for (const t of targets)
          if (t.kind === 'embedded') {
            checkFaults(t.faults);
            checkVariants(t.variants);
          }
        selectionFrom(options);
        const { ignoreMatcher } = await import('../../release/compare/answers.js');
        ignoreMatcher(options.ignore);
        const { loadConfig } = await import('../../config/index.js');
        const config = loadConfig(options.configFile ? { envFile: options.configFile } : {});
        await checkTargets(targets, config.http);
        const runSeed = options.seed ?? config.seed;
        const out = resolve(options.out);
        await (await import('../../reporters/index.js')).ensureWritable(out, '--out');
        const { runSide } = await import('../../release/compare/run-side.js');
        const sides = [];
        for (const [k, target] of targets.entries()) {
          const name = k === 0 ? 'A' : 'B';
          console.error(`${name}: running the suites against ${target.label} (seed ${runSeed}) …`);
          const side = await runSide({
            target,
            dir: join(out, name.toLowerCase()),
            seed: runSeed,
            args: passedOn(options),
            reportArgs: ['--no-html'],
            log: (l) => console.error(l),
          });
          console.error(`${name}: ${side.verdict}`);
          if (side.code !== 0 && side.code !== 1) {
            console.error(`psd2-conformance compare: the run against ${target.label} did not complete: INCOMPLETE`);
            return 3;
          }
          sides.push(side);
        }
        const { compareRuns } = await import('../../release/compare/compare.js');
        const { compareMarkdown, compareText } = await import('../../release/compare/render.js');
        const comparison = compareRuns(sides[0] as (typeof sides)[0], sides[1] as (typeof sides)[0], {
          ignore: options.ignore,
        });
        await mkdir(out, { recursive: true });
        await writeFile(join(out, 'compare.json'), `${JSON.stringify(comparison, null, 2)}\n`);
        await writeFile(join(out, 'compare.md'), compareMarkdown(comparison));
        if (options.json) console.log(JSON.stringify(comparison, null, 2));
        else for (const line of compareText(comparison)) console.log(line);
        console.error(`compare.json and compare.md: ${out}`);
        return comparison.tests.length ? 1 : 0;
      }),
    );
