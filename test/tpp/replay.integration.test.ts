import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../bank/index.js';
import type { TestOutcome } from '../../run-model/index.js';
import { testIdentity, type SigningIdentity } from '../../signing/index.js';
import { replay, type RecordedExchange } from '../../tpp/index.js';
import { cli, ROOT } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

/**
 * A run's failed test replayed later: the suites against the embedded bank with a response fault, then the failed
 * test's exchange re-sent, signed afresh, to a bank with the same fault whose clock is 10 minutes ahead. The same
 * requirement fails; the recorded request itself, with its old Date, is refused for clock skew.
 */

const FAULT = 'status-outside-enum';
const TEST = 'a valid SCT gives 201 with a conformant payment initiation response';
const TEN_MINUTES = 10 * 60 * 1000;
const later = () => new Date(Date.now() + TEN_MINUTES);

let reports: string;
let exchangesFile: string;
let failed: TestOutcome;
let identity: SigningIdentity;

beforeAll(async () => {
  reports = mkdtempSync(join(tmpdir(), 'replay-run-'));
  exchangesFile = join(reports, 'exchanges.jsonl');
  const run = await cli([
    'run',
    '--fault',
    FAULT,
    '--requirement',
    'Payment.create.201',
    '--reports',
    reports,
    '--exchanges',
    exchangesFile,
    '--no-html',
  ]);
  expect(run.code, run.stderr).toBe(1);
  const outcomes = JSON.parse(readFileSync(join(reports, 'outcomes.json'), 'utf8')) as TestOutcome[];
  failed = outcomes.find((o) => o.name.endsWith(TEST)) as TestOutcome;
  identity = await testIdentity();
}, hangGuard(170_000));

const record = (): RecordedExchange => ({ test: failed.name, ...(failed.meta.failedExchange as RecordedExchange) });

describe('a failed test replayed 10 minutes later (the bank’s clock moved on)', () => {
  let faulty: RunningBank;
  let clean: RunningBank;
  beforeAll(async () => {
    faulty = await startBank({ faults: [FAULT], now: later });
    clean = await startBank({ now: later });
  });
  afterAll(async () => {
    await faulty.close();
    await clean.close();
  });

  it('the report keeps the failing exchange, how the test judged it and what failed', () => {
    expect(failed.state).toBe('failed');
    const recorded = record();
    expect(recorded.expectation).toEqual({
      kind: 'accepted',
      operation: 'sct.create',
      requirementId: 'Payment.create.201',
    });
    expect(recorded.failed).toEqual(['PaymentResponse.transactionStatus.enum']);
    expect(recorded.status).toBe(201);
    expect(recorded.request.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v1\/payments\/sepa-credit-transfers\?allowLogicalDuplicate=true$/,
    );
  });

  it('gets the same verdict: the same requirement fails, judged as the test judged it', async () => {
    const [result] = await replay([record()], { baseUrl: faulty.url, identity, now: later });
    expect(result?.status).toBe(201);
    expect(result?.judgedBy).toBe('the test');
    expect(result?.failed.map((r) => r.requirementId)).toEqual(['PaymentResponse.transactionStatus.enum']);
    expect(result?.sameVerdict).toBe(true);
    const sent = result?.sent.headers ?? {};
    expect(Date.parse(sent.Date as string)).toBeGreaterThan(
      Date.parse(record().request.headers.Date as string) + TEN_MINUTES - 60_000,
    );
    expect(sent['X-Request-ID']).not.toBe(record().request.headers['X-Request-ID']);
  });

  it('against a bank without the fault, the verdict changes (the replay judges, it does not repeat)', async () => {
    const [result] = await replay([record()], { baseUrl: clean.url, identity, now: later });
    expect(result?.status).toBe(201);
    expect(result?.failed).toEqual([]);
    expect(result?.sameVerdict).toBe(false);
  });

  it(
    'the recorded request sent as it is, with its old Date, is ' +
      'refused for clock skew: which is why replay re-signs',
    async () => {
      const { method, url, headers, body } = record().request;
      const response = await fetch(`${faulty.url}${new URL(url).pathname}${new URL(url).search}`, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toMatch(/^date-skew: /);
    },
  );
});

describe('psd2-conformance replay', () => {
  /** `serve` on a free port, until the test stops it. */
  async function serve(args: string[]): Promise<{ url: string; stop: () => void }> {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin', 'psd2-conformance.mjs'), 'serve', '--port', '0', ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      },
    );
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const found = /listening on (http:\/\/\S+)/.exec(out)?.[1];
        if (found) resolve(found);
      });
      child.on('exit', () => reject(new Error(out)));
    });
    return { url, stop: () => child.kill('SIGTERM') };
  }

  it(
    '--test NAME re-sends a failed test of a report and exits 1 with the same verdict',
    async () => {
      const bank = await serve(['--fault', FAULT]);
      try {
        const result = await cli(['replay', '--test', TEST, '--reports', reports, '--base-url', bank.url]);
        expect(result.code, result.stderr).toBe(1);
        const [first, test, failure] = result.stdout.split('\n');
        expect(first).toMatch(
          new RegExp(
            /^✗ POST \/v1\/payments\/sepa-credit-transfers\?allowLogicalDuplicate=true → 201 \(\d+ ms\), judged/
              .source +
              / as the test judged it — MUST PaymentResponse\.transactionStatus\.enum — the same verdict as/.source +
              / recorded$/.source,
          ),
        );
        expect(test).toBe(`  test: ${failed.name}`);
        expect(failure).toMatch(/^ {2}MUST PaymentResponse\.transactionStatus\.enum \(response_schema_conformance\): /);
        expect(result.stdout).toContain('1 replayed: 0 pass, 1 fail a MUST check; 1 of 1 with the verdict recorded');
      } finally {
        bank.stop();
      }
    },
    hangGuard(60_000),
  );

  it(
    '--exchanges FILE --test NAME judges the recorded lines as the proxy judges an answer',
    async () => {
      const bank = await serve(['--fault', FAULT]);
      try {
        const result = await cli(['replay', '--exchanges', exchangesFile, '--test', TEST, '--base-url', bank.url]);
        expect(result.code, result.stderr).toBe(1);
        // The test's set-up calls (a sandbox customer, accounts …) are replayed first, in their order.
        const verdicts = result.stdout.split('\n').filter((line) => /^[✓✗] /.test(line));
        expect(verdicts.slice(0, -1).every((line) => line.startsWith('✓ POST /v1/sandbox/'))).toBe(true);
        expect(verdicts.at(-1)).toMatch(
          new RegExp(
            /^✗ POST \/v1\/payments\/sepa-credit-transfers\?allowLogicalDuplicate=true → 201 \(\d+ ms\), judged/
              .source + / as the proxy judges one — MUST PaymentResponse\.transactionStatus\.enum$/.source,
          ),
        );
      } finally {
        bank.stop();
      }
    },
    hangGuard(60_000),
  );

  it(
    'says in one line when there is nothing to replay (exit 2)',
    async () => {
      const unknown = await cli(['replay', '--test', 'no such test', '--reports', reports]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr.trim()).toBe(
        `psd2-conformance replay: no test in ${join(reports, 'outcomes.json')} is named "no such test"`,
      );
      const neither = await cli(['replay']);
      expect(neither.code).toBe(2);
      expect(neither.stderr.trim()).toBe(
        'psd2-conformance replay: give --test NAME (a failed test of a report) or --exchanges FILE',
      );
    },
    hangGuard(60_000),
  );

  it(
    'of a run against the embedded bank, without --base-url: exit 2, one line naming --base-url and the rerun, ' +
      'never a MUST failure blamed on the bank for a closed port',
    async () => {
      const gone = await cli(['replay', '--test', TEST, '--reports', reports]);
      expect(gone.code).toBe(2);
      expect(gone.stdout).toBe('');
      const lines = gone.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^psd2-conformance replay: ${reports} is a run against the embedded reference bank with fault ${FAULT}, ` +
            'which stopped with that run .*: pass --base-url URL .*, or run the test again: npx psd2-conformance run ' +
            `--fault '${FAULT}' --seed \\d+ --grep '.*' --reports reports/replay$`,
        ),
      );
    },
    60_000,
  );

  it('a target that answers nothing (a closed port, the embedded bank of --exchanges): exit 2, one line', async () => {
    const closed = await cli(['replay', '--test', TEST, '--reports', reports, '--base-url', 'http://127.0.0.1:9']);
    expect([closed.code, closed.stdout]).toEqual([2, '']);
    expect(closed.stderr.trim()).toMatch(
      new RegExp(
        /^psd2-conformance replay: cannot reach http:\/\/127\.0\.0\.1:9 \(refused: [^\n]*\): nothing was judged; /
          .source + /pass --base-url URL of a bank that answers$/.source,
      ),
    );
    const lines = await cli(['replay', '--exchanges', exchangesFile, '--test', TEST]);
    expect([lines.code, lines.stdout]).toEqual([2, '']);
    expect(lines.stderr.trim()).toMatch(
      /^psd2-conformance replay: cannot reach http:\/\/127\.0\.0\.1:\d+ \(refused: [^\n]*$/,
    );
  }, 60_000);

  it('the failed test’s curl attachment in the report gains the re-signing form', () => {
    const dir = join(reports, 'allure-results');
    const attachments = readdirSync(dir)
      .filter((f) => f.endsWith('-attachment.txt'))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
    const curl = attachments.find(
      (text) => text.includes("npx psd2-conformance replay --test '") && text.includes(TEST),
    );
    expect(curl).toBeDefined();
    expect(curl).toContain(`--reports '${reports}'`);
  });
});
