import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetReport } from '../../fleet/report.js';
import { cli, ROOT } from '../support/cli.js';

/**
 * The fleet path end to end on one machine: three reference banks served by `serve --fleet 3` (bank-a as it is,
 * bank-b with a deliberate fault, bank-c with a conformant variant), judged by `fleet run`, handed to CI by `fleet
 * matrix`, merged again by `fleet report`. The runs are narrowed to the fault's rule (its tests send the requests
 * that break it), which keeps each bank's run to seconds without weakening the check: bank-b must fail on that rule,
 * and the variant must pass it.
 *
 * bank-c runs with the bank profile that declares its variant's choice (examples/bank-profiles/, named by the targets
 * file serve --fleet writes): it is held to its own choice at MUST, and passes.
 */

const BIN = join(ROOT, 'bin', 'psd2-conformance.mjs');
/** The environment cli() gives a command: vitest's own holds BASE_URL=/, which a bank's configuration refuses. */
const ENV = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...(process.env.XDG_CACHE_HOME ? { XDG_CACHE_HOME: process.env.XDG_CACHE_HOME } : {}),
};
const FAULT_RULE = 'NCBCT.creditorName.max70';
const NARROW = ['--requirement', FAULT_RULE, '--no-html'];

let dir: string;
let targets: string;
let served: ChildProcess;

/** Waits (bounded, generously) until the child has printed `text` on stdout; what it printed so far on failure. */
function waitFor(child: ChildProcess, text: string, ms = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "${text}" within ${ms} ms: ${out}`)), ms);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes(text)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.on('close', (code) => reject(new Error(`ended with ${code} before "${text}": ${out}`)));
  });
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const verdicts = (report: FleetReport) => report.banks.map((b) => [b.name, b.verdict, b.exitCode]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fleet-it-'));
  targets = join(dir, 'fleet.yaml');
  served = spawn(
    process.execPath,
    ['--', BIN, 'serve', '--fleet', '3', '--fault-on', 'bank-b:accept-long-creditor-name', '--targets-out', targets],
    { cwd: ROOT, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await waitFor(served, 'targets file:');
}, 150_000);

afterAll(() => {
  served?.kill('SIGTERM');
});

describe('a fleet of three reference banks: one clean, one with a fault, one with a conformant variant', () => {
  it(
    'fleet run exits 1; fleet.json names the faulty bank NOT CONFORMANT with the fault’s rule, the others CONFORMANT',
    { timeout: 400_000 },
    async () => {
      const out = join(dir, 'fleet');
      const run = await cli(['fleet', 'run', targets, '--reports', out, ...NARROW], {}, 380_000);
      expect(run.code, run.stderr).toBe(1);
      for (const bank of ['bank-a', 'bank-b', 'bank-c']) {
        expect(run.stderr).toMatch(new RegExp(`\\[\\d/3\\] ${bank}: started against http://127\\.0\\.0\\.1:\\d+`));
        expect(existsSync(join(out, bank, 'summary.json')), bank).toBe(true);
      }
      expect(run.stderr).toMatch(/\[2\/3\] bank-b: NOT CONFORMANT on the selected tests only .*\(exit 1, /);
      const report = readJson<FleetReport>(join(out, 'fleet.json'));
      expect(verdicts(report)).toEqual([
        ['bank-a', 'CONFORMANT', 0],
        ['bank-b', 'NOT CONFORMANT', 1],
        ['bank-c', 'CONFORMANT', 0],
      ]);
      expect(report.banks[1]?.failedMust).toContain(FAULT_RULE);
      expect(report.exitCode).toBe(1);
      // Drift is among banks that declare the same choices: bank-c declares its own, bank-a and bank-b none.
      expect(report.drift.rules.find((r) => r.id === FAULT_RULE)?.states).toEqual({
        passed: ['bank-a'],
        failed: ['bank-b'],
      });
      expect(readFileSync(join(out, 'bank-c.log'), 'utf8')).toMatch(
        /--bank-profile \S*auth-failure-tpp-messages\.yaml/,
      );
      expect(report.drift.answers.find((a) => a.bank === 'bank-b')?.tests[0]?.differences[0]).toMatchObject({
        kind: 'status',
        reference: '400',
        bank: '201',
      });
      expect(run.stdout).toContain('fleet: NOT CONFORMANT: 3 banks: 2 CONFORMANT, 1 NOT CONFORMANT (bank-b: ');

      // `fleet report` over the three folders says the same, with a JUnit testsuite per bank.
      const merged = join(dir, 'merged');
      const banks = ['bank-a', 'bank-b', 'bank-c'].map((b) => join(out, b));
      const again = await cli(['fleet', 'report', ...banks, '--reports', merged]);
      expect(again.code, again.stderr).toBe(1);
      expect(verdicts(readJson<FleetReport>(join(merged, 'fleet.json')))).toEqual(verdicts(report));
      const junit = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '',
        isArray: (name) => name === 'testsuite',
      }).parse(readFileSync(join(merged, 'fleet-junit.xml'), 'utf8')) as {
        testsuites: { testsuite: { name: string; failures: string }[] };
      };
      expect(junit.testsuites.testsuite.map((s) => s.name)).toEqual(['bank-a', 'bank-b', 'bank-c']);
      expect(Number(junit.testsuites.testsuite[1]?.failures)).toBeGreaterThan(0);
    },
  );

  it('fleet matrix prints a JSON matrix of the three banks', async () => {
    const matrix = await cli(['fleet', 'matrix', targets]);
    expect(matrix.code).toBe(0);
    expect(JSON.parse(matrix.stdout)).toEqual({
      include: [{ bank: 'bank-a' }, { bank: 'bank-b' }, { bank: 'bank-c' }],
    });
  });

  it(
    'a signal stops every bank’s run: each ends INCOMPLETE or not run, and the fleet ends INCOMPLETE, 143',
    { timeout: 200_000 },
    async () => {
      const out = join(dir, 'stopped');
      // Whole runs, one at a time: bank-a is under way when the signal comes, bank-b and bank-c never start.
      const fleet = spawn(process.execPath, ['--', BIN, 'fleet', 'run', targets, '--reports', out, '--parallel', '1'], {
        cwd: ROOT,
        env: ENV,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      const ended = new Promise<number | null>((resolve) => fleet.on('close', resolve));
      const started = new Promise<void>((resolve) =>
        fleet.stderr?.on('data', (d: Buffer) => {
          stderr += d.toString();
          if (stderr.includes('bank-a: started')) resolve();
        }),
      );
      // A fleet that ends before it starts a bank has said why on stderr.
      await Promise.race([started, ended.then((code) => expect.fail(`ended with ${code}: ${stderr}`))]);
      // Once bank-a's run says it is starting, it owns its end (its signal handlers are in place).
      const log = join(out, 'bank-a.log');
      for (let i = 0; i < 600 && !(existsSync(log) && readFileSync(log, 'utf8').includes('starting')); i++)
        await new Promise((r) => setTimeout(r, 100));
      fleet.kill('SIGTERM');
      expect(await ended).toBe(143);
      const report = readJson<FleetReport>(join(out, 'fleet.json'));
      expect(report.verdict).toBe('INCOMPLETE');
      expect(report.exitCode).toBe(143);
      expect(report.verdictLine).toMatch(/^INCOMPLETE: the fleet was stopped \(SIGTERM\); 3 banks: /);
      expect(['INCOMPLETE', 'NOT RUN']).toContain(report.banks[0]?.verdict);
      expect(report.banks.slice(1).map((b) => [b.name, b.verdict, b.verdictLine])).toEqual([
        ['bank-b', 'NOT RUN', 'NOT RUN: the fleet was stopped (SIGTERM) before its turn'],
        ['bank-c', 'NOT RUN', 'NOT RUN: the fleet was stopped (SIGTERM) before its turn'],
      ]);
    },
  );
});
