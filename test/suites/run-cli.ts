import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hangGuard } from '../support/bounds.js';
import { cli } from '../support/cli.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  /** The run's reports directory (summary.json, outcomes.json …). */
  reports: string;
  summary?: { exitCode: number; failedRequirements: string[]; total: number; failed: number };
}

/**
 * Runs `psd2-conformance run` as a user would, in a child process, with a clean environment: vitest sets
 * BASE_URL=/ in its own, which must not leak into the run under test.
 */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = hangGuard(170_000),
): Promise<CliRun> {
  const reports = mkdtempSync(join(tmpdir(), 'psd2-run-'));
  const started = Date.now();
  const { code, stdout, stderr } = await cli(['run', '--no-html', '--reports', reports, ...args], env, timeoutMs);
  let summary: CliRun['summary'];
  try {
    summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8'));
  } catch {
    summary = undefined;
  }
  return { code, stdout, stderr, seconds: (Date.now() - started) / 1000, reports, ...(summary ? { summary } : {}) };
}
