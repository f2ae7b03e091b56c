import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { FLEET_JSON_FILE, FLEET_MD_FILE, reportFleet } from '../../fleet/write.js';
import type { FleetReport } from '../../fleet/report.js';
import { coverage, remoteTarget, type TestOutcome } from '../../run-model/index.js';

const TEST = 'NCBCT bodies > NCBCT.creditorName.max70 [MUST] NCBCT bodies that break it are rejected';
const SCOPE = `suites/payment-bodies.suite.ts > ${TEST}`;
const PATH = '/v1/payments/norwegian-cross-border-credit-transfers';

interface Folder {
  /** The test's state, and the status the bank answered the over-long name with. */
  state: 'passed' | 'failed';
  status: number;
  seed?: number;
  bankProfile?: { file: string; choices: string };
}

/** A bank's reports folder as `fleet run` leaves it: its record, outcomes, summary and exchanges. */
function bankFolder(root: string, name: string, folder: Folder): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const url = `http://127.0.0.1:${40_000 + name.charCodeAt(5)}`;
  const outcome: TestOutcome = {
    name: TEST,
    file: '/x/suites/payment-bodies.suite.ts',
    state: folder.state,
    durationMs: 5,
    meta: {
      requirementIds: ['NCBCT.creditorName.max70'],
      level: 'MUST',
      operation: 'ncbct.create',
      ...(folder.state === 'failed' ? { failedChecks: ['NCBCT.creditorName.max70'] } : {}),
    },
    errors: folder.state === 'failed' ? ['MUST NCBCT.creditorName.max70: expected a 4xx, got 201'] : [],
  };
  const seed = folder.seed ?? 7;
  const write = (file: string, value: unknown) => writeFileSync(join(dir, file), JSON.stringify(value));
  write('fleet-bank.json', {
    name,
    baseUrl: url,
    profile: 'sandbox',
    seed,
    ...(folder.bankProfile ? { bankProfile: folder.bankProfile } : {}),
  });
  write('outcomes.json', [outcome]);
  write('coverage.json', coverage([outcome]));
  write('summary.json', { target: remoteTarget(url, 'sandbox'), profile: 'sandbox', seed, end: { kind: 'completed' } });
  const created = { paymentId: `p-${name}`, transactionStatus: 'RCVD', _links: { self: { href: `${url}${PATH}/p` } } };
  const refused = { status: 400, code: 'FORMAT_ERROR', id: `e-${name}`, system: 'x', message: 'creditorName' };
  const line = {
    test: SCOPE,
    seq: 0,
    request: { method: 'POST', url: `${url}${PATH}`, headers: {}, body: `{"creditorName":"${'A'.repeat(71)}"}` },
    status: folder.status,
    response: JSON.stringify(folder.status === 201 ? created : refused),
  };
  writeFileSync(join(dir, 'exchanges.jsonl'), `${JSON.stringify(line)}\n`);
  return dir;
}

/** Three banks: a and c refuse the over-long name, b (listed first) accepts it. */
function fleet(extra: Record<string, Folder> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'fleet-'));
  const banks = {
    'bank-b': { state: 'failed', status: 201 },
    'bank-a': { state: 'passed', status: 400 },
    'bank-c': { state: 'passed', status: 400 },
    ...extra,
  } satisfies Record<string, Folder>;
  const dirs = Object.entries(banks).map(([name, f]) => bankFolder(root, name, f));
  return { root, dirs, out: join(root, 'out') };
}

const read = (out: string) => JSON.parse(readFileSync(join(out, FLEET_JSON_FILE), 'utf8')) as FleetReport;

describe('the fleet report', () => {
  it("gives each bank its folder's verdict and the fleet the worst bank's exit code", () => {
    const { dirs, out } = fleet();
    const report = reportFleet(dirs, { out, strict: false });
    expect(report.banks.map((b) => [b.name, b.verdict, b.exitCode, b.failedMust])).toEqual([
      ['bank-b', 'NOT CONFORMANT', 1, ['NCBCT.creditorName.max70']],
      ['bank-a', 'CONFORMANT', 0, []],
      ['bank-c', 'CONFORMANT', 0, []],
    ]);
    expect(report.exitCode).toBe(1);
    expect(report.verdictLine).toBe(
      'NOT CONFORMANT: 3 banks: 2 CONFORMANT, 1 NOT CONFORMANT (bank-b: NCBCT.creditorName.max70)',
    );
    expect(read(out)).toEqual(report);
    const row = report.requirements.find((r) => r.id === 'NCBCT.creditorName.max70');
    expect(row).toEqual({
      id: 'NCBCT.creditorName.max70',
      level: 'MUST',
      states: { 'bank-b': 'failed', 'bank-a': 'passed', 'bank-c': 'passed' },
    });
  });

  it('names the rules banks of the same choices disagree on, and the bank whose answers differ in shape', () => {
    const { dirs, out } = fleet();
    const { drift } = reportFleet(dirs, { out, strict: false });
    expect(drift.rules).toEqual([
      {
        id: 'NCBCT.creditorName.max70',
        level: 'MUST',
        choices: 'no bank profile',
        states: { failed: ['bank-b'], passed: ['bank-a', 'bank-c'] },
      },
    ]);
    // The reference is the bank with the fewest failures, not the first listed: the faulty one is the one that drifts.
    expect(drift.answers.map((a) => [a.reference, a.bank, a.pairs, a.tests.length])).toEqual([
      ['bank-a', 'bank-b', 1, 1],
      ['bank-a', 'bank-c', 1, 0],
    ]);
    expect(drift.answers[0]?.tests[0]?.differences.slice(0, 2)).toEqual([
      { request: `POST ${PATH}`, kind: 'status', reference: '400', bank: '201' },
      { request: `POST ${PATH}`, kind: 'code', reference: 'FORMAT_ERROR', bank: 'none' },
    ]);
    // Values are each bank's own (ids, messages): never drift.
    expect(drift.answers.flatMap((a) => a.tests.flatMap((t) => t.differences.map((d) => d.kind)))).not.toContain(
      'value',
    );
  });

  it('compares banks only with banks that declare the same choices, and only answers to the same seed', () => {
    const profile = { file: 'c.yaml', choices: 'abc123abc123' };
    const { dirs, out } = fleet({
      'bank-c': { state: 'passed', status: 400, bankProfile: profile },
      'bank-d': { state: 'failed', status: 201, bankProfile: profile, seed: 8 },
    });
    const { drift } = reportFleet(dirs, { out, strict: false });
    expect(drift.rules.map((r) => [r.choices, r.states])).toEqual([
      ['no bank profile', { failed: ['bank-b'], passed: ['bank-a'] }],
      ['bank profile c.yaml (abc123abc123)', { passed: ['bank-c'], failed: ['bank-d'] }],
    ]);
    expect(drift.answers.map((a) => [a.reference, a.bank, a.note])).toEqual([
      ['bank-a', 'bank-b', undefined],
      ['bank-c', 'bank-d', 'another seed: the requests differ, not compared'],
    ]);
  });

  it('counts a bank not run (its record says why) and a bank of the targets file without a folder', () => {
    const { root, dirs, out } = fleet();
    const notRun = join(root, 'bank-e');
    mkdirSync(notRun);
    const error = 'SIGNING_KEY_PATH (from BANK_E_KEY) is not set';
    writeFileSync(join(notRun, 'fleet-bank.json'), JSON.stringify({ name: 'bank-e', exitCode: 2, error }));
    const report = reportFleet([...dirs, notRun], {
      out,
      strict: false,
      expected: ['bank-a', 'bank-b', 'bank-c', 'bank-e', 'bank-f'],
    });
    expect(report.banks.map((b) => [b.name, b.verdict, b.exitCode])).toEqual([
      ['bank-a', 'CONFORMANT', 0],
      ['bank-b', 'NOT CONFORMANT', 1],
      ['bank-c', 'CONFORMANT', 0],
      ['bank-e', 'NOT RUN', 2],
      ['bank-f', 'NOT RUN', 2],
    ]);
    expect(report.banks[3]?.verdictLine).toBe(`NOT RUN: ${error}`);
    expect(report.exitCode).toBe(2);
  });

  it('reads the folder `fleet run` wrote as its banks’ folders, and refuses a folder that holds no bank', () => {
    const { root, out } = fleet();
    expect(reportFleet([root], { out, strict: false }).banks.map((b) => b.name)).toEqual([
      'bank-a',
      'bank-b',
      'bank-c',
    ]);
    const empty = mkdtempSync(join(tmpdir(), 'empty-'));
    expect(() => reportFleet([empty], { out, strict: false })).toThrow(/holds no run \(no outcomes\.json\)/);
    expect(() => reportFleet([join(root, 'nowhere')], { out, strict: false })).toThrow(/nowhere does not exist/);
  });

  it('writes fleet.md with each bank’s verdict line first, then the matrix, and one JUnit testsuite per bank', () => {
    const { dirs, out } = fleet();
    reportFleet(dirs, { out, strict: false });
    const md = readFileSync(join(out, FLEET_MD_FILE), 'utf8');
    const verdicts = md.indexOf('- **bank-b** (../bank-b): NOT CONFORMANT');
    expect(verdicts).toBeGreaterThan(0);
    expect(md.indexOf('## Banks × requirements')).toBeGreaterThan(verdicts);
    expect(md).toContain('| NCBCT.creditorName.max70 | MUST | ✗ | ✓ | ✓ |');
    const junit = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuites', 'testsuite', 'testcase'].includes(name),
    }).parse(readFileSync(join(out, 'fleet-junit.xml'), 'utf8')) as {
      testsuites: { testsuite: { name: string; failures: string; testcase: { classname: string }[] }[] }[];
    };
    const suites = junit.testsuites[0]?.testsuite ?? [];
    expect(suites.map((s) => [s.name, s.failures])).toEqual([
      ['bank-b', '1'],
      ['bank-a', '0'],
      ['bank-c', '0'],
    ]);
    expect(suites[0]?.testcase[0]?.classname).toBe('bank-b.suites/payment-bodies.suite.ts');
    const html = readFileSync(join(out, 'fleet.html'), 'utf8');
    expect(html).toContain('<h1>Fleet: <span class="verdict not-conformant">NOT CONFORMANT</span></h1>');
    expect(html).not.toMatch(/<script|<link|src="http|href="http/);
  });

  it('with a baseline, says per bank what changed since the earlier fleet', () => {
    const before = fleet({ 'bank-b': { state: 'passed', status: 400 } });
    const now = fleet({ 'bank-d': { state: 'passed', status: 400 } });
    const { baseline } = reportFleet(now.dirs, { out: now.out, strict: false, baseline: before.root });
    expect(baseline?.changes.map((c) => [c.bank, c.regressions, c.newFailures, c.note])).toEqual([
      ['bank-b', ['test ' + TEST, 'NCBCT.creditorName.max70'], ['NCBCT.creditorName.max70'], undefined],
      ['bank-a', [], [], undefined],
      ['bank-c', [], [], undefined],
      ['bank-d', [], [], 'not in the baseline'],
    ]);
    expect(baseline?.gone).toEqual([]);
    expect(() => reportFleet(now.dirs, { out: now.out, strict: false, baseline: '/nowhere' })).toThrow(
      '--baseline /nowhere is not a folder',
    );
  });
});
