import { mkdir, writeFile } from 'node:fs/promises';
import { FAULTS } from '../../bank/faults.js';
import { VARIANTS, findVariant } from '../../bank/variants.js';
import { loadConfig } from '../../config/index.js';
import { requirement } from '../../spec/index.js';
import {
  mutationPassed,
  renderMutationMarkdown,
  scoreLine,
  scoreMutation,
  scoredFaults,
  type FaultSpec,
  type MutationRun,
} from '../../runner/mutation/score.js';
import { COMBINATIONS, FAULT_VARIANT_PAIRS, scoreMatrix } from '../../runner/mutation/matrix.js';
import { RUNNING, pool, runOnce, type MutationJob } from '../../runner/mutation/run.js';
import { focusOf } from '../../runner/mutation/focus.js';
import { readTestManifest } from '../../run-model/test-manifest.js';
import type { FaultId } from '../../bank/ids.generated.js';
import { RunStop, stopCode } from '../../runner/run/stop.js';
import { endReason } from '../../run-model/index.js';
import { detectionOf, readDetection } from '../../run-model/budget.js';
import { Option, examples, exits, integer, newCommand, outputFolder, repeatableOption, seed } from '../command.js';
import { UserError } from '../../core/index.js';
import { checkFaults, checkVariants } from '../variants.js';

/** One progress line per finished run: what it switched on and how it ended. */
function verdictOf(job: MutationJob, run: MutationRun): string {
  const what = [job.fault, ...(job.variants?.length ? [`variant ${job.variants.join('+')}`] : [])].filter(Boolean);
  const verdict = job.fault
    ? run.exitCode === 1
      ? 'detected'
      : 'MISSED'
    : run.exitCode === 0
      ? 'passed'
      : `FALSE VERDICT (${run.failedTests?.length ?? '?'} MUST test(s) failed)`;
  const focus = run.focused
    ? `, ${run.focused.tests} focused test(s)${run.focused.fellBack ? ' settled nothing: every suite ran' : ''}`
    : '';
  return (
    `${what.join(' × ') || '(clean bank)'}: ${verdict} (exit ${run.exitCode}, ` +
    `${run.seconds} s${focus})${run.reason ? ` ${run.reason}` : ''}`
  );
}

/** The catalogue decides how a fault is judged: SHOULD-only faults under --strict; not-testable ones are known gaps. */
function faultSpec(f: (typeof FAULTS)[number]): FaultSpec {
  const rules = f.breaks.map((id) => requirement(id));
  const unobservable = rules.every((r) => r.notTestable)
    ? rules.map((r) => `${r.id}: ${r.notTestable}`).join('; ')
    : undefined;
  return {
    id: f.id,
    area: f.area,
    breaks: [...f.breaks],
    ...(rules.every((r) => r.level === 'SHOULD') ? { strict: true } : {}),
    ...(unobservable ? { unobservable } : {}),
  };
}

/** How the loop ran, for mutation.json's `loop` (bench/cost.ts shows it beside the wall time). */
function loopMode(loop: { perRun: boolean; parallel: number; runs: readonly MutationRun[] }): string {
  if (loop.perRun) return `per-run, ${loop.parallel} at a time`;
  const focused = loop.runs.filter((r) => r.focused);
  const fellBack = focused.filter((r) => r.focused?.fellBack).length;
  return (
    `one process, ${loop.parallel} vitest(s) side by side` +
    (focused.length
      ? `, ${focused.length} fault run(s) focused on their measured tests (${fellBack} then ran every suite)`
      : ', every suite in every run')
  );
}

const MATRIX_IDS = [...VARIANTS.map((x) => x.id), ...COMBINATIONS.map((c) => c.id)];

export default () =>
  newCommand(
    'mutation',
    'measure the fault score: every suite against each deliberate fault, the clean bank and every variant',
    'Run every suite against the reference bank once per deliberate fault, once ' +
      'clean, once per conformant variant (and combinations of them) and for a sample ' +
      'of faults against variants; write mutation.md and mutation.json. With --fault or ' +
      '--variant, run only those (a fault with the clean bank, a variant with its fault pairs) and score what ' +
      'ran: the report names the selection, and a fault not selected is neither run nor missed.',
  )
    .addOption(
      new Option('--parallel <n>', 'runs at a time (in one process: vitests side by side; with --per-run: children)')
        .argParser(integer({ min: 1 }))
        .default(2),
    )
    .addOption(
      new Option(
        '--per-run',
        'one child `run` process per fault, variant and pair (the slow mode the one-process loop is checked against)',
      ).default(false, 'one process and one vitest for every run'),
    )
    .addOption(
      repeatableOption('--fault <id>', 'run and score only this fault (and the clean bank); repeatable', 'every fault'),
    )
    .addOption(
      repeatableOption(
        '--variant <id>',
        'run and score only this variant or combination of variants (and its fault pairs); repeatable',
        'every variant',
      ),
    )
    .addOption(
      new Option(
        '--full-runs',
        'every suite against every fault (and renew detection.json), not first the tests that detected it when ' +
          'last measured',
      ).default(false, 'fault runs focused on their measured tests, every suite when that settles nothing'),
    )
    .addOption(
      new Option('--seed <n>', 'fast-check seed of every run')
        .argParser(seed)
        .default(undefined, 'SEED, else 20261122'),
    )
    .addOption(new Option('--budget <seconds>', 'time budget of each run').argParser(integer({ min: 1 })).default(300))
    .addOption(
      new Option(
        '--max-requests <n>',
        'run every suite under this request budget (run --max-requests): what the budget keeps of the score; ' +
          'such a matrix measures no detection.json',
      )
        .argParser(integer({ min: 1 }))
        .default(undefined, 'no budget'),
    )
    .addOption(
      new Option('--out <dir>', 'where mutation.md and mutation.json are written')
        .argParser(outputFolder)
        .default('reports'),
    )
    .addHelpText(
      'after',
      examples(
        ['psd2-conformance mutation', 'psd2-conformance mutation --fault accept-long-creditor-name --parallel 1'],
        {
          0:
            'every fault detected (or a known gap), and no false verdict on the clean bank or a variant: of those ' +
            'selected, with --fault or --variant',
          1: 'otherwise (of what ran)',
        },
      ),
    )
    .action(
      exits(async (options) => {
        const { parallel, out } = options;
        const budgetSeconds = options.budget;
        const seed = options.seed ?? loadConfig({ env: { ...process.env, BASE_URL: '' } }).seed;
        const onlyFaults = checkFaults(options.fault);
        const onlyVariants = options.variant;
        const unknownVariants = onlyVariants.filter((id) => !MATRIX_IDS.includes(id));
        if (unknownVariants.length)
          throw new UserError(
            `unknown variant(s): ${unknownVariants.join(', ')} (see serve --list-variants; ` +
              `combinations: ${COMBINATIONS.map((c) => c.id).join(', ')})`,
          );
        const specs = FAULTS.map(faultSpec);
        const full = onlyFaults.length === 0 && onlyVariants.length === 0;
        const faultJobs = full ? FAULTS.map((f) => f.id) : onlyFaults;
        const variantJobs = full ? MATRIX_IDS : onlyVariants;
        const pairJobs = FAULT_VARIANT_PAIRS.filter((p) => full || onlyVariants.includes(p.variant));
        const variantsOf = (id: string) => COMBINATIONS.find((c) => c.id === id)?.variants ?? checkVariants([id]);
        // A budgeted matrix runs each job as a child `run --max-requests` (the budget is chosen where a run's
        // selection is); the clean run of an unbudgeted matrix counts each test's requests for detection.json.
        const perRun = options.perRun || options.maxRequests !== undefined;
        // Fault runs in one process are focused on the tests that detected the fault when last measured (a fault
        // against a variant too); variants and the clean bank always run every suite, where a false verdict hides.
        const detection = perRun || options.fullRuns ? undefined : readDetection();
        const manifest = detection ? (readTestManifest() ?? []) : [];
        const focus = (fault: FaultId) => {
          const found = focusOf(detection, manifest, fault, specs.find((f) => f.id === fault)?.breaks ?? []);
          return found ? { focus: found } : {};
        };
        const jobs: MutationJob[] = [
          ...(full || onlyFaults.length ? [{}] : []),
          ...faultJobs.map((fault) => ({ fault, ...focus(fault) })),
          ...variantJobs.map((id) => ({ variants: variantsOf(id) })),
          ...pairJobs.map((p) => ({ fault: p.fault, variants: [p.variant], ...focus(p.fault) })),
        ];

        const started = performance.now();
        // A stopped mutation run stops its child runs (each writes its own INCOMPLETE reports), writes no score (a
        // part of the faults would give a false one) and exits 130/143; out of time, the children are killed.
        const stop = new RunStop().listen();
        stop.whenStopping((end) => console.error(`mutation: ${endReason(end)}: stopping the runs in progress`));
        stop.whenOutOfTime(() => {
          for (const child of RUNNING) child.kill('SIGKILL');
        });
        let done = 0;
        const strictFor = (job: MutationJob) => specs.find((f) => f.id === job.fault)?.strict === true;
        const each = (job: MutationJob, run: MutationRun) => {
          done++;
          console.error(`[${done}/${jobs.length}] ${verdictOf(job, run)}`);
        };
        // Only a matrix whose fault runs sent every suite measures which tests detect which fault.
        const measures = !options.maxRequests && !detection;
        const countsRequests = (job: MutationJob) => measures && !job.fault && !job.variants?.length;
        const runs = perRun
          ? await pool(
              jobs,
              parallel,
              async (job) => {
                const extraArgs = [
                  ...(strictFor(job) ? ['--strict'] : []),
                  ...(options.maxRequests ? ['--max-requests', String(options.maxRequests)] : []),
                ];
                const run = await runOnce(job, {
                  seed,
                  budgetSeconds,
                  signal: stop.signal,
                  extraArgs,
                  countRequests: countsRequests(job),
                });
                each(job, run);
                return run;
              },
              stop.signal,
            )
          : await (
              await import('../../runner/mutation/in-process.js')
            ).runAllInProcess(jobs, {
              seed,
              budgetSeconds,
              signal: stop.signal,
              stoppedBy: () => stop.end ?? { kind: 'crashed', reason: 'stopped' },
              lanes: parallel,
              strictFor,
              countsRequests,
              each,
            });
        stop.dispose();
        if (stop.end) {
          console.error(`mutation: ${endReason(stop.end)} after ${done} of ${jobs.length} runs: no score written`);
          return stop.exitIfStopped(stop.settle(stopCode(stop.end)));
        }
        // A selection scores what it ran, and nothing else: a fault it did not select neither ran nor was missed.
        const selection = full ? undefined : { faults: onlyFaults, variants: onlyVariants };
        const clean = runs.find((r) => !r.fault && !r.variants?.length) ?? {
          exitCode: null,
          seconds: 0,
          failedRequirements: [],
          reason: 'not run',
        };
        const ranMatrix = variantJobs.length > 0 || pairJobs.length > 0;
        const report = {
          ...scoreMutation(scoredFaults(specs, selection), runs, clean, seed),
          ...(selection ? { selection } : {}),
          // The loop's cost, for the bench (bench/cost.ts): how it ran and how long the whole matrix took.
          loop: {
            mode: loopMode({ perRun, parallel, runs }),
            runs: runs.length,
            wallSeconds: Math.round((performance.now() - started) / 100) / 10,
            finishedAt: new Date().toISOString(),
            full,
          },
          ...(ranMatrix
            ? {
                matrix: scoreMatrix({
                  runIds: variantJobs,
                  pairs: pairJobs,
                  runs,
                  breaks: (fault) => FAULTS.find((f) => f.id === fault)?.breaks ?? [],
                  describe: (id) => findVariant(id)?.choice,
                }),
              }
            : {}),
        };
        await mkdir(out, { recursive: true });
        await writeFile(`${out}/mutation.json`, `${JSON.stringify(report, null, 2)}\n`);
        await writeFile(`${out}/mutation.md`, renderMutationMarkdown(report));
        const measured = runs.find((r) => !r.fault && !r.variants?.length)?.requests;
        if (measured) {
          // Faults not rerun keep what the earlier measurement in this folder said of them.
          const earlier = readDetection(`${out}/detection.json`);
          const rerun = new Set(runs.map((r) => r.fault));
          const kept = Object.entries(earlier?.tests ?? {}).flatMap(([key, t]) =>
            t.faults.filter((f) => !rerun.has(f)).map((fault) => ({ fault, key })),
          );
          const keptRuns = [...new Set(kept.map((k) => k.fault))].map((fault) => ({
            fault,
            failedTests: kept.filter((k) => k.fault === fault).map((k) => k.key),
          }));
          const detection = detectionOf({
            seed,
            measured: new Date().toISOString().slice(0, 10),
            runs: [...keptRuns, ...runs],
            requests: measured,
          });
          await writeFile(`${out}/detection.json`, `${JSON.stringify(detection, null, 1)}\n`);
        }
        console.log(
          `${scoreLine(report)} (${((performance.now() - started) / 1000).toFixed(0)} s; ` +
            `${out}/mutation.md, ${out}/mutation.json)`,
        );
        return mutationPassed(report) ? 0 : 1;
      }),
    );
