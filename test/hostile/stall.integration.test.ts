import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBank } from '../../bank/index.js';
import type { TestOutcome } from '../../run-model/index.js';
import { runCli } from '../suites/run-cli.js';
import { startGate } from './gate.js';
import { hangGuard } from '../support/bounds.js';

/**
 * A bank whose payment creation never answers, and targets that are not this interface at all: each run ends
 * soon, with one reason, instead of waiting out its budget or failing every test separately.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const PAYMENT_CREATION = /^\/v1\/(payments|bulk-payments)\//;
const PAYMENT_OPERATIONS = new Set(['ncbct.create', 'sct.create', 'bulk.create']);

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('an operation that stops answering', () => {
  it(
    'payment creation hangs: the run ends in about a minute, every payment test failed as "no answer"',
    { timeout: hangGuard(200_000) },
    async () => {
      const bank = await startBank();
      const gate = await startGate(bank.url, {
        hang: (req) => req.method === 'POST' && PAYMENT_CREATION.test(req.url ?? ''),
      });
      cleanups.push(gate.close, bank.close);
      const run = await runCli(
        ['--budget', '600'],
        { BASE_URL: gate.url, HTTP_HEADERS_TIMEOUT_MS: '3000' },
        hangGuard(190_000),
      );
      expect(run.code).toBe(1);
      // About a minute quiet (a run that waited out each timeout would take many; exit 1, not 3, says it did not
      // wait out its budget), a generous multiple here.
      expect(run.seconds).toBeLessThan(hangGuard(90_000) / 1000);
      const outcomes = JSON.parse(readFileSync(join(run.reports, 'outcomes.json'), 'utf8')) as TestOutcome[];
      // SHOULD tests only warn (without --strict): the MUST tests of payment creation are the ones that must fail.
      const payments = outcomes.filter(
        (o) => PAYMENT_OPERATIONS.has(o.meta.operation) && o.meta.level === 'MUST' && o.state !== 'skipped',
      );
      expect(payments.length).toBeGreaterThan(50);
      for (const o of payments) expect(o.state, o.name).toBe('failed');
      const noAnswer = payments.filter((o) =>
        /no answer: 3 timeouts in a row on (ncbct|sct|bulk)\.create/.test(o.errors.join('\n')),
      );
      // A handful met the timeouts themselves; every other one was told at once.
      expect(payments.length - noAnswer.length).toBeLessThan(20);
      // Only the first few payment requests waited for an answer: the others were never sent.
      expect(gate.hung).toBeLessThan(20);
    },
  );
});

describe('a target that is not this interface', () => {
  it('an HTML server: exit 2 after the preflight, one line', { timeout: hangGuard(60_000) }, async () => {
    const url = await serve((_, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><html><body>Welcome</body></html>'),
    );
    const run = await runCli([], { BASE_URL: url }, hangGuard(50_000));
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          /^psd2-conformance run: BASE_URL http:\/\/127\.0\.0\.1:\d+ does not look like the PSD2 interface:/.source +
            / .*an HTML page/.source,
        ),
      ),
    ]);
  });

  it('a JSON API of something else: exit 2 after the preflight, one line', { timeout: hangGuard(60_000) }, async () => {
    const url = await serve((req, res) =>
      res
        .writeHead(404, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ error: 'Not Found', path: req.url })),
    );
    const run = await runCli([], { BASE_URL: url }, hangGuard(50_000));
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^psd2-conformance run: BASE_URL http:\/\/127\.0\.0\.1:\d+ does not look like the PSD2 interface: .*neither/,
      ),
    ]);
  });
});
