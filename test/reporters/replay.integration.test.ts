import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../bank/index.js';
import { createClient, toCurl } from '../../client/index.js';
import { loadConfig } from '../../config/index.js';
import { cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

const run = promisify(execFile);
const opened: { close(): Promise<void> | void }[] = [];
afterAll(async () => {
  for (const o of opened) await o.close();
});

interface Result {
  name: string;
  status: string;
  steps: { name: string; attachments: { source: string }[] }[];
}

/**
 * The acceptance criterion as a person would check it: run the suites against a sandbox bank with a
 * payment-body fault, take the failed test's curl command from the report, paste it into bash, and see
 * the faulty answer again.
 */
describe('the replay command of a failed test reproduces the failure', () => {
  it(
    'against a bank with accept-long-creditor-name: bash runs the attached curl and gets the faulty 201 again',
    { timeout: hangGuard(200_000) },
    async () => {
      const bank: RunningBank = await startBank({ faults: ['accept-long-creditor-name'] });
      opened.push({ close: bank.close });
      const reports = mkdtempSync(join(tmpdir(), 'psd2-replay-'));
      const r = await cli(['run', '--grep', 'NCBCT.creditorName.max70', '--no-html', '--reports', reports], {
        BASE_URL: bank.url,
      });
      expect(r.code, r.stderr).toBe(1);
      const dir = join(reports, 'allure-results');
      const failed = readdirSync(dir)
        .filter((f) => f.endsWith('-result.json'))
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Result)
        .find((x) => x.status === 'failed');
      const step = failed?.steps.find((s) => s.name === 'failing replay (curl)');
      expect(step, 'a failing replay (curl) attachment').toBeDefined();
      const script = join(reports, 'replay.sh');
      // Against BASE_URL the bank outlives the run: no advice to restart it.
      expect(readFileSync(join(dir, step?.attachments[0]?.source as string), 'utf8')).not.toContain('embedded bank');
      writeFileSync(script, readFileSync(join(dir, step?.attachments[0]?.source as string)));
      const { stdout } = await run('bash', [script], { timeout: hangGuard(20_000) });
      expect(stdout).toMatch(/^HTTP\/1\.1 201 /);
      const body = JSON.parse(stdout.slice(stdout.indexOf('\r\n\r\n') + 4)) as {
        paymentId: string;
        transactionStatus: string;
      };
      expect(body.transactionStatus).toBe('RCVD');
      // A second paste still reproduces it: the bank accepts the recorded Date within its skew window.
      expect((await run('bash', [script], { timeout: hangGuard(20_000) })).stdout).toMatch(/^HTTP\/1\.1 201 /);
    },
  );

  it(
    'pasted into an interactive bash, a body with !, !!, quotes, $, backticks and æøå arrives byte for byte',
    { timeout: hangGuard(30_000) },
    async () => {
      let received: Buffer | undefined;
      const server: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received = Buffer.concat(chunks);
          res.writeHead(200).end();
        });
      });
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      opened.push({ close: () => new Promise<void>((ok) => server.close(() => ok())) });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const http = { ...loadConfig({ env: {}, envFile: false }).http, retryBudgetMs: 0 };
      const body = `{"creditorName":"Hei! Bjørn's \\"Æ\\" !! !$ $HOME \`id\` \\\\n Ørland"}`;
      const exchange = await createClient(url, http).send({
        method: 'POST',
        path: '/v1/p',
        headers: { 'content-type': 'application/json' },
        body,
      });
      // Typed (pasted) into an interactive shell, history expansion (!!, !$) applies outside single quotes.
      await new Promise<void>((ok, fail) => {
        const shell = spawn('bash', ['--norc', '--noprofile', '-i'], {
          stdio: ['pipe', 'ignore', 'ignore'],
          timeout: hangGuard(20_000),
        });
        shell.on('error', fail);
        shell.on('close', () => ok());
        shell.stdin.end(`${toCurl(exchange)} > /dev/null\nexit\n`);
      });
      expect(received?.toString('utf8')).toBe(body);
    },
  );
});
