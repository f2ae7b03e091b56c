import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/psd2-conformance.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

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
export function runCli(args: string[], env: Record<string, string> = {}, timeoutMs = 170_000): Promise<CliRun> {
  const reports = mkdtempSync(join(tmpdir(), 'psd2-run-'));
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'run', '--no-html', '--reports', reports, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      let summary: CliRun['summary'];
      try {
        summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8'));
      } catch {
        summary = undefined;
      }
      resolve({ code, stdout, stderr, seconds: (Date.now() - started) / 1000, reports, ...(summary ? { summary } : {}) });
    });
  });
}
