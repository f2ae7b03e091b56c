import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testPki } from '../../signing/index.js';
import { cli, ROOT } from '../support/cli.js';
import { EIGHT_HEADER_RULES } from '../support/tpp-request.js';
import { hangGuard } from '../support/bounds.js';

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
    const timer = setTimeout(() => reject(new Error(`no "listening on" from ${args[0]}: ${out}`)), hangGuard(30_000));
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

/** An SCT request with only Content-Type and PSU-ID: eight MUST rules of the TPP's side broken, no signature. */
const malformedSct = (url: string) =>
  fetch(`${url}/v1/payments/sepa-credit-transfers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001' },
    body: JSON.stringify({
      instructedAmount: { amount: '12.00', currency: 'EUR' },
      creditorName: 'Max Mustermann GmbH',
      creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
      debtorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
    }),
  });

interface Session {
  serve?: string[];
  sign?: boolean;
  html?: boolean;
  /** `--report NAMES`, as `run --report`. */
  report?: string;
  send?: (url: string) => Promise<Response>;
}

async function proxied({ serve = [], sign = true, html = false, report, send = unsigned }: Session = {}) {
  const bank = await start(['serve', '--port', '0', ...serve]);
  const reports = mkdtempSync(join(tmpdir(), 'proxy-reports-'));
  const proxy = await start([
    'proxy',
    '--target',
    bank.url,
    ...(sign ? ['--sign'] : []),
    '--port',
    '0',
    '--reports',
    reports,
    ...(html ? [] : ['--no-html']),
    ...(report ? ['--report', report] : []),
  ]);
  const response = await send(proxy.url);
  const text = await response.text();
  proxy.child.kill('SIGINT');
  const code = await proxy.exited;
  bank.child.kill('SIGTERM');
  return { status: response.status, text, code, output: proxy.output(), reports };
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

interface PartySummary {
  verdict: string;
  failedRequirements: string[];
}
interface Summary {
  target: { description: string };
  exchanges: { total: number };
  parties: { tpp: PartySummary; bank: PartySummary };
  exitCode: number;
}

describe('psd2-conformance proxy --sign in front of serve', () => {
  it('lets an unsigned request create a payment (201), prints ✓ and exits 0 on Ctrl-C with the reports', async () => {
    const run = await proxied();
    expect(run.status).toBe(201);
    expect(run.text).toContain('"transactionStatus":"RCVD"');
    expect(run.output).toMatch(/\n✓ POST \/v1\/payments\/norwegian-cross-border-credit-transfers 201 \(\d+ ms\)\n/);
    // The console reporter's closing summary, as a run's: the exchanges seen, then each party's verdict apart.
    expect(run.output).toMatch(/\npsd2-conformance: 2 tests against http:\/\/\S+ as seen through .* \(1 exchange, /);
    expect(run.output).toMatch(
      new RegExp(
        /\n2 passed, 0 failed, 0 skipped — target: http:\/\/\S+ as seen through psd2-conformance proxy\n/.source +
          'your requests: CONFORMANT: 1 request judged, none broke a MUST rule\n' +
          'the bank: CONFORMANT: 1 answer judged, none broke a MUST rule\n',
      ),
    );
    expect(run.code).toBe(0);
    expect(readJson<Summary>(join(run.reports, 'summary.json'))).toMatchObject({
      exchanges: { total: 1 },
      parties: { tpp: { verdict: 'CONFORMANT' }, bank: { verdict: 'CONFORMANT' } },
      exitCode: 0,
    });
  });

  it(
    'in front of serve --fault status-outside-enum names ' +
      "PaymentResponse.transactionStatus.enum as the bank's, in its line and reports",
    async () => {
      const run = await proxied({ serve: ['--fault', 'status-outside-enum'] });
      expect(run.status).toBe(201);
      expect(run.output).toMatch(
        new RegExp(
          /\n✗ POST \/v1\/payments\/norwegian-cross-border-credit-transfers 201 \(\d+ ms\) {2}your request: ✓ · /
            .source + /the bank: MUST PaymentResponse\.transactionStatus\.enum\n/.source,
        ),
      );
      expect(run.code).toBe(1);
      const summary = readJson<Summary>(join(run.reports, 'summary.json'));
      expect(summary.parties.bank.failedRequirements).toEqual(['PaymentResponse.transactionStatus.enum']);
      expect(summary.parties.tpp).toMatchObject({ verdict: 'CONFORMANT', failedRequirements: [] });
      expect(summary.target.description).toMatch(/^http:\/\/127\.0\.0\.1:\d+ as seen through psd2-conformance proxy$/);
      const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
      expect(junit).toMatch(
        /<testcase classname="the bank" name="#1 POST \/v1\/payments\/norwegian-cross-border-credit-transfers at /,
      );
      expect(junit).toContain('message="the bank: MUST PaymentResponse.transactionStatus.enum"');
      const dir = join(run.reports, 'allure-results');
      const results = readdirSync(dir)
        .filter((f) => f.endsWith('-result.json'))
        .map((f) => readJson<{ status: string; labels: { name: string; value: string }[] }>(join(dir, f)));
      const epic = (r: (typeof results)[number]) => r.labels.find((l) => l.name === 'epic')?.value;
      expect(results.map((r) => [epic(r), r.status]).sort()).toEqual([
        ['The bank', 'failed'],
        ['Your requests', 'passed'],
      ]);
      const bank = results.find((r) => epic(r) === 'The bank');
      expect(bank?.labels).toContainEqual({ name: 'story', value: 'PaymentResponse.transactionStatus.enum' });
    },
  );

  it('--report junit writes only junit.xml, with both parties; the console still gives both verdicts', async () => {
    const run = await proxied({ serve: ['--fault', 'status-outside-enum'], report: 'junit' });
    expect(run.code).toBe(1);
    expect(readdirSync(run.reports)).toEqual(['junit.xml']);
    const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuite name="your requests" tests="1" failures="0" /);
    expect(junit).toMatch(/<testsuite name="the bank" tests="1" failures="1" /);
    expect(run.output).toMatch(/\nthe bank: NOT CONFORMANT: 1 of 1 answer broke a MUST rule: PaymentResponse\.transa/);
  });

  it('an unknown --report is the message `run` gives, exit 2, before the proxy listens', async () => {
    const [proxy, run] = await Promise.all([
      cli(['proxy', '--target', 'http://127.0.0.1:9', '--port', '0', '--report', 'junit,htlm']),
      cli(['run', '--report', 'junit,htlm']),
    ]);
    expect(proxy.code).toBe(2);
    expect(proxy.stdout).not.toContain('listening');
    const [said] = proxy.stderr.trim().split('\n');
    expect(said).toMatch(/^psd2-conformance proxy: unknown --report htlm: the reporters are allure, coverage, /);
    expect(said?.replace('proxy:', 'run:')).toBe(run.stderr.trim());
  });

  it('never prints or reports X-PSU-IDENTITY or the signing key', async () => {
    const run = await proxied();
    const key = (await testPki()).privateKeyPem.split('\n')[1] as string;
    const everything = `${run.output}\n${allText(run.reports)}`;
    expect(everything).toContain('*********45');
    expect(everything).not.toContain(NATIONAL_ID);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain('PRIVATE KEY');
  });
});

describe('psd2-conformance proxy judges two parties', () => {
  it(
    'an unsigned request missing headers, refused by the clean bank: the bank CONFORMANT, your requests ' +
      'NOT CONFORMANT naming the eight rules, in the console, summary.json, junit.xml, parties.md and the HTML',
    async () => {
      const run = await proxied({ sign: false, html: true, send: malformedSct });
      expect(run.status).toBe(400);
      expect(run.code).toBe(1);
      expect(run.output).toContain(
        `your requests: NOT CONFORMANT: 1 of 1 request broke a MUST rule: ${EIGHT_HEADER_RULES.join(', ')}\n` +
          'the bank: CONFORMANT: 1 answer judged, none broke a MUST rule\n',
      );
      expect(run.output).toMatch(/ · the bank: ✓\n/);

      const summary = readJson<Summary>(join(run.reports, 'summary.json'));
      expect(summary.parties.bank).toMatchObject({ verdict: 'CONFORMANT', failedRequirements: [] });
      expect(summary.parties.tpp).toMatchObject({ verdict: 'NOT CONFORMANT', failedRequirements: EIGHT_HEADER_RULES });

      const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
      expect(junit).toMatch(/<testsuite name="your requests" tests="1" failures="1" /);
      expect(junit).toMatch(/<testsuite name="the bank" tests="1" failures="0" /);

      const markdown = readFileSync(join(run.reports, 'parties.md'), 'utf8');
      expect(markdown).toContain('\n## Your requests: NOT CONFORMANT\n');
      expect(markdown).toContain('\n## The bank: CONFORMANT\n');
      for (const id of EIGHT_HEADER_RULES) expect(markdown).toContain(`| \`${id}\` | MUST | 1 |`);

      const html = readFileSync(join(run.reports, 'html', 'index.html'), 'utf8');
      expect(html).toContain('data-party="tpp" data-verdict="not conformant"');
      expect(html).toContain('data-party="bank" data-verdict="conformant"');
      expect(`${run.output}${html}${markdown}${JSON.stringify(summary)}`).not.toMatch(/\bseed\b/i);
    },
    hangGuard(120_000),
  );
});
