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
        'values once the volatile ones (assigned ids, dates and times, the origin of links) are masked. Each ' +
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
    .addOption(new Option('--json', 'print the comparison as JSON').default(false))
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance compare --target embedded --target embedded:fault=status-outside-enum ' +
            '--operation sct.create',
          'psd2-conformance compare --target https://sandbox.bank.no/psd2 --target https://rc.bank.no/psd2',
          'psd2-conformance compare --target embedded --target embedded:variant=accept-fix-known-only --seed 7',
        ],
        {
          0: 'the same answers from both targets',
          1: 'the answers differ somewhere (each difference is listed)',
          2: 'a usage or configuration error, or a target that cannot be run',
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
        const { loadConfig } = await import('../../config/index.js');
        const config = loadConfig(options.configFile ? { envFile: options.configFile } : {});
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
        const comparison = compareRuns(sides[0] as (typeof sides)[0], sides[1] as (typeof sides)[0]);
        await mkdir(out, { recursive: true });
        await writeFile(join(out, 'compare.json'), `${JSON.stringify(comparison, null, 2)}\n`);
        await writeFile(join(out, 'compare.md'), compareMarkdown(comparison));
        if (options.json) console.log(JSON.stringify(comparison, null, 2));
        else for (const line of compareText(comparison)) console.log(line);
        console.error(`compare.json and compare.md: ${out}`);
        return comparison.tests.length ? 1 : 0;
      }),
    );
