import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { leafCommands } from '../../cli/program.js';
import { ROOT } from '../support/cli.js';

/**
 * The fleet's CI examples: a job that computes the matrix with `fleet matrix`, a job per bank that runs its bank and
 * keeps its folder, and one job that merges every folder with `fleet report`. Each is valid YAML, and every
 * psd2-conformance command line in it uses only options its command declares.
 */

const read = (file: string): string => readFileSync(join(ROOT, 'examples', file), 'utf8');

type Step = { uses?: string; run?: string; id?: string; if?: string; with?: Record<string, unknown> };
type GithubJob = {
  needs?: string | string[];
  if?: string;
  outputs?: Record<string, string>;
  strategy?: { 'fail-fast'?: boolean; matrix: unknown };
  steps: Step[];
};
type GitlabJob = {
  stage?: string;
  extends?: string;
  when?: string;
  needs?: string[];
  script?: string[];
  trigger?: { include: { artifact: string; job: string }[]; strategy?: string };
  parallel?: { matrix: { BANK: string[] }[] };
  artifacts?: { when?: string; paths?: string[]; reports?: { junit?: string } };
};

const commands = await leafCommands();
/** Every psd2-conformance command line of a text, each checked against the options its command declares. */
function checkCommandLines(text: string): string[] {
  const lines = [...text.matchAll(/npx psd2-conformance ([^\n|>]+)/g)].map((m) => (m[1] as string).trim());
  for (const line of lines) {
    const command = commands.find((c) => line.startsWith(`${c.path} `));
    expect(command, line).toBeDefined();
    const declared = command?.command.options.map((o) => o.long) ?? [];
    for (const flag of line.matchAll(/\s(--[a-z-]+)/g)) expect(declared, `${flag[1]} in "${line}"`).toContain(flag[1]);
  }
  return lines;
}

describe('examples/github-actions-fleet.yml', () => {
  const text = read('github-actions-fleet.yml');
  const { jobs } = parse(text) as { jobs: Record<string, GithubJob> };
  const runs = (job: GithubJob | undefined) => (job?.steps ?? []).map((s) => s.run ?? '').filter(Boolean);

  it('computes the matrix with fleet matrix, as the plan job’s output', () => {
    const step = jobs.plan?.steps.find((s) => s.run?.includes('fleet matrix'));
    expect(step?.run).toBe(
      'matrix=$(npx psd2-conformance fleet matrix fleet.yaml)\necho "matrix=$matrix" >> "$GITHUB_OUTPUT"\n',
    );
    expect(jobs.plan?.outputs?.matrix).toBe(`\${{ steps.${step?.id}.outputs.matrix }}`);
  });

  it('runs one job per bank of that matrix, every bank whatever another’s verdict, keeping its folder', () => {
    expect(jobs.bank?.needs).toBe('plan');
    expect(jobs.bank?.strategy?.matrix).toBe('${{ fromJSON(needs.plan.outputs.matrix) }}');
    expect(jobs.bank?.strategy?.['fail-fast']).toBe(false);
    expect(runs(jobs.bank)).toContain(
      'npx psd2-conformance fleet run fleet.yaml --bank ${{ matrix.bank }} --no-html --reports reports/fleet',
    );
    const upload = jobs.bank?.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
    expect(upload?.if).toBe('always()');
    expect(String(upload?.with?.path)).toContain('reports/fleet/${{ matrix.bank }}\n');
  });

  it('merges every bank’s folder in one job that runs after all of them and gates on fleet report', () => {
    expect(jobs.report?.needs).toBe('bank');
    expect(jobs.report?.if).toContain('always()');
    const download = jobs.report?.steps.find((s) => s.uses?.startsWith('actions/download-artifact'));
    expect(download?.with).toEqual({ pattern: 'fleet-*', 'merge-multiple': true, path: 'reports/fleet' });
    expect(runs(jobs.report)).toContain(
      'npx psd2-conformance fleet report reports/fleet --targets fleet.yaml --reports reports/fleet',
    );
  });

  it('uses only options the fleet commands declare', () => {
    expect(checkCommandLines(text)).toHaveLength(3);
  });
});

describe('examples/gitlab-ci-fleet.yml and its child pipeline', () => {
  const parent = parse(read('gitlab-ci-fleet.yml')) as Record<string, GitlabJob>;
  const plan = parent['fleet-plan'] as GitlabJob;

  it('has a plan job that writes the child pipeline with fleet matrix, and a job that starts it and waits', () => {
    expect(plan.script?.some((l) => l.includes('fleet matrix fleet.yaml --format gitlab'))).toBe(true);
    expect(plan.artifacts?.paths).toEqual(['fleet-pipeline.yml']);
    expect(parent.fleet?.trigger).toEqual({
      include: [{ artifact: 'fleet-pipeline.yml', job: 'fleet-plan' }],
      strategy: 'depend',
    });
  });

  it('the plan job’s script makes a child pipeline: a job per bank of fleet.yaml, then the merge job', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gitlab-fleet-'));
    mkdirSync(join(dir, 'examples'));
    cpSync(join(ROOT, 'examples', 'gitlab-ci-fleet-banks.yml'), join(dir, 'examples', 'gitlab-ci-fleet-banks.yml'));
    writeFileSync(
      join(dir, 'fleet.yaml'),
      'banks:\n  - name: bank-a\n    base_url: https://a.example\n  - name: bank-b\n    base_url: https://b.example\n',
    );
    const bin = `node -- '${join(ROOT, 'bin', 'psd2-conformance.mjs')}'`;
    for (const line of (plan.script ?? []).filter((l) => !l.startsWith('npm ')))
      execFileSync('bash', ['-c', line.replace('npx psd2-conformance', bin)], { cwd: dir, timeout: 60_000 });
    const child = parse(readFileSync(join(dir, 'fleet-pipeline.yml'), 'utf8')) as Record<string, GitlabJob> & {
      stages: string[];
    };
    expect(child['fleet-bank']).toEqual({
      extends: '.fleet-bank',
      parallel: { matrix: [{ BANK: ['bank-a', 'bank-b'] }] },
    });
    const bank = child['.fleet-bank'] as GitlabJob;
    expect(bank.script).toContain(
      'npx psd2-conformance fleet run fleet.yaml --bank "$BANK" --no-html --reports reports/fleet',
    );
    expect(bank.artifacts?.when).toBe('always');
    const merge = child['fleet-report'] as GitlabJob;
    expect(child.stages.indexOf(merge.stage ?? '')).toBeGreaterThan(child.stages.indexOf(bank.stage ?? ''));
    expect(merge.when).toBe('always');
    expect(merge.script).toContain(
      'npx psd2-conformance fleet report reports/fleet --targets fleet.yaml --reports reports/fleet',
    );
    expect(merge.artifacts?.reports?.junit).toBe('reports/fleet/fleet-junit.xml');
  });

  it('uses only options the fleet commands declare', () => {
    expect(checkCommandLines(read('gitlab-ci-fleet.yml') + read('gitlab-ci-fleet-banks.yml'))).toHaveLength(3);
  });
});
