import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testPki } from '../../signing/index.js';
import { ROOT } from '../support/cli.js';

/**
 * `psd2-conformance proxy --sign` in front of `psd2-conformance serve`, as a TPP runs them: a plain curl-like
 * request without any signature creates a payment, and a response fault of the bank is named by its requirement
 * id in the proxy's line and in the reports written on Ctrl-C. No secret reaches either.
 */

const BIN = join(ROOT, 'bin', 'psd2-conformance.mjs');
const NATIONAL_ID = '01017012345';
const running: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** A long-running command, once it printed `listening on <url>`. */
function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" from ${args[0]}: ${out}`)), 30_000);
    child.stdout?.on('data', () => {
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ child, url, output: () => out, exited });
    });
    void exited.then(() => reject(new Error(`${args[0]} exited: ${out}`)));
  });
}

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

const body = JSON.stringify({
  instructedAmount: { amount: '1250.00', currency: 'NOK' },
  creditorName: 'Max Mustermann GmbH',
  creditorAgent: 'DEUTDEFF',
  creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
  debtorAccount: { bban: '90412263056', currency: 'NOK' },
});

/** What `curl -X POST … -H …` sends: the interface's headers, no Date, Digest or Signature. */
const unsigned = (url: string) =>
  fetch(`${url}/v1/payments/norwegian-cross-border-credit-transfers`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001',
      'X-PSU-IDENTITY': NATIONAL_ID,
      'PSU-IP-Address': '192.0.2.10',
      'TPP-Session-ID': '0b6a2c1e-0000-4000-8000-000000000001',
      'TPP-Redirect-URI': 'https://tpp.example/callback',
      'x-accept-fix': 'amount-as-string',
    },
    body,
  });

/** Every file the reports folder holds, as text. */
const allText = (dir: string): string =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');

async function proxied(serveArgs: string[]) {
  const bank = await start(['serve', '--port', '0', ...serveArgs]);
  const reports = mkdtempSync(join(tmpdir(), 'proxy-reports-'));
  const proxy = await start([
    'proxy',
    '--target',
    bank.url,
    '--sign',
    '--port',
    '0',
    '--reports',
    reports,
    '--no-html',
  ]);
  const response = await unsigned(proxy.url);
  const text = await response.text();
  proxy.child.kill('SIGINT');
  const code = await proxy.exited;
  bank.child.kill('SIGTERM');
  return { status: response.status, text, code, output: proxy.output(), reports };
}

describe('psd2-conformance proxy --sign in front of serve', () => {
  it('lets an unsigned request create a payment (201), prints ✓ and exits 0 on Ctrl-C with the reports', async () => {
    const run = await proxied([]);
    expect(run.status).toBe(201);
    expect(run.text).toContain('"transactionStatus":"RCVD"');
    expect(run.output).toMatch(/\n✓ POST \/v1\/payments\/norwegian-cross-border-credit-transfers 201 \(\d+ ms\)\n/);
    expect(run.output).toContain(`1 exchange: 1 conform, 0 do not; reports in ${run.reports}`);
    expect(run.code).toBe(0);
    const summary = JSON.parse(readFileSync(join(run.reports, 'summary.json'), 'utf8')) as Record<string, unknown>;
    expect(summary).toMatchObject({ total: 1, passed: 1, failed: 0, exitCode: 0, proxy: { exchanges: 1 } });
  }, 60_000);

  it(
    'in front of serve --fault status-outside-enum names ' +
      'PaymentResponse.transactionStatus.enum in its line and reports',
    async () => {
      const run = await proxied(['--fault', 'status-outside-enum']);
      expect(run.status).toBe(201);
      expect(run.output).toMatch(
        new RegExp(
          /\n✗ POST \/v1\/payments\/norwegian-cross-border-credit-transfers 201 \(\d+ ms\) {2}response MUST/.source +
            / PaymentResponse\.transactionStatus\.enum\n/.source,
        ),
      );
      expect(run.code).toBe(1);
      const summary = JSON.parse(readFileSync(join(run.reports, 'summary.json'), 'utf8')) as {
        failedRequirements: string[];
        target: { description: string };
      };
      expect(summary.failedRequirements).toEqual(['PaymentResponse.transactionStatus.enum']);
      expect(summary.target.description).toMatch(/^http:\/\/127\.0\.0\.1:\d+ as seen through psd2-conformance proxy$/);
      const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
      expect(junit).toMatch(
        /<testcase classname="proxy" name="#1 POST \/v1\/payments\/norwegian-cross-border-credit-transfers at [^"]+"/,
      );
      expect(junit).toContain('response MUST PaymentResponse.transactionStatus.enum');
      const results = readdirSync(join(run.reports, 'allure-results')).filter((f) => f.endsWith('-result.json'));
      const result = JSON.parse(readFileSync(join(run.reports, 'allure-results', results[0] as string), 'utf8')) as {
        status: string;
        labels: { name: string; value: string }[];
      };
      expect(result.status).toBe('failed');
      expect(result.labels).toContainEqual({ name: 'story', value: 'PaymentResponse.transactionStatus.enum' });
    },
    60_000,
  );

  it('never prints or reports X-PSU-IDENTITY or the signing key', async () => {
    const run = await proxied([]);
    const key = (await testPki()).privateKeyPem.split('\n')[1] as string;
    const everything = `${run.output}\n${allText(run.reports)}`;
    expect(everything).toContain('*********45');
    expect(everything).not.toContain(NATIONAL_ID);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain('PRIVATE KEY');
  }, 60_000);
});
