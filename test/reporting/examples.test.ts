import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

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
  needs?: string;
  if?: string;
  strategy?: { matrix: { shard: number[] } };
  env?: Record<string, string>;
  steps: Step[];
};

const read = (file: string): string => readFileSync(join(ROOT, 'examples', file), 'utf8');
/** The flags each command declares (cli/commands/<name>.ts): an example may only use those. */
const declared = (command: string): string => readFileSync(join(ROOT, 'cli', 'commands', `${command}.ts`), 'utf8');
const flagsOf = (line: string): string[] => [...line.matchAll(/\s--([a-z-]+)/g)].map((m) => m[1] as string);

function usesOnlyDeclaredFlags(line: string): void {
  const command = /psd2-conformance (run|report)\b/.exec(line)?.[1];
  expect(command, line).toBeDefined();
  for (const flag of flagsOf(line))
    expect(declared(command as string), `--${flag} in "${line}"`).toContain(`'${flag}'`);
}

describe('examples/github-actions.yml', () => {
  const doc = parse(read('github-actions.yml')) as { jobs: Record<string, Job> };
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

  it('never pastes a secret into a script (it would reach the log on a quoting error)', () => {
    for (const job of [conformance, report]) for (const r of runs(job)) expect(r).not.toContain('secrets.');
  });

  it('merges the 4 shards into one report even when a shard failed, and publishes the HTML as an artifact', () => {
    expect(report.needs).toBe('conformance');
    expect(report.if).toBe('always()');
    const upload = conformance.steps.find((s) => s.uses?.startsWith('actions/upload-artifact')) as Step;
    expect(upload.if).toBe('always()');
    expect(upload.with?.name).toBe('shard-${{ matrix.shard }}');
    const download = report.steps.find((s) => s.uses?.startsWith('actions/download-artifact')) as Step;
    expect(download.with?.path).toBe('reports/shards');
    const merge = runs(report).find((r) => r.includes('psd2-conformance report')) as string;
    expect(merge).toContain('reports/shards/shard-* --out reports');
    usesOnlyDeclaredFlags(merge);
    const publish = report.steps.filter((s) => s.uses?.startsWith('actions/upload-artifact')).at(-1) as Step;
    expect(publish.if).toBe('always()');
    expect(String(publish.with?.path)).toContain('reports/html');
  });

  it('gates on the exit code: no step swallows it', () => {
    for (const job of [conformance, report])
      for (const s of job.steps) expect(s['continue-on-error'], s.name).toBeUndefined();
    for (const r of [...runs(conformance), ...runs(report)]) expect(r).not.toMatch(/\|\|\s*true/);
  });
});

describe('examples/gitlab-ci.yml', () => {
  const doc = parse(read('gitlab-ci.yml')) as Record<
    string,
    {
      variables: Record<string, string>;
      script: string[];
      artifacts: { when: string; paths: string[]; reports: { junit: string } };
      allow_failure?: unknown;
    }
  >;
  const job = doc['psd2-conformance'];

  it('runs the suite against BASE_URL with the certificate and key from File variables, gating on the exit code', () => {
    expect(job).toBeDefined();
    expect(job?.variables).toMatchObject({ SIGNING_CERT_PATH: '$SIGNING_CERT', SIGNING_KEY_PATH: '$SIGNING_KEY' });
    const run = job?.script.find((l) => l.includes('psd2-conformance run')) as string;
    usesOnlyDeclaredFlags(run);
    expect(job?.allow_failure).toBeUndefined();
    expect(job?.script.join('\n')).not.toMatch(/\|\|\s*true/);
  });

  it('keeps the HTML report, summary and JUnit as artifacts even when the job fails', () => {
    expect(job?.artifacts.when).toBe('always');
    expect(job?.artifacts.paths).toContain('reports/html/');
    expect(job?.artifacts.reports.junit).toBe('reports/junit.xml');
  });
});
