import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { FAULTS } from '../../bank/index.js';
import { loadConfig } from '../../config/index.js';
import { requirement } from '../../spec/index.js';
import {
  mutationPassed,
  renderMutationMarkdown,
  scoreLine,
  scoreMutation,
  type FaultSpec,
  type MutationRun,
} from '../../runner/mutation.js';
import { pool, runOnce } from '../../runner/mutation-run.js';
import { flag, parseArgs } from '../args.js';
import { UserError } from '../errors.js';
import type { Command } from '../main.js';

function positive(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new UserError(`--${name} must be an integer ≥ 1, got "${raw}"`);
  return Number(raw);
}

/** Runs of an earlier report, so `--fault ID` reruns only those faults and keeps the rest. */
async function previousRuns(path: string): Promise<MutationRun[]> {
  try {
    const old = JSON.parse(await readFile(path, 'utf8')) as { faults: (MutationRun & { id: string })[] };
    return old.faults.map((f) => ({
      fault: f.id,
      exitCode: f.exitCode,
      seconds: f.seconds,
      failedRequirements: f.failedRequirements,
      ...(f.reason ? { reason: f.reason } : {}),
    }));
  } catch {
    return [];
  }
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

const command: Command = {
  summary:
    'run every suite against the reference bank once per deliberate fault and once clean; write reports/mutation.{md,json} (--parallel N, --fault ID…, --seed S, --budget S, --out DIR)',
  async run(argv) {
    const args = parseArgs(argv, { values: ['parallel', 'fault', 'seed', 'budget', 'out'] });
    const parallel = positive(flag(args, 'parallel'), 'parallel', 2);
    const budgetSeconds = positive(flag(args, 'budget'), 'budget', 300);
    const out = flag(args, 'out') ?? 'reports';
    const seed =
      flag(args, 'seed') !== undefined
        ? positive(flag(args, 'seed'), 'seed', 0)
        : loadConfig({ env: { ...process.env, BASE_URL: '' } }).seed;
    const only = args.flags.get('fault') ?? [];
    const unknown = only.filter((id) => !FAULTS.some((f) => f.id === id));
    if (unknown.length) throw new UserError(`unknown fault(s): ${unknown.join(', ')} (see serve --list-faults)`);
    const specs = FAULTS.map(faultSpec);
    const chosen = only.length ? specs.filter((f) => only.includes(f.id)) : specs;

    const started = performance.now();
    let done = 0;
    const jobs: (string | undefined)[] = [undefined, ...chosen.map((f) => f.id)];
    const runs = await pool(jobs, parallel, async (fault) => {
      const strict = specs.find((f) => f.id === fault)?.strict;
      const run = await runOnce(fault, { seed, budgetSeconds, ...(strict ? { extraArgs: ['--strict'] } : {}) });
      done++;
      const verdict = fault
        ? run.exitCode === 1
          ? 'detected'
          : 'MISSED'
        : run.exitCode === 0
          ? 'clean: passed'
          : 'clean: FAILED';
      console.error(
        `[${done}/${jobs.length}] ${fault ?? '(clean bank)'}: ${verdict} (exit ${run.exitCode}, ${run.seconds} s)${run.reason ? ` ${run.reason}` : ''}`,
      );
      return run;
    });
    const [clean, ...faultRuns] = runs as [MutationRun, ...MutationRun[]];
    const kept = only.length
      ? (await previousRuns(`${out}/mutation.json`)).filter((r) => !only.includes(r.fault ?? ''))
      : [];
    const report = scoreMutation(specs, [...kept, ...faultRuns], clean, seed);
    await mkdir(out, { recursive: true });
    await writeFile(`${out}/mutation.json`, `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(`${out}/mutation.md`, renderMutationMarkdown(report));
    console.log(
      `${scoreLine(report)} (${((performance.now() - started) / 1000).toFixed(0)} s; ${out}/mutation.md, ${out}/mutation.json)`,
    );
    return mutationPassed(report) ? 0 : 1;
  },
};

export default command;
