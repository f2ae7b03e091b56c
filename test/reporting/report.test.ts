import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CoverageRow } from '../../reporting/coverage.js';
import type { ReportSummary } from '../../reporting/summary.js';
import { cli } from '../support/cli.js';

const json = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
type Counts = { passed: number; failed: number; skipped: number };
const add = (a: Record<string, Counts>, b: Record<string, Counts>): Record<string, Counts> => {
  const out: Record<string, Counts> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[key] ?? { passed: 0, failed: 0, skipped: 0 };
    const y = b[key] ?? { passed: 0, failed: 0, skipped: 0 };
    out[key] = { passed: x.passed + y.passed, failed: x.failed + y.failed, skipped: x.skipped + y.skipped };
  }
  return out;
};

/**
 * Two shards of one run (each narrowed to NCBCT for speed, with a body fault so one of them fails) merged
 * by `report A B`: the merged summary, coverage and JUnit equal the sum of the shards, and the HTML exists.
 */
describe('psd2-conformance report merges shards', () => {
  const root = mkdtempSync(join(tmpdir(), 'psd2-shards-'));
  const [a, b, out] = ['shard-1', 'shard-2', 'merged'].map((d) => join(root, d)) as [string, string, string];
  let first: Awaited<ReturnType<typeof cli>>;
  let ids: string[] = [];

  beforeAll(async () => {
    const common = [
      '--operation',
      'ncbct.create',
      '--fault',
      'accept-long-creditor-name',
      '--seed',
      '3',
      '--num-runs',
      '5',
      '--no-html',
    ];
    const [ra, rb] = [
      await cli(['run', '--shard', '1/2', ...common, '--reports', a]),
      await cli(['run', '--shard', '2/2', ...common, '--reports', b]),
    ];
    // The shard that holds the NCBCT body tests fails (the fault); neither may end in a configuration error.
    expect([ra.code, rb.code], `${ra.stderr}\n${rb.stderr}`).toContain(1);
    expect([ra.code, rb.code].every((c) => c === 0 || c === 1)).toBe(true);
    first = await cli(['report', a, b, '--out', out]);
    ids = (JSON.parse((await cli(['requirements', '--json'])).stdout) as { id: string }[]).map((r) => r.id);
  }, 300_000);

  it('summary.json: target, profile, seed, duration, and counts that are the sum of the shards', () => {
    const [sa, sb, m] = [
      json<ReportSummary>(join(a, 'summary.json')),
      json<ReportSummary>(join(b, 'summary.json')),
      json<ReportSummary>(join(out, 'summary.json')),
    ];
    expect(m).toMatchObject({ profile: 'embedded', seed: 3, exitCode: 1 });
    // Each shard started its own embedded bank: the merged target names it in words, without the ports.
    expect(sa.target).toMatchObject({ kind: 'embedded', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    expect(m.target).toEqual({
      kind: 'embedded',
      description: 'the embedded reference bank with fault accept-long-creditor-name',
      faults: ['accept-long-creditor-name'],
      variants: [],
    });
    expect(m.durationSeconds).toBe(Math.max(sa.durationSeconds, sb.durationSeconds));
    expect([m.total, m.passed, m.failed, m.skipped]).toEqual([
      sa.total + sb.total,
      sa.passed + sb.passed,
      sa.failed + sb.failed,
      sa.skipped + sb.skipped,
    ]);
    expect(m.byLevel).toEqual(add(sa.byLevel, sb.byLevel));
    expect(m.byOperation).toEqual(add(sa.byOperation, sb.byOperation));
    expect(m.failedRequirements).toEqual([...new Set([...sa.failedRequirements, ...sb.failedRequirements])].sort());
    expect(m.failedRequirements).toContain('NCBCT.creditorName.max70');
    expect(m.shards?.map((s) => s.total)).toEqual([sa.total, sb.total]);
    expect(first.code).toBe(1);
  });

  it('the coverage matrix lists every requirement of `requirements --json` with the tests of both shards', () => {
    const [ca, cb, m] = [
      json<CoverageRow[]>(join(a, 'coverage.json')),
      json<CoverageRow[]>(join(b, 'coverage.json')),
      json<CoverageRow[]>(join(out, 'coverage.json')),
    ];
    expect(ids.length).toBeGreaterThan(150);
    expect(m.map((r) => r.id)).toEqual(ids);
    for (const row of m) {
      const tests = (rows: CoverageRow[]) => rows.find((r) => r.id === row.id)?.tests.length ?? 0;
      expect(row.tests.length, row.id).toBe(tests(ca) + tests(cb));
    }
    expect(m.find((r) => r.id === 'NCBCT.creditorName.max70')?.state).toBe('failed');
    const md = readFileSync(join(out, 'coverage.md'), 'utf8');
    for (const id of ids) expect(md, id).toContain(`| \`${id}\` |`);
    expect(md.split('\n').slice(0, 3)).toEqual([
      '# Requirement coverage of the embedded reference bank with fault accept-long-creditor-name',
      '',
      expect.stringMatching(
        /^NOT CONFORMANT: \d+ requirement\(s\) failed\. Target: the embedded reference bank with fault accept-long-creditor-name; profile embedded, seed 3\.$/,
      ),
    ]);
  });

  it('junit.xml is well-formed JUnit with one testcase per test of both shards', () => {
    const xml = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => ['testsuite', 'testcase'].includes(name),
    }).parse(xml) as {
      testsuites: {
        '@_tests': string;
        '@_failures': string;
        testsuite: { '@_name': string; testcase: { '@_name': string; failure?: unknown }[] }[];
      };
    };
    const m = json<ReportSummary>(join(out, 'summary.json'));
    const cases = doc.testsuites.testsuite.flatMap((s) => s.testcase ?? []);
    expect(cases.length).toBe(m.total);
    expect(Number(doc.testsuites['@_tests'])).toBe(m.total);
    expect(Number(doc.testsuites['@_failures'])).toBe(m.failed);
    expect(cases.filter((c) => c.failure !== undefined).length).toBe(m.failed);
    expect(new Set(doc.testsuites.testsuite.map((s) => s['@_name'])).size).toBe(doc.testsuites.testsuite.length);
    expect(xml).toContain(
      '<testsuites name="psd2-conformance: the embedded reference bank with fault accept-long-creditor-name"',
    );
    const named =
      '<property name="psd2-conformance.target" value="the embedded reference bank with fault accept-long-creditor-name"/>';
    expect(xml.split(named).length - 1).toBe(doc.testsuites.testsuite.length);
    expect(xml).not.toContain('psd2-conformance.target.url');
  });

  it('the Allure HTML report and its single-file variant are written, with the coverage matrix inside', () => {
    expect(existsSync(join(out, 'html', 'index.html'))).toBe(true);
    expect(json<{ name: string }>(join(out, 'html', 'summary.json')).name).toBe(
      'psd2-conformance: the embedded reference bank with fault accept-long-creditor-name',
    );
    expect(json<Record<string, string>>(join(out, 'html', 'widgets', 'variables.json'))).toMatchObject({
      Target: 'the embedded reference bank with fault accept-long-creditor-name',
      'Target kind': 'embedded',
    });
    const globals = json<{ attachments: { name: string; contentType: string }[] }>(
      join(out, 'html', 'widgets', 'globals.json'),
    );
    expect(globals.attachments).toEqual([
      expect.objectContaining({ name: 'coverage.md', contentType: 'text/markdown' }),
    ]);
    // Every test of both shards, those that never ran (excluded by --operation) as skipped.
    const m = json<ReportSummary>(join(out, 'summary.json'));
    const shown = Object.values(
      json<{ byId: Record<string, { status: string }> }>(join(out, 'html', 'test-results.json')).byId,
    );
    expect(shown.length).toBe(m.total);
    expect(shown.filter((t) => t.status === 'skipped').length).toBe(m.skipped);
    expect(shown.filter((t) => t.status === 'failed').length).toBe(m.failed);
    const single = readdirSync(join(out, 'html-single'));
    // Self-contained: no scripts or data beside it (Allure adds small metadata files only).
    expect(single).toContain('index.html');
    expect(single.filter((f) => f.endsWith('.js') || ['data', 'widgets'].includes(f))).toEqual([]);
    const html = readFileSync(join(out, 'html-single', 'index.html'), 'utf8');
    expect(html).not.toMatch(/src="(?!data:)[^"]+\.js"/);
    expect(html.length).toBeGreaterThan(1_000_000);
  });

  it('neither report calls out to a third party (Allure adds Google Analytics; the report removes it)', () => {
    for (const dir of ['html', 'html-single']) {
      const html = readFileSync(join(out, dir, 'index.html'), 'utf8');
      expect(html).not.toContain('googletagmanager');
      expect(html).not.toContain('gtag(');
      expect(html).not.toMatch(/(src|href)="https?:\/\//);
    }
  });

  it('history: a second report over the same folder appends one history entry (the single-file variant appends none)', async () => {
    const before = readFileSync(join(out, 'history.jsonl'), 'utf8').trim().split('\n').length;
    const again = await cli(['report', a, b, '--out', out]);
    expect(again.code).toBe(1);
    expect(readFileSync(join(out, 'history.jsonl'), 'utf8').trim().split('\n').length).toBe(before + 1);
    expect(before).toBe(1);
    // Over the earlier report's folders: Allure flattens its output only into an empty folder.
    expect(existsSync(join(out, 'html', 'index.html'))).toBe(true);
    expect(existsSync(join(out, 'html', 'awesome'))).toBe(false);
  }, 120_000);

  it('a folder without results: one line, exit 2', async () => {
    const r = await cli(['report', join(root, 'nothing-here'), '--out', join(root, 'x')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      `psd2-conformance report: ${join(root, 'nothing-here')} does not exist: give the folder \`psd2-conformance run --reports DIR\` wrote`,
    ]);
  });
});
