import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../../bank/index.js';
import { hangGuard } from '../support/bounds.js';

/** `psd2-conformance serve` as a developer runs it (issue 5 › Standalone; Acceptance). */
const bin = new URL('../../bin/psd2-conformance.mjs', import.meta.url).pathname;
const cwd = mkdtempSync(join(tmpdir(), 'psd2-serve-cli-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
// vitest sets BASE_URL=/ (Vite's base); the CLI gets only what node needs, and its own key cache.
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, SIGNING_KEY_CACHE_DIR: join(cwd, '.keys') };

interface Served {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once the output so far (stdout or stderr) holds `pattern`; rejects if the process ends first. */
  printed: (stream: 'stdout' | 'stderr', pattern: RegExp) => Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `serve` and waits for the line with its base URL: for the line itself, however long a busy machine takes to
 * print it (the test's timeout is the hang guard), or for the process to end without it.
 */
async function serve(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', ...args], { cwd, env });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (d) => (output.stdout += String(d)));
  child.stderr?.on('data', (d) => (output.stderr += String(d)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const printed = (stream: 'stdout' | 'stderr', pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const look = () => {
        if (!pattern.test(output[stream])) return;
        child[stream]?.off('data', look);
        resolve();
      };
      child[stream]?.on('data', look);
      look();
      void exit.then(() => reject(new Error(`serve ended before ${pattern}: ${output.stdout} ${output.stderr}`)));
    });
  await printed('stdout', /listening on (http:\/\/\S+)/);
  const url = (/listening on (http:\/\/\S+)/.exec(output.stdout) as RegExpExecArray)[1] as string;
  return { child, url, stdout: () => output.stdout, stderr: () => output.stderr, printed, exit };
}

/** Sends `signal` and waits for the exit; a process still there after the hang guard is killed (code null). */
async function stop(s: Served, signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  s.child.kill(signal);
  const timer = setTimeout(() => s.child.kill('SIGKILL'), hangGuard(10_000));
  const { code } = await s.exit;
  clearTimeout(timer);
  return { code, ms: Date.now() - started };
}

describe('psd2-conformance serve', () => {
  it('prints its base URL, logs one line per request with --verbose, and exits 0 promptly on SIGTERM', async () => {
    const s = await serve(['--verbose']);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await request(`${s.url}/v1/signing-baskets/x`);
    expect(res.statusCode).toBe(401);
    await res.body.dump();
    await request(`${s.url}/nowhere`).then((r) => r.body.dump());
    // The log line of the last request, however long a busy machine takes to pass it through the pipe.
    await s.printed('stdout', /GET \/nowhere → 404/);
    const lines = s.stdout().trim().split('\n');
    expect(lines.slice(1).map((l) => l.replace(/\(.*\)$/, ''))).toEqual([
      'GET /v1/signing-baskets/x → 401 ',
      'GET /nowhere → 404 ',
    ]);
    const { code, ms } = await stop(s, 'SIGTERM');
    expect([code, ms < hangGuard(5000)]).toEqual([0, true]);
  });

  it('exits 0 on SIGINT too, even with a keep-alive connection open', async () => {
    const s = await serve([]);
    const res = await request(`${s.url}/v1/signing-baskets/x`);
    await res.body.dump();
    const { code, ms } = await stop(s, 'SIGINT');
    expect([code, ms < hangGuard(5000)]).toEqual([0, true]);
  });

  it('--allow-unsigned is announced loudly on stderr and lets an unsigned request through', async () => {
    const s = await serve(['--allow-unsigned']);
    // stderr is its own pipe: written before the listening line, it may still arrive after it.
    await s.printed('stderr', /WARNING/);
    expect(s.stderr()).toContain('WARNING: --allow-unsigned');
    const res = await request(`${s.url}/v1/sandbox/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'curl-1' },
      body: '{"customerNumber":"12345678901","name":"Kari","type":"private"}',
    });
    expect(res.statusCode).toBe(201);
    await res.body.dump();
    expect((await stop(s, 'SIGTERM')).code).toBe(0);
  });

  it('--list-faults lists every fault (at least 40), one line each with its requirement ids', () => {
    const result = spawnSync(process.execPath, [bin, 'serve', '--list-faults'], { cwd, env, encoding: 'utf8' });
    const lines = result.stdout.trim().split('\n');
    expect(result.status).toBe(0);
    expect(lines.length).toBe(FAULTS.length);
    expect(lines.length).toBeGreaterThanOrEqual(40);
    expect(lines.find((l) => l.startsWith('slow-payments '))).toMatch(/transport .* \[Payment\.create\.201\]$/);
    expect(lines.every((l) => /^[a-z0-9-]+ +[a-z]+ +.+ \[[\w.,\s-]+\]$/.test(l))).toBe(true);
  });

  it('an unknown fault or a bad port is a one-line error, exit 2', () => {
    for (const args of [
      ['--fault', 'nope'],
      ['--port', 'eighty'],
    ]) {
      const result = spawnSync(process.execPath, [bin, 'serve', ...args], { cwd, env, encoding: 'utf8' });
      expect([result.status, result.stderr.trim().split('\n').length]).toEqual([2, 1]);
    }
  });

  it(
    "acceptance: a request signed with 'sign' gets 201; the same " +
      'headers with an altered body a 4xx naming the digest',
    async () => {
      const s = await serve([]);
      try {
        const body =
          '{"instructedAmount":{"amount":"1250.00","currency":"NOK"},"creditorName":"Max Mustermann GmbH",' +
          '"creditorAgent":"DEUTDEFF","creditorAccount":{"iban":"DE89370400440532013000","currency":"EUR"},' +
          '"debtorAccount":{"bban":"90412263056","currency":"NOK"},"remittanceInformationUnstructured":"Faktura 1"}';
        writeFileSync(join(cwd, 'b.json'), body);
        const url = `${s.url}/v1/payments/norwegian-cross-border-credit-transfers`;
        const headers = [
          'PSU-ID: 2d3e4f50-0000-4000-8000-000000000001',
          'PSU-IP-Address: 192.0.2.10',
          'TPP-Session-ID: 0b6a2c1e-0000-4000-8000-000000000001',
          'TPP-Redirect-URI: https://tpp.example/callback',
          'x-accept-fix: amount-as-string',
          'Content-Type: application/json',
        ];
        const signed = spawnSync(
          process.execPath,
          [
            bin,
            'sign',
            '--method',
            'POST',
            '--url',
            url,
            '--body',
            'b.json',
            ...headers.flatMap((h) => ['--header', h]),
          ],
          { cwd, env, encoding: 'utf8' },
        );
        expect(signed.status, signed.stderr).toBe(0);
        const sent = JSON.parse(signed.stdout) as Record<string, string>;
        const ok = await request(url, { method: 'POST', headers: sent, body });
        expect(ok.statusCode).toBe(201);
        await ok.body.dump();
        const altered = await request(url, { method: 'POST', headers: sent, body: body.replace('1250.00', '9250.00') });
        const error = (await altered.body.json()) as { message: string };
        expect(altered.statusCode).toBe(401);
        expect(error.message).toMatch(/^digest-mismatch: Digest SHA-256 does not match the body/);
      } finally {
        await stop(s, 'SIGTERM');
      }
    },
  );
});
