import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { allCommands } from '../../cli/program.js';
import { startBank } from '../../bank/index.js';
import { cli, ROOT } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

/** A line of an example as the CI runner's bash runs it, in `cwd`, with this checkout's CLI standing in for npx. */
function bash(line: string, cwd: string, env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const command = line.replace('npx psd2-conformance', `node -- '${join(ROOT, 'bin', 'psd2-conformance.mjs')}'`);
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', command],
      { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: hangGuard(170_000) },
      (err, _stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

type Step = {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'continue-on-error'?: unknown;
};
type Job = {
  needs?: string | string[];
  if?: string;
  strategy?: { matrix: { shard: number[] } };
  env?: Record<string, string>;
  steps: Step[];
};

const read = (file: string): string => readFileSync(join(ROOT, 'examples', file), 'utf8');
/** The flags each command declares (cli/commands/<name>.ts): an example may only use those. */
const commands = await allCommands();
const declared = (command: string): string[] =>
  commands.find((c) => c.name() === command)?.options.map((o) => o.long ?? '') ?? [];
const flagsOf = (line: string): string[] => [...line.matchAll(/\s--([a-z-]+)/g)].map((m) => m[1] as string);

/**
 * The example's command as CI would run it with the bank's URL missing: `env` is what the job's environment
 * then holds (GitHub expands a missing secret to an empty string; GitLab leaves the variable unset).
 */
async function withoutTheBank(line: string, env: Record<string, string>) {
  const args = line
    .replace(/^.*?npx psd2-conformance /, '')
    .replaceAll('${{ matrix.shard }}', '1')
    .split(/\s+/);
  return cli(args, env, hangGuard(60_000));
}

const NO_BANK =
  'psd2-conformance run: --profile sandbox judges the bank at BASE_URL, which is %s: set BASE_URL ' +
  "to the bank's URL, or pass --profile embedded to judge the embedded reference bank";

function usesOnlyDeclaredFlags(line: string): void {
  const command = /psd2-conformance (run|report)\b/.exec(line)?.[1];
  expect(command, line).toBeDefined();
  for (const flag of flagsOf(line))
    expect(declared(command as string), `--${flag} in "${line}"`).toContain(`--${flag}`);
}

describe('examples/github-actions.yml', () => {
  const doc = parse(read('github-actions.yml')) as { on: Record<string, unknown>; jobs: Record<string, Job> };
  const { conformance, report } = doc.jobs as { conformance: Job; report: Job };
  const runs = (job: Job) => job.steps.map((s) => s.run ?? '').filter(Boolean);

  it('runs the suite on 4 shards against BASE_URL from a secret, with the certificate and key from secrets', () => {
    expect(conformance.strategy?.matrix.shard).toEqual([1, 2, 3, 4]);
    expect(conformance.env?.BASE_URL).toBe('${{ secrets.PSD2_BASE_URL }}');
    const run = runs(conformance).find((r) => r.includes('psd2-conformance run')) as string;
    expect(run).toContain('--shard ${{ matrix.shard }}/4');
    usesOnlyDeclaredFlags(run);
    const write = conformance.steps.find((s) => s.run?.includes('SIGNING_KEY_PATH')) as Step;
    expect(write.env).toEqual({ CERT: '${{ secrets.PSD2_SIGNING_CERT }}', KEY: '${{ secrets.PSD2_SIGNING_KEY }}' });
    expect(write.run).toContain('umask 077');
  });

  it('judges the bank only after a deployment succeeded (or when started by hand)', () => {
    expect(Object.keys(doc.on).sort()).toEqual(['deployment_status', 'workflow_dispatch']);
    expect(conformance.if).toBe(
      "github.event_name == 'workflow_dispatch' || github.event.deployment_status.state == 'success'",
    );
    // The merged report runs after failed shards too, but not when no deployment was judged.
    expect(report.if).toBe("always() && needs.conformance.result != 'skipped'");
  });

  it('names the profile, so that a missing PSD2_BASE_URL secret fails the job with exit 2 and one line', async () => {
    const run = runs(conformance).find((r) => r.includes('psd2-conformance run')) as string;
    expect(run).toContain('--profile sandbox');
    const r = await withoutTheBank(run, { BASE_URL: '' });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      NO_BANK.replace('%s', 'empty (a missing CI secret expands to empty)'),
    ]);
  });

  it('never pastes a secret into a script (it would reach the log on a quoting error)', () => {
    for (const job of [conformance, report]) for (const r of runs(job)) expect(r).not.toContain('secrets.');
  });

  it('merges the 4 shards into one report even when a shard failed, and publishes the HTML as an artifact', () => {
    expect(report.needs).toBe('conformance');
    expect(report.if).toMatch(/^always\(\)/);
    const upload = conformance.steps.find((s) => s.uses?.startsWith('actions/upload-artifact')) as Step;
    expect(upload.if).toBe('always()');
    expect(upload.with?.name).toBe('shard-${{ matrix.shard }}');
    const download = report.steps.find((s) => s.uses?.startsWith('actions/download-artifact')) as Step;
    expect(download.with?.path).toBe('reports/shards');
    const merge = runs(report).find((r) => r.includes('psd2-conformance report')) as string;
    expect(merge).toContain('reports/shards/shard-* --out reports');
    // Every shard restores the history the report job saves, before it runs: the same durations split them all.
    const restore = conformance.steps.findIndex((s) => s.uses?.startsWith('actions/cache/restore'));
    expect(conformance.steps[restore]?.with?.path).toBe('reports/history.jsonl');
    expect(restore).toBeLessThan(conformance.steps.findIndex((s) => s.run?.includes('psd2-conformance run')));
    expect(runs(conformance).find((r) => r.includes('psd2-conformance run'))).toContain(
      '--reports reports/shard-${{ matrix.shard }}',
    );
    usesOnlyDeclaredFlags(merge);
    const publish = report.steps.filter((s) => s.uses?.startsWith('actions/upload-artifact')).at(-1) as Step;
    expect(publish.if).toBe('always()');
    expect(String(publish.with?.path)).toContain('reports/html');
  });

  it(
    'works end to end: 4 shard jobs, their artifacts downloaded, one merged report; a lost shard fails the merge',
    { timeout: hangGuard(400_000) },
    async () => {
      const bank = await startBank({});
      try {
        const workspace = mkdtempSync(join(tmpdir(), 'psd2-ci-'));
        const run = runs(conformance).find((r) => r.includes('psd2-conformance run')) as string;
        const merge = runs(report).find((r) => r.includes('psd2-conformance report')) as string;
        for (const shard of [1, 2, 3, 4]) {
          // Narrowed to NCBCT to keep this test short; the example's own flags all stay.
          const line = `${run.replaceAll('${{ matrix.shard }}', String(shard))} --operation ncbct.create --num-runs 3`;
          const r = await bash(line, workspace, { BASE_URL: bank.url });
          expect(r.code, r.stderr).toBe(0);
          // upload-artifact of reports/shard-N, download-artifact into reports/shards/shard-N.
          mkdirSync(join(workspace, 'reports', 'shards'), { recursive: true });
          renameSync(join(workspace, `reports/shard-${shard}`), join(workspace, `reports/shards/shard-${shard}`));
        }
        const merged = await bash(merge, workspace, {});
        expect(merged.code, merged.stderr).toBe(0);
        const summary = JSON.parse(readFileSync(join(workspace, 'reports', 'summary.json'), 'utf8')) as {
          total: number;
          shards: { shard: string }[];
        };
        expect(summary.shards.map((s) => s.shard)).toEqual(['1/4', '2/4', '3/4', '4/4']);
        expect(existsSync(join(workspace, 'reports', 'html', 'index.html'))).toBe(true);
        // Each shard wrote its JUnit file into its own folder under the workspace: the merged one holds every test.
        const junit = readFileSync(join(workspace, 'reports', 'junit.xml'), 'utf8');
        expect(junit.match(/<testcase /g)?.length).toBe(summary.total);
        // A shard job that uploaded nothing: the merge fails instead of judging three quarters of the interface.
        rmSync(join(workspace, 'reports', 'shards', 'shard-3'), { recursive: true });
        const lost = await bash(merge, workspace, {});
        expect(lost.code).toBe(2);
        expect(lost.stderr.trim().split('\n')).toEqual([
          'psd2-conformance report: shard 3/4 missing (given: 1/4, 2/4, 4/4): merge all 4 shards of the run, or none',
        ]);
      } finally {
        await bank.close();
      }
    },
  );

  it('gates on the exit code: no step swallows it', () => {
    for (const job of [conformance, report])
      for (const s of job.steps) expect(s['continue-on-error'], s.name).toBeUndefined();
    for (const r of [...runs(conformance), ...runs(report)]) expect(r).not.toMatch(/\|\|\s*true/);
  });
});

describe('examples/gitlab-ci.yml', () => {
  const doc = parse(read('gitlab-ci.yml')) as { stages: string[] } & Record<
    string,
    {
      stage: string;
      needs: string[];
      variables: Record<string, string>;
      script: string[];
      artifacts: { when: string; paths: string[]; reports: { junit: string } };
      allow_failure?: unknown;
    }
  >;
  const job = doc['psd2-conformance'];

  it('runs in a stage after deploy, only once the deployment job succeeded', () => {
    expect(doc.stages.indexOf(job?.stage as string)).toBeGreaterThan(doc.stages.indexOf('deploy'));
    expect(doc.stages.indexOf('deploy')).toBeGreaterThanOrEqual(0);
    expect(job?.needs).toEqual(['deploy-sandbox']);
  });

  it('names the profile, so that a missing BASE_URL variable fails the job with exit 2 and one line', async () => {
    const run = job?.script.find((l) => l.includes('psd2-conformance run')) as string;
    expect(run).toContain('--profile sandbox');
    const r = await withoutTheBank(run, {});
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([NO_BANK.replace('%s', 'not set')]);
  });

  it(
    'runs the suite against BASE_URL with the certificate and key ' + 'from File variables, gating on the exit code',
    () => {
      expect(job).toBeDefined();
      expect(job?.variables).toMatchObject({ SIGNING_CERT_PATH: '$SIGNING_CERT', SIGNING_KEY_PATH: '$SIGNING_KEY' });
      const run = job?.script.find((l) => l.includes('psd2-conformance run')) as string;
      usesOnlyDeclaredFlags(run);
      expect(job?.allow_failure).toBeUndefined();
      expect(job?.script.join('\n')).not.toMatch(/\|\|\s*true/);
    },
  );

  it('keeps the HTML report, summary and JUnit as artifacts even when the job fails', () => {
    expect(job?.artifacts.when).toBe('always');
    expect(job?.artifacts.paths).toContain('reports/html/');
    expect(job?.artifacts.reports.junit).toBe('reports/junit.xml');
  });
});
