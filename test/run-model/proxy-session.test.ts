import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../bank/index.js';
import { pickReporters, reportProxySession } from '../../reporters/index.js';
import { proxySessionReport, type RunReport, type TestOutcome } from '../../run-model/index.js';
import { testIdentity } from '../../signing/index.js';
import { createProxy, type ProxyReport } from '../../tpp/index.js';
import { cli } from '../support/cli.js';
import { EIGHT_HEADER_RULES, UNSIGNED_HEADERS } from '../support/tpp-request.js';

/**
 * A proxy session as the run model, and written by the run's reporters: two exchanges through the proxy in front of
 * the reference bank with the fault status-outside-enum, the first a complete NCBCT the proxy signs (the bank's
 * answer breaks PaymentResponse.transactionStatus.enum), the second an SCT with PSU-ID alone (the TPP's request
 * breaks eight header rules; the bank rightly refuses it).
 */

const NCBCT = '/v1/payments/norwegian-cross-border-credit-transfers';
const NCBCT_BODY = JSON.stringify({
  instructedAmount: { amount: '1250.00', currency: 'NOK' },
  creditorName: 'Max Mustermann GmbH',
  creditorAgent: 'DEUTDEFF',
  creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
  debtorAccount: { bban: '90412263056', currency: 'NOK' },
});
const SCT_BODY = JSON.stringify({
  instructedAmount: { amount: '12.00', currency: 'EUR' },
  creditorName: 'Max Mustermann GmbH',
  creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
  debtorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
});

let bank: RunningBank;
let session: ProxyReport;
let report: RunReport;

beforeAll(async () => {
  bank = await startBank({ faults: ['status-outside-enum'] });
  const signing = await createProxy({ target: bank.url, sign: true, identity: await testIdentity() });
  // A logical duplicate allowed (interface.md's query): the replay below sends the same payment again.
  await fetch(`${signing.url}${NCBCT}?allowLogicalDuplicate=true`, {
    method: 'POST',
    headers: UNSIGNED_HEADERS,
    body: NCBCT_BODY,
  });
  const first = await signing.close();
  const plain = await createProxy({ target: bank.url });
  await fetch(`${plain.url}/v1/payments/sepa-credit-transfers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'PSU-ID': UNSIGNED_HEADERS['PSU-ID'] },
    body: SCT_BODY,
  });
  const second = await plain.close();
  // One session of the two: what one proxy would have seen, numbered in order.
  const exchanges = [...first.exchanges, ...second.exchanges.map((e) => ({ ...e, seq: 2 }))];
  session = {
    ...first,
    total: 2,
    exchanges,
    parties: {
      tpp: { party: 'tpp', verdict: 'NOT CONFORMANT', judged: 2, conforming: 1, rules: second.parties.tpp.rules },
      bank: { party: 'bank', verdict: 'NOT CONFORMANT', judged: 2, conforming: 1, rules: first.parties.bank.rules },
    },
  };
  report = proxySessionReport(session, { out: '/tmp/unused' });
});

afterAll(() => bank.close());

const of = (party: string) => report.outcomes.filter((o) => o.party === party);
const states = (outcomes: TestOutcome[]) => outcomes.map((o) => o.state);

describe('proxySessionReport: a proxy session as the run model', () => {
  it('one outcome per kept exchange and party, its file the party, failed where that party broke a MUST rule', () => {
    expect(report.outcomes.map((o) => [o.party, o.file, o.name.slice(0, 12)])).toEqual([
      ['tpp', 'your requests', `#1 POST ${NCBCT.slice(0, 4)}`],
      ['bank', 'the bank', `#1 POST ${NCBCT.slice(0, 4)}`],
      ['tpp', 'your requests', '#2 POST /v1/'],
      ['bank', 'the bank', '#2 POST /v1/'],
    ]);
    expect(states(of('tpp'))).toEqual(['passed', 'failed']);
    expect(states(of('bank'))).toEqual(['failed', 'passed']);
    expect(of('bank')[0]?.errors[0]).toBe('the bank: MUST PaymentResponse.transactionStatus.enum');
    expect(of('tpp')[1]?.meta.failedChecks).toEqual(EIGHT_HEADER_RULES);
  });

  it('two verdicts, one per party, and the exit code 1 when either broke a MUST rule; no seed', () => {
    expect(report.verdicts.map((v) => [v.party, v.kind, v.failedMust])).toEqual([
      [{ id: 'tpp', name: 'your requests' }, 'not conformant', EIGHT_HEADER_RULES],
      [{ id: 'bank', name: 'the bank' }, 'not conformant', ['PaymentResponse.transactionStatus.enum']],
    ]);
    expect(report.summary).toMatchObject({
      verdict: 'your requests: NOT CONFORMANT · the bank: NOT CONFORMANT',
      exitCode: 1,
      exchanges: { total: 2, kept: 2, omitted: 0 },
      target: { kind: 'proxied', url: bank.url },
    });
    expect(report.summary).not.toHaveProperty('seed');
  });

  it('a failing exchange is replayed once: one outcome carries its request, with the bank MUST failures', () => {
    const carrying = report.outcomes.filter((o) => o.meta.failedExchange);
    expect(carrying.map((o) => [o.name.slice(0, 2), o.party, o.meta.failedExchange?.failed])).toEqual([
      ['#1', 'bank', ['PaymentResponse.transactionStatus.enum']],
      ['#2', 'tpp', []],
    ]);
  });
});

describe('reportProxySession: the session written by the registered reporters', () => {
  let out: string;
  let code: number;
  const lines: string[] = [];

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'proxy-session-'));
    const reporters = await pickReporters(['summary', 'junit', 'outcomes', 'parties', 'exchanges']);
    code = await reportProxySession(session, { out, reporters, log: (l) => lines.push(l) });
  });

  it('writes the files of the reporters picked and nothing else, and exits 1', () => {
    expect(code).toBe(1);
    expect(readdirSync(out).sort()).toEqual([
      'exchanges.jsonl',
      'junit.xml',
      'outcomes.json',
      'parties.md',
      'summary.json',
    ]);
  });

  it('summary.json has each party apart; junit.xml a test suite per party with its verdict', () => {
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Record<string, unknown>;
    expect(summary.parties).toMatchObject({
      tpp: { name: 'your requests', verdict: 'NOT CONFORMANT', failedRequirements: EIGHT_HEADER_RULES },
      bank: {
        name: 'the bank',
        verdict: 'NOT CONFORMANT',
        failedRequirements: ['PaymentResponse.transactionStatus.enum'],
      },
    });
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      readFileSync(join(out, 'junit.xml'), 'utf8'),
    ) as {
      testsuites: { testsuite: { name: string; tests: string; failures: string; properties: unknown }[] };
    };
    const suites = xml.testsuites.testsuite;
    expect(suites.map((s) => [s.name, s.tests, s.failures])).toEqual([
      ['your requests', '2', '1'],
      ['the bank', '2', '1'],
    ]);
    expect(JSON.stringify(suites[0]?.properties)).toContain(
      '"name":"psd2-conformance.verdict.tpp","value":"your requests: NOT CONFORMANT: 1 of 2 requests broke a MUST rule',
    );
  });

  it('the console ends with each party on a line of its own; parties.md has a section each', () => {
    const text = lines.join('\n');
    expect(text).toMatch(
      /\nyour requests: NOT CONFORMANT: 1 of 2 requests broke a MUST rule: Headers\.X-Request-ID\.required, .*\n/,
    );
    expect(text.split('\n').at(-1)).toBe(
      'the bank: NOT CONFORMANT: 1 of 2 answers broke a MUST rule: PaymentResponse.transactionStatus.enum',
    );
    const markdown = readFileSync(join(out, 'parties.md'), 'utf8');
    expect(markdown).toContain('\n## Your requests: NOT CONFORMANT\n');
    expect(markdown).toContain('| `PaymentResponse.transactionStatus.enum` | MUST | 1 |');
  });

  it('exchanges.jsonl holds the kept exchanges, masked, named as their tests', () => {
    const recorded = readFileSync(join(out, 'exchanges.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { test: string; status: number });
    expect(recorded.map((r) => [r.test.slice(0, 2), r.status])).toEqual([
      ['#1', 201],
      ['#2', 400],
    ]);
  });

  it('replay --test reads outcomes.json: the bank breaks the same rule again, sent once', async () => {
    const replayed = await cli(['replay', '--test', '#1 POST', '--reports', out, '--base-url', bank.url, '--json']);
    expect(replayed.code, `${replayed.stdout}${replayed.stderr}`).toBe(1);
    const results = JSON.parse(replayed.stdout) as { failed: { requirementId: string }[]; sameVerdict?: boolean }[];
    expect(results.map((r) => [[...new Set(r.failed.map((f) => f.requirementId))], r.sameVerdict])).toEqual([
      [['PaymentResponse.transactionStatus.enum'], true],
    ]);
  });
});
