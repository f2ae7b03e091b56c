import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hangGuard } from './bounds.js';

const BIN = fileURLToPath(new URL('../../bin/psd2-conformance.mjs', import.meta.url));
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Cli {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `psd2-conformance <args>` in a child process with a clean environment (vitest's own sets BASE_URL=/). */
export function cli(args: string[], env: Record<string, string> = {}, timeoutMs = hangGuard(170_000)): Promise<Cli> {
  return new Promise((resolve) => {
    // `--` as the bin's shebang gives it: Node must not take an old `--env-file` for its own (nodejs/node#54232).
    const child = spawn(process.execPath, ['--', BIN, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        // Where the test keys are cached (signing/key-cache.ts): the same folder as this process's, so tests find them.
        ...(process.env.XDG_CACHE_HOME ? { XDG_CACHE_HOME: process.env.XDG_CACHE_HOME } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
